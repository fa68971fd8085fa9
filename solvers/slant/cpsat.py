"""The CP-SAT counter: an OR-tools model written from the rulebook, counted in enumerated rounds.

It shares no tables or code with the ladder. One Boolean per cell (true: '\\', false: '/'), and
nothing else, so every count is of distinct diagonal fillings. A clue is a linear equality over
the literals that touch its vertex. The smallest loops are excluded up front. A loop of four
diagonals runs round one inner lattice point that none of its four cells touches, so every
inner lattice point is touched at least once; a loop of six runs round two inner lattice points
joined by the diagonal of the cell between them, so when that diagonal is drawn, one of the six
cells round them touches one of the two. The rest of no-loop is added lazily: the fillings the
model allows are enumerated, and one that holds loops is not counted but gives one cut per loop
(a loop per diagonal that closes a cycle of a spanning forest), each forbidding that loop's
diagonals all at once; after a few such fillings the search restarts with the cuts
(`count_by_rounds`). The model is assembled from per-size cached pieces: the cell variables
with the small-loop clauses, and one equality per (vertex, clue).
"""

from functools import cache, lru_cache

from ortools.sat.python import cp_model_helper as cmh

from solvers.core.cpsat_proto import (
    Verdict,
    add_clauses,
    add_exactly,
    assemble,
    boolean_model,
    count_by_rounds,
    negated,
)
from solvers.core.results import Count
from solvers.slant.board import BACK, FWD, SlantPuzzle, SlantSolution


@cache
def _ends(width: int, height: int) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
    """Return, per cell, the two vertices its '/' joins and the two its '\\' joins."""
    stride = width + 1
    ends = []
    for k in range(width * height):
        tl = k // width * stride + k % width
        ends.append(((tl + 1, tl + stride), (tl, tl + stride + 1)))
    return tuple(ends)


@cache
def _touching(width: int, height: int) -> tuple[dict[int, int], ...]:
    """Return, per vertex, {cell: the literal 'its diagonal touches me'} of the cells round it."""
    touching: list[dict[int, int]] = [{} for _ in range((width + 1) * (height + 1))]
    for k, (fwd, back) in enumerate(_ends(width, height)):
        for v in fwd:
            touching[v][k] = negated(k)
        for v in back:
            touching[v][k] = k
    return tuple(touching)


@lru_cache(maxsize=16)
def _skeleton(width: int, height: int) -> cmh.CpModelProto:
    """Return the cell variables with the clauses that forbid loops of four and six diagonals
    (module docstring)."""
    touching = _touching(width, height)
    inner = {v for v, cells in enumerate(touching) if len(cells) == 4}
    clauses = [list(touching[v].values()) for v in sorted(inner)]
    for k, pairs in enumerate(_ends(width, height)):
        for drawn, pair in zip((negated(k), k), pairs, strict=True):
            if pair[0] in inner and pair[1] in inner:
                others = [lit for v in pair for cell, lit in touching[v].items() if cell != k]
                clauses.append([negated(drawn), *others])
    return add_clauses(boolean_model(width * height), clauses)


@lru_cache(maxsize=1 << 16)
def _clue(width: int, height: int, v: int, n: int) -> cmh.CpModelProto:
    """Return the piece saying exactly n diagonals touch vertex v."""
    return add_exactly(cmh.CpModelProto(), list(_touching(width, height)[v].values()), n)


def _loops(width: int, height: int, values: list[int]) -> list[list[int]]:
    """Return the cells of independent closed loops of a filling (values: 1 '\\', 0 '/'): one
    loop for each diagonal that joins two lattice points already joined by earlier ones (the
    others make a spanning forest; the loop is that diagonal and the forest path between)."""
    ends = _ends(width, height)
    parent = list(range((width + 1) * (height + 1)))
    forest: dict[int, list[tuple[int, int]]] = {}
    closing = []
    for k, d in enumerate(values):
        a, b = ends[k][d]
        root_a, root_b = a, b
        while parent[root_a] != root_a:
            parent[root_a] = root_a = parent[parent[root_a]]
        while parent[root_b] != root_b:
            parent[root_b] = root_b = parent[parent[root_b]]
        if root_a == root_b:
            closing.append(k)
        else:
            parent[root_a] = root_b
            forest.setdefault(a, []).append((b, k))
            forest.setdefault(b, []).append((a, k))
    return [[k, *_path(forest, *ends[k][values[k]])] for k in closing]


def _path(forest: dict[int, list[tuple[int, int]]], start: int, goal: int) -> list[int]:
    """Return the cells on the path from vertex `start` to `goal` in `forest` ({vertex: [(vertex,
    cell of the diagonal between)]}), where one exists."""
    came = {start: (start, -1)}
    frontier = [start]
    while goal not in came:
        v = frontier.pop()
        for u, cell in forest.get(v, ()):
            if u not in came:
                came[u] = (v, cell)
                frontier.append(u)
    path, v = [], goal
    while v != start:
        v, cell = came[v]
        path.append(cell)
    return path


def count_cpsat(puzzle: SlantPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`; `nodes` counts CP-SAT searches (rounds)."""
    w, h = puzzle.width, puzzle.height
    clues = (_clue(w, h, v, n) for v, n in enumerate(puzzle.clues) if n is not None)
    model = assemble(_skeleton(w, h), clues)

    def judge(values: list[int]) -> Verdict:
        literals = [k if d else negated(k) for k, d in enumerate(values)]
        loops = _loops(w, h, values)
        if loops:
            return Verdict(None, [[negated(literals[k]) for k in loop] for loop in loops])
        cells = tuple(BACK if d else FWD for d in values)
        return Verdict(SlantSolution(w, h, cells), [[negated(lit) for lit in literals]])

    return count_by_rounds(model, judge, limit)
