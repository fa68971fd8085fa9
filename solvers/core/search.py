"""Counting by depth-first branching, the skeleton every ladder counter shares.

Vocabulary: a *state* is a genre's partial board; `expand(state)` propagates it and returns
(solution, children): (a solution, ()) for a complete valid board, (None, ()) for a dead end,
(None, children) for a branching, the children in the order to try. A *node* is a branching.
A randomised search (e.g. for a random solution) shuffles the children of each node it counts.
"""

import random
from collections.abc import Callable, Sequence
from typing import Any

from solvers.core.deadline import check
from solvers.core.results import Count


def count_by_branching(
    root: Any,
    expand: Callable[[Any], tuple[Any | None, Sequence[Any]]],
    limit: int,
    max_nodes: int | None = None,
    rng: random.Random | None = None,
) -> Count[Any]:
    """Return the solutions below `root` up to `limit`, depth first.

    The count is exact unless `truncated` (stopped at `limit` solutions or `max_nodes` nodes).
    With `rng`, each node's children are shuffled by it once the node is counted (a node past
    `max_nodes` draws nothing). OutOfTime when the solve's deadline passes (deadline.py): it is
    checked at every node.
    """
    found: list[Any] = []
    nodes = 0
    stack = [root]
    while stack:
        check()
        solution, children = expand(stack.pop())
        if solution is not None:
            found.append(solution)
            if len(found) >= limit:
                return Count(len(found), tuple(found), nodes, truncated=True)
        if not children:
            continue
        if max_nodes is not None and nodes >= max_nodes:
            return Count(len(found), tuple(found), nodes, truncated=True)
        nodes += 1
        if rng is not None:
            children = list(children)
            rng.shuffle(children)
        stack.extend(reversed(children))
    return Count(len(found), tuple(found), nodes, truncated=False)
