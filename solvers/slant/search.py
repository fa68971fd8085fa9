"""The ladder counter: propagate with a rule set, then branch on the first open cell.

Vocabulary as in rules.py; the depth-first skeleton is solvers.core.search.
"""

from solvers.core.results import Count
from solvers.core.search import count_by_branching
from solvers.slant.board import BACK, BOTH, FWD, SlantPuzzle, SlantSolution
from solvers.slant.rules import CONTRADICTION, Propagation, context, is_solution


def count_ladder(
    puzzle: SlantPuzzle, rules: frozenset[str], limit: int = 2, max_nodes: int | None = None
) -> Count:
    """Return the solutions of `puzzle` up to `limit`, found by propagating `rules` then branching.

    The count is exact unless `truncated` (stopped at `limit` solutions or `max_nodes` nodes).
    """
    ctx = context(puzzle)

    def expand(state: Propagation):
        if state.run() == CONTRADICTION:
            return None, ()
        if state.open_cells:
            k = state.dom.index(BOTH)
            return None, (state.trial(k, FWD), state.trial(k, BACK))
        if is_solution(ctx, state.dom):
            return SlantSolution(puzzle.width, puzzle.height, tuple(state.dom)), ()
        return None, ()

    return count_by_branching(Propagation(ctx, rules), expand, limit, max_nodes)
