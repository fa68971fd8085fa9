"""The puzzlebank command line: build, verify and read puzzle banks; solve, draw, explain puzzles.

It also measures what the generators reach (grades, bench).

Exit status (the README's table): 0 done; 1 a build that published nothing (short buckets or
failed re-verification, report printed); 2 bad arguments or input, or an expected failure (a
bank that fails `verify`, a missing bank, an unwritable root, a full disk): one line on stderr,
written by pipeline/failures.py, never a traceback; 130 interrupted. Heavy imports wait for
the command that needs them: Prefect only for build, schedule and verify (after the local
server is up), banks/polars only for bank commands. The parser class and the argument types
are in pipeline/arguments.py.
"""

import argparse
import contextlib
import importlib.metadata
import json
import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pipeline.arguments import (
    InputError,
    Parser,
    bank_arg,
    count_arg,
    cron_arg,
    dask_arg,
    date_arg,
    port_arg,
    seed_arg,
    size_arg,
    timezone_arg,
    whole_arg,
    workers_arg,
)
from pipeline.batches import parse_size
from pipeline.capacity_cli import add_commands as add_capacity_commands
from pipeline.capacity_cli import planned_buckets
from pipeline.failures import complain, os_error_text
from pipeline.interrupts import Stopped, end_now, signal_of, stop_on_signals
from pipeline.server import ServerError, local_server
from pipeline.solving import genre_of_url, read_puzzle
from solvers import GENRE_NAMES, get_genre
from solvers.core import Genre, PuzzleFormatError, UnknownGenreError
from solvers.core.excerpt import excerpt
from solvers.core.puzzlink import looks_like_url

DEFAULT_ROOT = os.environ.get("PUZZLEBANK_ROOT", "puzzlebank-data")
TABLE_COLUMNS = ("id", "genre", "size", "grade", "steps", "score", "clues", "puzzle")
MAX_FILE = 64 * 2**20  # bytes `solve --file` reads
ID_DIGITS = 20  # hex digits of a bank row's id
MIN_PREFIX = 6  # hex digits of an id prefix `show BANK PREFIX` takes
TRACKER_QUIET = "ignore:resource_tracker:UserWarning"
OUTCOMES = {  # what a stopped flow leaves, as its last line says
    "build_bank": "nothing half-written; a build is published whole or not at all "
                  "(`puzzlebank history` shows which)",
    "verify_version": "verify changes nothing",
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status (see the module comment)."""
    try:
        args = make_parser().parse_args(argv)
        return args.run(args)
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else 0
    except Stopped as stop:
        complain(f"{stop}: {stop.outcome}")
        return end_now(128 + stop.signum)
    except KeyboardInterrupt:
        complain("interrupted")
        return 130
    except BrokenPipeError:  # the reader of stdout went away (`puzzlebank query ... | head`)
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except (InputError, PuzzleFormatError, UnknownGenreError, ServerError) as error:
        complain(str(error) or type(error).__name__)
        return 2
    except OSError as error:
        complain(os_error_text(error))
        return 2


@contextlib.contextmanager
def bank_errors() -> Iterator[None]:
    """Turn a BankError (a missing bank or version, a tampered file...) into an InputError."""
    from banks import BankError

    try:
        yield
    except BankError as error:
        raise InputError(str(error)) from None


def make_parser() -> Parser:
    """Return the parser of every command; each sets `run` to its command function."""
    parser = Parser(prog="puzzlebank", description=__doc__.splitlines()[0].removesuffix("."))
    parser.add_argument("--version", action="version",
                        version=f"puzzlebank {importlib.metadata.version('puzzlebank')}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, run: Any, help_text: str) -> Parser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(run=run)
        return sub

    def bank_options(sub: Parser) -> None:
        sub.add_argument("bank", metavar="BANK", type=bank_arg)
        sub.add_argument("--root", default=DEFAULT_ROOT, help="folder of the banks")

    def version_options(sub: Parser) -> None:
        sub.add_argument("--version", type=whole_arg,
                         help="read the bank as it was at this version (default: the latest)")

    def flow_options(sub: Parser) -> None:
        sub.add_argument("--workers", type=workers_arg, default=1, help="worker processes")
        sub.add_argument("--api", metavar="URL",
                         help="a running Prefect API to use, e.g. http://127.0.0.1:4200/api "
                              "(default: PREFECT_API_URL, the Prefect profile's, the root's "
                              "`puzzlebank server`, else a private server for this command)")
        sub.add_argument("--dask", type=dask_arg, metavar="local[:N]|tcp://HOST:PORT",
                         help="run the tasks on a Dask LocalCluster of N workers, or a cluster")
        sub.add_argument("--progress", action=argparse.BooleanOptionalAction,
                         help="show progress bars on stderr (default: when it is a terminal)")

    def spec_options(sub: Parser) -> None:
        sub.add_argument("--genre", required=True)
        sub.add_argument("--size", type=size_arg, action="append", required=True,
                         help="WxH board size (repeatable)")
        sub.add_argument("--per-grade", type=count_arg, required=True,
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
        sub.add_argument("--boards-per-task", type=count_arg, help="boards per generation task")
        sub.add_argument("--batches-per-round", type=count_arg,
                         help="most generation tasks out at once")

    build = command("build", cmd_build, "build, re-verify and publish a bank's next version")
    bank_options(build)
    spec_options(build)
    flow_options(build)

    schedule = command("schedule", cmd_schedule,
                       "serve the build as a Prefect deployment on a cron schedule until stopped")
    bank_options(schedule)
    schedule.add_argument("--cron", type=cron_arg, required=True, help='e.g. "0 3 * * *"')
    schedule.add_argument("--timezone", type=timezone_arg, default="UTC",
                          help="IANA time zone of the cron times (default UTC)")
    spec_options(schedule)
    flow_options(schedule)

    verify = command("verify", cmd_verify,
                     "re-verify a build's rows from disk, or the whole bank (0 if they pass)")
    bank_options(verify)
    verify.add_argument("--version", type=whole_arg,
                        help="the build committed as this version (default: the latest)")
    verify.add_argument("--all", action="store_true",
                        help="every row of the bank as of that version")
    flow_options(verify)

    history = command("history", cmd_history,
                      "list a bank's versions (one per build) and the builds that failed")
    bank_options(history)

    query = command("query", cmd_query, "print the rows of a bank (all its builds)")
    bank_options(query)
    query.add_argument("--genre")
    query.add_argument("--size", type=size_arg)
    query.add_argument("--grade")
    query.add_argument("--min-score", type=whole_arg, help="only rows scoring at least this")
    query.add_argument("--max-score", type=whole_arg, help="only rows scoring at most this")
    query.add_argument("--sort", choices=("score",), help="order the rows by difficulty score")
    query.add_argument("--limit", type=count_arg)
    version_options(query)
    query.add_argument("--build", type=whole_arg, help="only the rows that build (version) added")
    query.add_argument("--format", choices=("table", "json", "csv"), default="table")

    export = command("export", cmd_export, "export a bank as JSON and Parquet for front ends")
    bank_options(export)
    export.add_argument("--out", required=True, help="folder to export into")
    version_options(export)

    solve = command("solve", cmd_solve, "solve, count and grade puzzle texts")
    solve.add_argument("genre", metavar="GENRE", help="a genre, or a puzz.link URL (its genre)")
    solve.add_argument("texts", metavar="TEXT", nargs="*", help="puzzle texts or puzz.link URLs")
    solve.add_argument("--file", help="one puzzle per line ('-' for stdin)")
    solve.add_argument("--json", action="store_true", help="one JSON object per line")

    show = command("show", cmd_show, "draw a puzzle, and its solution, as text or as SVG")
    show.add_argument("genre", metavar="GENRE|BANK|URL",
                      help="a genre, a bank, or a puzz.link URL (then no TEXT)")
    show.add_argument("text", metavar="TEXT|ID", nargs="?",
                      help=f"a puzzle text, or a bank row's id (or its first {MIN_PREFIX}+ "
                           "hex digits)")
    shown = show.add_mutually_exclusive_group()
    shown.add_argument("--solution", help="a solution text to draw in")
    shown.add_argument("--solve", action="store_true",
                       help="draw the unique solution (a bank row's own solution)")
    show.add_argument("--svg", metavar="FILE", help="write an SVG picture to FILE instead")
    show.add_argument("--root", default=DEFAULT_ROOT, help="folder of the banks (BANK ID)")
    version_options(show)

    gallery = command("gallery", cmd_gallery,
                      "write a static HTML page of a bank's puzzles and solutions")
    bank_options(gallery)
    version_options(gallery)
    gallery.add_argument("--out", metavar="FILE", help="the page to write (default "
                         "./BANK-vNNNN.html, NNNN the version)")

    day = command("daily", cmd_daily, "print a genre's set of the day (e.g. daily chesspy DATE)")
    day.add_argument("genre", metavar="GENRE")
    day.add_argument("date", metavar="DATE", type=date_arg, help="YYYY-MM-DD")

    deal = command("colorsort-deal", cmd_colorsort_deal,
                   "deal and solve a Color Sort board as the published JS engine does")
    deal.add_argument("--seed", required=True, help="the seed string the JS engine takes")
    deal.add_argument("--colors", type=count_arg, required=True)
    deal.add_argument("--capacity", type=count_arg, required=True)
    deal.add_argument("--duplicates", type=whole_arg, default=0)
    deal.add_argument("--empty", type=whole_arg, default=2)
    deal.add_argument("--node-limit", type=count_arg, default=20000)
    deal.add_argument("--json", action="store_true", help="print the JSON object (the default)")

    hint = command("hint", cmd_hint, "the next deduction from a partial state, with its reason")
    hint.add_argument("genre", metavar="GENRE")
    hint.add_argument("text", metavar="TEXT", help="a puzzle text or puzz.link URL")
    hint.add_argument("--state", metavar="PARTIAL", help="the solution text with '?' for open "
                      "cells (Araf: room labels or '?'; Color Sort: the pours played so far)")
    hint.add_argument("--json", action="store_true", help="print one JSON object")

    server = command("server", cmd_server,
                     "run the root's long-lived Prefect server (and UI) until stopped; "
                     "builds and verifies of the root use it")
    server.add_argument("--root", default=DEFAULT_ROOT, help="folder of the banks")
    server.add_argument("--port", type=port_arg, help="port (default 4200, or a free one)")

    report = command("ladder-report", cmd_ladder_report,
                     "print the incremental and ablation tables of a genre's ladder")
    report.add_argument("genre", metavar="GENRE")
    report.add_argument("--size", type=size_arg, required=True)
    report.add_argument("--boards", type=count_arg, required=True)
    report.add_argument("--seed", type=seed_arg, default=0)

    add_capacity_commands(command)
    return parser


# -- build and verify: Prefect flows against a local server ------------------------------------


def run_flow(args: argparse.Namespace, name: str, **parameters: Any) -> dict[str, Any]:
    """Run the flow called `name` of pipeline.flows against a local server; return its result.

    Prefect's console shows only CRITICAL records (unless PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL
    says otherwise), in this process and its workers: a failed task or flow logs its traceback
    at ERROR, which stays in the run's logs on the server, while the exception comes back here
    and `main` prints its one line (an unexpected one still ends in Python's traceback)."""
    os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "CRITICAL")
    shown = sys.stderr.isatty() if args.progress is None else args.progress
    os.environ["PUZZLEBANK_PROGRESS"] = "1" if shown else "0"
    outcome = OUTCOMES[name]
    try:
        with stop_on_signals(), bank_errors(), local_server(args.root, args.api,
                                                            lambda: preheat(args)):
            from pipeline import flows

            flows.STARTED_RUNS.clear()  # only this command's run may be cancelled below
            try:
                return getattr(flows, name)(**parameters)
            except BaseException as error:
                if signal_of(error) is not None:
                    flows.cancel_runs(f"stopped by a signal; {outcome}")
                raise
            finally:
                flows.drain()
    except BaseException as error:
        signum = signal_of(error)
        if signum is None:
            raise
        raise Stopped(signum, outcome) from None


def preheat(args: argparse.Namespace) -> None:
    """Start the worker pool's fork server when the flow will use one (see pipeline.pool).

    A stop kills the workers mid-task, so the semaphores they made are never released by them:
    multiprocessing's resource tracker releases them and would warn about each on stderr, past
    the stop's one line; its children inherit this filter of that one warning."""
    from pipeline.batches import first_plan_works

    if args.workers > 1 and not args.dask and not (  # a build of one task runs in-process
            getattr(args, "genre", None) and first_plan_works(
                args.genre, args.size, args.grade, args.per_grade) == 1):
        from pipeline.forkserver import preheat as start

        os.environ["PYTHONWARNINGS"] = TRACKER_QUIET
        start()


def cmd_server(args: argparse.Namespace) -> int:
    """Run the root's long-lived Prefect server until SIGINT or SIGTERM; 0 once stopped."""
    from pipeline.server import serve, ui_address, wait_for_stop

    with serve(args.root, args.port) as url:
        print(f"puzzlebank server of {Path(args.root).resolve()}: UI at {ui_address(url)} "
              f"(API {url}); Ctrl-C stops", flush=True)
        wait_for_stop()
    return 0


def build_parameters(args: argparse.Namespace) -> dict[str, Any]:
    """Return build_bank's parameters for the spec options of `build` or `schedule`.

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
    tuning = {"boards_per_task": args.boards_per_task, "batches_per_round": args.batches_per_round,
              "dask": args.dask, "grades": args.grade and list(dict.fromkeys(args.grade)),
              "max_seconds": args.max_seconds}
    return {"bank": args.bank, "genre": args.genre, "sizes": args.size,
            "per_grade": args.per_grade, "seed": args.seed, "budget": args.budget,
            "workers": args.workers, "root": str(Path(args.root).resolve()),
            "allow_short": args.allow_short, "wait": args.wait,
            **{name: value for name, value in tuning.items() if value is not None}}


def refuse_if_busy(root: str, bank: str) -> None:
    """Fail at once, in one line naming the holder's pid, when another build holds the bank
    (before a server starts; the build itself takes the lock and checks again)."""
    from banks import BankStore

    with bank_errors():
        pid = BankStore(root).busy(bank)
    if pid is not None:
        who = f"pid {pid}" if pid else "another process"
        raise InputError(f"bank {bank!r} is being built by {who}; wait for it or pass --wait")


def check_grade(genre: Genre, grade: str) -> None:
    """Raise InputError when `grade` is no level of the genre's ladder."""
    if grade not in genre.ladder:
        raise InputError(f"{genre.name} has no grade {excerpt(grade)} "
                         f"(grades: {', '.join(genre.ladder)})")


def check_size(genre: Genre, size: str) -> None:
    """Raise InputError when a "WxH" size is past the genre's limits."""
    problem = genre.limits and genre.limits.size_problem(*parse_size(size))
    if problem:
        raise InputError(problem)


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


def cmd_build(args: argparse.Namespace) -> int:
    """Build a bank version; print its summary and any short bucket; 0 only when published."""
    parameters = build_parameters(args)
    if not args.wait:
        refuse_if_busy(args.root, args.bank)
    reach_dask(args.dask)
    result = run_flow(args, "build_bank", **parameters)
    from pipeline.flows import ALREADY, BUSY, PUBLISHED, short_lines

    if result["status"] == BUSY:
        raise InputError(result["message"])
    stats = result["stats"]
    if result["status"] == ALREADY:
        print(f"{args.bank}: already published as version {result['version']} "
              f"(build {result['build_id']}, {result['rows']} puzzles); nothing built")
        return 0
    refused = ", ".join(f"{reason} {n}" for reason, n in stats["rejections"].items()) or "none"
    print(f"{args.bank}: {result['status']}"
          + (f" version {result['version']}" if result["version"] is not None else "")
          + f", {result['rows']} puzzles from {stats['attempts']} attempts in "
          f"{stats['generate_seconds']:.1f} s (refused: {refused})")
    for line in short_lines(result["short"]):
        print(line)
    if stats.get("out_of_time"):
        print(f"out of time: no new work after --max-seconds {args.max_seconds}")
    verification = result["verification"]
    if verification and verification["status"] != "passed":
        for problem in verification["problems"]:
            print(f"problem: {problem}")
        print(f"nothing committed; the report is in "
              f"{Path(args.root).resolve() / args.bank / '_builds'}", file=sys.stderr)
    if result["status"] == PUBLISHED:
        print(f"bank at {Path(args.root).resolve() / args.bank} (a Delta table; build "
              f"{result['build_id']} is version {result['version']})")
        print(f"query it: {query_hint(args.bank, args.root)}")
        return 0
    if result["short"] and not args.allow_short:
        print("nothing written: raise --budget (or --max-seconds), or pass --allow-short to "
              "publish a short bank", file=sys.stderr)
    return 1


def reach_dask(choice: str | None) -> None:
    """Fail in one line (status 2) when a --dask tcp:// scheduler does not answer."""
    from pipeline.runners import check_reachable

    if choice:
        check_reachable(choice)


def cmd_schedule(args: argparse.Namespace) -> int:
    """Serve the bank's build as a deployment on the --cron schedule; 0 once stopped."""
    parameters = build_parameters(args)
    os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "WARNING")
    with bank_errors(), local_server(args.root, args.api) as url:
        from pipeline.schedule import build_deployment, serve_deployment

        deployment = build_deployment(parameters, args.cron, args.timezone)
        print(f"{args.bank}: building on {args.cron!r} ({args.timezone}); "
              f"runs at {url.removesuffix('/api')}/deployments; Ctrl-C stops", flush=True)
        serve_deployment(deployment)
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Re-verify a build's rows (default: the latest build), or with --all the whole bank as of
    that version, without changing anything; 0 only when every row passes. The bank's files are
    checked first, so a corrupt or tampered bank is named in one line before any server starts."""
    from banks import BankStore

    with bank_errors():
        version = BankStore(args.root).snapshot(args.bank, args.version).version
    reach_dask(args.dask)
    report = run_flow(args, "verify_version", bank=args.bank, version=version,
                      root=str(Path(args.root).resolve()), workers=args.workers,
                      dask=args.dask, whole=args.all)
    what = f"{args.bank} version {version}" + (" (whole bank)" if args.all else "")
    if report["status"] == "passed":
        print(f"{what}: passed, {report['rows']} rows re-verified in {report['seconds']:.1f} s")
        return 0
    for problem in report["problems"]:
        print(problem)
    raise InputError(f"{what} fails verification: {report['problem_count']} problem(s), "
                     f"first: {report['problems'][0]}")


def cmd_history(args: argparse.Namespace) -> int:
    """Print a bank's versions, one per committed build, then the builds that failed."""
    from pipeline.history import history_text

    with bank_errors():
        print(history_text(args.root, args.bank))
    return 0


# -- reading banks -----------------------------------------------------------------------------


def cmd_query(args: argparse.Namespace) -> int:
    """Print the matching rows of the bank (as of --version; of one --build) as a table, JSON or
    CSV."""
    from banks import scan, select

    if args.genre is not None:
        genre = get_genre(args.genre)
        if args.grade is not None:
            check_grade(genre, args.grade)
    elif args.grade is not None and all(args.grade not in get_genre(name).ladder
                                        for name in GENRE_NAMES):
        raise InputError(f"no genre has a grade {excerpt(args.grade)}")
    with bank_errors():
        frame = select(scan(args.root, args.bank, args.version, args.build),
                       genre=args.genre, size=args.size, grade=args.grade,
                       min_score=args.min_score, max_score=args.max_score,
                       by_score=args.sort == "score")
        rows = (frame.head(args.limit) if args.limit else frame).collect()
    if args.format == "csv":
        sys.stdout.write(rows.write_csv())
    elif args.format == "json":
        print(json_rows(rows.to_dicts()))
    else:
        print(table_text(rows.select(TABLE_COLUMNS).to_dicts(), TABLE_COLUMNS))
    return 0


def json_rows(rows: list[dict[str, Any]]) -> str:
    """Return rows as a JSON array, one row per line; seeds as strings, measurements as objects."""
    def clean(row: dict[str, Any]) -> dict[str, Any]:
        return row | {"seed": str(row["seed"]), "measurements": json.loads(row["measurements"])}

    lines = ",\n".join(json.dumps(clean(row), sort_keys=True) for row in rows)
    return f"[\n{lines}\n]" if rows else "[]"


def table_text(rows: list[dict[str, Any]], columns: Sequence[str]) -> str:
    """Return rows as an aligned text table under a header line."""
    cells = [list(columns), *([str(row[name]) for name in columns] for row in rows)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(columns))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True))
                     .rstrip() for line in cells)


def cmd_export(args: argparse.Namespace) -> int:
    """Export the bank (as of --version) for front ends; print where it went."""
    from banks import export_json

    with bank_errors():
        folder = export_json(args.root, args.bank, args.out, args.version)
    print(folder)
    return 0


# -- puzzles from the command line -------------------------------------------------------------


def puzzle_texts(args: argparse.Namespace) -> list[str]:
    """Return the puzzle texts of `solve`: the TEXT arguments, then the lines of --file."""
    texts = list(args.texts)
    if args.file:
        lines = read_lines(args.file)
        texts.extend(line.strip() for line in lines.splitlines() if line.strip())
    if not texts:
        raise InputError("solve: give puzzle texts as arguments or with --file")
    return texts


def read_lines(name: str) -> str:
    """Return the text of file `name` ('-' for stdin); InputError when it is over MAX_FILE bytes
    or not UTF-8 text."""
    if name == "-":
        data = sys.stdin.buffer.read(MAX_FILE + 1)
    else:
        with open(name, "rb") as file:
            data = file.read(MAX_FILE + 1)
    if len(data) > MAX_FILE:
        raise InputError(f"--file {excerpt(name)} is over {MAX_FILE // 2**20} MB")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"--file {excerpt(name)} is not UTF-8 text (byte "
                         f"0x{data[error.start]:02x} at offset {error.start})") from None


def solve_genre(args: argparse.Namespace) -> Genre:
    """Return the genre `solve` works in: GENRE, or, when a puzz.link URL stands in its place,
    the genre of that URL (the URL then becomes the first of the texts)."""
    if not looks_like_url(args.genre):
        return get_genre(args.genre)
    args.texts.insert(0, args.genre)
    return genre_of_url(args.genre)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve, count and grade each puzzle; 2 when some text does not parse (the rest still go).

    A text that does not parse is a {"puzzle", "error"} object with --json, else a
    "TEXT: does not parse: ..." line, in its place on stdout when there are several texts; the
    one line on stderr is that line for a lone text, else how many failed and the first.
    """
    from pipeline.solving import json_report, report_text, solve_report

    genre = solve_genre(args)
    texts = puzzle_texts(args)
    failures = []
    for text in texts:
        report = json_report(genre, text) if args.json else solve_report(genre, text)
        if "error" in report:
            failures.append(report_text(genre, report))
        if args.json:
            print(json.dumps(report), flush=True)
        elif "error" not in report:
            print(report_text(genre, report) + "\n", flush=True)
        elif len(texts) > 1:
            print(failures[-1] + "\n", flush=True)
    if len(texts) == 1 and failures:
        raise InputError(failures[0])
    if failures:
        raise InputError(f"{len(failures)} of {len(texts)} puzzle texts do not parse; the first: "
                         f"{failures[0]}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """Draw a puzzle, with the given solution or (--solve) the one `solve` reports, as text or
    (--svg) as an SVG picture written to a file. GENRE TEXT draws a puzzle text, a puzz.link URL
    alone the URL's puzzle; BANK ID draws a bank row (ID: its 20 hex digits, or a prefix of at
    least MIN_PREFIX of them that no other row shares), and its --solve the row's own solution."""
    from pipeline.solving import drawn_count

    genre, puzzle, stored = shown_puzzle(args)
    solution = None
    if args.solution:
        solution = genre.parse_solution(args.solution, puzzle)
    elif args.solve and stored is not None:
        solution = genre.parse_solution(stored, puzzle)
    elif args.solve:
        found = drawn_count(genre, puzzle)
        if found.count != 1:
            raise InputError(f"the puzzle has {'no' if not found.count else 'several'} "
                             f"solutions; nothing to draw in")
        solution = found.solutions[0]
    if args.svg:
        if genre.picture is None:
            raise InputError(f"{genre.name} has no SVG picture")
        Path(args.svg).write_text(genre.picture(puzzle, solution), encoding="utf-8")
        print(args.svg)
        return 0
    print(genre.draw(puzzle, solution))
    return 0


def shown_puzzle(args: argparse.Namespace) -> tuple[Genre, Any, str | None]:
    """Return (genre, puzzle, the bank row's solution text or None) that `show` draws: from
    GENRE TEXT, a puzz.link URL alone, or BANK ID (see cmd_show)."""
    if args.text is None:
        if not looks_like_url(args.genre):
            raise InputError("show: give GENRE TEXT, BANK ID, or a puzz.link URL alone")
        genre = genre_of_url(args.genre)
        return genre, read_puzzle(genre, args.genre), None
    if args.genre in GENRE_NAMES and not is_row_id(args.text):
        genre = get_genre(args.genre)
        return genre, read_puzzle(genre, args.text), None
    if not is_id_prefix(args.text):
        raise InputError(f"show: {excerpt(args.genre)} is not a genre ({', '.join(GENRE_NAMES)}) "
                         f"and {excerpt(args.text)} is not a bank row's id ({MIN_PREFIX} to "
                         f"{ID_DIGITS} hex digits)")
    row = bank_row(args.genre, args.text, args.root, args.version)
    genre = get_genre(row["genre"])
    return genre, genre.parse(row["puzzle"]), row["solution"]


def is_id_prefix(text: str) -> bool:
    """Return whether `text` is written like a bank row's id or its start: MIN_PREFIX to
    ID_DIGITS lowercase hex digits."""
    return MIN_PREFIX <= len(text) <= ID_DIGITS and set(text) <= set("0123456789abcdef")


def is_row_id(text: str) -> bool:
    """Return whether `text` is written like a whole bank row's id: ID_DIGITS hex digits."""
    return len(text) == ID_DIGITS and is_id_prefix(text)


def bank_row(bank: str, prefix: str, root: str, version: int | None) -> dict[str, Any]:
    """Return the row of the bank as of `version` (the latest when None) whose id starts with
    `prefix`; InputError when no row's does, or more than one's."""
    import polars as pl

    from banks import scan

    with bank_errors():
        rows = (scan(root, bank, version).filter(pl.col("id").str.starts_with(prefix))
                .head(2).collect().to_dicts())
    if not rows:
        raise InputError(f"bank {bank!r} has no puzzle whose id starts with {prefix}")
    if len(rows) > 1:
        raise InputError(f"the id prefix {prefix} is ambiguous in bank {bank!r} (rows "
                         f"{rows[0]['id']}, {rows[1]['id']}, ...); give more digits")
    return rows[0]


def cmd_gallery(args: argparse.Namespace) -> int:
    """Write the gallery page of a bank version; print where it went and how many puzzles."""
    from pipeline.gallery import write_gallery

    with bank_errors():
        path, count = write_gallery(args.root, args.bank, args.out, args.version)
    print(f"{path}: {count} puzzles")
    return 0


def cmd_daily(args: argparse.Namespace) -> int:
    """Print the set of the day of a genre that publishes one."""
    from generators import get_generator

    daily = get_generator(args.genre).daily
    if daily is None:
        raise InputError(f"genre {args.genre!r} has no set of the day")
    print(daily(args.date))
    return 0


def cmd_colorsort_deal(args: argparse.Namespace) -> int:
    """Print the JS engine's deal and DFS solve for a seed string, computed by the Python port."""
    from solvers.colorsort.cli_views import deal_view

    try:
        view = deal_view(args.seed, args.colors, args.capacity, args.duplicates, args.empty,
                         args.node_limit)
    except ValueError as error:
        raise InputError(f"colorsort-deal: {error}") from None
    print(json.dumps(view))
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    """Print the next step from a state (pipeline/hinting.py); 2 when the state is wrong."""
    from pipeline.hinting import hint_object, hint_text

    hint = hint_object(args.genre, args.text, args.state)
    print(json.dumps(hint) if args.json else hint_text(hint))
    return 0


def cmd_ladder_report(args: argparse.Namespace) -> int:
    """Print the ladder report of a genre on sampled boards of one size."""
    from generators.ladder_report import measure

    check_size(get_genre(args.genre), args.size)
    width, height = parse_size(args.size)
    try:
        report = measure(args.genre, width, height, args.boards, args.seed)
    except ValueError as error:  # the generator draws no board of that size
        raise InputError(f"ladder-report: {error}") from None
    print(report.format())
    return 0
