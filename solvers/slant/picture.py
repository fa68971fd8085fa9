"""Slant pictures: the grid, each vertex clue as a black number in a white circle, and the
solution's diagonals as thick lines from corner to corner.

Vocabulary as in board.py: vertex v = r*(W+1) + c sits at the corner of the cells around it.
"""

from solvers.core import svg
from solvers.slant.board import BACK, SlantPuzzle, SlantSolution

RADIUS = svg.CELL * 0.3


def picture(puzzle: SlantPuzzle, solution: SlantSolution | None = None) -> str:
    """Return the SVG picture of `puzzle`, with the diagonals of `solution` when given."""
    w, h, cell, left = puzzle.width, puzzle.height, svg.CELL, svg.MARGIN
    body = [svg.rect(left, left, w * cell, h * cell, fill=svg.PAPER),
            *svg.grid(left, left, w, h), svg.frame(left, left, w, h, width=svg.THIN * 2)]
    if solution is not None:
        for k, diagonal in enumerate(solution.cells):
            x, y = svg.cell_origin(k, w)
            y1, y2 = (y, y + cell) if diagonal == BACK else (y + cell, y)
            body.append(svg.line(x, y1, x + cell, y2, width=svg.THICK, class_="diagonal"))
    for v, clue in enumerate(puzzle.clues):
        if clue is None:
            continue
        r, c = divmod(v, w + 1)
        x, y = left + c * cell, left + r * cell
        body.append(svg.circle(x, y, RADIUS, class_="clue-circle"))
        body.append(svg.text(x, y, str(clue), size=RADIUS * 1.3, class_="clue"))
    side = 2 * left
    kind = "solution" if solution else "puzzle"
    return svg.document(w * cell + side, h * cell + side, body, f"slant {w}x{h} {kind}")
