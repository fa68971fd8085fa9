"""Runs that failed or crashed before they could publish or reject a build: a record in the
bank, so that `history` shows a night that went wrong, and why.

Vocabulary: a *failed run* is a build run that ended in an error (a root that cannot be written,
a full disk, a killed worker...), as opposed to a build that failed re-verification (kept in
_builds/, see banks.store). Each is one JSON file <bank>/_runs/<when>-<pid>.json holding
{when, reason, run}: the UTC time, the one-line reason, and where the run can be seen (a Prefect
run's address, or null). Written atomically; a bank whose folder cannot be written cannot record
one (OSError, the caller's to report).

An *open run* is a build at work on the bank: <bank>/_runs/<when>-<pid>.run ({started, host, pid,
run}) is written, fsynced, before the build's work and removed when it ends, however it ends but
by being killed. A run the process of which was killed (kill -9, a power cut) leaves its record:
a *crashed run*. On disk the record is flock(2)ed by its run for as long as it is open (locked
before its name appears, so a record with no holder is never a run about to begin), and the
kernel drops that lock when the process dies however it dies; so a record that can be locked is a
crashed run's. In a bucket, which has no locks, a record is a crashed run's when it names this
machine and a process that no longer runs; one from another machine is *unsettled* (running
there, or crashed).
"""

import contextlib
import fcntl
import json
import os
import socket
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from banks.durable import fsync_dir, owner_is_gone
from banks.links import NOFOLLOW
from banks.places import LocalPlace, Place
from banks.store import BankStore

RUNS_DIR = "_runs"
OPEN_SUFFIX = ".run"


@dataclass(frozen=True)
class FailedRun:
    """One failed run: when (ISO 8601 UTC), why (one line), and the run's address or None."""

    when: str
    reason: str
    run: str | None


def record_failed_run(store: BankStore, bank: str, reason: str, run: str | None = None) -> str:
    """Record that a run of `bank` failed for `reason`; return where the record is (its path,
    or its URL in a bucket)."""
    now = datetime.now(UTC)
    failed = FailedRun(now.isoformat(timespec="seconds"), " ".join(reason.split()), run)
    place = store.place(bank)
    name = f"{RUNS_DIR}/{now.strftime('%Y%m%dT%H%M%S%f')}-{os.getpid()}.json"
    place.replace(name, (json.dumps(asdict(failed), sort_keys=True) + "\n").encode())
    return place.shown(name)


def failed_runs(store: BankStore, bank: str) -> list[FailedRun]:
    """Return the bank's failed runs, oldest first (a record that is not one is skipped)."""
    place = store.place(bank)
    runs = []
    for name in place.names(RUNS_DIR):
        if not name.endswith(".json"):
            continue
        try:
            data = json.loads(place.read(name))
            runs.append(FailedRun(str(data["when"]), str(data["reason"]), data.get("run")))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return sorted(runs, key=lambda run: run.when)


@dataclass(frozen=True)
class OpenRun:
    """A run's start record with no end: when it started (ISO 8601 UTC), its host and pid, its
    address (or None), and its state: "running", "crashed" or "unsettled" (see the module)."""

    started: str
    host: str
    pid: int
    run: str | None
    state: str


@contextlib.contextmanager
def run_recorded(place: Place, run: str | None = None) -> Iterator[None]:
    """Record, durably, that a run starts work on the bank at `place`; remove the record when
    the block ends (returns or raises). A process killed within the block leaves it: a crashed
    run (see the module). OSError when the record cannot be written."""
    now = datetime.now(UTC)
    name = f"{RUNS_DIR}/{now.strftime('%Y%m%dT%H%M%S%f')}-{os.getpid()}{OPEN_SUFFIX}"
    body = (json.dumps({"started": now.isoformat(timespec="seconds"), "run": run,
                        "host": socket.gethostname(), "pid": os.getpid()},
                       sort_keys=True) + "\n").encode()
    if not isinstance(place, LocalPlace):
        place.write(name, body)
        try:
            yield
        finally:
            place.delete(name)
        return
    path = place.folder / name
    with locked_record(path, body):
        yield


@contextlib.contextmanager
def locked_record(path: Path, body: bytes) -> Iterator[None]:
    """Write `body` at `path` under an exclusive flock held for the block (taken on a temp file
    before its rename into place, so the name never appears unlocked); remove it at the end, and
    its folder too when no other record is left in it."""
    temp = path.with_name(f".{path.name}.tmp")
    fd = open_in_new_folder(temp)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.write(fd, body)
        os.fsync(fd)
        os.replace(temp, path)
        fsync_dir(path.parent)
        try:
            yield
        finally:
            path.unlink(missing_ok=True)
            try:
                path.parent.rmdir()
            except OSError:  # another run's record is in it
                fsync_dir(path.parent)
            else:
                fsync_dir(path.parent.parent)
    finally:
        temp.unlink(missing_ok=True)
        os.close(fd)


def open_in_new_folder(path: Path, tries: int = 3) -> int:
    """Create `path` (its folder too) and return its open descriptor, trying again when a run
    that just ended removed the folder between its creation and the file's."""
    while True:
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC | NOFOLLOW, 0o644)
        except FileNotFoundError:
            tries -= 1
            if not tries:
                raise


def open_runs(store: BankStore, bank: str) -> list[OpenRun]:
    """Return the bank's runs that started and recorded no end, oldest first, each with its
    state (a record that is not one, or that ends while it is read, is skipped)."""
    place = store.place(bank)
    runs = []
    for name in place.names(RUNS_DIR):
        if not name.endswith(OPEN_SUFFIX):
            continue
        try:
            data = json.loads(place.read(name))
            started, host, pid = str(data["started"]), str(data["host"]), int(data["pid"])
            run = data.get("run")
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if isinstance(place, LocalPlace):
            state = lock_state(place.folder / name)
        elif host == socket.gethostname():
            state = "crashed" if owner_is_gone(str(pid)) and pid != os.getpid() else "running"
        else:
            state = "unsettled"
        if state:
            runs.append(OpenRun(started, host, pid, run, state))
    return sorted(runs, key=lambda run: run.started)


def lock_state(path: Path) -> str | None:
    """Return "running" when the record at `path` is locked by its run, "crashed" when it is not,
    None when it is gone (its run just ended)."""
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return "running"
        try:
            still = os.stat(path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
        except FileNotFoundError:
            still = False
        return "crashed" if still else None
    finally:
        os.close(fd)
