"""Depth-first search on top of propagation: branch on the smallest open domain.

Vocabulary as in propagation.py. A *node* is one branching: a fixpoint that left cells open.
A *judge* decides whether a complete fixpoint is a solution (None: every complete fixpoint is,
which holds when the active propagators are exactly the rules being counted). The depth-first
skeleton is solvers.core.search.
"""

import random
from collections.abc import Callable

from solvers.core.results import CONTRADICTION, Count
from solvers.core.search import count_by_branching
from solvers.shakashaka.propagation import Propagation


def search(
    root: Propagation,
    limit: int,
    max_nodes: int | None = None,
    judge: Callable[[list[int]], bool] | None = None,
    rng: random.Random | None = None,
) -> Count:
    """Return the solutions below `root` up to `limit`: a Count whose solutions are the complete
    domain lists (as tuples), cell states tried in order (shuffled by `rng` when given)."""

    def expand(state: Propagation) -> tuple[tuple[int, ...] | None, list[Propagation]]:
        if state.run() == CONTRADICTION:
            return None, []
        k = state.open_cell()
        if k < 0:
            if judge is None or judge(state.dom):
                return tuple(state.dom), []
            return None, []
        return None, [state.trial(k, s) for s in range(5) if state.dom[k] >> s & 1]

    return count_by_branching(root, expand, limit, max_nodes, rng)
