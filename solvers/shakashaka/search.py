"""Depth-first search on top of propagation: branch on the smallest open domain.

Vocabulary as in propagation.py. A *node* is one branching: a fixpoint that left cells open.
A *judge* decides whether a complete fixpoint is a solution (None: every complete fixpoint is,
which holds when the active propagators are exactly the rules being counted).
"""

import random
from collections.abc import Callable
from dataclasses import dataclass

from solvers.shakashaka.propagation import CONTRADICTION, Propagation


@dataclass(frozen=True)
class Found:
    """What a search found: complete domain lists, the nodes spent, and whether it stopped early
    (at `limit` solutions or at its node budget)."""

    solutions: tuple[tuple[int, ...], ...]
    nodes: int
    truncated: bool


def search(
    root: Propagation,
    limit: int,
    max_nodes: int | None = None,
    judge: Callable[[list[int]], bool] | None = None,
    rng: random.Random | None = None,
) -> Found:
    """Return the solutions below `root` up to `limit`, trying states in order (shuffled by
    `rng` when given)."""
    solutions: list[tuple[int, ...]] = []
    nodes = 0
    stack = [root]
    while stack:
        state = stack.pop()
        if state.run() == CONTRADICTION:
            continue
        k = state.open_cell()
        if k < 0:
            if judge is None or judge(state.dom):
                solutions.append(tuple(state.dom))
                if len(solutions) >= limit:
                    return Found(tuple(solutions), nodes, truncated=True)
            continue
        if max_nodes is not None and nodes >= max_nodes:
            return Found(tuple(solutions), nodes, truncated=True)
        nodes += 1
        states = [s for s in range(5) if state.dom[k] >> s & 1]
        if rng is not None:
            rng.shuffle(states)
        stack.extend(state.trial(k, s) for s in reversed(states))  # the first is popped first
    return Found(tuple(solutions), nodes, truncated=False)
