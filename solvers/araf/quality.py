"""Araf's quality floor: puzz.link's conventions for an Araf answer, and no near-duplicates.

Vocabulary: *numbers* is the count of numbers shown, *number_share* numbers over the cells,
*rooms* the rooms of the solution. puzz.link's checker (pzprjs, araf) asks of an answer: every
cell in a room, each room holding exactly two numbers, its size strictly between them. All of it
is the rulebook's `check`, which admission runs on every row; puzz.link has no 0 (our texts have
none either), and the floor adds that the puzzle's URL reads back as the same puzzle
(solvers/core/quality.py). Araf's default banks pass it (pzprjs accepts 48 of 48 rows, issue 24),
so it bounds no measure. The reference's numbers, for the report: its pair-screen table (seed 001)
counts the pairs of numbers on its boards, 236.5 at 6x6 and 692.0 at 8x8 (means over 36 boards;
the screens' columns add up to them). Every two numbers of a board are a pair, so a board of n
numbers has n(n-1)/2: about 22.3 numbers (11.1 rooms, two numbers a room) at 6x6 and 37.7 (18.9
rooms) at 8x8, at most (the mean of n(n-1)/2 is at least that of the mean n); its 1,074 shipped
rooms over the 72 boards, 14.9 a board, agree.
"""

import math
from typing import TYPE_CHECKING

from solvers.araf.board import ArafPuzzle, ArafSolution, variant_images
from solvers.core.quality import Floor, Measures, Reference, less_one_clue, nearest_size

if TYPE_CHECKING:
    from solvers.core.genre import Genre

# The reference's table (seed 001): (width, height) -> pairs of numbers a board, mean.
PAIRS: dict[tuple[int, int], float] = {(6, 6): 236.5, (8, 8): 692.0}


def measure(puzzle: ArafPuzzle, solution: ArafSolution) -> Measures:
    """Return {"numbers", "number_share", "rooms"}."""
    numbers = sum(n is not None for n in puzzle.numbers)
    return {"numbers": numbers, "number_share": round(numbers / len(puzzle.numbers), 4),
            "rooms": len(set(solution.labels))}


def numbers_of_pairs(pairs: float) -> float:
    """Return the n whose pairs n(n-1)/2 are `pairs`."""
    return (1 + math.sqrt(1 + 8 * pairs)) / 2


def reference(width: int, height: int) -> Reference:
    """Return the reference's {"numbers", "number_share", "rooms"} at the size nearest by cells
    (see the module), numbers and rooms scaled to this size's cells."""
    w, h = nearest_size(PAIRS, width, height)
    numbers = numbers_of_pairs(PAIRS[w, h])
    scale = width * height / (w * h)
    return {"numbers": round(numbers * scale, 1), "number_share": round(numbers / (w * h), 4),
            "rooms": round(numbers / 2 * scale, 1)}


def variant_ids(genre: "Genre[ArafPuzzle, ArafSolution]", puzzle: ArafPuzzle) -> list[str]:
    """Return the ids of the puzzle less each number, from its own image texts
    (board.variant_images): the ids genre.puzzle_id gives the `less_one_clue` variants."""
    return [genre.id_of_images(texts) for texts in variant_images(puzzle)]


FLOOR: Floor[ArafPuzzle, ArafSolution] = Floor(
    measure=measure, reference=reference, variants=less_one_clue("numbers"),
    variant_ids=variant_ids)
