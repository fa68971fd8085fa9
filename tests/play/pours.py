"""Color Sort pours in Python, for checking what the play page shows: the tubes after some pours,
the pours legal from a deal, and whether the optimal solver can still sort a deal after some."""

from solvers import get_genre
from solvers.colorsort.counters import optimal_result
from solvers.colorsort.optimal import SOLVABLE

Pour = tuple[int, int]


def tubes_after(puzzle: str, moves: list[Pour]) -> list[str]:
    """Return the tubes of a Color Sort puzzle text after the pours (the rules, in Python)."""
    capacity, body = puzzle.split(":")
    tubes = body.split(",")
    for i, j in moves:
        top = tubes[i][-1]
        while tubes[i] and tubes[i][-1] == top and len(tubes[j]) < int(capacity):
            tubes[j] += top
            tubes[i] = tubes[i][:-1]
    return tubes


def legal_pours(puzzle: str) -> list[Pour]:
    """Return the pours (from, into) the rules allow on the deal of a puzzle text."""
    capacity, body = puzzle.split(":")
    start = body.split(",")
    return [(i, j) for i, a in enumerate(start) for j, b in enumerate(start)
            if i != j and a and len(b) < int(capacity) and (not b or b[-1] == a[-1])]


def sortable_after(puzzle: str, moves: list[Pour]) -> bool:
    """Return True when the optimal solver can still sort the deal after the pours."""
    capacity = puzzle.split(":")[0]
    after = get_genre("colorsort").parse(f"{capacity}:" + ",".join(tubes_after(puzzle, moves)))
    return optimal_result(after).status == SOLVABLE


def spoiling_pours(puzzle: str) -> list[Pour]:
    """Return the pours from the deal after which it can no longer be sorted."""
    return [move for move in legal_pours(puzzle) if not sortable_after(puzzle, [move])]
