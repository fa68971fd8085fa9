"""File-system steps that a crash, or a signal, must never leave half done.

A write is atomic when readers see either the old file or the new one: the bytes go to a temp file
beside the target, are fsynced, then os.replace'd over it, and the folder is fsynced so the rename
itself survives a power cut. A step is *uninterruptible* when SIGINT and SIGTERM wait until it is
done: they are noted, and raised again once it is over. A leftover is a temp folder named after
the process that made it.
"""

import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

from banks.links import NOFOLLOW

DEFERRED_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def fsync_dir(path: str | Path) -> None:
    """Flush the folder's entries (new, renamed or removed names) to disk."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: str | Path, data: bytes) -> None:
    """Replace the file at `path` with `data` so that no reader ever sees a partial file."""
    path = Path(path)
    temp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    temp.unlink(missing_ok=True)
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW, 0o644)
        with open(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)
    fsync_dir(path.parent)


@contextlib.contextmanager
def uninterruptible() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back for the length of the block, so a step such as a commit
    finishes or never starts: within it they are only noted; after it each noted signal is raised
    again, to the handler that was there before. (Signals are handled in the main thread only,
    so elsewhere this does nothing.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []
    previous = {signum: signal.signal(signum, lambda signum, _frame: noted.append(signum))
                for signum in DEFERRED_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        for number in noted:
            signal.raise_signal(number)


def owner_is_gone(pid_text: str) -> bool:
    """Return True when the process `pid_text` names is this one or no longer runs.

    Such a process's temp folders are leftovers: this process is not using them now, and a dead
    one never will. Text that is not a pid counts as gone.
    """
    if not pid_text.isdigit():
        return True
    pid = int(pid_text)
    if pid <= 0 or pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False
