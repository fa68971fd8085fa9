"""The CP-SAT counter: an OR-tools model written from the rulebook, counted by re-solving.

Numbers are indexed 0..N-1 in row-major order. A room is *headed* by the lower-indexed of its two
numbers. Booleans: mate[i, j] (i < j) numbers i and j share a room; in_room[k, i] cell k is in
the room headed by number i. Each cell is in exactly one room; number j's cell is in the room of
i < j exactly when mate[i, j], in its own room exactly when it is a head, and never in a room
headed after it; so every room holds exactly two numbers. A room's size lies strictly between
its two numbers. Connectivity: every cell but a head's has exactly one parent, a neighbouring
cell of the same room at a smaller depth, so following parents from any cell ends at the head.
Only the in_room literals are blocked after each solution, so every count is of partitions.
"""

from ortools.sat.python import cp_model

from solvers.araf.board import ArafPuzzle, ArafSolution
from solvers.core.results import Count


def _model(puzzle: ArafPuzzle):
    """Return (model, in_room) for `puzzle`: in_room[k][i] as in the module docstring."""
    w, h = puzzle.width, puzzle.height
    cells = w * h
    numbered = [k for k, n in enumerate(puzzle.numbers) if n is not None]
    count = len(numbered)
    model = cp_model.CpModel()
    mate = {(i, j): model.new_bool_var(f"mate_{i}_{j}")
            for i in range(count) for j in range(i + 1, count)}
    head = []
    for i in range(count):
        is_head = model.new_bool_var(f"head_{i}")
        model.add(sum(mate[i, j] for j in range(i + 1, count)) == is_head)
        head.append(is_head)
    in_room = [[model.new_bool_var(f"in_{k}_{i}") for i in range(count)] for k in range(cells)]
    for k in range(cells):
        model.add_exactly_one(in_room[k])
        for i in range(count):
            model.add_implication(in_room[k][i], head[i])
    for j, k in enumerate(numbered):
        for i in range(count):
            if i < j:
                model.add(in_room[k][i] == mate[i, j])
            elif i == j:
                model.add(in_room[k][i] == head[i])
            else:
                model.add(in_room[k][i] == 0)
    for (i, j), together in mate.items():
        a, b = sorted((puzzle.numbers[numbered[i]], puzzle.numbers[numbered[j]]))
        size = sum(in_room[k][i] for k in range(cells))
        model.add(size >= a + 1).only_enforce_if(together)
        model.add(size <= b - 1).only_enforce_if(together)
    depth = [model.new_int_var(0, cells - 1, f"depth_{k}") for k in range(cells)]
    is_root = [0] * cells
    for i, k in enumerate(numbered):
        is_root[k] = head[i]
    for k in range(cells):
        r, c = divmod(k, w)
        around = [(r + dr) * w + c + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                  if 0 <= r + dr < h and 0 <= c + dc < w]
        parent = {y: model.new_bool_var(f"parent_{k}_{y}") for y in around}
        model.add(sum(parent.values()) + is_root[k] == 1)
        for y, chosen in parent.items():
            model.add(depth[y] < depth[k]).only_enforce_if(chosen)
            for i in range(count):
                model.add_bool_or([~chosen, ~in_room[k][i], in_room[y][i]])
    return model, in_room


def count_cpsat(puzzle: ArafPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`; `nodes` counts CP-SAT solve calls."""
    model, in_room = _model(puzzle)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    found: list[ArafSolution] = []
    calls = 0
    while len(found) < limit:
        calls += 1
        if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return Count(len(found), tuple(found), calls, truncated=False)
        rooms = [next(i for i, lit in enumerate(row) if solver.boolean_value(lit))
                 for row in in_room]
        model.add_bool_or([~row[i] for row, i in zip(in_room, rooms, strict=True)])
        renumber: dict[int, int] = {}
        labels = tuple(renumber.setdefault(i, len(renumber)) for i in rooms)
        found.append(ArafSolution(puzzle.width, puzzle.height, labels))
    return Count(len(found), tuple(found), calls, truncated=True)
