"""The build command: `build` (one build, or every bank of a --spec file), re-verified and
published, and what it prints of each outcome.

The options become typed values first, once (pipeline.commands.build_input: a
pipeline.jobs.BankJob with the genre checked and the sizes read), before any server starts;
pipeline.session runs the flow. `schedule` and `server` are in pipeline.commands.serving.
"""

import argparse
import contextlib
import shlex
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

from pipeline.arguments import InputError
from pipeline.commands.build_input import (
    app_flow,
    bank_job,
    reach_dask,
    refuse_if_busy,
)
from pipeline.commands.common import (
    Register,
    bank_errors,
    flow_options,
    resolved,
    spec_given,
    spec_options,
)
from pipeline.failures import reason_of
from pipeline.jobs import BankJob, Compute
from pipeline.results import BuildResult, BuildStatus
from pipeline.session import run_flow

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
        jobs, resolved(root), compute, ", ".join(job.bank for job in jobs))
    return results


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
    job, compute = bank_job(args), Compute(args.workers, args.dask)
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
