"""Helpers for genres whose texts are grids of characters: rows joined by ','."""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from solvers.core.errors import PuzzleFormatError
from solvers.core.limits import Limits

Grid = tuple[tuple[str, ...], ...]


class Board(Protocol):
    """A rectangular board value: `width` x `height` cells."""

    @property
    def width(self) -> int: ...

    @property
    def height(self) -> int: ...


def dimensions(board: Board) -> tuple[int, int]:
    """Return (width, height) in cells."""
    return board.width, board.height


@dataclass(frozen=True)
class FilledGrid:
    """A filled W x H board: `cells` holds a small int for each cell, row by row. A genre's
    solution value subclasses it and says what the ints mean."""

    width: int
    height: int
    cells: tuple[int, ...]


def read_cells(text: str, limits: Limits, board: Board, alphabet: str, what: str) -> list[str]:
    """Return the characters of a text of `board`'s height in rows of its width, each one of
    `alphabet`, row by row; PuzzleFormatError naming the first row or character that is not
    (`what` names a character, e.g. "diagonal")."""
    rows = split_rows(limits.check_text(text), height=board.height, width=board.width)
    check_alphabet(rows, alphabet, what)
    return [ch for row in rows for ch in row]


def write_cells(grid: FilledGrid, chars: Mapping[int, str] | Sequence[str]) -> str:
    """Return the canonical text of `grid`: the character `chars[value]` for each cell."""
    return join_rows([chars[value] for value in grid.cells], grid.width)


def split_rows(text: str, height: int | None = None, width: int | None = None) -> list[str]:
    """Return the ','-separated rows of `text`, checking their number and length when given.

    Raises PuzzleFormatError naming the first row whose length differs from the first row's
    (or from `width`), or the row count when it differs from `height`.
    """
    if not isinstance(text, str):
        raise PuzzleFormatError(f"expected text, got {type(text).__name__}")
    rows = text.strip().split(",")
    if rows == [""]:
        raise PuzzleFormatError("empty text")
    if height is not None and len(rows) != height:
        raise PuzzleFormatError(f"expected {height} rows, found {len(rows)}")
    expected = len(rows[0]) if width is None else width
    for r, row in enumerate(rows):
        if len(row) != expected:
            raise PuzzleFormatError(f"expected {expected} characters, found {len(row)}", row=r)
    return rows


def check_alphabet(rows: Sequence[str], alphabet: str, what: str) -> None:
    """Raise PuzzleFormatError at the first character of `rows` that is not in `alphabet`."""
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in alphabet:
                raise PuzzleFormatError(f"{ch!r} is not a {what} (expected one of {alphabet!r})",
                                        row=r, col=c)


def dihedral_images(rows: Sequence[Sequence[str]]) -> Iterator[Grid]:
    """Yield the 8 rotations and reflections of a rectangular grid of tokens."""
    grid: Grid = tuple(tuple(row) for row in rows)
    for _ in range(4):
        yield grid
        yield tuple(row[::-1] for row in grid)
        grid = tuple(zip(*grid[::-1], strict=True))  # a quarter turn clockwise


def join_rows(cells: Sequence[str], width: int) -> str:
    """Return the canonical text of row-major `cells`, `width` to a row: rows joined by ','."""
    return ",".join("".join(cells[i : i + width]) for i in range(0, len(cells), width))


def image_texts(text: str) -> list[str]:
    """Return the texts of the 8 rotations and reflections of a text of character rows."""
    return [",".join("".join(row) for row in grid) for grid in dihedral_images(text.split(","))]
