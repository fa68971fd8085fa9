"""The CP-SAT counter: an OR-tools model written from the rulebook, counted by re-solving.

Numbers are indexed 0..N-1 in row-major order. A room is *headed* by the lower-indexed of its two
numbers. Booleans: mate[i, j] (i < j) numbers i and j share a room; in_room[k][i] cell k is in
the room headed by number i. Each number has exactly one mate and each cell is in exactly one
room; number j's cell is in the room of i < j exactly when mate[i, j], in its own room exactly
when it is a head, and never in a room headed after it; so every room holds exactly two numbers.
A room's size lies strictly between its two numbers. Connectivity: every cell but a head's has
exactly one parent, a neighbouring cell of the same room at a smaller depth, so following
parents from any cell ends at the head. Only the in_room literals are blocked after each
solution, so every count is of partitions.

The model only creates what the rules allow, by distances on the empty board (d, in steps): a
pair (i, j) needs a window and d(i, j) + 1 cells at most its largest size; a cell k can be in
the room of the pair only when a connected set holding i, j and k fits in that size, which needs
(d(i, k) + d(k, j) + d(i, j)) / 2 + 1 cells (the shortest tree joining three cells of a grid);
and no cell is in a room whose number it is not while holding a number of its own.
"""

from ortools.sat.python import cp_model

from solvers.araf.board import ArafPuzzle, ArafSolution
from solvers.core.cpsat import Reading, count_by_blocking
from solvers.core.results import Count


def _steps(width: int, a: int, b: int) -> int:
    """Return the steps between cells a and b on the empty board (moves through edges)."""
    (ra, ca), (rb, cb) = divmod(a, width), divmod(b, width)
    return abs(ra - rb) + abs(ca - cb)


def _pairs(puzzle: ArafPuzzle, numbered: list[int]) -> dict[tuple[int, int], tuple[int, int]]:
    """Return {(i, j): (fewest, most) cells} for the number pairs i < j that may share a room."""
    found = {}
    for i, p in enumerate(numbered):
        for j in range(i + 1, len(numbered)):
            q = numbered[j]
            a, b = sorted((puzzle.numbers[p], puzzle.numbers[q]))
            if a + 1 <= b - 1 and _steps(puzzle.width, p, q) + 1 <= b - 1:
                found[i, j] = (a + 1, b - 1)
    return found


def _model(puzzle: ArafPuzzle):
    """Return (model, in_room) for `puzzle`: in_room[k] maps the heads whose room may hold cell
    k to their literal (module docstring)."""
    w, h = puzzle.width, puzzle.height
    cells = w * h
    numbered = [k for k, n in enumerate(puzzle.numbers) if n is not None]
    number_of = {k: i for i, k in enumerate(numbered)}
    count = len(numbered)
    model = cp_model.CpModel()
    pairs = _pairs(puzzle, numbered)
    mate = {pair: model.new_bool_var(f"mate_{pair[0]}_{pair[1]}") for pair in pairs}
    for i in range(count):
        model.add_exactly_one([lit for (a, b), lit in mate.items() if i in (a, b)])
    head = {}
    for i in range(count):
        after = [lit for (a, _), lit in mate.items() if a == i]
        if after:
            head[i] = model.new_bool_var(f"head_{i}")
            model.add(sum(after) == head[i])
    in_room: list[dict[int, cp_model.IntVar]] = [{} for _ in range(cells)]
    for k in range(cells):
        reasons: dict[int, list] = {}
        for (i, j), (_, most) in pairs.items():
            p, q = numbered[i], numbered[j]
            if k in number_of and number_of[k] not in (i, j):
                continue
            di, dj = _steps(w, p, k), _steps(w, k, q)
            if (di + dj + _steps(w, p, q)) // 2 + 1 <= most:
                reasons.setdefault(i, []).append(mate[i, j])
        for i, because in reasons.items():
            literal = model.new_bool_var(f"in_{k}_{i}")
            model.add_bool_or([~literal, *because])
            in_room[k][i] = literal
        model.add_exactly_one(in_room[k].values())
    for j, k in enumerate(numbered):
        for i, literal in in_room[k].items():
            model.add(literal == (mate[i, j] if i < j else head[j]))
    for (i, j), (fewest, most) in pairs.items():
        size = sum(row[i] for row in in_room if i in row)
        model.add(size >= fewest).only_enforce_if(mate[i, j])
        model.add(size <= most).only_enforce_if(mate[i, j])
    deepest = max((most for _, most in pairs.values()), default=1) - 1
    depth = [model.new_int_var(0, deepest, f"depth_{k}") for k in range(cells)]
    for k in range(cells):
        r, c = divmod(k, w)
        around = [(r + dr) * w + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                  if 0 <= r + dr < h and 0 <= c + dc < w]
        parent = {y: model.new_bool_var(f"parent_{k}_{y}") for y in around
                  if in_room[k].keys() & in_room[y].keys()}
        is_root = head.get(number_of[k], 0) if k in number_of else 0
        model.add(sum(parent.values()) + is_root == 1)
        for y, chosen in parent.items():
            model.add(depth[y] < depth[k]).only_enforce_if(chosen)
            for i, literal in in_room[k].items():
                same = [in_room[y][i]] if i in in_room[y] else []
                model.add_bool_or([~chosen, ~literal, *same])
    return model, in_room


def count_cpsat(puzzle: ArafPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`; `nodes` counts CP-SAT solve calls."""
    model, in_room = _model(puzzle)

    def read(solver: cp_model.CpSolver) -> Reading:
        chosen = [next(lit for lit in row.values() if solver.boolean_value(lit))
                  for row in in_room]
        heads = [next(i for i, lit in row.items() if solver.boolean_value(lit))
                 for row in in_room]
        renumber: dict[int, int] = {}
        labels = tuple(renumber.setdefault(i, len(renumber)) for i in heads)
        return ArafSolution(puzzle.width, puzzle.height, labels), chosen

    return count_by_blocking(model, read, limit)
