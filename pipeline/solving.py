"""Solving one puzzle text for `puzzlebank solve`: its solution, both counts and its grade.

A *report* is the dict `solve --json` prints: {"genre", "puzzle" (canonical text), "counts":
{"ladder": n, "cpsat": n}, "solution" (canonical text or None), "grade" (name or None),
"grade_level" (int or None), "steps"}, counts capped at COUNT_CAP (= that many or more); a text
that does not parse gives {"puzzle", "error"} instead. The second count is by the genre's
independent engine and carries its name ("cpsat" for the genres that have one).
"""

from typing import Any

from solvers.core import GRADED, Genre, PuzzleFormatError

COUNT_CAP = 2


def solve_report(genre: Genre, text: str) -> dict[str, Any]:
    """Return the report of one puzzle text (see the module comment).

    The solution is given only when both counters find exactly one; steps are the grade's rule
    applications (0 when no ladder level solves the puzzle).
    """
    try:
        puzzle = genre.parse(text)
    except PuzzleFormatError as error:
        return {"puzzle": text, "error": str(error)}
    ladder = genre.count(puzzle, limit=COUNT_CAP, engine="ladder")
    independent = genre.count(puzzle, limit=COUNT_CAP, engine=genre.independent)
    grade = genre.grade(puzzle)
    unique = ladder.count == 1 and independent.count == 1
    graded = grade.status == GRADED
    return {
        "genre": genre.name,
        "puzzle": genre.format(puzzle),
        "counts": {"ladder": min(ladder.count, COUNT_CAP),
                   genre.independent: min(independent.count, COUNT_CAP)},
        "solution": genre.format_solution(ladder.solutions[0]) if unique else None,
        "grade": grade.name if graded else None,
        "grade_level": grade.level if graded else None,
        "steps": grade.steps,
    }


def json_report(genre: Genre, text: str) -> dict[str, Any]:
    """Return what `solve --json` prints for one text: the genre's own view where it has one
    (a genre whose answer is not a count, like Color Sort's solvability), else `solve_report`."""
    if genre.solve_view is not None:
        return genre.solve_view(text)
    return solve_report(genre, text)


def report_text(genre: Genre, report: dict[str, Any]) -> str:
    """Return a report as lines for the terminal: the counts, the grade and a drawing."""
    if "error" in report:
        return f"{report['puzzle']}: does not parse: {report['error']}"
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
