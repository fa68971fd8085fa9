"""The rulebook validator, written from the rules alone (it shares no code with the solvers).

Rules: cut the board into rooms; every room holds exactly two numbers a < b, has strictly more
than a and strictly fewer than b cells, and is connected through cell edges.
"""

from solvers.araf.board import ArafPuzzle, ArafSolution


def _room_cells(solution: ArafSolution) -> dict[int, list[tuple[int, int]]]:
    """Return the (row, column) cells of each room label."""
    rooms: dict[int, list[tuple[int, int]]] = {}
    for index, label in enumerate(solution.labels):
        rooms.setdefault(label, []).append(divmod(index, solution.width))
    return rooms


def _connected(cells: list[tuple[int, int]]) -> bool:
    """Return True if the cells form one piece through shared edges."""
    todo, seen = [cells[0]], {cells[0]}
    members = set(cells)
    while todo:
        r, c = todo.pop()
        for nxt in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nxt in members and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(members)


def check(puzzle: ArafPuzzle, solution: ArafSolution) -> list[str]:
    """Return the rule violations of `solution` for `puzzle` ([] when it is a valid solution)."""
    if (solution.width, solution.height) != (puzzle.width, puzzle.height):
        return [f"solution is {solution.width}x{solution.height}, "
                f"puzzle is {puzzle.width}x{puzzle.height}"]
    if len(solution.labels) != len(puzzle.numbers):
        return ["the solution does not label every cell"]
    violations = []
    for label, cells in sorted(_room_cells(solution).items()):
        numbers = sorted(n for r, c in cells
                         if (n := puzzle.numbers[r * puzzle.width + c]) is not None)
        where = f"room {label} (from cell {cells[0]})"
        if not _connected(cells):
            violations.append(f"{where} is not connected")
        if len(numbers) != 2:
            violations.append(f"{where} holds {len(numbers)} numbers, not 2")
        elif not numbers[0] < len(cells) < numbers[1]:
            violations.append(f"{where} has {len(cells)} cells, not strictly between "
                              f"{numbers[0]} and {numbers[1]}")
    return violations
