"""A bank's history as text: one line per version (each a committed build), then one per build
that failed re-verification and was never committed, then one per run that failed before either
(banks.runlog: its reason in the last column), then one per run that started and recorded no end:
crashed (its process was killed), still running, or, in a bucket, started on another machine.

Columns: version, when (UTC; the commit time, or when a failed build was checked), build id,
rows the build added, its buckets ("genre/WxH/grade n"), and its verification.
"""

from datetime import UTC, datetime
from pathlib import Path

from banks import BankError, BankStore, Manifest
from banks.runlog import OpenRun, failed_runs, open_runs

HEADER = ("version", "when", "build", "rows", "buckets", "verification")


def history_text(root: str | Path, bank: str) -> str:
    """Return the history table of `bank` (checked as every read is: BankError when the bank
    does not exist, unless runs of it failed, or fails its checks)."""
    store = BankStore(root)
    runs = [("-", run.when, "-", "0", "-", f"run failed: {run.reason}")
            for run in failed_runs(store, bank)]
    runs += [("-", run.started, "-", "0", "-", open_run_text(run))
             for run in open_runs(store, bank)]
    try:
        snapshot = store.snapshot(bank)
    except BankError:
        if not runs or store.latest(bank) is not None:
            raise
        snapshot = None  # no build was ever published, but runs failed: show them
    lines = [
        line(str(commit.version), committed_at(commit.committed_ms), commit.manifest)
        for commit in (snapshot.commits if snapshot else ())
    ]
    lines += [line("-", manifest.verification["checked_at"], manifest)
              for manifest in store.failed_builds(bank)]
    lines += runs
    cells = [HEADER, *lines]
    widths = [max(len(row[i]) for row in cells) for i in range(len(HEADER) - 1)]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)) + "  "
        + row[-1] for row in cells)


def open_run_text(run: OpenRun) -> str:
    """Return the verification cell of a run with no end recorded."""
    seen = f"; {run.run}" if run.run else ""
    if run.state == "crashed":
        return f"run crashed: started {run.started}, no end recorded (pid {run.pid}{seen})"
    if run.state == "running":
        return f"run in progress: started {run.started} (pid {run.pid}{seen})"
    return (f"run started {run.started} on {run.host} (pid {run.pid}{seen}), no end recorded: "
            "running there, or crashed")


def line(version: str, when: str, manifest: Manifest) -> tuple[str, ...]:
    """Return the cells of one history line."""
    buckets = ", ".join(f"{genre_bucket(bucket, manifest)} {n}"
                        for bucket, n in manifest.buckets.items())
    report = manifest.verification["report"]
    verdict = manifest.status
    if manifest.status == "passed":
        verdict += f", {report['rows']} rows re-verified" if "rows" in report else ""
    else:
        verdict += f", {report.get('problem_count', '?')} problem(s), not committed"
    return version, when, manifest.build_id, str(manifest.row_count), buckets, verdict


def genre_bucket(bucket: str, manifest: Manifest) -> str:
    """Return a manifest's bucket key as "genre/WxH/grade": as it is when it names its genre,
    else with the genre of the build's spec (a one-genre build's keys are "WxH/grade")."""
    genre = manifest.spec.get("genre")
    return bucket if bucket.count("/") != 1 or not isinstance(genre, str) else f"{genre}/{bucket}"


def committed_at(ms: int) -> str:
    """Return a commit time (ms since the epoch) as ISO 8601 UTC to the second."""
    return datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="seconds")
