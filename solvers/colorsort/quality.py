"""Color Sort's quality floor: no tube is finished at the deal.

Vocabulary: a tube is *finished* when it is full of one colour, as a solved position leaves it;
*finished* counts them in the deal, *tubes* and *empty* count the tubes and the empty ones. A
finished tube at the deal is a colour the player never sorts (the reference's deal, seed 004,
can make one by chance), so the floor asks none. How hard a deal is, is its grade's business
(grades.py); the floor bounds only what the deal shows.
"""

from solvers.colorsort.board import ColorSortPuzzle, ColorSortSolution
from solvers.core.quality import Bound, Floor, Measures


def finished(puzzle: ColorSortPuzzle) -> int:
    """Return how many tubes of the deal are full of one colour."""
    return sum(len(tube) == puzzle.capacity and len(set(tube)) == 1 for tube in puzzle.tubes)


def measure(puzzle: ColorSortPuzzle, solution: ColorSortSolution) -> Measures:
    """Return {"finished", "tubes", "empty", "pours"}: pours of the stored solution."""
    return {"finished": finished(puzzle), "tubes": len(puzzle.tubes),
            "empty": sum(not tube for tube in puzzle.tubes), "pours": len(solution.moves)}


def bounds(width: int, height: int) -> tuple[Bound, ...]:
    """Return the floor's one bound, the same at every size: no finished tube."""
    return (Bound("finished", most=0, source="a tube finished at the deal is never sorted"),)


FLOOR: Floor[ColorSortPuzzle, ColorSortSolution] = Floor(measure=measure, bounds=bounds)
