"""The build commands: `build` (one build, re-verified and published), `schedule` (the build as
a Prefect deployment on a cron schedule) and `server` (the root's long-lived Prefect server).

A command's options become typed values here, once (`bank_job`: a pipeline.jobs.BankJob with the
genre checked and the sizes read), before any server starts; pipeline.session runs the flow.
"""

import argparse
import os
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

from pipeline.arguments import InputError, cron_arg, port_arg, timezone_arg
from pipeline.commands.capacity import planned_buckets
from pipeline.commands.common import (
    DEFAULT_ROOT,
    Register,
    bank_errors,
    bank_options,
    check_grade,
    check_size,
    flow_options,
    spec_options,
)
from pipeline.jobs import BankJob, Compute, GenreJob
from pipeline.results import BuildResult, BuildStatus
from pipeline.server import home_of, local_server
from pipeline.session import run_flow, safe_path
from solvers import get_genre
from solvers.core.excerpt import excerpt

BUILD_OUTCOME = ("nothing half-written; a build is published whole or not at all "
                 "(`puzzlebank history` shows which)")


def add_build(command: Register) -> None:
    """Add `build`."""
    build = command("build", cmd_build, "build, re-verify and publish a bank's next version")
    bank_options(build)
    spec_options(build)
    flow_options(build)


def add_schedule(command: Register) -> None:
    """Add `schedule`."""
    schedule = command("schedule", cmd_schedule,
                       "serve the build as a Prefect deployment on a cron schedule until stopped")
    bank_options(schedule)
    schedule.add_argument("--cron", type=cron_arg, required=True, help='e.g. "0 3 * * *"')
    schedule.add_argument("--timezone", type=timezone_arg, default="UTC",
                          help="IANA time zone of the cron times (default UTC)")
    spec_options(schedule)
    flow_options(schedule)


def add_server(command: Register) -> None:
    """Add `server`."""
    server = command("server", cmd_server,
                     "run the root's long-lived Prefect server (and UI) until stopped; "
                     "builds and verifies of the root use it")
    server.add_argument("--root", default=DEFAULT_ROOT, help="folder of the banks")
    server.add_argument("--port", type=port_arg, help="port (default 4200, or a free one)")


def cmd_server(args: argparse.Namespace) -> int:
    """Run the root's long-lived Prefect server until SIGINT or SIGTERM; 0 once stopped."""
    from pipeline.server import serve, ui_address, wait_for_stop

    with serve(args.root, args.port) as url:
        print(f"puzzlebank server of {Path(args.root).resolve()}: UI at {ui_address(url)} "
              f"(API {url}); Ctrl-C stops", flush=True)
        wait_for_stop()
    return 0


def bank_job(args: argparse.Namespace) -> BankJob:
    """Return the bank job of `build`'s or `schedule`'s spec options, typed.

    Checks the genre, the grades, the sizes against the genre's limits, that every bucket is
    reachable (generators/reachability.py), the bank name and that the root can be written first
    (UnknownGenreError, InputError, OSError).
    """
    genre = get_genre(args.genre)
    for grade in args.grade or ():
        check_grade(genre, grade)
    for size in args.size:
        check_size(genre, size)
    planned_buckets(genre.name, args.size, args.grade)
    with bank_errors():
        from banks import BankStore

        BankStore(args.root).latest(args.bank)
    check_writable(Path(args.root))
    tuning = {"boards_per_task": args.boards_per_task, "batches_per_round": args.batches_per_round}
    job = GenreJob(genre.name, tuple(args.size), args.per_grade,
                   args.grade and tuple(dict.fromkeys(args.grade)), args.budget,
                   **{name: value for name, value in tuning.items() if value is not None})
    return BankJob(args.bank, (job,), args.seed, args.allow_short, wait=args.wait,
                   max_seconds=args.max_seconds)


def compute_of(args: argparse.Namespace) -> Compute:
    """Return where the works run: --workers, --dask."""
    return Compute(args.workers, args.dask)


def warm_genres(jobs: list[BankJob], compute: Compute) -> list[str] | None:
    """Return the genres a pool's or local Dask cluster's fork server should import, or None
    when the works will run in this process (see executors.choose: one worker, or a first plan
    of one work)."""
    from pipeline.batches import first_plan_works

    genres = [genre for job in jobs for genre in job.genres]
    if compute.dask:
        return None if compute.dask.startswith("tcp://") else [g.genre for g in genres]
    if compute.workers > 1 and any(
            first_plan_works(g.genre, g.sizes, g.grades, g.per_grade) > 1 for g in genres):
        return list(dict.fromkeys(g.genre for g in genres))
    return None


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


def build(jobs: list[BankJob], root: str, compute: Compute) -> list[BuildResult]:
    """Return the results of the build-banks flow run of `jobs` (see pipeline.flows)."""
    from pipeline.flows import build_banks

    results: list[BuildResult] = build_banks(
        jobs, str(Path(root).resolve()), compute, ", ".join(job.bank for job in jobs))
    return results


def cmd_build(args: argparse.Namespace) -> int:
    """Build a bank version; print its summary and any short bucket; 0 only when published."""
    job, compute = bank_job(args), compute_of(args)
    if not args.wait:
        refuse_if_busy(args.root, args.bank)
    reach_dask(args.dask)
    [result] = run_flow(args.root, args.api, args.progress, BUILD_OUTCOME,
                        lambda: build([job], args.root, compute), warm_genres([job], compute))
    if result.status == BuildStatus.BUSY:
        raise InputError(result.message)
    if result.status == BuildStatus.ALREADY:
        print(f"{args.bank}: already published as version {result.version} "
              f"(build {result.build_id}, {result.rows} puzzles); nothing built")
        return 0
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
              f"{Path(args.root).resolve() / args.bank / '_builds'}", file=sys.stderr)
    if result.status == BuildStatus.PUBLISHED:
        print(f"bank at {Path(args.root).resolve() / args.bank} (a Delta table; build "
              f"{result.build_id} is version {result.version})")
        print(f"query it: {query_hint(args.bank, args.root)}")
        return 0
    if result.short and not args.allow_short:
        print("nothing written: raise --budget (or --max-seconds), or pass --allow-short to "
              "publish a short bank", file=sys.stderr)
    return 1


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
    from pipeline.runners import check_reachable

    if choice:
        check_reachable(choice)


def cmd_schedule(args: argparse.Namespace) -> int:
    """Serve the bank's build as a deployment on the --cron schedule; 0 once stopped."""
    job, compute = bank_job(args), compute_of(args)
    os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "WARNING")
    safe_path()
    with bank_errors(), local_server(args.root, args.api) as url:
        from pipeline.schedule import build_deployment, serve_deployment

        deployment = build_deployment([job], str(Path(args.root).resolve()), compute,
                                      args.cron, args.timezone)
        print(f"{args.bank}: building on {args.cron!r} ({args.timezone}); "
              f"runs at {url.removesuffix('/api')}/deployments; Ctrl-C stops", flush=True)
        serve_deployment(deployment, home_of(args.root))
    return 0
