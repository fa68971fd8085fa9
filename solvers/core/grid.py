"""Helpers for genres whose boards are grids of cells and whose texts are grids of characters:
rows joined by ','."""

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from solvers.core.errors import PuzzleFormatError
from solvers.core.limits import Limits

T = TypeVar("T")


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


S = TypeVar("S", bound=FilledGrid)


@dataclass(frozen=True)
class CellText(Generic[S]):
    """The canonical text of a genre's filled grid: H rows of W characters joined by ',', the
    character `chars[value]` for each cell. `kind` is the genre's grid class (a FilledGrid),
    `what` names a character in error lines (e.g. "diagonal"), `limits` bounds the text."""

    kind: type[S]
    chars: Mapping[int, str]
    what: str
    limits: Limits

    def parse(self, text: str, board: Board) -> S:
        """Return the grid a text spells, sized as `board`; PuzzleFormatError naming the first
        row of another length or the first character not in `chars`."""
        rows = split_rows(self.limits.check_text(text), height=board.height, width=board.width)
        value = {ch: v for v, ch in self.chars.items()}
        check_alphabet(rows, "".join(value), self.what)
        return self.kind(board.width, board.height, tuple(value[ch] for row in rows for ch in row))

    def format(self, grid: S) -> str:
        """Return the canonical text of `grid`."""
        return join_rows([self.chars[v] for v in grid.cells], grid.width)


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


def dihedral_images(rows: Sequence[Sequence[T]]) -> Iterator[tuple[tuple[T, ...], ...]]:
    """Yield the 8 rotations and reflections of a rectangular grid of tokens."""
    grid = tuple(tuple(row) for row in rows)
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
