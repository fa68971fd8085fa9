"""Chesspy pictures: a checkered board named like the texts (column letters above, row numbers
from 1 at the top), the numbers on their cells, the inventory below, and the solution's pieces
as chess glyphs.

Vocabulary as in board.py: cell k = r*W + c; a solution holds EMPTY or a piece on each cell.
"""

from solvers.chesspy.board import BISHOP, KNIGHT, PIECES, ROOK, ChesspyPuzzle, ChesspySolution
from solvers.core import svg

GLYPH = {ROOK: "♖", BISHOP: "♗", KNIGHT: "♘"}
LIGHT, DARK = "#f0d9b5", "#b58863"
LABEL = "#555"
CAPTION = 30  # height of the inventory line under the board


def picture(puzzle: ChesspyPuzzle, solution: ChesspySolution | None = None) -> str:
    """Return the SVG picture of `puzzle`, with the pieces of `solution` when given."""
    w, h, cell, left = puzzle.width, puzzle.height, svg.CELL, svg.MARGIN
    body = []
    for k, n in enumerate(puzzle.numbers):
        x, y = svg.cell_origin(k, w)
        r, c = divmod(k, w)
        body.append(svg.rect(x, y, cell, cell, fill=DARK if (r + c) % 2 else LIGHT))
        middle = (x + cell / 2, y + cell / 2)
        if n is not None:
            body.append(svg.text(*middle, str(n), size=cell * 0.55, weight="bold",
                                 class_="number"))
        elif solution is not None and solution.cells[k] in GLYPH:
            body.append(svg.text(*middle, GLYPH[solution.cells[k]], size=cell * 0.8,
                                 class_="piece"))
    body.append(svg.frame(left, left, w, h, width=svg.THIN * 2))
    for c in range(w):
        body.append(svg.text(left + (c + 0.5) * cell, left / 2, chr(ord("A") + c), size=11,
                             fill=LABEL, class_="coordinate"))
    for r in range(h):
        body.append(svg.text(left / 2, left + (r + 0.5) * cell, str(r + 1), size=11,
                             fill=LABEL, class_="coordinate"))
    inventory = "   ".join(f"{GLYPH[piece]} {puzzle.count_of(piece)}" for piece in PIECES)
    body.append(svg.text(left + w * cell / 2, left + h * cell + CAPTION / 2 + 2, inventory,
                         size=16, class_="inventory"))
    kind = "solution" if solution else "puzzle"
    return svg.document(w * cell + 2 * left, h * cell + left + CAPTION, body,
                        f"chesspy {w}x{h} {kind}: rooks {puzzle.inventory[0]}, "
                        f"bishops {puzzle.inventory[1]}, knights {puzzle.inventory[2]}")
