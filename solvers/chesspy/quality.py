"""Chesspy's quality floor: the reference's stage table, by size, and one picture per bank.

Vocabulary: *pieces* is the inventory's count, *numbers* the numbers shown, *steps* the rule
applications of one run of the whole ladder (the grade's steps). The reference's stage table
(seed 003) gives per size the pieces and steps of its boards; the floor asks at least its fewest
pieces and steps within its range at that size (the union of the size's rows: 5x5 covers the
knight rows, 6x6 both its rows). A size the table does not cover has no bound. Two boards whose
solutions are the same picture turned or mirrored are the same puzzle to a player whatever their
numbers, so a bank holds a solution once up to the board's symmetries (the floor's likeness).
"""

from solvers.chesspy.board import ChesspyPuzzle, ChesspySolution, format_solution
from solvers.chesspy.rules import LADDER, trace_with
from solvers.core.grid import image_texts
from solvers.core.quality import Bound, Floor, Measures, Reference, less_one_clue

# The reference's stage table (seed 003) by size: (width, height) -> (fewest pieces, most
# pieces, fewest steps, most steps), the union of the size's rows.
STAGES: dict[tuple[int, int], tuple[int, int, int, int]] = {
    (3, 3): (1, 2, 1, 8),
    (4, 4): (2, 2, 2, 10),
    (5, 5): (2, 3, 4, 14),
    (6, 6): (3, 5, 6, 18),
    (7, 7): (5, 6, 18, 30),
}
SOURCE = "the reference's stage table"


def measure(puzzle: ChesspyPuzzle, solution: ChesspySolution) -> Measures:
    """Return {"pieces", "numbers", "steps"}: steps of one run of the whole ladder."""
    run = trace_with(puzzle, frozenset(LADDER), keep_steps=False)
    return {"pieces": puzzle.pieces, "numbers": sum(n is not None for n in puzzle.numbers),
            "steps": run.deduction.steps}


def reference(width: int, height: int) -> Reference:
    """Return the stage table's ranges at the size, {"pieces": "5-6", "steps": "18-30"}; {}
    where it has no row."""
    row = STAGES.get((width, height))
    if row is None:
        return {}
    return {"pieces": f"{row[0]}-{row[1]}", "steps": f"{row[2]}-{row[3]}"}


def bounds(width: int, height: int) -> tuple[Bound, ...]:
    """Return the floor's bounds at a size: at least the table's fewest pieces, steps within
    its range; none at a size the table does not cover."""
    row = STAGES.get((width, height))
    if row is None:
        return ()
    least_pieces, _, least_steps, most_steps = row
    where = f"{SOURCE} at {width}x{height}"
    return (Bound("pieces", least=least_pieces, source=where),
            Bound("steps", least=least_steps, most=most_steps, source=where))


def likeness(puzzle: ChesspyPuzzle, solution: ChesspySolution) -> str:
    """Return the least text of the solution's 8 rotations and reflections."""
    return min(image_texts(format_solution(solution)))


FLOOR: Floor[ChesspyPuzzle, ChesspySolution] = Floor(
    measure=measure,
    bounds=bounds,
    reference=reference,
    variants=less_one_clue("numbers"),
    likeness=likeness,
)
