"""Slant boards: the puzzle and solution values, their texts, and the board's geometry tables.

Vocabulary: a board has H rows and W columns of *cells*; cell k = r*W + c. Its (H+1) x (W+1)
lattice points are *vertices*, v = r*(W+1) + c. A cell holds one diagonal: FWD '/' joins its
top-right and bottom-left corners, BACK '\\' its top-left and bottom-right. A *clue* on a vertex
is how many diagonals touch it. A cell's *domain* is the set of diagonals still possible, as bits:
FWD = 1, BACK = 2, BOTH = 3; a domain of 0 is a contradiction.
"""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import Any

from solvers.core.errors import PuzzleFormatError
from solvers.core.grid import (
    CellText,
    FilledGrid,
    check_alphabet,
    dihedral_images,
    join_rows,
    split_rows,
)
from solvers.core.grid import dimensions as dimensions  # re-exported: the record's (width, height)
from solvers.core.limits import Limits

FWD, BACK, BOTH = 1, 2, 3
DIAGONAL_CHAR = {FWD: "/", BACK: "\\"}
LIMITS = Limits("slant", 64, 64, 8192)  # 65 x 65 vertices and the commas: 4289 characters


@dataclass(frozen=True)
class SlantPuzzle:
    """A W x H board; `clues` holds a number or None for each vertex, row by row."""

    width: int
    height: int
    clues: tuple[int | None, ...]


class SlantSolution(FilledGrid):
    """A filled W x H board; `cells` holds FWD or BACK for each cell, row by row."""


@dataclass(frozen=True)
class Geometry:
    """Tables of a W x H board, derived once per size.

    corners[k] = (tl, tr, bl, br) vertices of cell k; ends[k][d] = the two vertices diagonal d of
    cell k joins (ends[k][0] is unused); touching[v] = ((k, d), ...) for each cell k next to vertex
    v with the diagonal d of k that touches v.
    """

    width: int
    height: int
    corners: tuple[tuple[int, int, int, int], ...]
    ends: tuple[tuple[tuple[int, int], ...], ...]
    touching: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def vertex_count(self) -> int:
        """Return (W+1)(H+1)."""
        return (self.width + 1) * (self.height + 1)


@cache
def geometry(width: int, height: int) -> Geometry:
    """Return the geometry tables of a `width` x `height` board."""
    stride = width + 1
    corners = []
    touching: list[list[tuple[int, int]]] = [[] for _ in range(stride * (height + 1))]
    for r in range(height):
        for c in range(width):
            k = r * width + c
            tl, tr = r * stride + c, r * stride + c + 1
            bl, br = tl + stride, tr + stride
            corners.append((tl, tr, bl, br))
            for v, d in ((tl, BACK), (tr, FWD), (bl, FWD), (br, BACK)):
                touching[v].append((k, d))
    ends = tuple(((0, 0), (tr, bl), (tl, br)) for tl, tr, bl, br in corners)
    return Geometry(width, height, tuple(corners), ends, tuple(tuple(t) for t in touching))


def max_clue(width: int, height: int, r: int, c: int) -> int:
    """Return how many cells meet at vertex (r, c): 1 at a board corner, 2 on an edge, else 4."""
    return (min(r, 1) + min(height - r, 1)) * (min(c, 1) + min(width - c, 1))


def parse(text: str) -> SlantPuzzle:
    """Return the puzzle of a canonical text: H+1 rows of W+1 characters '0'-'4' or '.'.

    A clue above the cells at its vertex (max_clue) is well formed, as on puzz.link; such a
    puzzle simply has no solution.
    """
    rows = split_rows(LIMITS.check_text(text))
    height, width = len(rows) - 1, len(rows[0]) - 1
    if height < 1 or width < 1:
        raise PuzzleFormatError("a slant puzzle needs at least 2 rows of at least 2 vertices")
    LIMITS.check_size(width, height)
    check_alphabet(rows, "01234.", "vertex clue")
    clues = [None if ch == "." else int(ch) for row in rows for ch in row]
    return SlantPuzzle(width, height, tuple(clues))


def format(puzzle: SlantPuzzle) -> str:
    """Return the canonical text of `puzzle`."""
    stride = puzzle.width + 1
    chars = ["." if n is None else str(n) for n in puzzle.clues]
    return join_rows(chars, stride)


SOLUTION_TEXT = CellText(SlantSolution, DIAGONAL_CHAR, "diagonal", LIMITS)
parse_solution = SOLUTION_TEXT.parse  # H rows of W characters '/' or '\\'
format_solution = SOLUTION_TEXT.format


def images(puzzle: SlantPuzzle) -> list[str]:
    """Return the canonical texts of the 8 rotations and reflections of `puzzle`, in the order
    of `image_texts` (the same texts, read off the clues by a getter per image)."""
    chars = ["." if n is None else str(n) for n in puzzle.clues]
    chars.append(",")
    return ["".join(read(chars)) for read in _image_readers(puzzle.width, puzzle.height)]


def variant_images(puzzle: SlantPuzzle) -> Iterator[list[str]]:
    """Yield, for each shown clue in vertex order, the `images` of the puzzle less that clue:
    the puzzle's own image texts with '.' where each of them shows that vertex."""
    texts = images(puzzle)
    places = _image_places(puzzle.width, puzzle.height)
    for v, n in enumerate(puzzle.clues):
        if n is not None:
            yield [text[: at[v]] + "." + text[at[v] + 1 :]
                   for text, at in zip(texts, places, strict=True)]


@cache
def _image_places(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Return, per image (as `_image_readers`), each vertex's position in the image's text."""
    places = []
    for read in _image_readers(width, height):
        order = read(list(range((width + 1) * (height + 1) + 1)))  # the image's vertex per char
        at = [0] * ((width + 1) * (height + 1))
        for position, v in enumerate(order):
            if v < len(at):
                at[v] = position
        places.append(tuple(at))
    return tuple(places)


@cache
def _image_readers(width: int, height: int) -> tuple[Callable[[list[Any]], Any], ...]:
    """Return, per image of a board's vertex grid (as `dihedral_images` orders them), the getter
    of its text's characters from the clue characters plus a last ',' (rows joined by it)."""
    stride, comma = width + 1, (width + 1) * (height + 1)
    vertices = [[r * stride + c for c in range(stride)] for r in range(height + 1)]
    readers = []
    for grid in dihedral_images(vertices):
        order: list[int] = []
        for i, row in enumerate(grid):
            order.extend((comma, *row) if i else row)
        readers.append(itemgetter(*order))
    return tuple(readers)


def clue_count(puzzle: SlantPuzzle) -> int:
    """Return how many vertices carry a clue."""
    return sum(n is not None for n in puzzle.clues)


def draw(puzzle: SlantPuzzle, solution: SlantSolution | None = None) -> str:
    """Return a text picture: vertex rows ('+' unclued) between cell rows (diagonals or blanks)."""
    w, stride = puzzle.width, puzzle.width + 1
    lines = []
    for r in range(puzzle.height + 1):
        vertices = puzzle.clues[r * stride : (r + 1) * stride]
        lines.append(" ".join("+" if n is None else str(n) for n in vertices))
        if r < puzzle.height:
            cells = solution.cells[r * w : (r + 1) * w] if solution else (0,) * w
            lines.append(" " + " ".join(DIAGONAL_CHAR.get(d, " ") for d in cells))
    return "\n".join(lines)
