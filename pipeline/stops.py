"""Stops from the first instruction: SIGINT and SIGTERM end the program at once, in one line.

The program's entry (pipeline/program.py) calls `stop_at_once` before it imports anything else of
the project, so a signal that comes while Python still loads the command's modules (Prefect,
polars, OR-tools: a second or more) or while a command that writes nothing runs (solve, show,
hint, grades, ...) ends the process with 128 + the signal's number (130 for SIGINT, 143 for
SIGTERM) and the one line "puzzlebank: stopped by SIGINT: nothing was changed" on stderr: no
KeyboardInterrupt traceback, no `ImportError: initialization failed` from an extension module
whose initialisation the exception broke, no silent death by SIGTERM.

Ending at once (os._exit) runs no `finally` and no exit handler, so it is right only where
nothing is half-written; a command that writes files stops by raising instead within
pipeline/interrupts.py's `stop_on_signals`, which puts `end_at_once` back when it is left.
The handler writes its line with one os.write: it may run between any two Python instructions,
even in the middle of a print to stderr, where printing again would raise.
"""

import os
import signal
from types import FrameType

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def stopped_line(signum: int) -> str:
    """Return the line a stop at once prints: "puzzlebank: stopped by SIGINT: nothing was
    changed" (with its newline)."""
    return f"puzzlebank: stopped by {signal.Signals(signum).name}: nothing was changed\n"


def end_at_once(signum: int, _frame: FrameType | None) -> None:
    """The signal handler: write the stopped line on stderr, end the process with 128 + signum."""
    try:
        os.write(2, stopped_line(signum).encode())
    finally:
        os._exit(128 + signum)


def stop_at_once() -> None:
    """Make SIGINT and SIGTERM end the process at once, with one line (see the module comment).
    Call it first thing in the main thread, before the heavy imports. A signal the program was
    started ignoring (a background job's SIGINT, `nohup`) stays ignored, as Python leaves it."""
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, end_at_once)
