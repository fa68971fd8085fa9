"""One writer per bank: an exclusive OS advisory lock on <bank>/.lock.

The lock is flock(2) on an open file, so the kernel drops it when its holder dies, however it dies
(kill -9 included): a lock file left on disk is never a stale lock. The holder writes its pid into
the file so that a refused builder can name it. Readers never take the lock; a probe (is_locked)
takes and drops it at once, writing nothing, so a builder that finds it held with no pid written
tries again for up to PROBE_GRACE seconds before it gives up.
"""

import contextlib
import fcntl
import os
import time
from collections.abc import Iterator
from pathlib import Path

from banks.errors import BankBusyError, BankError
from banks.links import NOFOLLOW

LOCK_NAME = ".lock"
PROBE_GRACE = 1.0  # seconds: a probe holds the lock for microseconds, a builder names itself


def holder_pid(path: Path) -> int | None:
    """Return the pid written in the lock file at `path`, or None when there is none."""
    try:
        text = path.read_text().strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


@contextlib.contextmanager
def exclusive(folder: Path, bank: str, *, wait: bool = False) -> Iterator[None]:
    """Hold the bank's writer lock in `folder` for the length of the block.

    Without `wait`, BankBusyError (naming the bank and the holder's pid) when another process holds
    it; with `wait`, block until it is free.
    """
    path = folder / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | NOFOLLOW, 0o644)
    except OSError as error:
        raise BankError(f"{path}: cannot open the bank's lock ({error.strerror})") from None
    try:
        if wait:
            fcntl.flock(fd, fcntl.LOCK_EX)
        else:
            take_now(fd, path, bank)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        try:
            yield
        finally:
            os.ftruncate(fd, 0)
    finally:
        os.close(fd)


def take_now(fd: int, path: Path, bank: str) -> None:
    """Take the lock on `fd` (the lock file at `path`) without waiting for a builder: return once
    held, or raise BankBusyError naming the holder's pid. A holder that has written no pid is a
    probe (or a builder about to name itself): it is given PROBE_GRACE seconds."""
    deadline = time.monotonic() + PROBE_GRACE
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            pid = holder_pid(path)
            if pid is None and time.monotonic() < deadline:
                time.sleep(0.005)
                continue
            who = f"pid {pid}" if pid else "another process"
            raise BankBusyError(
                f"bank {bank!r} is being built by {who}; wait for it or pass --wait"
            ) from None


def is_locked(folder: Path) -> int | None:
    """Return the holder's pid (0 when unknown) when the bank's lock in `folder` is held, else
    None. Takes and drops the lock at once when it is free."""
    path = folder / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | NOFOLLOW)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise BankError(f"{path}: cannot open the bank's lock ({error.strerror})") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return holder_pid(path) or 0
    finally:
        os.close(fd)
    return None
