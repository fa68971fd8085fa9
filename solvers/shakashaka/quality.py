"""Shakashaka's quality floor: a real board has a triangle and is not mostly black.

Vocabulary: *black* is the count of black cells, *black_share* black over the cells, *numbers*
the numbers shown, *triangles* the triangles of the solution. The reference's boards (seed 000,
its table of black cells and numbers left) are 16% black: 6 of 36 at 6x6, 10 of 64 at 8x8, 16 of
100 at 10x10, with 1.7, 3.3 and 5.5 numbers left. The floor: at least one triangle (puzz.link's
checker refuses an answer with none: "there are no triangles on the board"; the rest of what it
checks, numbers and rectangles, is the rulebook's), black_share at most twice the reference's at
the size (at a size the reference does not measure, the nearest one by cells).
The grades `clues` and `parity` hold no real puzzle: a number counts the triangles beside it
whatever their direction, and the parity rule sees a cell's two triangles of one diagonal alike,
so neither ever decides a white cell's triangle; a board they solve has none
(tests/shakashaka/test_shakashaka_quality.py checks it on random boards).
"""

from solvers.core.quality import (
    Bound,
    Floor,
    Measures,
    Reference,
    less_one_clue,
    nearest_size,
)
from solvers.shakashaka.board import TRIANGLES, ShakaPuzzle, ShakaSolution

# The reference's table (seed 000): (width, height) -> (black cells, numbers left), means.
REFERENCE: dict[tuple[int, int], tuple[float, float]] = {
    (6, 6): (6.0, 1.7),
    (8, 8): (10.0, 3.3),
    (10, 10): (16.0, 5.5),
}
BLACK_SHARE_FACTOR = 2.0
LEAST_TRIANGLES = 1
NO_TRIANGLE = "the numbers and parity never decide a triangle"


def measure(puzzle: ShakaPuzzle, solution: ShakaSolution) -> Measures:
    """Return {"black", "black_share", "numbers", "triangles"} of a puzzle and its solution."""
    black = sum(puzzle.black)
    return {
        "black": black,
        "black_share": round(black / len(puzzle.black), 4),
        "numbers": sum(n is not None for n in puzzle.numbers),
        "triangles": sum(state in TRIANGLES for state in solution.cells),
    }


def reference(width: int, height: int) -> Reference:
    """Return the reference's {"black", "black_share", "numbers"} at the size nearest by cells,
    black and numbers scaled to this size's cells."""
    w, h = nearest_size(REFERENCE, width, height)
    black, numbers = REFERENCE[w, h]
    scale = width * height / (w * h)
    return {"black": round(black * scale, 1), "black_share": round(black / (w * h), 4),
            "numbers": round(numbers * scale, 1)}


def bounds(width: int, height: int) -> tuple[Bound, ...]:
    """Return the floor's bounds at a size: a triangle, and black_share at most twice the
    reference's."""
    w, h = nearest_size(REFERENCE, width, height)
    share = REFERENCE[w, h][0] / (w * h)
    return (
        Bound("triangles", least=LEAST_TRIANGLES,
              source="puzz.link: there are no triangles on the board"),
        Bound("black_share", most=round(BLACK_SHARE_FACTOR * share, 4),
              source=f"twice the reference's {w}x{h} share"),
    )


FLOOR: Floor[ShakaPuzzle, ShakaSolution] = Floor(
    measure=measure,
    bounds=bounds,
    reference=reference,
    unreachable={"clues": NO_TRIANGLE, "parity": NO_TRIANGLE},
    variants=less_one_clue("numbers"),
)
