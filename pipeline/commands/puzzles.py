"""The puzzle commands, which read no bank: `solve` (count, grade and solve puzzle texts),
`daily` (a genre's set of the day), `hint` (the next deduction from a state)
and `ladder-report`; `grades` and `bench` are in capacity.py.
"""

import argparse
import json
import sys
from typing import Any

from pipeline.arguments import InputError, count_arg, date_arg, seed_arg, size_arg
from pipeline.commands.common import Register, check_size, solving_budget_option
from pipeline.solving import genre_of_url
from solvers import get_genre
from solvers.core import Genre
from solvers.core.excerpt import excerpt
from solvers.core.puzzlink import looks_like_url

MAX_FILE = 64 * 2**20  # bytes `solve --file` reads


def add_solve(command: Register) -> None:
    """Add `solve`."""
    solve = command("solve", cmd_solve, "solve, count and grade puzzle texts")
    solve.add_argument("genre", metavar="GENRE", help="a genre, or a puzz.link URL (its genre)")
    solve.add_argument("texts", metavar="TEXT", nargs="*", help="puzzle texts or puzz.link URLs")
    solve.add_argument("--file", help="one puzzle per line ('-' for stdin)")
    solve.add_argument("--json", action="store_true", help="one JSON object per line")
    solving_budget_option(solve)


def add_daily(command: Register) -> None:
    """Add `daily`."""
    day = command("daily", cmd_daily, "print a genre's set of the day, for a genre that has one")
    day.add_argument("genre", metavar="GENRE")
    day.add_argument("date", metavar="DATE", type=date_arg, help="YYYY-MM-DD")


def add_hint(command: Register) -> None:
    """Add `hint`."""
    hint = command("hint", cmd_hint, "the next deduction from a partial state, with its reason")
    hint.add_argument("genre", metavar="GENRE")
    hint.add_argument("text", metavar="TEXT", help="a puzzle text or puzz.link URL")
    hint.add_argument("--state", metavar="PARTIAL", help="the solution text with '?' for open "
                      "cells (Araf: room labels or '?'; Color Sort: the pours played so far)")
    hint.add_argument("--json", action="store_true", help="print one JSON object")
    solving_budget_option(hint)


def add_ladder_report(command: Register) -> None:
    """Add `ladder-report`."""
    report = command("ladder-report", cmd_ladder_report,
                     "print the incremental and ablation tables of a genre's ladder")
    report.add_argument("genre", metavar="GENRE")
    report.add_argument("--size", type=size_arg, required=True)
    report.add_argument("--boards", type=count_arg, required=True)
    report.add_argument("--seed", type=seed_arg, default=0)


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


def solve_genre(args: argparse.Namespace) -> Genre[Any, Any]:
    """Return the genre `solve` works in: GENRE, or, when a puzz.link URL stands in its place,
    the genre of that URL (the URL then becomes the first of the texts)."""
    if not looks_like_url(args.genre):
        return get_genre(args.genre)
    args.texts.insert(0, args.genre)
    return genre_of_url(args.genre)


def cmd_solve(args: argparse.Namespace) -> int:
    """Solve, count and grade each puzzle, each within --max-seconds; 2 when some text does not
    parse or is not decided in time (the rest still go).

    A text that does not parse is a {"puzzle", "error"} object with --json, else a
    "TEXT: does not parse: ..." line, one not decided in time an object with "max_seconds" too,
    else a "TEXT: no answer within N s: ..." line, in its place on stdout when there are
    several texts; the one line on stderr is that line for a lone text, else how many failed
    and the first.
    """
    from pipeline.solving import json_report, report_text, solve_report

    genre = solve_genre(args)
    texts = puzzle_texts(args)
    failures = []
    for text in texts:
        report = (json_report if args.json else solve_report)(genre, text, args.max_seconds)
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
        raise InputError(f"{len(failures)} of {len(texts)} puzzle texts do not parse or are "
                         f"not decided in time; the first: {failures[0]}")
    return 0


def cmd_daily(args: argparse.Namespace) -> int:
    """Print the set of the day of a genre that publishes one."""
    from generators import get_generator

    daily = get_generator(args.genre).daily
    if daily is None:
        raise InputError(f"genre {args.genre!r} has no set of the day")
    print(daily(args.date))
    return 0


def cmd_hint(args: argparse.Namespace) -> int:
    """Print the next step from a state (pipeline/hinting.py); 2 when the state is wrong or the
    engines find no hint within --max-seconds."""
    from pipeline.hinting import hint_object, hint_text
    from solvers.core.deadline import within

    with within(args.max_seconds):
        hint = hint_object(args.genre, args.text, args.state)
    print(json.dumps(hint) if args.json else hint_text(hint))
    return 0


def cmd_ladder_report(args: argparse.Namespace) -> int:
    """Print the ladder report of a genre on sampled boards of one size."""
    from generators.ladder_report import measure

    check_size(get_genre(args.genre), args.size)
    try:
        report = measure(args.genre, args.size.width, args.size.height, args.boards, args.seed)
    except ValueError as error:  # the generator draws no board of that size
        raise InputError(f"ladder-report: {error}") from None
    print(report.format())
    return 0
