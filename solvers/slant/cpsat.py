"""The CP-SAT counter: an OR-tools model written from the rulebook, counted by re-solving.

One Boolean per cell (true: '\\', false: '/'), and nothing else, so every count is of distinct
diagonal fillings. A clue is a linear equality over the literals that touch its vertex. The
smallest loops are excluded up front. A loop of four diagonals runs round one inner lattice
point that none of its four cells touches, so every inner lattice point is touched at least once;
a loop of six runs round two inner lattice points joined by the diagonal of the cell between
them, so when that diagonal is drawn, one of the six cells round them touches one of the two.
The rest of no-loop is added lazily: when a solution holds loops, one cut per loop (a loop per
edge left over by a spanning forest of its diagonals) forbids that loop's diagonals all at once;
when it holds none, it is counted and a blocking clause forbids exactly that filling.
"""

from ortools.sat.python import cp_model

from solvers.core.cpsat import Reading, count_by_blocking
from solvers.core.results import Count
from solvers.slant.board import SlantPuzzle, SlantSolution


def _diagonal_literals(model: cp_model.CpModel, puzzle: SlantPuzzle):
    """Return the cell variables and, per vertex, {cell: the literal 'its diagonal touches me'}."""
    w, h, stride = puzzle.width, puzzle.height, puzzle.width + 1
    back = [model.new_bool_var(f"back_{k}") for k in range(w * h)]
    touching: dict[int, dict] = {}
    for k, is_back in enumerate(back):
        r, c = divmod(k, w)
        tl = r * stride + c
        is_fwd = ~is_back
        for v in (tl, tl + stride + 1):
            touching.setdefault(v, {})[k] = is_back
        for v in (tl + 1, tl + stride):
            touching.setdefault(v, {})[k] = is_fwd
    return back, touching


def _add_clue(model: cp_model.CpModel, back: list, touches: dict, n: int) -> None:
    """Add: exactly n of the `touches` literals ({cell: literal}) hold, as a sum over the cell
    variables (a '/' literal is 1 - its cell's variable)."""
    cells = list(touches)
    signs = [1 if touches[k] is back[k] else -1 for k in cells]
    total = cp_model.LinearExpr.weighted_sum([back[k] for k in cells], signs)
    model.add_linear_constraint(total, n - signs.count(-1), n - signs.count(-1))


def _exclude_small_loops(model: cp_model.CpModel, puzzle: SlantPuzzle, back: list,
                         touching: dict[int, dict]) -> None:
    """Add the clauses that forbid the loops of four and six diagonals (module docstring)."""
    inner = {v for v, cells in touching.items() if len(cells) == 4}
    for v in inner:
        model.add_bool_or(list(touching[v].values()))
    stride = puzzle.width + 1
    for k, is_back in enumerate(back):
        tl = k // puzzle.width * stride + k % puzzle.width
        for drawn, pair in ((is_back, (tl, tl + stride + 1)), (~is_back, (tl + 1, tl + stride))):
            if pair[0] in inner and pair[1] in inner:
                others = [lit for v in pair for cell, lit in touching[v].items() if cell != k]
                model.add_bool_or([~drawn, *others])


def _loops(puzzle: SlantPuzzle, cells: list[int]) -> list[list[int]]:
    """Return the cells of independent closed loops of a filling (2 = '\\', 1 = '/'): one loop
    for each diagonal that joins two lattice points already joined by earlier ones."""
    w, stride = puzzle.width, puzzle.width + 1
    edge_cell = {}
    adjacency: dict[int, list[int]] = {}
    for k, d in enumerate(cells):
        r, c = divmod(k, w)
        tl = r * stride + c
        a, b = (tl, tl + stride + 1) if d == 2 else (tl + 1, tl + stride)
        edge_cell[frozenset((a, b))] = k
        adjacency.setdefault(a, []).append(b)
        adjacency.setdefault(b, []).append(a)
    loops = []
    parent: dict[int, int | None] = {}
    for start in adjacency:
        if start in parent:
            continue
        parent[start] = None
        stack = [start]
        while stack:
            v = stack.pop()
            for u in adjacency[v]:
                if u == parent[v]:
                    continue
                if u in parent:  # a non-tree edge v-u, met from both ends: keep it once
                    if v < u:
                        loops.append(_cycle(parent, v, u, edge_cell))
                    continue
                parent[u] = v
                stack.append(u)
    return loops


def _cycle(parent: dict, v: int, u: int, edge_cell: dict) -> list[int]:
    """Return the cells on the tree paths from v and u to their meeting point, plus edge (v, u)."""
    path_v, x = [], v
    while x is not None:
        path_v.append(x)
        x = parent[x]
    on_v = {x: i for i, x in enumerate(path_v)}
    path_u, x = [], u
    while x not in on_v:
        path_u.append(x)
        x = parent[x]
    loop = path_v[: on_v[x] + 1] + path_u[::-1]
    pairs = zip(loop, loop[1:] + loop[:1], strict=True)
    return [edge_cell[frozenset(pair)] for pair in pairs]


def count_cpsat(puzzle: SlantPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`; `nodes` counts CP-SAT solve calls."""
    model = cp_model.CpModel()
    back, touching = _diagonal_literals(model, puzzle)
    for v, n in enumerate(puzzle.clues):
        if n is not None:
            _add_clue(model, back, touching[v], n)
    _exclude_small_loops(model, puzzle, back, touching)

    def read(solver: cp_model.CpSolver) -> Reading:
        cells = [2 if solver.boolean_value(b) else 1 for b in back]
        loops = _loops(puzzle, cells)
        literals = [back[k] if d == 2 else ~back[k] for k, d in enumerate(cells)]
        for loop in loops[1:]:  # the reading carries one cut; the others go in here
            model.add_bool_or([~literals[k] for k in loop])
        if loops:
            return None, [literals[k] for k in loops[0]]
        return SlantSolution(puzzle.width, puzzle.height, tuple(cells)), literals

    return count_by_blocking(model, read, limit)
