"""The build commands: `build` (one build, or every bank of a --spec file, re-verified and
published), `schedule` (the build as a Prefect deployment on a cron schedule) and `server` (the
root's long-lived Prefect server).

A command's options become typed values here, once (`bank_job`: a pipeline.jobs.BankJob with the
genre checked and the sizes read), before any server starts; pipeline.session runs the flow.
"""

import argparse
import contextlib
import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pipeline.arguments import InputError, cron_arg, port_arg, timezone_arg
from pipeline.commands.capacity import planned_buckets
from pipeline.commands.common import (
    DEFAULT_ROOT,
    Register,
    bank_errors,
    check_grade,
    check_size,
    flow_options,
    is_bucket,
    resolved,
    spec_given,
    spec_options,
)
from pipeline.failures import reason_of
from pipeline.jobs import AppBank, BankJob, Compute, GenreJob
from pipeline.results import BuildResult, BuildStatus
from pipeline.server import home_of, local_server
from pipeline.session import run_flow, safe_path
from solvers import get_genre
from solvers.core.excerpt import excerpt

WAIT_IN_BUCKET = ("--wait has no meaning for a bank in an object store: builds there do not "
                  "queue (both run, one commit wins, the other commits after it or is refused "
                  "naming what was shipped); drop --wait")

R = TypeVar("R")
BUILD_OUTCOME = ("nothing half-written; a build is published whole or not at all "
                 "(`puzzlebank history` shows which)")  # what a stopped build leaves
ALREADY_PUBLISHED = 3  # `build`'s exit status when its spec and seed were published before


def add_build(command: Register) -> None:
    """Add `build`."""
    build = command("build", cmd_build, "build, re-verify and publish a bank's next version "
                    "(or every bank of a spec file's)")
    spec_options(build)
    flow_options(build)
    build.add_argument("--ok-if-published", action="store_true",
                       help=f"exit 0, not {ALREADY_PUBLISHED}, when this spec and seed were "
                            "published before (nothing is built either way)")


def add_schedule(command: Register) -> None:
    """Add `schedule`."""
    schedule = command("schedule", cmd_schedule,
                       "serve the build as a Prefect deployment on a cron schedule until stopped")
    schedule.add_argument("--cron", type=cron_arg, required=True, help='e.g. "0 3 * * *"')
    schedule.add_argument("--timezone", type=timezone_arg,
                          help="IANA time zone of the cron times (default: the --spec file's, "
                               "else UTC)")
    spec_options(schedule)
    flow_options(schedule)


def add_server(command: Register) -> None:
    """Add `server`."""
    server = command("server", cmd_server,
                     "run the root's long-lived Prefect server (and UI) until stopped; "
                     "builds and verifies of the root use it")
    server.add_argument("--root", default=DEFAULT_ROOT, help="folder of the banks")
    server.add_argument("--port", type=port_arg, help="port (default 4200, or a free one)")


def run_builds(args: argparse.Namespace, builds: list[tuple[BankJob, Compute]],
               flow: Callable[[], R]) -> R:
    """Run `flow()`, a call of a build flow of `builds`, through pipeline.session with `args`'
    root, API and progress; the fork server preloads the genres of the builds whose works a
    pool or a local cluster will run (a build whose first plan is one work runs in process)."""
    from pipeline.batches import first_plan_works

    def pooled(job: BankJob, compute: Compute) -> bool:
        if compute.dask:
            return compute.dask.startswith("local")
        return compute.workers > 1 and any(
            first_plan_works(genre.genre, genre.sizes, genre.grades, genre.per_grade) > 1
            for genre in job.genres)

    warm = sorted({genre.genre for job, compute in builds if pooled(job, compute)
                   for genre in job.genres})
    return run_flow(args.root, args.api, args.progress, BUILD_OUTCOME, flow, warm or None)


def cmd_server(args: argparse.Namespace) -> int:
    """Run the root's long-lived Prefect server until SIGINT or SIGTERM; 0 once stopped."""
    from pipeline.server import serve, ui_address, wait_for_stop

    with serve(args.root, args.port) as url:
        print(f"puzzlebank server of {resolved(args.root)}: UI at {ui_address(url)} "
              f"(API {url}); Ctrl-C stops", flush=True)
        wait_for_stop()
    return 0


def check_build(args: argparse.Namespace) -> None:
    """Check the spec options of `build` or `schedule`: the genre, the grades, the sizes against
    the genre's limits, that every bucket is reachable (generators/reachability.py), then the
    bank and the root (see check_root); UnknownGenreError, InputError or OSError at the first
    fault."""
    genre = get_genre(args.genre)
    for grade in args.grade or ():
        check_grade(genre, grade)
    for size in args.size:
        check_size(genre, size)
    planned_buckets(genre.name, args.size, args.grade)
    check_root(args.root, [args.bank], args.wait)


def check_root(root: str, banks: list[str], wait: bool) -> None:
    """Check that each bank can be opened (a folder that is no bank is refused) and that the
    root can be written (or, in a bucket, that no --wait is asked)."""
    with bank_errors():
        from banks import BankStore

        for bank in banks:
            BankStore(root).latest(bank)
    if not is_bucket(root):
        check_writable(Path(root))
    elif wait:
        raise InputError(WAIT_IN_BUCKET)


def refuse_if_busy(root: str, bank: str) -> None:
    """Fail at once, in one line naming the holder's pid, when another build holds the bank
    (before a server starts; the build itself takes the lock and checks again)."""
    from banks import BankStore

    with bank_errors():
        pid = BankStore(root).busy(bank)
    if pid is not None:
        who = f"pid {pid}" if pid else "another process"
        raise InputError(f"bank {bank!r} is being built by {who}; wait for it or pass --wait")


def check_writable(root: Path) -> None:
    """Make the root folder if it is missing and write a scratch file in it; InputError in one
    line when either fails (a read-only file system, a root that is a file, no permission)."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=root):
            pass
    except OSError as error:
        raise InputError(f"cannot write in the root {excerpt(str(root))}: "
                         f"{error.strerror or error}") from None


def own_command() -> str:
    """Return the shell word that runs this program again: "puzzlebank" when that name on PATH
    is this very script, else the script's absolute path (.venv/bin/puzzlebank when the venv
    is not activated, as after the README's install)."""
    script = Path(sys.argv[0])
    if script.name != "puzzlebank" or not script.is_file():
        script = Path(sys.executable).parent / "puzzlebank"  # run in process, or by python -m
    if not script.is_file():
        return "puzzlebank"
    found = shutil.which("puzzlebank")
    if found and Path(found).resolve() == script.resolve():
        return "puzzlebank"
    return shlex.quote(str(script.absolute()))


def query_hint(bank: str, root: str) -> str:
    """Return the command that prints the first rows of a bank: what a build ends with."""
    return f"{own_command()} query {shlex.quote(bank)} --root {shlex.quote(root)} --limit 10"


def bank_job(args: argparse.Namespace) -> BankJob:
    """Return the bank job of `build`'s or `schedule`'s BANK --genre --size options, typed
    (checked first by check_build)."""
    check_build(args)
    tuning = {"boards_per_task": args.boards_per_task, "batches_per_round": args.batches_per_round}
    job = GenreJob(args.genre, tuple(args.size), args.per_grade,
                   args.grade and tuple(dict.fromkeys(args.grade)), args.budget,
                   **{name: value for name, value in tuning.items() if value is not None})
    return BankJob(args.bank, (job,), args.seed, args.allow_short, wait=args.wait,
                   max_seconds=args.max_seconds)


def compute_of(args: argparse.Namespace) -> Compute:
    """Return where the works run: --workers, --dask."""
    return Compute(args.workers, args.dask)


def build(jobs: list[BankJob], root: str, compute: Compute) -> list[BuildResult]:
    """Return the results of the build-banks flow run of `jobs` (see pipeline.flows)."""
    from pipeline.flows import build_banks

    results: list[BuildResult] = build_banks(
        jobs, resolved(root), compute, ", ".join(job.bank for job in jobs))
    return results


def app_flow(args: argparse.Namespace, fail_run: bool) -> dict[str, Any]:
    """Return build_app's parameters for `build --spec` or `schedule --spec` (pipeline.nightly):
    a pipeline.jobs.AppBank per bank of the file, in its order. The file, the banks and the root
    are checked first (SpecError, InputError, OSError)."""
    from banks.places import use_storage_options
    from pipeline.bankspec import read_spec

    app = read_spec(args.spec)
    use_storage_options(app.storage_options)
    root = resolved(args.root)
    check_root(root, [bank.name for bank in app.banks], args.wait)
    banks = [AppBank(BankJob(bank.name, tuple(GenreJob(g.genre, g.sizes, g.per_grade, g.grades,
                                                       g.budget) for g in bank.genres),
                             bank.seed, bank.allow_short, wait=args.wait,
                             max_seconds=bank.max_seconds),
                     Compute(bank.workers, args.dask), args.plan_days or bank.plan_days,
                     bank.per_bucket)
             for bank in app.banks]
    return {"banks": banks, "root": root, "timezone": app.timezone, "notify_settings": app.notify,
            "names": ", ".join(bank.name for bank in app.banks), "fail_run": fail_run}


def cmd_build_app(args: argparse.Namespace) -> int:
    """Build every bank of the --spec file in one flow run; each build's outcome line is
    printed. 0 when every build published (or, with --ok-if-published, had published before);
    2 when one failed; 1 when one was short or rejected, or a calendar fell short; 3 when
    every build had published before."""
    parameters = app_flow(args, fail_run=False)
    reach_dask(args.dask)

    def night() -> list[list[str]]:
        from pipeline.nightly import build_app

        outcomes: list[list[str]] = build_app(**parameters)
        return outcomes

    builds = [(bank.job, bank.compute) for bank in parameters["banks"]]
    statuses = {status for _, status in run_builds(args, builds, night)}
    if statuses & {"failed", BuildStatus.BUSY}:
        return 2
    if statuses & {BuildStatus.SHORT, BuildStatus.REJECTED, "short"}:
        return 1
    if statuses - {"planned"} == {BuildStatus.ALREADY} and not args.ok_if_published:
        return ALREADY_PUBLISHED
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    """Build a bank version; print its summary and any short bucket; 0 only when published."""
    if spec_given(args):
        return cmd_build_app(args)
    job, compute = bank_job(args), compute_of(args)
    if not args.wait:
        refuse_if_busy(args.root, args.bank)
    reach_dask(args.dask)
    with bank_errors(), failures_recorded(args.root, args.bank):
        [result] = run_builds(args, [(job, compute)],
                              lambda: build([job], args.root, compute))
    if result.status == BuildStatus.BUSY:
        raise InputError(result.message)
    if result.status == BuildStatus.ALREADY:
        print(f"{args.bank}: already published as version {result.version} "
              f"(build {result.build_id}, {result.rows} puzzles); nothing built")
        return 0 if args.ok_if_published else ALREADY_PUBLISHED
    print(build_summary(result))
    for bucket in result.short:
        print(bucket.line())
    if result.stats and result.stats.fill.out_of_time:
        print(f"out of time: no new work after --max-seconds {args.max_seconds}")
    verification = result.verification
    if verification and not verification.passed:
        for problem in verification.problems:
            print(f"problem: {problem}")
        print(f"nothing committed; the report is in "
              f"{resolved(args.root)}/{args.bank}/_builds", file=sys.stderr)
    if result.status == BuildStatus.PUBLISHED:
        print(f"bank at {resolved(args.root)}/{args.bank} (a Delta table; build "
              f"{result.build_id} is version {result.version})")
        print(f"query it: {query_hint(args.bank, args.root)}")
        print(result.line())
        return 0
    if result.short and not args.allow_short:
        print("nothing written: raise --budget (or --max-seconds), or pass --allow-short to "
              "publish a short bank", file=sys.stderr)
    return 1


@contextlib.contextmanager
def failures_recorded(root: str, bank: str) -> Iterator[None]:
    """Record in the bank (banks.runlog, which `history` lists) a build run that fails within
    the block, with its one-line reason; the error goes on. A stop by a signal is no failure,
    and a bank that cannot be written cannot record one."""
    from banks.runlog import record_failed_run

    try:
        yield
    except Exception as error:
        from banks import BankError, BankStore

        with contextlib.suppress(OSError, ValueError, BankError):
            record_failed_run(BankStore(root), bank, reason_of(error))
        raise


def build_summary(result: BuildResult) -> str:
    """Return the first line a build that ran prints: status, version, rows, attempts, seconds
    and the rejections by reason."""
    assert result.stats is not None  # every status but ALREADY and BUSY carries statistics
    fill = result.stats.fill
    refused = ", ".join(f"{reason} {n}" for reason, n in fill.rejections.items()) or "none"
    return (f"{result.bank}: {result.status}"
            + (f" version {result.version}" if result.version is not None else "")
            + f", {result.rows} puzzles from {fill.attempts} attempts in "
            f"{result.stats.generate_seconds:.1f} s (refused: {refused})")


def reach_dask(choice: str | None) -> None:
    """Fail in one line (status 2) when a --dask tcp:// scheduler does not answer."""
    from pipeline.executors import check_reachable

    if choice:
        check_reachable(choice)


def cmd_schedule(args: argparse.Namespace) -> int:
    """Serve the bank's build, or every bank of the --spec file, as a deployment of one flow
    run (pipeline.nightly) on the --cron schedule; 0 once stopped."""
    if spec_given(args):
        app = app_flow(args, fail_run=True)
    else:
        app = {"banks": [AppBank(bank_job(args), compute_of(args))],
               "root": resolved(args.root), "names": args.bank}
    zone = args.timezone or app.get("timezone", "UTC")
    os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "WARNING")
    safe_path()
    with bank_errors(), local_server(args.root, args.api) as url:
        from pipeline.schedule import build_deployment, serve_deployment

        deployment = build_deployment(app, args.cron, zone)
        print(f"{app['names']}: building on {args.cron!r} ({zone}); "
              f"runs at {url.removesuffix('/api')}/deployments; Ctrl-C stops", flush=True)
        serve_deployment(deployment, home_of(args.root))
    return 0
