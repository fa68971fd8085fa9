"""Stopping when told: SIGINT and SIGTERM end a command at the next Python instruction.

A *stop* is the exception `Stopped(signum)`, raised in the main thread by the handlers
`stop_on_signals` installs; it is a BaseException, like KeyboardInterrupt, so no `except
Exception` on the way up swallows it. Prefect installs its own SIGTERM handler while a flow runs
and raises its TerminationSignal instead; `signal_of` reads either. The command's exit status is
128 + the signal number: 130 for SIGINT, 143 for SIGTERM.
"""

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Stopped(BaseException):
    """The command was told to stop by a signal (`signum`)."""

    def __init__(self, signum: int) -> None:
        super().__init__(f"stopped by {signal.Signals(signum).name}")
        self.signum = signum


def raise_stopped(signum: int, _frame: FrameType | None) -> None:
    """The signal handler: raise Stopped in the main thread."""
    raise Stopped(signum)


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise Stopped; the old handlers come back after."""
    previous = {signum: signal.signal(signum, raise_stopped) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def signal_of(error: BaseException) -> int | None:
    """Return the signal number a stop carries (Stopped, KeyboardInterrupt, or Prefect's
    TerminationSignal), or None when `error` is no stop."""
    if isinstance(error, Stopped):
        return error.signum
    if isinstance(error, KeyboardInterrupt):
        return int(signal.SIGINT)
    number = getattr(error, "signal", None)
    if type(error).__name__ == "TerminationSignal" and isinstance(number, int):
        return number
    return None
