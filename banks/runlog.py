"""Runs that failed before they could publish or reject a build: a record in the bank, so that
`history` shows a night that went wrong, and why.

Vocabulary: a *failed run* is a build run that ended in an error or crashed (a root that cannot be
written, a full disk, a killed worker...), as opposed to a build that failed re-verification
(kept in _builds/, see banks.store). Each is one JSON file <bank>/_runs/<when>-<pid>.json holding
{when, reason, run}: the UTC time, the one-line reason, and where the run can be seen (a Prefect
run's address, or null). Written atomically; a bank whose folder cannot be written cannot record
one (OSError, the caller's to report).
"""

import json
import os
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from banks.durable import write_atomic
from banks.store import BankStore

RUNS_DIR = "_runs"


@dataclass(frozen=True)
class FailedRun:
    """One failed run: when (ISO 8601 UTC), why (one line), and the run's address or None."""

    when: str
    reason: str
    run: str | None


def record_failed_run(store: BankStore, bank: str, reason: str, run: str | None = None) -> Path:
    """Record that a run of `bank` failed for `reason`; return the record's path."""
    now = datetime.now(UTC)
    failed = FailedRun(now.isoformat(timespec="seconds"), " ".join(reason.split()), run)
    folder = store.bank_dir(bank) / RUNS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{now.strftime('%Y%m%dT%H%M%S%f')}-{os.getpid()}.json"
    write_atomic(path, (json.dumps(asdict(failed), sort_keys=True) + "\n").encode())
    return path


def failed_runs(store: BankStore, bank: str) -> list[FailedRun]:
    """Return the bank's failed runs, oldest first (a record that is not one is skipped)."""
    folder = store.bank_dir(bank) / RUNS_DIR
    runs = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            data = json.loads(path.read_text())
            runs.append(FailedRun(str(data["when"]), str(data["reason"]), data.get("run")))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return sorted(runs, key=lambda run: run.when)
