"""Stopping when told, within a command that must clean up: SIGINT and SIGTERM raise a stop.

Outside `stop_on_signals`, the program's handler (pipeline/stops.py, set at its first
instruction) ends the process at once in one line. Within it (a build or verify), the signal
raises `Stopped(signum)` in the main thread, a BaseException like KeyboardInterrupt that no
`except Exception` swallows, so locks, pools and servers are let go on the way up. From the
first signal on, the process's stderr is silenced (its line is written on the stderr saved then,
see `say`) and further signals are ignored: whatever a library or a finalizer prints while the
command unwinds goes nowhere. Library code a stop passes through may
wrap it (pydantic does): `signal_of` says "stopped" for any error once a signal was noted, and
`raise_if_stopped` raises the stop again at points of the caller's choosing. Prefect installs its
own SIGTERM handler while a flow runs; `reclaim_sigterm` puts ours back. The exit status is 128 +
the signal number: 130 for SIGINT, 143 for SIGTERM.
"""

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType

from pipeline.stops import STOP_SIGNALS

RECEIVED: list[int] = []  # the stop signals this process has received, in order
SAVED_STDERR: list[int] = []  # the file descriptor of stderr before it was silenced


class Stopped(BaseException):
    """The command was told to stop by a signal (`signum`); `outcome` says what that left."""

    def __init__(self, signum: int, outcome: str = "nothing was changed") -> None:
        super().__init__(f"stopped by {signal.Signals(signum).name}")
        self.signum = signum
        self.outcome = outcome


def say(line: str) -> None:
    """Write `line` and a newline to the stderr in force before a stop silenced it."""
    fd = SAVED_STDERR[0] if SAVED_STDERR else sys.stderr.fileno()
    with contextlib.suppress(OSError):
        sys.stderr.flush()
        os.write(fd, f"{line}\n".encode(errors="replace"))


def silence() -> None:
    """Ignore further stop signals; point stderr (file descriptor 2, so child processes' too
    when they write through it later) at /dev/null, keeping the old one for `say`; drop the
    "Exception ignored" reports of finalizers."""
    for signum in STOP_SIGNALS:
        with contextlib.suppress(ValueError):
            signal.signal(signum, signal.SIG_IGN)
    if not SAVED_STDERR:
        with contextlib.suppress(OSError, ValueError):
            sys.stderr.flush()
            SAVED_STDERR.append(os.dup(2))
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, 2)
            os.close(null)
    sys.unraisablehook = lambda _unraisable: None


def raise_stopped(signum: int, _frame: FrameType | None) -> None:
    """The second phase's handler: note the signal, silence, then raise Stopped."""
    RECEIVED.append(signum)
    silence()
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
        if not RECEIVED:
            for signum, handler in previous.items():
                signal.signal(signum, handler)


def signal_of(error: BaseException) -> int | None:
    """Return the signal number a stop carries (Stopped, KeyboardInterrupt), or, for any other
    error, the last stop signal received, since it may be one wrapped; None when `error` is no
    stop."""
    if isinstance(error, Stopped):
        return error.signum
    if isinstance(error, KeyboardInterrupt):
        return int(signal.SIGINT)
    return RECEIVED[-1] if RECEIVED else None
