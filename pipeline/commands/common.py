"""What the command modules share: how a command is registered, the option groups several
commands take, the checks of a genre's grade and size, and a bank's error as one line.

Vocabulary: *register* is cli.py's `command(name, run, help)`, which adds a subcommand whose
`run(args)` returns the exit status; an *option group* adds the same options to each command
that takes them.
"""

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

from pipeline.arguments import (
    InputError,
    Parser,
    bank_arg,
    count_arg,
    dask_arg,
    seed_arg,
    size_arg,
    whole_arg,
    workers_arg,
)
from pipeline.sizes import Size
from solvers.core import Genre
from solvers.core.excerpt import excerpt

DEFAULT_ROOT = os.environ.get("PUZZLEBANK_ROOT", "puzzlebank-data")
DEFAULT_MAX_SECONDS = 10  # a puzzle's solving budget in `solve`, `show` and `hint`

Run = Callable[[argparse.Namespace], int]
Register = Callable[[str, Run, str], Parser]


@contextlib.contextmanager
def bank_errors() -> Iterator[None]:
    """Turn a BankError (a missing bank or version, a tampered file...) into an InputError, and
    so a polars error reading a bank's checked files (a file changed after its check, under a
    forged cache entry) too."""
    from banks import BankError

    try:
        yield
    except BankError as error:
        raise InputError(str(error)) from None
    except Exception as error:
        polars = sys.modules.get("polars")
        if polars is None or not isinstance(error, polars.exceptions.PolarsError):
            raise
        first = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise InputError(f"a data file of the bank fails to read ({excerpt(first)}): it changed "
                         f"after it was checked; `puzzlebank verify --all` rehashes every "
                         f"row") from None


def resolved(root: str) -> str:
    """Return the root as another process must be told it (banks.places.resolved: a folder's
    absolute path, an s3:// URL as it is)."""
    from banks.places import resolved as resolved_root

    return resolved_root(root)


def is_bucket(root: str) -> bool:
    """Return True when the root is in an object store (s3://...)."""
    from banks.places import is_bucket as in_bucket

    return in_bucket(root)


def bank_options(sub: Parser) -> None:
    """Add BANK and --root."""
    sub.add_argument("bank", metavar="BANK", type=bank_arg)
    sub.add_argument("--root", default=DEFAULT_ROOT,
                     help="folder of the banks, or s3://BUCKET/PREFIX (AWS_* variables)")


def version_options(sub: Parser) -> None:
    """Add --version, the bank version to read."""
    sub.add_argument("--version", type=whole_arg,
                     help="read the bank as it was at this version (default: the latest)")


def flow_options(sub: Parser) -> None:
    """Add the options of a command that runs a Prefect flow: --workers, --api, --dask,
    --progress."""
    sub.add_argument("--workers", type=workers_arg, default=1, help="worker processes")
    sub.add_argument("--api", metavar="URL",
                     help="a running Prefect API to use, e.g. http://127.0.0.1:4200/api "
                          "(default: PREFECT_API_URL, the Prefect profile's, the root's "
                          "`puzzlebank server`, else a private server for this command)")
    sub.add_argument("--dask", type=dask_arg, metavar="local[:N]|tcp://HOST:PORT",
                     help="run the tasks on a Dask LocalCluster of N workers, or a cluster")
    sub.add_argument("--progress", action=argparse.BooleanOptionalAction,
                     help="show progress bars on stderr (default: when it is a terminal)")


def solving_budget_option(sub: Parser) -> None:
    """Add --max-seconds, the budget of the engines' work on one puzzle (solvers/core/deadline.py),
    for the commands that solve puzzle texts."""
    sub.add_argument("--max-seconds", type=count_arg, default=DEFAULT_MAX_SECONDS,
                     help="give up on a puzzle the engines cannot decide in this many seconds, "
                          f"in one line and exit 2 (default {DEFAULT_MAX_SECONDS})")


def spec_options(sub: Parser) -> None:
    """Add the options of a build's spec (build, schedule): BANK, --root and the genre's
    options, or --spec FILE, an app's spec file instead of them (pipeline.bankspec; checked by
    the command: spec_given)."""
    sub.add_argument("bank", metavar="BANK", type=bank_arg, nargs="?")
    sub.add_argument("--root", default=DEFAULT_ROOT, help="folder of the banks")
    sub.add_argument("--spec", metavar="FILE",
                     help="build every bank of this spec file (TOML) instead of BANK --genre ...")
    sub.add_argument("--plan-days", type=count_arg, metavar="N",
                     help="with --spec: extend each bank's calendar N days from today after its "
                          "builds (default: the bank's plan_days)")
    sub.add_argument("--genre")
    sub.add_argument("--size", type=size_arg, action="append",
                     help="WxH board size (repeatable)")
    sub.add_argument("--per-grade", type=count_arg,
                     help="puzzles per (size, grade) bucket")
    sub.add_argument("--grade", action="append",
                     help="a ladder level to fill (repeatable; default: every level the "
                          "genre's generator aims at)")
    sub.add_argument("--seed", type=seed_arg, default=0)
    sub.add_argument("--budget", type=count_arg, help="most generator attempts in all")
    sub.add_argument("--max-seconds", type=count_arg,
                     help="wall-clock budget: past it no new generation task starts")
    sub.add_argument("--allow-short", action="store_true",
                     help="publish even when a bucket is short")
    sub.add_argument("--wait", action="store_true",
                     help="wait while another build holds the bank, instead of exit 2")
    sub.add_argument("--boards-per-task", type=count_arg,
                     help="most boards of one bucket in one generation task")
    sub.add_argument("--batches-per-round", type=count_arg,
                     help="most generation tasks out at once")


def spec_given(args: argparse.Namespace) -> bool:
    """Return whether a build or schedule is of a --spec file (True) or of BANK --genre --size
    --per-grade (False); InputError when it mixes the two or lacks one of the latter."""
    command = args.command
    given = {"BANK": args.bank, "--genre": args.genre, "--size": args.size,
             "--per-grade": args.per_grade}
    if args.spec:
        mixed = [name for name, value in given.items() if value]
        if mixed:
            raise InputError(f"{command}: --spec builds the file's banks; give no {mixed[0]}")
        return True
    missing = [name for name, value in given.items() if not value]
    if missing:
        raise InputError(f"{command}: the following arguments are required: "
                         f"{', '.join(missing)} (or --spec FILE)")
    if args.plan_days:
        raise InputError(f"{command}: --plan-days goes with --spec")
    return False


def check_grade(genre: Genre[Any, Any], grade: str) -> None:
    """Raise InputError when `grade` is no level of the genre's ladder."""
    if grade not in genre.ladder:
        raise InputError(f"{genre.name} has no grade {excerpt(grade)} "
                         f"(grades: {', '.join(genre.ladder)})")


def check_size(genre: Genre[Any, Any], size: Size) -> None:
    """Raise InputError when a size is past the genre's limits."""
    problem = genre.limits and genre.limits.size_problem(size.width, size.height)
    if problem:
        raise InputError(problem)
