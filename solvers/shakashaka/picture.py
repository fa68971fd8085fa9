"""Shakashaka pictures: the grid, black cells with their numbers in white, and the solution's
black triangles (each half a cell, its right angle in the corner its state names).

Vocabulary as in board.py: cell k = r*W + c; a triangle state TNW..TSW names its right angle.
"""

from solvers.core import svg
from solvers.shakashaka.board import TNE, TNW, TSE, TSW, ShakaPuzzle, ShakaSolution

# The corners of a cell each triangle covers, as (dx, dy) in cells from its top-left corner.
TRIANGLE_CORNERS = {
    TNW: ((0, 0), (1, 0), (0, 1)),
    TNE: ((0, 0), (1, 0), (1, 1)),
    TSE: ((1, 0), (1, 1), (0, 1)),
    TSW: ((0, 0), (1, 1), (0, 1)),
}


def picture(puzzle: ShakaPuzzle, solution: ShakaSolution | None = None) -> str:
    """Return the SVG picture of `puzzle`, with the triangles of `solution` when given."""
    w, h, cell, left = puzzle.width, puzzle.height, svg.CELL, svg.MARGIN
    body = [svg.rect(left, left, w * cell, h * cell, fill=svg.PAPER), *svg.grid(left, left, w, h)]
    for k, black in enumerate(puzzle.black):
        x, y = svg.cell_origin(k, w)
        if black:
            body.append(svg.rect(x, y, cell, cell, fill=svg.INK, class_="black"))
            n = puzzle.numbers[k]
            if n is not None:
                body.append(svg.text(x + cell / 2, y + cell / 2, str(n), size=cell * 0.55,
                                     fill=svg.PAPER, weight="bold", class_="number"))
        elif solution is not None and solution.cells[k] in TRIANGLE_CORNERS:
            corners = TRIANGLE_CORNERS[solution.cells[k]]
            body.append(svg.polygon([(x + dx * cell, y + dy * cell) for dx, dy in corners],
                                    class_="triangle"))
    body.append(svg.frame(left, left, w, h))
    kind = "solution" if solution else "puzzle"
    side = 2 * left
    return svg.document(w * cell + side, h * cell + side, body, f"shakashaka {w}x{h} {kind}")
