"""The bank reading commands: `history`, `query`, `export`, `show` (a bank row, or a puzzle
text, drawn) and `gallery` (`verify` is in pipeline.commands.verify).

Vocabulary: a row's *id* is ID_DIGITS lowercase hex digits; an *id prefix* is its first
MIN_PREFIX or more. banks and polars are imported by the command that reads a bank.
"""

import argparse
import datetime
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pipeline.arguments import InputError, count_arg, days_arg, size_arg, whole_arg
from pipeline.commands.common import (
    DEFAULT_ROOT,
    Register,
    bank_errors,
    bank_options,
    check_grade,
    solving_budget_option,
    version_options,
)
from pipeline.commands.rendering import FORMATS, rows_text
from pipeline.solving import genre_of_url, read_puzzle
from solvers import GENRE_NAMES, get_genre
from solvers.core import Genre
from solvers.core.excerpt import excerpt
from solvers.core.puzzlink import looks_like_url

if TYPE_CHECKING:
    import polars as pl

ID_DIGITS = 20  # hex digits of a bank row's id
MIN_PREFIX = 6  # hex digits of an id prefix `show BANK PREFIX` takes


def add_history(command: Register) -> None:
    """Add `history`."""
    history = command("history", cmd_history,
                      "list a bank's versions (one per build) and the builds that failed")
    bank_options(history)


def add_query(command: Register) -> None:
    """Add `query`."""
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
    query.add_argument("--format", choices=FORMATS, default="table")


def add_export(command: Register) -> None:
    """Add `export`."""
    export = command("export", cmd_export, "export a bank as JSON and Parquet for front ends")
    bank_options(export)
    export.add_argument("--out", required=True,
                        help="folder to export into, or s3://BUCKET/PREFIX")
    export.add_argument("--public-url", metavar="URL",
                        help="put absolute URLs in the index: URL/BANK/FILE (where --out is "
                             "served, e.g. a CDN in front of the bucket)")
    version_options(export)
    export.add_argument("--days", type=days_arg, metavar="FROM..TO",
                        help="instead, the planned days FROM..TO (YYYY-MM-DD..YYYY-MM-DD): a day "
                             "file, a solutions file each, and the days index")


def add_show(command: Register) -> None:
    """Add `show`."""
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
    solving_budget_option(show)
    show.add_argument("--svg", metavar="FILE", help="write an SVG picture to FILE instead")
    show.add_argument("--root", default=DEFAULT_ROOT, help="folder of the banks (BANK ID)")
    version_options(show)


def add_gallery(command: Register) -> None:
    """Add `gallery`."""
    gallery = command("gallery", cmd_gallery,
                      "write a static HTML page of a bank's puzzles and solutions")
    bank_options(gallery)
    version_options(gallery)
    gallery.add_argument("--out", metavar="FILE", help="the page to write (default "
                         "./BANK-vNNNN.html, NNNN the version)")


def cmd_history(args: argparse.Namespace) -> int:
    """Print a bank's versions, one per committed build, then the builds that failed."""
    from pipeline.history import history_text

    with bank_errors():
        print(history_text(args.root, args.bank))
    return 0


def cmd_query(args: argparse.Namespace) -> int:
    """Print the matching rows of the bank (as of --version; of one --build) as a table, JSON or
    CSV."""
    from banks import scan, select

    if args.genre is not None:
        genre = get_genre(args.genre)
        if args.grade is not None:
            check_grade(genre, args.grade)
    with bank_errors():
        bank = scan(args.root, args.bank, args.version, args.build)
        if args.genre is None and args.grade is not None:
            check_bank_grade(args.bank, bank, args.grade)
        frame = select(bank, genre=args.genre, size=None if args.size is None else str(args.size),
                       grade=args.grade, min_score=args.min_score, max_score=args.max_score,
                       by_score=args.sort == "score")
        rows = (frame.head(args.limit) if args.limit else frame).collect()
    sys.stdout.write(rows_text(rows, args.format))
    return 0


def check_bank_grade(bank: str, frame: "pl.LazyFrame", grade: str) -> None:
    """Raise InputError when no genre the bank's rows hold has a grade named `grade` (a query
    for it could only print nothing), naming each genre's grades."""
    genres = sorted(frame.select("genre").unique().collect()["genre"].to_list())
    ladders = {name: get_genre(name).ladder for name in genres if name in GENRE_NAMES}
    if genres and all(grade not in ladder for ladder in ladders.values()):
        held = "; ".join(f"{name}: {', '.join(ladder)}" for name, ladder in ladders.items())
        raise InputError(f"bank {bank!r} has no genre with a grade {excerpt(grade)} "
                         f"(grades of its genres: {held})")


def cmd_export(args: argparse.Namespace) -> int:
    """Export the bank (as of --version), or (--days) its planned days with each day's play
    page beside its files, for front ends; print where it went."""
    from banks import export_json
    from banks.dayexport import export_days

    if args.days and args.version is not None:
        raise InputError("export: --days exports the calendar's days; --version does not apply")
    with bank_errors():
        folder = export_days(args.root, args.bank, args.out, args.days[0], args.days[-1],
                             public_url=args.public_url) if args.days \
            else export_json(args.root, args.bank, args.out, args.version, args.public_url)
        if args.days:
            write_play_pages(args.out, args.bank, args.days[0], args.days[-1])
    print(folder)
    return 0


def write_play_pages(out: str, bank: str, first: datetime.date, last: datetime.date) -> None:
    """Write the play page of every exported day beside its files (pipeline.play), in the
    export's folder or bucket."""
    from banks.dayexport import export_place
    from pipeline.play import day_pages

    place = export_place(out, bank)
    for name, text in day_pages(place.read, first, last):
        place.replace(name, text.encode())


def cmd_show(args: argparse.Namespace) -> int:
    """Draw a puzzle, with the given solution or (--solve) the one `solve` reports, as text or
    (--svg) as an SVG picture written to a file. GENRE TEXT draws a puzzle text, a puzz.link URL
    alone the URL's puzzle; BANK ID draws a bank row (ID: its 20 hex digits, or a prefix of at
    least MIN_PREFIX of them that no other row shares), and its --solve the row's own solution.
    A bank named like a genre: an id prefix is read as an id when --root holds that bank."""
    from pipeline.solving import drawn_count
    from solvers.core.deadline import within

    genre, puzzle, stored = shown_puzzle(args)
    solution = None
    if args.solution:
        solution = genre.parse_solution(args.solution, puzzle)
    elif args.solve and stored is not None:
        solution = genre.parse_solution(stored, puzzle)
    elif args.solve:
        with within(args.max_seconds):
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


def shown_puzzle(args: argparse.Namespace) -> tuple[Genre[Any, Any], Any, str | None]:
    """Return (genre, puzzle, the bank row's solution text or None) that `show` draws: from
    GENRE TEXT, a puzz.link URL alone, or BANK ID (see cmd_show)."""
    if args.text is None:
        if not looks_like_url(args.genre):
            raise InputError("show: give GENRE TEXT, BANK ID, or a puzz.link URL alone")
        genre = genre_of_url(args.genre)
        return genre, read_puzzle(genre, args.genre), None
    if args.genre in GENRE_NAMES and not is_row_id(args.text) and not (
            is_id_prefix(args.text) and bank_exists(args.root, args.genre)):
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


def bank_exists(root: str, name: str) -> bool:
    """Return whether the root holds a bank called `name` (with at least one version)."""
    from banks import BankError, BankStore

    try:
        return BankStore(root).latest(name) is not None
    except BankError:
        return False


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
