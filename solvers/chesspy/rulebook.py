"""The rulebook validator, written from the rules alone (it shares no code with the solvers).

Rules: pieces stand only on unnumbered cells, at most one per cell, and the placement uses the
inventory exactly. A numbered cell is attacked by exactly that many pieces (0: by none). Rooks
attack along their row and column, bishops along their diagonals, all the way to the board's
edge and through everything (nothing blocks); knights attack the cells a knight's move away.
"""

from solvers.chesspy.board import ChesspyPuzzle, ChesspySolution

_PIECE_NAMES = {2: "rook", 4: "bishop", 8: "knight"}


def _attacks(piece: int, r: int, c: int, row: int, col: int) -> bool:
    """Return True if `piece` on (r, c) attacks the other cell (row, col)."""
    dr, dc = abs(row - r), abs(col - c)
    if (dr, dc) == (0, 0):
        return False
    if piece == 2:
        return dr == 0 or dc == 0
    if piece == 4:
        return dr == dc
    return {dr, dc} == {1, 2}


def check(puzzle: ChesspyPuzzle, solution: ChesspySolution) -> list[str]:
    """Return the rule violations of `solution` for `puzzle` ([] when it is a valid solution)."""
    w, h = puzzle.width, puzzle.height
    if (solution.width, solution.height) != (w, h):
        return [f"solution is {solution.width}x{solution.height}, puzzle is {w}x{h}"]
    if len(solution.cells) != w * h or any(v not in (1, 2, 4, 8) for v in solution.cells):
        return ["every cell must be empty or hold one rook, bishop or knight"]
    pieces = [(divmod(i, w), v) for i, v in enumerate(solution.cells) if v != 1]
    violations = []
    for (r, c), _ in pieces:
        if puzzle.numbers[r * w + c] is not None:
            violations.append(f"a piece stands on the number at row {r}, column {c}")
    for piece, want in zip((2, 4, 8), puzzle.inventory, strict=True):
        have = sum(v == piece for _, v in pieces)
        if have != want:
            violations.append(f"{have} {_PIECE_NAMES[piece]}s placed, the inventory has {want}")
    for i, n in enumerate(puzzle.numbers):
        if n is None:
            continue
        row, col = divmod(i, w)
        hits = sum(_attacks(v, r, c, row, col) for (r, c), v in pieces)
        if hits != n:
            violations.append(f"row {row}, column {col}: number {n}, attacked by {hits}")
    return violations
