"""The ladder counter: propagate with a rule set, then branch on an open cell, depth first.

Vocabulary as in rules.py. A *node* is one branching: a fixpoint that left cells open.
"""

from solvers.core.results import Count
from solvers.slant.board import BACK, BOTH, FWD, SlantPuzzle, SlantSolution
from solvers.slant.rules import CONTRADICTION, Propagation, context, is_solution


def count_ladder(
    puzzle: SlantPuzzle, rules: frozenset[str], limit: int = 2, max_nodes: int | None = None
) -> Count:
    """Return the solutions of `puzzle` up to `limit`, found by propagating `rules` then branching.

    The count is exact unless `truncated` (stopped at `limit` solutions or `max_nodes` nodes).
    """
    solutions: list[SlantSolution] = []
    nodes = 0
    ctx = context(puzzle)
    stack = [Propagation(ctx, rules)]
    while stack:
        state = stack.pop()
        if state.run() == CONTRADICTION:
            continue
        if not state.open_cells:
            if not is_solution(ctx, state.dom):
                continue
            solutions.append(SlantSolution(puzzle.width, puzzle.height, tuple(state.dom)))
            if len(solutions) >= limit:
                return Count(len(solutions), tuple(solutions), nodes, truncated=True)
            continue
        if max_nodes is not None and nodes >= max_nodes:
            return Count(len(solutions), tuple(solutions), nodes, truncated=True)
        nodes += 1
        k = state.dom.index(BOTH)
        stack.append(state.trial(k, BACK))
        stack.append(state.trial(k, FWD))  # popped, so tried, first
    return Count(len(solutions), tuple(solutions), nodes, truncated=False)
