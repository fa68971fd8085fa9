"""Araf pictures: the numbers in a thin grid, and the solution's rooms as thick walls between
cells of different rooms.

Vocabulary as in board.py: cell k = r*W + c; a solution labels each cell with its room.
"""

from solvers.araf.board import ArafPuzzle, ArafSolution
from solvers.core import svg


def walls(solution: ArafSolution) -> list[tuple[int, int, int, int]]:
    """Return the inner walls between rooms as (c1, r1, c2, r2) lattice segments one cell long."""
    w, h, labels = solution.width, solution.height, solution.labels
    found = []
    for r in range(h):
        for c in range(w):
            k = r * w + c
            if c + 1 < w and labels[k] != labels[k + 1]:
                found.append((c + 1, r, c + 1, r + 1))
            if r + 1 < h and labels[k] != labels[k + w]:
                found.append((c, r + 1, c + 1, r + 1))
    return found


def picture(puzzle: ArafPuzzle, solution: ArafSolution | None = None) -> str:
    """Return the SVG picture of `puzzle`, with the room walls of `solution` when given."""
    w, h, cell, left = puzzle.width, puzzle.height, svg.CELL, svg.MARGIN
    body = [svg.rect(left, left, w * cell, h * cell, fill=svg.PAPER), *svg.grid(left, left, w, h)]
    for c1, r1, c2, r2 in walls(solution) if solution is not None else ():
        body.append(svg.line(left + c1 * cell, left + r1 * cell, left + c2 * cell,
                             left + r2 * cell, width=svg.THICK, class_="wall"))
    for k, n in enumerate(puzzle.numbers):
        if n is not None:
            x, y = svg.cell_origin(k, w)
            shown = str(n)
            body.append(svg.text(x + cell / 2, y + cell / 2, shown, size=svg.fitted_size(shown),
                                 class_="number"))
    body.append(svg.frame(left, left, w, h))
    kind = "solution" if solution else "puzzle"
    side = 2 * left
    return svg.document(w * cell + side, h * cell + side, body, f"araf {w}x{h} {kind}")
