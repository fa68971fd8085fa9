"""The reference's JS engine, ported so that the same arguments give the same results bit for bit.

Vocabulary (the reference's): `tubes` is a list of tubes, each a list of colour numbers from the
bottom up (the last item is the top); `capacity` the units a tube holds; a *pour* (i, j) moves
the top run of tube i onto tube j, as much of it as fits; a *node* one entry of the DFS.
`deal_tubes`, `pour_info`, `apply_pour`, `is_solved`, `canon` and `solve` are the reference's
functions of the same names (camelCase there). The DFS is iterative here (Python's recursion
limit is below the reference's node limit) but makes the same moves, in the same order, with the
same visited set and the same node count.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solvers.colorsort.jsrandom import shuffle
from solvers.core.deadline import check

Tubes = list[list[int]]
Move = tuple[int, int]
DEFAULT_NODE_LIMIT = 20000


@dataclass(frozen=True)
class PourInfo:
    """How many units a pour moves, and their colour."""

    amount: int
    color: int


@dataclass(frozen=True)
class DfsResult:
    """What the reference's `solve` returns: `solved`, the `moves` found ([] unless solved), the
    `nodes` entered, and `truncated` (the node limit stopped it; not a proof of no solution)."""

    solved: bool
    moves: tuple[Move, ...]
    nodes: int
    truncated: bool

    def as_json(self) -> dict:
        """Return the result as the reference's JS object: moves as [i, j] lists."""
        return {"solved": self.solved, "moves": [list(m) for m in self.moves],
                "nodes": self.nodes, "truncated": self.truncated}


def deal_tubes(num_colors: int, capacity: int, random: Callable[[], float],
               duplicate_colors: int = 0, empty_tubes: int = 2) -> Tubes:
    """Return the reference's deal: colours 0..num_colors-1 (the first `duplicate_colors` twice) as
    `capacity` units each, shuffled, cut into full tubes, then `empty_tubes` empty ones.

    ValueError when `duplicate_colors` exceeds `num_colors` (JS would then deal no colour at all).
    """
    if duplicate_colors > num_colors:
        raise ValueError(f"{duplicate_colors} duplicate colours but only {num_colors} colours")
    multiplicities = [1] * num_colors
    for d in range(duplicate_colors):
        multiplicities[d] += 1
    units = [c for c in range(num_colors)
             for _ in range(multiplicities[c]) for _ in range(capacity)]
    shuffle(units, random)
    filled = sum(multiplicities)
    tubes = [units[t * capacity : t * capacity + capacity] for t in range(filled)]
    tubes.extend([] for _ in range(empty_tubes))
    return tubes


def pour_info(tubes: Sequence[Sequence[int]], capacity: int, i: int, j: int) -> PourInfo | None:
    """Return the amount and colour pour (i, j) moves, or None when it is not legal."""
    if i == j:
        return None
    src, dst = tubes[i], tubes[j]
    if not src:
        return None
    if len(dst) >= capacity:
        return None
    color = src[-1]
    if dst and dst[-1] != color:
        return None
    amount = 0
    k = len(src) - 1
    while k >= 0 and src[k] == color:
        amount += 1
        k -= 1
    return PourInfo(min(amount, capacity - len(dst)), color)


def apply_pour(tubes: Sequence[Sequence[int]], capacity: int, i: int, j: int) -> Tubes | None:
    """Return a copy of `tubes` after pour (i, j), or None when it is not legal."""
    info = pour_info(tubes, capacity, i, j)
    if info is None:
        return None
    nxt = [list(t) for t in tubes]
    for _ in range(info.amount):
        nxt[j].append(nxt[i].pop())
    return nxt


def is_solved(tubes: Sequence[Sequence[int]], capacity: int) -> bool:
    """Return whether every tube is empty or full of one colour."""
    return all(not t or (len(t) == capacity and all(c == t[0] for c in t)) for t in tubes)


def canon(tubes: Sequence[Sequence[int]]) -> str:
    """Return the reference's state key: each tube's colours joined by ',', sorted, joined by
    '|'."""
    return "|".join(sorted(",".join(str(c) for c in t) for t in tubes))


def _ordered_moves(tubes: Tubes, capacity: int) -> list[Move]:
    """Return the legal pours the DFS tries, by amount descending (stable), less its two
    prunings: nothing from a full one-colour tube, no one-colour tube into an empty one."""
    n = len(tubes)
    moves = []
    for i in range(n):
        src = tubes[i]
        if not src:
            continue
        uniform = all(c == src[0] for c in src)
        if uniform and len(src) == capacity:
            continue
        for j in range(n):
            if i == j or (uniform and not tubes[j]):
                continue
            info = pour_info(tubes, capacity, i, j)
            if info is not None:
                moves.append((i, j, info.amount))
    moves.sort(key=lambda move: -move[2])
    return [(i, j) for i, j, _ in moves]


def solve(initial_tubes: Sequence[Sequence[int]], capacity: int,
          node_limit: int = DEFAULT_NODE_LIMIT) -> DfsResult:
    """Return the reference's DFS result for `initial_tubes` (see DfsResult).

    A child position is marked visited when it is made; a node is counted when the DFS enters a
    position, and entering node `node_limit + 1` truncates the search.
    """
    start = [list(t) for t in initial_tubes]
    if is_solved(start, capacity):
        return DfsResult(True, (), 0, False)
    visited = {canon(start)}
    nodes = 1
    if nodes > node_limit:
        return DfsResult(False, (), nodes, True)
    stack = [(start, _ordered_moves(start, capacity), [0])]
    path: list[Move] = []
    while stack:
        tubes, moves, cursor = stack[-1]
        if cursor[0] == len(moves):
            stack.pop()
            if path:
                path.pop()
            continue
        i, j = moves[cursor[0]]
        cursor[0] += 1
        nxt = apply_pour(tubes, capacity, i, j)
        assert nxt is not None, "_ordered_moves lists only legal pours"
        sig = canon(nxt)
        if sig in visited:
            continue
        check()  # a solve's deadline (solvers/core/deadline.py): a position made a turn
        visited.add(sig)
        if is_solved(nxt, capacity):
            return DfsResult(True, (*path, (i, j)), nodes, False)
        nodes += 1
        if nodes > node_limit:
            return DfsResult(False, (), nodes, True)
        path.append((i, j))
        stack.append((nxt, _ordered_moves(nxt, capacity), [0]))
    return DfsResult(False, (), nodes, False)
