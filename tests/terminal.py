"""Processes started as a terminal's shell starts them, whatever this process inherited."""

import contextlib
import signal
from collections.abc import Iterator


@contextlib.contextmanager
def sigint_at_its_default() -> Iterator[None]:
    """Within the block, a process started from this (the main) thread gets SIGINT at its default
    disposition, as from a terminal, even when this process was started ignoring SIGINT (a
    background job of a non-interactive shell, nohup): an ignored signal stays ignored across
    exec, a handled one is reset to its default there."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)
