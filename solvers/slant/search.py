"""The ladder counter: propagate with a rule set, then branch on an open cell, depth first.

Vocabulary as in rules.py. A *node* is one branching: a fixpoint that left cells open.
"""

from solvers.core.results import Count
from solvers.slant.board import BACK, BOTH, FWD, SlantPuzzle, SlantSolution
from solvers.slant.rules import CONTRADICTION, context, fixpoint, rule_table


def count_ladder(
    puzzle: SlantPuzzle, rules: frozenset[str], limit: int = 2, max_nodes: int | None = None
) -> Count:
    """Return the solutions of `puzzle` up to `limit`, found by propagating `rules` then branching.

    The count is exact unless `truncated` (stopped at `limit` solutions or `max_nodes` nodes).
    """
    ctx = context(puzzle)
    table = rule_table(rules)
    solutions: list[SlantSolution] = []
    nodes = 0
    stack = [[BOTH] * (puzzle.width * puzzle.height)]
    while stack:
        dom = stack.pop()
        if fixpoint(ctx, dom, table, {}) == CONTRADICTION:
            continue
        if BOTH not in dom:
            solutions.append(SlantSolution(puzzle.width, puzzle.height, tuple(dom)))
            if len(solutions) >= limit:
                return Count(len(solutions), tuple(solutions), nodes, truncated=True)
            continue
        if max_nodes is not None and nodes >= max_nodes:
            return Count(len(solutions), tuple(solutions), nodes, truncated=True)
        nodes += 1
        k = dom.index(BOTH)
        for d in (BACK, FWD):  # FWD is popped, so tried, first
            branch = dom.copy()
            branch[k] = d
            stack.append(branch)
    return Count(len(solutions), tuple(solutions), nodes, truncated=False)
