"""Solving one puzzle text for `puzzlebank solve`: its solution, both counts and its grade.

A *report* is the dict `solve --json` prints: {"genre", "puzzle" (canonical text), "counts":
{"ladder": n, "cpsat": n}, "solution" (canonical text or None), "grade" (name or None),
"grade_level" (int or None), "steps"}, counts capped at COUNT_CAP (= that many or more); a text
that does not parse gives {"puzzle" (clipped to 80 characters), "error"} instead. The solution
is the independent engine's when both find one (the same one for a unique puzzle; for Color
Sort the optimal solver's shortest pours), the one `show --solve` draws. The second count is by
the genre's independent engine and carries its name ("cpsat" for most genres, "fill" for Slant). A
text may also be a puzz.link URL of the genre (see read_puzzle).

Each text's counting, solving and grading runs within `max_seconds` (solvers/core/deadline.py;
the commands' default is DEFAULT_MAX_SECONDS of pipeline/commands/common.py): a text the engines
cannot decide in that time gives {"genre", "puzzle" (canonical), "error" (the "no answer within
N s: ..." line), "max_seconds"} instead of its report.
"""

from collections.abc import Callable
from typing import Any

from solvers import GENRE_NAMES, get_genre
from solvers.core import GRADED, Count, Genre, PuzzleFormatError
from solvers.core.counting import Solvable
from solvers.core.deadline import OutOfTime, within
from solvers.core.excerpt import clip, excerpt
from solvers.core.puzzlink import looks_like_url, split_url

COUNT_CAP = 2


def read_puzzle(genre: Genre[Any, Any], text: str) -> Any:
    """Return the puzzle of a canonical text, or of a puzz.link URL (PuzzleFormatError when the
    genre has no puzz.link form, the URL is another genre's, or either does not parse)."""
    return genre.from_puzzlink(text) if looks_like_url(text) else genre.parse(text)


def genre_of_url(url: str) -> Genre[Any, Any]:
    """Return the genre whose puzz.link pid the URL names; PuzzleFormatError when none has it."""
    pid = split_url(url).pid
    codecs = {genre.puzzlink.pid: genre for genre in map(get_genre, GENRE_NAMES)
              if genre.puzzlink is not None}
    if pid not in codecs:
        raise PuzzleFormatError(f"no genre here reads puzz.link {pid!r} puzzles "
                                f"(it reads {', '.join(sorted(codecs))})")
    return codecs[pid]


def solve_report(genre: Genre[Any, Any], text: str,
                 max_seconds: int | None = None) -> dict[str, Any]:
    """Return the report of one puzzle text, decided within `max_seconds` (None: no limit; see
    the module comment).

    The solution is given only when both counters find exactly one; steps are the grade's rule
    applications (0 when no ladder level solves the puzzle).
    """
    return decided(genre, text, max_seconds, counted)


def json_report(genre: Genre[Any, Any], text: str,
                max_seconds: int | None = None) -> dict[str, Any]:
    """Return what `solve --json` prints for one text, decided within `max_seconds`: for a genre
    that counts only whether a puzzle can be solved (Color Sort), {"genre", "puzzle",
    "solvable", "optimal", "solution", "grade"} (see solvers/core/counting.py: Solvability),
    else `solve_report`; the same reports for a text that does not parse or is not decided in
    time."""
    if isinstance(genre.counting, Solvable) and not looks_like_url(text):
        return decided(genre, text, max_seconds, solvability)
    return solve_report(genre, text, max_seconds)


def decided(genre: Genre[Any, Any], text: str, max_seconds: int | None,
            measure: Callable[[Genre[Any, Any], Any], dict[str, Any]]) -> dict[str, Any]:
    """Return {"genre", "puzzle" (canonical)} and what `measure` says of the text's puzzle
    within `max_seconds`; {"puzzle" (clipped), "error"} for a text that does not parse, the
    out-of-time report (see the module) for one not decided in time."""
    try:
        puzzle = read_puzzle(genre, text)
    except PuzzleFormatError as error:
        return {"puzzle": clip(text), "error": str(error)}
    try:
        with within(max_seconds):
            measured = measure(genre, puzzle)
    except OutOfTime as error:
        return {"genre": genre.name, "puzzle": genre.format(puzzle), "error": str(error),
                "max_seconds": error.seconds}
    return {"genre": genre.name, "puzzle": genre.format(puzzle)} | measured


def counted(genre: Genre[Any, Any], puzzle: Any) -> dict[str, Any]:
    """Return a puzzle's counts, solution, grade and steps (see solve_report)."""
    ladder = genre.count(puzzle, limit=COUNT_CAP, engine="ladder")
    independent = genre.count(puzzle, limit=COUNT_CAP, engine=genre.independent)
    grade = genre.grade(puzzle)
    unique = ladder.count == 1 and independent.count == 1
    graded = grade.status == GRADED
    return {
        "counts": {"ladder": min(ladder.count, COUNT_CAP),
                   genre.independent: min(independent.count, COUNT_CAP)},
        "solution": genre.format_solution(independent.solutions[0]) if unique else None,
        "grade": grade.name if graded else None,
        "grade_level": grade.level if graded else None,
        "steps": grade.steps,
    }


def solvability(genre: Genre[Any, Any], puzzle: Any) -> dict[str, Any]:
    """Return whether a puzzle of a Solvable genre can be solved, optimally, a solution and
    the grade's name (see json_report)."""
    assert isinstance(genre.counting, Solvable)
    said = genre.counting.solvability(puzzle)
    graded = genre.grade(puzzle)
    return {
        "solvable": said.solvable,
        "optimal": said.optimal,
        "solution": None if said.solution is None else genre.format_solution(said.solution),
        "grade": graded.name if graded.status == GRADED else None,
    }


def drawn_count(genre: Genre[Any, Any], puzzle: Any) -> Count[Any]:
    """Return the count whose one solution `show --solve` draws, the solution `solve` reports:
    the independent engine's, unless it finds none and the ladder finds one (Color Sort: the
    optimal solver's shortest pours, else, where it gave up, the DFS's)."""
    found = genre.count(puzzle, limit=COUNT_CAP, engine=genre.independent)
    if found.count == 0:
        ladder = genre.count(puzzle, limit=COUNT_CAP, engine="ladder")
        if ladder.count == 1:
            return ladder
    return found


def report_text(genre: Genre[Any, Any], report: dict[str, Any]) -> str:
    """Return a report as lines for the terminal: the counts, the grade and a drawing (one
    line for a text that does not parse or was not decided in time)."""
    if "max_seconds" in report:
        return f"{excerpt(report['puzzle'])}: {report['error']}"
    if "error" in report:
        return f"{excerpt(report['puzzle'])}: does not parse: {report['error']}"
    counts = ", ".join(f"{engine} {n}+" if n >= COUNT_CAP else f"{engine} {n}"
                       for engine, n in report["counts"].items())
    grade = (f"{report['grade']} (level {report['grade_level']}, {report['steps']} steps)"
             if report["grade"] else "none (no grade)")
    puzzle = genre.parse(report["puzzle"])
    solution = report["solution"] and genre.parse_solution(report["solution"], puzzle)
    return "\n".join([
        f"puzzle    {report['puzzle']}",
        f"counts    {counts}",
        f"grade     {grade}",
        f"solution  {report['solution'] or 'none (not exactly one)'}",
        genre.draw(puzzle, solution or None),
    ])
