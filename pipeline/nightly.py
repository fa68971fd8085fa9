"""An app's night: every bank of a spec file built in ONE Prefect flow run, each build's outcome
said in one line, recorded, and told.

Vocabulary: a *job* is one build_bank call's parameters (pipeline.commands.building's
build_parameters shape: plain JSON values, as a deployment stores them), one per (bank, genre) of
the spec in file order; `plans` gives, per bank, the calendar to extend after its builds
({bank: [plan_days, per_bucket, timezone]}); `notify` is the spec's notification settings as a
plain dict (bankspec.Notify's fields). build_app is the parent flow: it calls build_bank for
each job (a subflow run under it), prints the job's outcome line, records a failed job in its
bank (banks.runlog, shown by `history`), notifies on failure or shortfall (pipeline.notify),
extends each bank's calendar, and records a table artifact (bank, genre, status, version,
puzzles, buckets, refusals, verification) and a markdown summary on its run. One failed job
does not stop the others; the run fails at its end, naming them, when any failed.

Prefect is imported here: import this module only once PREFECT_API_URL points at the server.
"""

import datetime
import zoneinfo
from typing import Any

from prefect import flow
from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.runtime import flow_run

from banks import BankError, BankStore
from banks.calendar import extend
from banks.runlog import record_failed_run
from pipeline.bankspec import Notify
from pipeline.failures import os_error_text
from pipeline.flows import build_bank
from pipeline.notify import message, notify
from pipeline.results import BuildResult, BuildStatus


class NightFailed(Exception):
    """Some jobs of the night failed; str() names them (the run's state message)."""


@flow(name="build-app", flow_run_name="build {names}")
def build_app(jobs: list[dict[str, Any]], plans: dict[str, list[Any]] | None = None,
              notify_settings: dict[str, Any] | None = None, names: str = "",
              fail_run: bool = True) -> list[list[str]]:
    """Run every job, one after the other, then the banks' calendar extensions; return each
    one's [outcome line (also printed), status]: a BuildStatus, "failed", or for a calendar
    "planned", "short" or "failed". With `fail_run`, NightFailed at the end when any failed
    (the run then shows Failed in the Prefect UI)."""
    settings = Notify(**notify_settings) if notify_settings else None
    run = str(flow_run.ui_url) if flow_run.id else None
    outcomes: list[list[str]] = []
    table: list[dict[str, Any]] = []
    for job in jobs:
        line, row = one_job(job, settings, run)
        print(line, flush=True)
        outcomes.append([line, row["status"]])
        table.append(row)
    for bank, (days, per_bucket, zone) in (plans or {}).items():
        line, status = plan_calendar(jobs[0]["root"], bank, days, per_bucket, zone, settings,
                                     run)
        print(line, flush=True)
        outcomes.append([line, status])
    lines = [line for line, _ in outcomes]
    failed = [line for line, status in outcomes if status == "failed"]
    create_table_artifact(table, key="night-outcomes",
                          description=f"{len(jobs)} builds of {names or 'the spec'}")
    create_markdown_artifact("# The night\n\n" + "\n".join(f"- {line}" for line in lines),
                             key="night-summary")
    if failed and fail_run:
        raise NightFailed("; ".join(failed))
    return outcomes


def one_job(job: dict[str, Any], settings: Notify | None, run: str | None
            ) -> tuple[str, dict[str, Any]]:
    """Run one build job; return its outcome line and its row of the outcomes table. A job that
    raises is recorded in its bank and notified as a failure."""
    bank, genre = job["bank"], job["genre"]
    row: dict[str, Any] = {"bank": bank, "genre": genre, "status": "failed", "version": None,
                           "puzzles": 0, "buckets": 0, "refusals": "", "verification": ""}
    try:
        result = build_bank(**job)
    except Exception as error:
        reason = os_error_text(error) if isinstance(error, OSError) else str(error)
        reason = reason or type(error).__name__
        line = f"{bank}: {genre} build failed: {reason}"
        try:
            record_failed_run(BankStore(job["root"]), bank, f"{genre}: {reason}", run)
        except (OSError, BankError) as unrecorded:
            line += f" (not recorded in the bank: {unrecorded})"
        tell(settings, "failure", bank, line, run)
        return line, row | {"refusals": reason}
    line = outcome_line(job["root"], result)
    fill = result.stats.fill if result.stats else None
    row |= {"status": str(result.status), "version": result.version, "puzzles": result.rows,
            "buckets": buckets_of(job["root"], result),
            "refusals": ", ".join(f"{k} {n}" for k, n in fill.rejections.items()) if fill else "",
            "verification": str(result.verification.status) if result.verification else ""}
    if result.status == BuildStatus.SHORT:
        tell(settings, "shortfall", bank, line, run)
    elif result.status in (BuildStatus.REJECTED, BuildStatus.BUSY):
        tell(settings, "failure", bank, line, run)
    return line, row


def outcome_line(root: str, result: BuildResult) -> str:
    """Return the one line that says how a build ended."""
    bank = result.bank
    if result.status == BuildStatus.PUBLISHED:
        return (f"{bank}: published version {result.version}: {result.rows} puzzles in "
                f"{buckets_of(root, result)} buckets")
    if result.status == BuildStatus.ALREADY:
        return f"{bank}: already published as version {result.version}; nothing built"
    if result.status == BuildStatus.SHORT:
        return f"{bank}: nothing published, short: " + "; ".join(
            bucket.line().removeprefix("short: ") for bucket in result.short)
    if result.status == BuildStatus.REJECTED:
        problems = result.verification.problem_count if result.verification else "?"
        return f"{bank}: nothing published: re-verification found {problems} problem(s)"
    return f"{bank}: nothing built: {result.message}"


def buckets_of(root: str, result: BuildResult) -> int:
    """Return the number of buckets the result's version holds (0 when none was committed)."""
    if result.version is None:
        return 0
    return len(BankStore(root).snapshot(result.bank, result.version).manifest().buckets)


def plan_calendar(root: str, bank: str, days: int, per_bucket: int, zone: str,
                  settings: Notify | None, run: str | None) -> tuple[str, str]:
    """Extend the bank's calendar through today + days - 1 (in `zone`); return its line and
    status ("planned", "short", "failed"), telling a shortfall or failure."""
    today = datetime.datetime.now(zoneinfo.ZoneInfo(zone)).date()
    through = today + datetime.timedelta(days=days - 1)
    try:
        done = extend(BankStore(root), bank, through, per_bucket, today)
    except (OSError, BankError) as error:
        line = f"{bank}: calendar failed: {error}"
        tell(settings, "failure", bank, line, run)
        return line, "failed"
    if done.shortfall is not None:
        line = f"{bank}: calendar planned through {done.through}; {done.shortfall.line()}"
        tell(settings, "shortfall", bank, line, run)
        return line, "short"
    return f"{bank}: calendar planned through {done.through}", "planned"


def tell(settings: Notify | None, event: str, bank: str, line: str, run: str | None) -> None:
    """Notify `event` with the outcome line; print why a delivery failed."""
    for problem in notify(settings, message(event, bank, line, run)):
        print(f"{bank}: {problem}", flush=True)
