"""The engine the bank admits Slant puzzles with beside the ladder ("fill"): the brute-force
filling search (brute.py, compiled) on small boards, CP-SAT (cpsat.py) on the rest.

Both are written from the rulebook and share nothing with the ladder (rules.py, _kernel.c), so
the gate keeps two independent counts. On a board of at most SMALL_CELLS cells the compiled
filling search decides a generated puzzle in 0.1 ms at 7x7 and about 1 ms at 10x10, against
CP-SAT's 2 and 6-8 ms; it grows far faster than CP-SAT with the board (a 15x15 puzzle can take
millions of placements), so past SMALL_CELLS, or when it has not decided within NODE_BUDGET
placements (a few ms), CP-SAT counts. Without the compiled search, CP-SAT counts everything.
"""

from solvers.core.results import Count
from solvers.slant import brute
from solvers.slant.board import SlantPuzzle, SlantSolution
from solvers.slant.cpsat import count_cpsat

SMALL_CELLS = 144  # 12x12
NODE_BUDGET = 250_000  # about 6 ms of the compiled search, CP-SAT's time at 12x12


def count_fill(puzzle: SlantPuzzle, limit: int = 2) -> Count[SlantSolution]:
    """Return the solutions up to `limit` (see Count): the filling search's count when it
    decides the board within NODE_BUDGET placements, else CP-SAT's; `nodes` is the engine's."""
    if brute.compiled is not None and puzzle.width * puzzle.height <= SMALL_CELLS:
        found = brute.count_brute(puzzle, limit, NODE_BUDGET)
        if not found.truncated or found.count >= limit:
            return found
    return count_cpsat(puzzle, limit)
