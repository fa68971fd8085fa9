"""The rulebook validator, written from the rules alone (it shares no code with the solvers).

Rules: every cell holds one diagonal; a numbered vertex is touched by exactly that many
diagonals; the diagonals never form a closed loop. A diagonal '\\' in cell (r, c) joins lattice
points (r, c) and (r+1, c+1); '/' joins (r, c+1) and (r+1, c).
"""

from solvers.slant.board import SlantPuzzle, SlantSolution


def _segments(solution: SlantSolution) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Return each cell's diagonal as a pair of lattice points (row, column)."""
    segments = []
    for index, diagonal in enumerate(solution.cells):
        r, c = divmod(index, solution.width)
        if diagonal == 2:  # '\'
            segments.append(((r, c), (r + 1, c + 1)))
        else:
            segments.append(((r, c + 1), (r + 1, c)))
    return segments


def _loop_through(segments) -> tuple[int, int] | None:
    """Return a lattice point on a closed loop of `segments`, or None if they form a forest."""
    neighbours: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for a, b in segments:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    visited: set[tuple[int, int]] = set()
    for start in neighbours:
        if start in visited:
            continue
        visited.add(start)
        frontier: list[tuple[tuple[int, int], tuple[int, int] | None]] = [(start, None)]
        while frontier:
            point, came_from = frontier.pop()
            for nxt in neighbours[point]:
                if nxt == came_from:
                    continue
                if nxt in visited:
                    return nxt
                visited.add(nxt)
                frontier.append((nxt, point))
    return None


def check(puzzle: SlantPuzzle, solution: SlantSolution) -> list[str]:
    """Return the rule violations of `solution` for `puzzle` ([] when it is a valid solution)."""
    if (solution.width, solution.height) != (puzzle.width, puzzle.height):
        return [f"solution is {solution.width}x{solution.height}, "
                f"puzzle is {puzzle.width}x{puzzle.height}"]
    if len(solution.cells) != puzzle.width * puzzle.height or any(
        d not in (1, 2) for d in solution.cells
    ):
        return ["every cell must hold exactly one diagonal"]
    segments = _segments(solution)
    touches: dict[tuple[int, int], int] = {}
    for a, b in segments:
        touches[a] = touches.get(a, 0) + 1
        touches[b] = touches.get(b, 0) + 1
    violations = []
    for index, clue in enumerate(puzzle.clues):
        point = divmod(index, puzzle.width + 1)
        if clue is not None and touches.get(point, 0) != clue:
            violations.append(f"vertex {point}: clue {clue}, touched by {touches.get(point, 0)}")
    loop_point = _loop_through(segments)
    if loop_point is not None:
        violations.append(f"closed loop through vertex {loop_point}")
    return violations
