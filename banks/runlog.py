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

from banks.store import BankStore

RUNS_DIR = "_runs"


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
