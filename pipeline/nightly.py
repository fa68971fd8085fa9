"""An app's night: every bank of a spec file built in ONE Prefect flow run, each build's outcome
said in one line, recorded, and told.

Vocabulary: the night's *banks* are pipeline.jobs.AppBank values, one per bank of the spec in
file order (typed, as a deployment stores and gives them back); `notify_settings` is the spec's
bankspec.Notify. build_app is the parent flow: for each bank it calls build_banks (one subflow
run under it: all the bank's genres in one commit), prints the build's outcome line, records a
failed build in its bank (banks.runlog, shown by `history`), notifies on failure or shortfall
(pipeline.notify); then it extends each bank's calendar, and records a table artifact (bank,
genres, status, version, puzzles, buckets, refusals, verification) and a markdown summary on
its run. One failed build does not stop the others; the run fails at its end, naming them, when
any failed.

Prefect is imported here: import this module only once PREFECT_API_URL points at the server.
"""

import datetime
import zoneinfo
from typing import Any

from prefect.artifacts import create_markdown_artifact, create_table_artifact

from banks import BankError, BankStore
from banks.calendar import extend
from banks.runlog import record_failed_run
from pipeline.bankspec import Notify
from pipeline.failures import reason_of
from pipeline.flows import build_banks
from pipeline.jobs import AppBank
from pipeline.notify import message, notify
from pipeline.results import BuildStatus
from pipeline.runs import address, recorded_flow


class NightFailed(Exception):
    """Some jobs of the night failed; str() names them (the run's state message)."""


@recorded_flow(name="build-app", flow_run_name="build {names}")
def build_app(banks: list[AppBank], root: str, timezone: str = "UTC",
              notify_settings: Notify | None = None, names: str = "",
              fail_run: bool = True) -> list[list[str]]:
    """Build every bank, one after the other, then extend the banks' calendars (through today
    in `timezone` + plan_days - 1); return each one's [outcome line (also printed), status]:
    a BuildStatus, "failed", or for a calendar "planned", "short" or "failed". With
    `fail_run`, NightFailed at the end when any failed (the run then shows Failed in the
    Prefect UI)."""
    run = address()
    outcomes: list[list[str]] = []
    table: list[dict[str, Any]] = []
    for bank in banks:
        line, row = one_bank(bank, root, notify_settings, run)
        print(line, flush=True)
        outcomes.append([line, row["status"]])
        table.append(row)
    for bank, row in zip(banks, table, strict=True):
        if bank.plan_days:
            line, status = plan_calendar(root, bank, timezone, notify_settings, run,
                                         told=row["status"] == "failed")
            print(line, flush=True)
            outcomes.append([line, status])
    lines = [line for line, _ in outcomes]
    failed = [line for line, status in outcomes if status == "failed"]
    create_table_artifact(table, key="night-outcomes",
                          description=f"{len(banks)} builds of {names or 'the spec'}")
    create_markdown_artifact("# The night\n\n" + "\n".join(f"- {line}" for line in lines),
                             key="night-summary")
    if failed and fail_run:
        raise NightFailed("; ".join(failed))
    return outcomes


def one_bank(bank: AppBank, root: str, settings: Notify | None, run: str | None
             ) -> tuple[str, dict[str, Any]]:
    """Build one bank; return its outcome line and its row of the outcomes table. A build that
    raises is recorded in its bank and notified as a failure."""
    name = bank.job.bank
    row: dict[str, Any] = {"bank": name, "genres": ", ".join(g.genre for g in bank.job.genres),
                           "status": "failed", "version": None, "puzzles": 0, "buckets": 0,
                           "refusals": "", "verification": ""}
    try:
        [result] = build_banks([bank.job], root, bank.compute, name)
    except Exception as error:
        reason = reason_of(error)
        line = f"{name}: build failed: {reason}"
        try:
            record_failed_run(BankStore(root), name, reason, run)
        except (OSError, BankError) as unrecorded:
            line += f" (not recorded in the bank: {unrecorded})"
        tell(settings, "failure", name, line, run)
        return line, row | {"refusals": reason}
    line = result.line()
    fill = result.stats.fill if result.stats else None
    row |= {"status": str(result.status), "version": result.version, "puzzles": result.rows,
            "buckets": result.buckets,
            "refusals": ", ".join(f"{k} {n}" for k, n in fill.rejections.items()) if fill else "",
            "verification": str(result.verification.status) if result.verification else ""}
    if result.status == BuildStatus.SHORT:
        tell(settings, "shortfall", name, line, run)
    elif result.status in (BuildStatus.REJECTED, BuildStatus.BUSY):
        tell(settings, "failure", name, line, run)
    return line, row


def plan_calendar(root: str, app: AppBank, zone: str, settings: Notify | None,
                  run: str | None, told: bool = False) -> tuple[str, str]:
    """Extend the bank's calendar through today + plan_days - 1 (in `zone`); return its line
    and status ("planned", "short", "failed"), telling a shortfall or failure, except a failure
    of a bank whose build failure was `told` already: one notification a bank and night."""
    assert app.plan_days is not None
    bank = app.job.bank
    today = datetime.datetime.now(zoneinfo.ZoneInfo(zone)).date()
    through = today + datetime.timedelta(days=app.plan_days - 1)
    try:
        done = extend(BankStore(root), bank, through, app.per_bucket, today)
    except (OSError, BankError) as error:
        line = f"{bank}: calendar failed: {error}"
        if not told:
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
