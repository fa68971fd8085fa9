"""Chesspy boards: the puzzle and solution values, their texts, cell names and attack tables.

Vocabulary: a board has H rows and W columns of cells; cell k = r*W + c. A cell's *name* is its
column letter and its row number, rows counted from 1 at the top: on a 4x4 board "A1" is the top
left cell, "D1" the top right, "B4" the second cell of the bottom row (the reference's convention).
A cell holds a *number* (how many pieces attack it) or is *free* (it may hold a piece).
A *piece* is one of ROOK, BISHOP, KNIGHT; with EMPTY they are the four *values* a free cell can
take, as bits, so a set of values (a cell's *domain*) is an int from 1 to 15. The *inventory* is
the exact count of each piece type, (rooks, bishops, knights). Attack tables are bit sets: bit k
stands for cell k.
"""

import re
from dataclasses import dataclass
from functools import cache

from solvers.core.errors import PuzzleFormatError
from solvers.core.grid import (
    CellText,
    FilledGrid,
    check_alphabet,
    image_texts,
    join_rows,
    split_rows,
)
from solvers.core.grid import dimensions as dimensions  # re-exported: the record's (width, height)
from solvers.core.limits import Limits, bounded_number

EMPTY, ROOK, BISHOP, KNIGHT = 1, 2, 4, 8
PIECES = (ROOK, BISHOP, KNIGHT)
VALUES = (EMPTY, ROOK, BISHOP, KNIGHT)
LETTER = {EMPTY: ".", ROOK: "R", BISHOP: "B", KNIGHT: "N"}
PIECE_NAME = {ROOK: "rook", BISHOP: "bishop", KNIGHT: "knight"}
MAX_WIDTH = 26  # columns are named A..Z
LIMITS = Limits("chesspy", MAX_WIDTH, 26, 1024)  # 26 rows of 27 characters and the inventory

_INVENTORY = re.compile(r"R(\d+)B(\d+)N(\d+):")


@dataclass(frozen=True)
class ChesspyPuzzle:
    """A W x H board: `numbers` holds a number or None (a free cell) for each cell, row by row;
    `inventory` the exact counts (rooks, bishops, knights) to place on free cells."""

    width: int
    height: int
    inventory: tuple[int, int, int]
    numbers: tuple[int | None, ...]

    @property
    def pieces(self) -> int:
        """Return how many pieces the inventory holds in all."""
        return sum(self.inventory)

    def count_of(self, piece: int) -> int:
        """Return the inventory's count of `piece` (ROOK, BISHOP or KNIGHT)."""
        return self.inventory[PIECES.index(piece)]


class ChesspySolution(FilledGrid):
    """A placement: `cells` holds EMPTY or the piece standing on each cell, row by row."""


@dataclass(frozen=True)
class Geometry:
    """Tables of a W x H board, derived once per size.

    attacks[p][k] is the bit set of cells a piece p on cell k attacks (p in PIECES; attacks are
    symmetric, so it is also the set of cells from which p attacks k); names[k] the cell's name;
    name_order the cells sorted by name (A1, A2, ..., B1, ...: column by column).
    """

    width: int
    height: int
    attacks: dict[int, tuple[int, ...]]
    names: tuple[str, ...]
    name_order: tuple[int, ...]


KNIGHT_JUMPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


@cache
def geometry(width: int, height: int) -> Geometry:
    """Return the attack tables and cell names of a `width` x `height` board."""
    def bits(cells) -> int:
        return sum(1 << (r * width + c) for r, c in cells
                   if 0 <= r < height and 0 <= c < width)

    rook, bishop, knight = [], [], []
    for r in range(height):
        for c in range(width):
            rook.append(bits([(r, x) for x in range(width) if x != c]
                             + [(y, c) for y in range(height) if y != r]))
            reach = range(1, max(width, height))
            bishop.append(bits([(r + s * d, c + t * d) for d in reach
                                for s in (-1, 1) for t in (-1, 1)]))
            knight.append(bits([(r + dr, c + dc) for dr, dc in KNIGHT_JUMPS]))
    names = tuple(cell_name(k, width) for k in range(width * height))
    order = tuple(sorted(range(width * height), key=lambda k: (k % width, k // width)))
    return Geometry(width, height, {ROOK: tuple(rook), BISHOP: tuple(bishop),
                                    KNIGHT: tuple(knight)}, names, order)


def cell_name(k: int, width: int) -> str:
    """Return the name of cell k: its column letter and its row number from 1 at the top."""
    r, c = divmod(k, width)
    return f"{chr(ord('A') + c)}{r + 1}"


def inventory_text(inventory: tuple[int, int, int]) -> str:
    """Return the inventory prefix of a canonical text, e.g. 'R1B1N0:'."""
    rooks, bishops, knights = inventory
    return f"R{rooks}B{bishops}N{knights}:"


def parse(text: str) -> ChesspyPuzzle:
    """Return the puzzle of a canonical text: 'R<n>B<n>N<n>:' then H rows of W chars '0'-'9' '.';
    each count is at most the board's cells."""
    if not isinstance(text, str):
        raise PuzzleFormatError(f"expected text, got {type(text).__name__}")
    text = LIMITS.check_text(text).strip()
    match = _INVENTORY.match(text)
    if match is None:
        raise PuzzleFormatError("expected the inventory 'R<n>B<n>N<n>:' before the grid")
    rows = split_rows(text[match.end():])
    if not rows[0]:
        raise PuzzleFormatError("a row needs at least one cell", row=0)
    if len(rows[0]) > MAX_WIDTH:
        raise PuzzleFormatError(f"at most {MAX_WIDTH} columns (named A..Z), "
                                f"found {len(rows[0])}")
    LIMITS.check_size(len(rows[0]), len(rows))
    check_alphabet(rows, ".0123456789", "number or '.'")
    numbers = tuple(None if ch == "." else int(ch) for row in rows for ch in row)
    cells = len(numbers)
    rooks, bishops, knights = (
        bounded_number(digits, cells, f"the {PIECE_NAME[piece]} count",
                       f", the cells of a {len(rows[0])}x{len(rows)} board")
        for digits, piece in zip(match.groups(), PIECES, strict=True))
    return ChesspyPuzzle(len(rows[0]), len(rows), (rooks, bishops, knights), numbers)


def format(puzzle: ChesspyPuzzle) -> str:
    """Return the canonical text of `puzzle`."""
    w = puzzle.width
    chars = ["." if n is None else str(n) for n in puzzle.numbers]
    grid = join_rows(chars, w)
    return inventory_text(puzzle.inventory) + grid


SOLUTION_TEXT = CellText(ChesspySolution, LETTER, "piece letter or '.'", LIMITS)
parse_solution = SOLUTION_TEXT.parse  # H rows of W characters '.', 'R', 'B' or 'N'
format_solution = SOLUTION_TEXT.format


def images(puzzle: ChesspyPuzzle) -> list[str]:
    """Return the canonical texts of the 8 rotations and reflections of `puzzle`.

    Rooks, bishops and knights move alike in every image, so each is the same puzzle turned.
    """
    prefix = inventory_text(puzzle.inventory)
    return [prefix + image for image in image_texts(format(puzzle).split(":", 1)[1])]


def clue_count(puzzle: ChesspyPuzzle) -> int:
    """Return how many cells carry a number."""
    return sum(n is not None for n in puzzle.numbers)


def draw(puzzle: ChesspyPuzzle, solution: ChesspySolution | None = None) -> str:
    """Return a text picture: the inventory, column letters, then numbered rows of cells
    (a number, the solution's piece letter, or '.')."""
    w = puzzle.width
    lines = [f"rooks {puzzle.inventory[0]}, bishops {puzzle.inventory[1]}, "
             f"knights {puzzle.inventory[2]}",
             "   " + " ".join(chr(ord("A") + c) for c in range(w))]
    for r in range(puzzle.height):
        row = []
        for k in range(r * w, (r + 1) * w):
            n = puzzle.numbers[k]
            row.append(str(n) if n is not None else LETTER[solution.cells[k]] if solution else ".")
        lines.append(f"{r + 1:>2} " + " ".join(row))
    return "\n".join(lines)
