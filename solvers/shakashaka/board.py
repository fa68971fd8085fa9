"""Shakashaka boards: the puzzle and solution values, their texts, and the board's geometry.

Vocabulary: a board has H rows and W columns of *cells*; cell k = r*W + c. A cell is *black*
(given; it may carry a *number*) or *white*. A white cell's *state* is E (empty) or a black right
triangle covering half of it, named by the corner that holds its right angle: TNW, TNE, TSE, TSW.
BLACK is the state of a black cell in a solution. A *number* counts the cell's orthogonal
neighbours that hold a triangle.
"""

from dataclasses import dataclass

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
from solvers.core.limits import Limits

E, TNW, TNE, TSE, TSW, BLACK = range(6)
TRIANGLES = (TNW, TNE, TSE, TSW)
STATE_CHAR = ".1234#"
PUZZLE_ALPHABET = ".#01234"
LIMITS = Limits("shakashaka", 64, 64, 8192)  # 64 rows of 64 characters and the commas
TRIANGLE_PICTURE = {E: ".", TNW: "◤", TNE: "◥", TSE: "◢", TSW: "◣"}


@dataclass(frozen=True)
class ShakaPuzzle:
    """A W x H board, row by row: `black[k]` says cell k is black, `numbers[k]` its number.

    `numbers[k]` is None for every white cell and for a black cell without a number.
    """

    width: int
    height: int
    black: tuple[bool, ...]
    numbers: tuple[int | None, ...]


class ShakaSolution(FilledGrid):
    """A filled W x H board: `cells[k]` is the state of cell k (BLACK on the black cells)."""


def neighbours(width: int, height: int, k: int) -> tuple[int, ...]:
    """Return the on-board orthogonal neighbours of cell k (north, east, south, west order)."""
    r, c = divmod(k, width)
    steps = ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
    return tuple(rr * width + cc for rr, cc in steps if 0 <= rr < height and 0 <= cc < width)


def parse(text: str) -> ShakaPuzzle:
    """Return the puzzle of a canonical text: H rows of W characters '.', '#' or '0'-'4'.

    A number above the count of its cell's neighbours is well formed, as on puzz.link; such a
    puzzle simply has no solution.
    """
    rows = split_rows(LIMITS.check_text(text))
    height, width = len(rows), len(rows[0])
    if width == 0:
        raise PuzzleFormatError("a row needs at least one cell", row=0)
    LIMITS.check_size(width, height)
    check_alphabet(rows, PUZZLE_ALPHABET, "shakashaka cell")
    cells = [ch for row in rows for ch in row]
    return ShakaPuzzle(width, height, tuple(ch != "." for ch in cells),
                       tuple(int(ch) if ch.isdigit() else None for ch in cells))


def cell_char(puzzle: ShakaPuzzle, k: int) -> str:
    """Return the canonical character of cell k: '.', '#' or its number."""
    if not puzzle.black[k]:
        return "."
    n = puzzle.numbers[k]
    return "#" if n is None else str(n)


def format(puzzle: ShakaPuzzle) -> str:
    """Return the canonical text of `puzzle`."""
    w = puzzle.width
    chars = [cell_char(puzzle, k) for k in range(w * puzzle.height)]
    return join_rows(chars, w)


# A solution's text: H rows of W characters from STATE_CHAR. Only the text is checked by
# parse_solution; whether '#' stands on the puzzle's black cells is `check`'s.
SOLUTION_TEXT = CellText(ShakaSolution, dict(enumerate(STATE_CHAR)), "solution cell", LIMITS)
parse_solution = SOLUTION_TEXT.parse
format_solution = SOLUTION_TEXT.format


def images(puzzle: ShakaPuzzle) -> list[str]:
    """Return the canonical texts of the 8 rotations and reflections of `puzzle`."""
    return image_texts(format(puzzle))


def clue_count(puzzle: ShakaPuzzle) -> int:
    """Return how many black cells carry a number (the clues the generator strips)."""
    return sum(n is not None for n in puzzle.numbers)


def draw(puzzle: ShakaPuzzle, solution: ShakaSolution | None = None) -> str:
    """Return a text picture: '#' or the number on black cells; on white cells '.' or the
    triangle of the solution (◤ ◥ ◢ ◣, the right angle at NW, NE, SE, SW)."""
    w = puzzle.width
    chars = []
    for k in range(w * puzzle.height):
        if puzzle.black[k]:
            chars.append(cell_char(puzzle, k))
        elif solution is None:
            chars.append(".")
        else:
            chars.append(TRIANGLE_PICTURE.get(solution.cells[k], "?"))
    return "\n".join(" ".join(chars[i : i + w]) for i in range(0, len(chars), w))
