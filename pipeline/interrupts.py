"""Stopping when told: SIGINT and SIGTERM end a command at the next Python instruction.

A *stop* is the exception `Stopped(signum)`, raised in the main thread by the handlers
`stop_on_signals` installs; it is a BaseException, like KeyboardInterrupt, so no `except
Exception` on the way up swallows it. The handler also notes the signal first: library code the
exception passes through may wrap it in an error of its own (pydantic does), so `signal_of` says
"stopped" for any error once a signal was noted, and `raise_if_stopped` raises the stop again at
points of the caller's choosing. Prefect installs its own SIGTERM handler while a flow runs;
`reclaim_sigterm` puts ours back for the flow. The command's exit status is 128 + the signal
number: 130 for SIGINT, 143 for SIGTERM.
"""

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType

from pipeline.stops import STOP_SIGNALS


class Stopped(BaseException):
    """The command was told to stop by a signal (`signum`); `outcome` says what that left."""

    def __init__(self, signum: int, outcome: str = "nothing was changed") -> None:
        super().__init__(f"stopped by {signal.Signals(signum).name}")
        self.signum = signum
        self.outcome = outcome


RECEIVED: list[int] = []  # the stop signals this process has received, in order


def raise_stopped(signum: int, _frame: FrameType | None) -> None:
    """The signal handler: note the signal, then raise Stopped in the main thread."""
    RECEIVED.append(signum)
    raise Stopped(signum)


def raise_if_stopped() -> None:
    """Raise Stopped again when a stop signal has been received (its first raise may have been
    wrapped or swallowed by code it passed through)."""
    if RECEIVED:
        raise Stopped(RECEIVED[-1])


def reclaim_sigterm() -> None:
    """Within a flow run Prefect handles SIGTERM itself; when this process stops on signals
    (stop_on_signals is in force), make SIGTERM a stop again, as SIGINT is."""
    if (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) is raise_stopped):
        signal.signal(signal.SIGTERM, raise_stopped)


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise Stopped; the old handlers (the program's
    pipeline/stops.py end_at_once) come back after."""
    previous = {signum: signal.signal(signum, raise_stopped) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def signal_of(error: BaseException) -> int | None:
    """Return the signal number a stop carries (Stopped, KeyboardInterrupt, or Prefect's
    TerminationSignal), or, for any other error, the last stop signal received, since it may
    be one wrapped; None when `error` is no stop."""
    if isinstance(error, Stopped):
        return error.signum
    if isinstance(error, KeyboardInterrupt):
        return int(signal.SIGINT)
    number = getattr(error, "signal", None)
    if type(error).__name__ == "TerminationSignal" and isinstance(number, int):
        return number
    return RECEIVED[-1] if RECEIVED else None


def end_now(status: int) -> int:
    """Return `status` to exit with, after a stop; when a thread the stop left running would
    hold the exit (an abandoned task's thread is joined at exit), flush the standard streams
    and end the process with it at once instead."""
    main = threading.main_thread()
    if any(thread is not main and not thread.daemon for thread in threading.enumerate()):
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):
                stream.flush()
        os._exit(status)
    return status
