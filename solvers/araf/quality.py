"""Araf's quality floor: puzz.link's conventions for an Araf answer, and no near-duplicates.

Vocabulary: *numbers* is the count of numbers shown, *number_share* numbers over the cells,
*rooms* the rooms of the solution. puzz.link's checker (pzprjs, araf) asks of an answer: every
cell in a room, each room holding exactly two numbers, its size strictly between them. All of it
is the rulebook's `check`, which admission runs on every row; puzz.link has no 0 (our texts have
none either), and the floor adds that the puzzle's URL reads back as the same puzzle
(solvers/core/quality.py). Araf's default banks pass it (pzprjs accepts 48 of 48 rows, issue 24),
so it bounds no measure.
"""

from solvers.araf.board import ArafPuzzle, ArafSolution
from solvers.core.quality import Floor, Measures, less_one_clue


def measure(puzzle: ArafPuzzle, solution: ArafSolution) -> Measures:
    """Return {"numbers", "number_share", "rooms"}."""
    numbers = sum(n is not None for n in puzzle.numbers)
    return {"numbers": numbers, "number_share": round(numbers / len(puzzle.numbers), 4),
            "rooms": len(set(solution.labels))}


FLOOR: Floor[ArafPuzzle, ArafSolution] = Floor(
    measure=measure, variants=less_one_clue("numbers"))
