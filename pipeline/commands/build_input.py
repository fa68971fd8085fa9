"""A build's and a schedule's options made typed values, checked, before any server starts.

`bank_job` turns `build`'s or `schedule`'s BANK --genre --size options into a pipeline.jobs.BankJob
(the genre checked, the sizes read, every bucket reachable), `app_flow` a --spec file into
pipeline.nightly.build_app's parameters.
The checks fail in one line (UnknownGenreError, InputError, SpecError, OSError, ConnectionError):
the banks can be opened, the root can be written, the bank is not busy, a Dask scheduler answers.
"""

import argparse
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

from pipeline.arguments import InputError
from pipeline.commands.capacity import planned_buckets
from pipeline.commands.common import bank_errors, check_grade, check_size, is_bucket, resolved
from pipeline.jobs import BankJob, GenreJob
from solvers import get_genre
from solvers.core.excerpt import excerpt

WAIT_IN_BUCKET = ("--wait has no meaning for a bank in an object store: builds there do not "
                  "queue (both run, one commit wins, the other commits after it or is refused "
                  "naming what was shipped); drop --wait")


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


def app_flow(args: argparse.Namespace, fail_run: bool) -> dict[str, Any]:
    """Return build_app's parameters for `build --spec` or `schedule --spec` (pipeline.nightly):
    a pipeline.jobs.AppBank per bank of the file, in its order. The file, the banks and the root
    are checked first (SpecError, InputError, OSError)."""
    from banks.places import use_storage_options
    from pipeline.bankspec import read_spec

    app = read_spec(args.spec)
    use_storage_options(app.storage_options)
    root = resolved(args.root)
    names = [bank.job.bank for bank in app.banks]
    check_root(root, names, args.wait)
    banks = [replace(bank, job=replace(bank.job, wait=args.wait),
                     compute=replace(bank.compute, dask=args.dask),
                     plan_days=args.plan_days or bank.plan_days)
             for bank in app.banks]
    return {"banks": banks, "root": root, "timezone": app.timezone, "notify_settings": app.notify,
            "names": ", ".join(names), "fail_run": fail_run}


def reach_dask(choice: str | None) -> None:
    """Fail in one line (status 2) when a --dask tcp:// scheduler does not answer."""
    from pipeline.executors import check_reachable

    if choice:
        check_reachable(choice)

