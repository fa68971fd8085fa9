"""The puzzlebank command line: build | schedule | verify | server | query | export | solve | show |
daily | gallery | ladder-report.

Exit status: 0 done; 1 a build that published nothing (short buckets or failed re-verification,
report printed); 2 bad arguments or input, including a bank that fails `verify` (one line on
stderr, never a traceback); 130 interrupted. Heavy imports wait for the command that needs them:
Prefect only for build, schedule and verify (after the local server is up), banks/polars only
for bank commands. The parser class and the argument types are in pipeline/arguments.py.
"""

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from pipeline.arguments import (
    InputError,
    Parser,
    count_arg,
    cron_arg,
    dask_arg,
    date_arg,
    port_arg,
    seed_arg,
    size_arg,
    timezone_arg,
    whole_arg,
)
from pipeline.batches import parse_size
from pipeline.server import ServerError, local_server
from pipeline.solving import genre_of_url, read_puzzle
from solvers import get_genre
from solvers.core import Genre, PuzzleFormatError, UnknownGenreError
from solvers.core.puzzlink import looks_like_url

DEFAULT_ROOT = os.environ.get("PUZZLEBANK_ROOT", "puzzlebank-data")
TABLE_COLUMNS = ("id", "genre", "size", "grade", "steps", "clues", "puzzle")


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status (see the module comment)."""
    try:
        args = make_parser().parse_args(argv)
        return args.run(args)
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else 0
    except KeyboardInterrupt:
        print("puzzlebank: interrupted", file=sys.stderr)
        return 130
    except (InputError, PuzzleFormatError, UnknownGenreError, ServerError, OSError) as error:
        print(f"puzzlebank: {one_line(error)}", file=sys.stderr)
        return 2


def one_line(error: BaseException) -> str:
    """Return the error's message on one line."""
    return " ".join(str(error).split()) or type(error).__name__


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
    parser = Parser(prog="puzzlebank", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, run: Any, help_text: str) -> Parser:
        sub = commands.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(run=run)
        return sub

    def bank_options(sub: Parser) -> None:
        sub.add_argument("bank", metavar="BANK")
        sub.add_argument("--root", default=DEFAULT_ROOT, help="folder of the banks")

    def flow_options(sub: Parser) -> None:
        sub.add_argument("--workers", type=count_arg, default=1, help="worker processes")
        sub.add_argument("--api", metavar="URL",
                         help="a running Prefect API to use, e.g. http://127.0.0.1:4200/api "
                              "(default: PREFECT_API_URL, the Prefect profile's, the root's "
                              "`puzzlebank server`, else a private server for this command)")
        sub.add_argument("--dask", type=dask_arg, metavar="local[:N]|tcp://HOST:PORT",
                         help="run the tasks on a Dask LocalCluster of N workers, or a cluster")

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
        sub.add_argument("--allow-short", action="store_true",
                         help="publish even when a bucket is short")
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

    verify = command("verify", cmd_verify, "re-verify a bank version from disk (0 if it passes)")
    bank_options(verify)
    verify.add_argument("--version", type=count_arg, help="version number (default LATEST)")
    flow_options(verify)

    query = command("query", cmd_query, "print the rows of a published bank version")
    bank_options(query)
    query.add_argument("--genre")
    query.add_argument("--size", type=size_arg)
    query.add_argument("--grade")
    query.add_argument("--limit", type=count_arg)
    query.add_argument("--version", type=count_arg)
    query.add_argument("--format", choices=("table", "json", "csv"), default="table")

    export = command("export", cmd_export, "export a published version as JSON and Parquet")
    bank_options(export)
    export.add_argument("--out", required=True, help="folder to export into")
    export.add_argument("--version", type=count_arg)

    solve = command("solve", cmd_solve, "solve, count and grade puzzle texts")
    solve.add_argument("genre", metavar="GENRE", help="a genre, or a puzz.link URL (its genre)")
    solve.add_argument("texts", metavar="TEXT", nargs="*", help="puzzle texts or puzz.link URLs")
    solve.add_argument("--file", help="one puzzle per line ('-' for stdin)")
    solve.add_argument("--json", action="store_true", help="one JSON object per line")

    show = command("show", cmd_show, "draw a puzzle, and its solution, as text or as SVG")
    show.add_argument("genre", metavar="GENRE|BANK")
    show.add_argument("text", metavar="TEXT|ID", help="a puzzle text, or a bank row's id")
    shown = show.add_mutually_exclusive_group()
    shown.add_argument("--solution", help="a solution text to draw in")
    shown.add_argument("--solve", action="store_true",
                       help="draw the unique solution (a bank row's own solution)")
    show.add_argument("--svg", metavar="FILE", help="write an SVG picture to FILE instead")
    show.add_argument("--root", default=DEFAULT_ROOT, help="folder of the banks (BANK ID)")
    show.add_argument("--version", type=count_arg, help="bank version (BANK ID; default LATEST)")

    gallery = command("gallery", cmd_gallery,
                      "write a static HTML page of a bank version's puzzles and solutions")
    bank_options(gallery)
    gallery.add_argument("--version", type=count_arg, help="version number (default LATEST)")
    gallery.add_argument("--out", metavar="FILE", help="the page to write (default "
                         "./BANK-vNNNN.html)")

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
    return parser


# -- build and verify: Prefect flows against a local server ------------------------------------


def run_flow(args: argparse.Namespace, name: str, **parameters: Any) -> dict[str, Any]:
    """Run the flow called `name` of pipeline.flows against a local server; return its result."""
    os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "WARNING")
    with bank_errors(), local_server(args.root, args.api, lambda: preheat(args)):
        from pipeline import flows

        try:
            return getattr(flows, name)(**parameters)
        finally:
            flows.drain()


def preheat(args: argparse.Namespace) -> None:
    """Start the worker pool's fork server when the flow will use one (see pipeline.pool)."""
    if args.workers > 1 and not args.dask:
        from pipeline.forkserver import preheat as start

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

    Checks the genre and the bank name first (UnknownGenreError, InputError).
    """
    genre = get_genre(args.genre)
    for grade in args.grade or ():
        if grade not in genre.ladder:
            raise InputError(f"{genre.name} has no grade {grade!r} "
                             f"(grades: {', '.join(genre.ladder)})")
    with bank_errors():
        from banks import BankStore

        BankStore(args.root).bank_dir(args.bank)
    tuning = {"boards_per_task": args.boards_per_task, "batches_per_round": args.batches_per_round,
              "dask": args.dask, "grades": args.grade and list(dict.fromkeys(args.grade))}
    return {"bank": args.bank, "genre": args.genre, "sizes": args.size,
            "per_grade": args.per_grade, "seed": args.seed, "budget": args.budget,
            "workers": args.workers, "root": str(Path(args.root).resolve()),
            "allow_short": args.allow_short,
            **{name: value for name, value in tuning.items() if value is not None}}


def cmd_build(args: argparse.Namespace) -> int:
    """Build a bank version; print its summary and any short bucket; 0 only when published."""
    parameters = build_parameters(args)
    reach_dask(args.dask)
    result = run_flow(args, "build_bank", **parameters)
    from pipeline.flows import PUBLISHED, short_lines

    stats = result["stats"]
    refused = ", ".join(f"{reason} {n}" for reason, n in stats["rejections"].items()) or "none"
    print(f"{args.bank}: {result['status']}"
          + (f" v{result['version']:04d}" if result["version"] else "")
          + f", {result['rows']} puzzles from {stats['attempts']} attempts in "
          f"{stats['generate_seconds']:.1f} s (refused: {refused})")
    for line in short_lines(result["short"]):
        print(line)
    verification = result["verification"]
    if verification and verification["status"] != "passed":
        for problem in verification["problems"]:
            print(f"problem: {problem}")
    if result["status"] == PUBLISHED:
        version = "v{:04d}".format(result["version"])
        print(f"bank at {Path(args.root).resolve() / args.bank / version}")
        print(f"query it: puzzlebank query {args.bank} --root {args.root} --limit 10")
        return 0
    if result["short"] and not args.allow_short:
        print("nothing written: raise --budget, or pass --allow-short to publish a short bank",
              file=sys.stderr)
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
    """Re-verify a version (default LATEST) without changing it; 0 only when it passes."""
    from banks import BankStore

    store = BankStore(args.root)
    with bank_errors():
        version = args.version or store.latest(args.bank)
        if version is None:
            raise InputError(f"bank {args.bank!r} has no published version in {args.root}")
        store.manifest(args.bank, version)
    reach_dask(args.dask)
    report = run_flow(args, "verify_version", bank=args.bank, version=version,
                      root=str(Path(args.root).resolve()), workers=args.workers,
                      dask=args.dask)
    if report["status"] == "passed":
        print(f"{args.bank} v{version:04d}: passed, {report['rows']} rows re-verified "
              f"in {report['seconds']:.1f} s")
        return 0
    for problem in report["problems"]:
        print(problem)
    raise InputError(f"{args.bank} v{version:04d} fails verification: "
                     f"{report['problem_count']} problem(s), first: {report['problems'][0]}")


# -- reading banks -----------------------------------------------------------------------------


def cmd_query(args: argparse.Namespace) -> int:
    """Print the matching rows of a published version as a table, JSON or CSV."""
    from banks import scan, select

    with bank_errors():
        frame = select(scan(args.root, args.bank, args.version),
                       genre=args.genre, size=args.size, grade=args.grade)
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
    """Export a published version for front ends; print where it went."""
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
        lines = sys.stdin.read() if args.file == "-" else Path(args.file).read_text()
        texts.extend(line.strip() for line in lines.splitlines() if line.strip())
    if not texts:
        raise InputError("solve: give puzzle texts as arguments or with --file")
    return texts


def solve_genre(args: argparse.Namespace) -> Genre:
    """Return the genre `solve` works in: GENRE, or, when a puzz.link URL stands in its place,
    the genre of that URL (the URL then becomes the first of the texts)."""
    if not looks_like_url(args.genre):
        return get_genre(args.genre)
    args.texts.insert(0, args.genre)
    return genre_of_url(args.genre)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve, count and grade each puzzle; 2 when some text does not parse (the rest still go).

    A text that does not parse is a {"puzzle", "error"} object with --json (and one summary line
    on stderr at the end), else one "puzzlebank: TEXT: does not parse: ..." line on stderr.
    """
    from pipeline.solving import json_report, report_text, solve_report

    genre = solve_genre(args)
    texts = puzzle_texts(args)
    failed = 0
    for text in texts:
        report = json_report(genre, text) if args.json else solve_report(genre, text)
        failed += "error" in report
        if args.json:
            print(json.dumps(report), flush=True)
        elif "error" in report:
            print(f"puzzlebank: {report_text(genre, report)}", file=sys.stderr, flush=True)
        else:
            print(report_text(genre, report) + "\n", flush=True)
    if failed and args.json:
        raise InputError(f"{failed} of {len(texts)} puzzle texts do not parse")
    return 2 if failed else 0


def cmd_show(args: argparse.Namespace) -> int:
    """Draw a puzzle, with the given solution or (--solve) its unique one, as text or (--svg)
    as an SVG picture written to a file. GENRE TEXT draws a puzzle text; BANK ID (an id is 20
    hex digits) draws a bank row, and its --solve draws the row's own solution."""
    row = bank_row(args.genre, args.text, args.root, args.version) if is_row_id(args.text) else None
    genre = get_genre(row["genre"] if row else args.genre)
    puzzle = genre.parse(row["puzzle"]) if row else read_puzzle(genre, args.text)
    solution = None
    if args.solution:
        solution = genre.parse_solution(args.solution, puzzle)
    elif args.solve and row:
        solution = genre.parse_solution(row["solution"], puzzle)
    elif args.solve:
        found = genre.count(puzzle, limit=2)
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


def is_row_id(text: str) -> bool:
    """Return whether `text` is written like a bank row's id: 20 lowercase hex digits."""
    return len(text) == 20 and set(text) <= set("0123456789abcdef")


def bank_row(bank: str, row_id: str, root: str, version: int | None) -> dict[str, Any]:
    """Return the row `row_id` of a published bank version (LATEST when None)."""
    import polars as pl

    from banks import scan

    with bank_errors():
        rows = scan(root, bank, version).filter(pl.col("id") == row_id).collect().to_dicts()
    if not rows:
        raise InputError(f"bank {bank!r} has no puzzle {row_id}")
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


def cmd_ladder_report(args: argparse.Namespace) -> int:
    """Print the ladder report of a genre on sampled boards of one size."""
    from generators.ladder_report import measure

    get_genre(args.genre)
    width, height = parse_size(args.size)
    print(measure(args.genre, width, height, args.boards, args.seed).format())
    return 0
