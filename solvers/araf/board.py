"""Araf boards: the puzzle and solution values, their texts, the readings, and geometry tables.

Vocabulary: a board has H rows and W columns of *cells*; cell k = r*W + c. A cell may hold a
*number* (a positive integer). A *room* is a set of cells, kept as a bit set (an int whose bit k
is cell k). A solution gives each cell a room *label*; labels count from 0 in row-major order of
first appearance, so equal partitions have equal solutions. A *reading* is how the rules are
read: the true one (STRICT) or one of the two misreadings (closed interval, corner contact).
"""

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from solvers.core.errors import PuzzleFormatError
from solvers.core.grid import dihedral_images
from solvers.core.grid import dimensions as dimensions  # re-exported: the record's (width, height)
from solvers.core.limits import Limits


@dataclass(frozen=True)
class ArafPuzzle:
    """A W x H board; `numbers` holds a positive integer or None for each cell, row by row."""

    width: int
    height: int
    numbers: tuple[int | None, ...]


@dataclass(frozen=True)
class ArafSolution:
    """A W x H partition; `labels` holds each cell's room label, canonically numbered."""

    width: int
    height: int
    labels: tuple[int, ...]


@dataclass(frozen=True)
class Reading:
    """How a room's size window and its connectivity are read.

    closed: a room between a and b may have a..b cells (the true rule: a+1..b-1);
    diagonal: cells touching at a corner are connected too (the true rule: edges only).
    """

    closed: bool = False
    diagonal: bool = False

    def window(self, a: int, b: int) -> tuple[int, int]:
        """Return (fewest, most) cells of a room holding the numbers a and b (empty if lo > hi)."""
        a, b = min(a, b), max(a, b)
        return (a, b) if self.closed else (a + 1, b - 1)


STRICT = Reading()
CLOSED = Reading(closed=True)
DIAGONAL = Reading(diagonal=True)


@cache
def neighbours(width: int, height: int, diagonal: bool = False) -> tuple[int, ...]:
    """Return, for each cell, the bit set of the cells it touches (by an edge, or also a corner)."""
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if diagonal:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    table = []
    for r in range(height):
        for c in range(width):
            bits = 0
            for dr, dc in steps:
                if 0 <= r + dr < height and 0 <= c + dc < width:
                    bits |= 1 << ((r + dr) * width + c + dc)
            table.append(bits)
    return tuple(table)


def cells_of(bits: int) -> list[int]:
    """Return the cells of a bit set, in increasing order."""
    cells = []
    while bits:
        low = bits & -bits
        cells.append(low.bit_length() - 1)
        bits ^= low
    return cells


def _tokens(text: str) -> list[list[str]]:
    """Return the rows of a text split into tokens; PuzzleFormatError on a ragged grid."""
    if not isinstance(text, str):
        raise PuzzleFormatError(f"expected text, got {type(text).__name__}")
    stripped = LIMITS.check_text(text).strip()
    if not stripped:
        raise PuzzleFormatError("empty text")
    rows = [row.split(" ") for row in stripped.split(",")]
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            if not token:
                raise PuzzleFormatError("empty token (tokens are separated by one space)",
                                        row=r, col=c)
        if len(row) != len(rows[0]):
            raise PuzzleFormatError(f"expected {len(rows[0])} tokens, found {len(row)}", row=r)
    return rows


MAX_DIGITS = 9
LIMITS = Limits("araf", 40, 40, 65536)  # 1600 tokens of up to MAX_DIGITS digits, separated


def _positive(token: str) -> int | None:
    """Return the value of a canonical positive integer token (no sign, no leading 0, at most
    MAX_DIGITS digits), or None."""
    if token.isascii() and token.isdigit() and token[0] != "0" and len(token) <= MAX_DIGITS:
        return int(token)
    return None


def parse(text: str) -> ArafPuzzle:
    """Return the puzzle of a canonical text: H rows of W tokens, '.' or a positive integer."""
    rows = _tokens(text)
    LIMITS.check_size(len(rows[0]), len(rows))
    numbers: list[int | None] = []
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            value = None if token == "." else _positive(token)
            if token != "." and value is None:
                raise PuzzleFormatError(f"{token[:12]!r} is neither '.' nor a positive integer "
                                        f"of at most {MAX_DIGITS} digits", row=r, col=c)
            numbers.append(value)
    return ArafPuzzle(len(rows[0]), len(rows), tuple(numbers))


def format(puzzle: ArafPuzzle) -> str:
    """Return the canonical text of `puzzle`."""
    tokens = ["." if n is None else str(n) for n in puzzle.numbers]
    return _join(tokens, puzzle.width)


def _join(tokens: list[str], width: int) -> str:
    return ",".join(" ".join(tokens[i : i + width]) for i in range(0, len(tokens), width))


def canonical_labels(labels) -> tuple[int, ...]:
    """Return `labels` renumbered from 0 in row-major order of first appearance."""
    renumber: dict = {}
    return tuple(renumber.setdefault(label, len(renumber)) for label in labels)


def solution_of(width: int, height: int, rooms) -> ArafSolution:
    """Return the solution whose rooms are the given bit sets (they must partition the board)."""
    labels = [0] * (width * height)
    for label, room in enumerate(rooms):
        for k in cells_of(room):
            labels[k] = label
    return ArafSolution(width, height, canonical_labels(labels))


def parse_solution(text: str, puzzle: ArafPuzzle) -> ArafSolution:
    """Return the solution of a canonical text: H rows of W room labels, numbered from 0 in
    row-major order of first appearance (a label may only be one seen before or the next one)."""
    rows = _tokens(text)
    if len(rows) != puzzle.height:
        raise PuzzleFormatError(f"expected {puzzle.height} rows, found {len(rows)}")
    if len(rows[0]) != puzzle.width:
        raise PuzzleFormatError(f"expected {puzzle.width} tokens, found {len(rows[0])}", row=0)
    labels: list[int] = []
    seen = 0
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            value = 0 if token == "0" else _positive(token)
            if value is None:
                raise PuzzleFormatError(f"{token[:12]!r} is not a room label", row=r, col=c)
            if value > seen:
                raise PuzzleFormatError(f"label {value} before label {seen} (labels are numbered "
                                        "in row-major order of first appearance)", row=r, col=c)
            seen = max(seen, value + 1)
            labels.append(value)
    return ArafSolution(puzzle.width, puzzle.height, tuple(labels))


def format_solution(solution: ArafSolution) -> str:
    """Return the canonical text of `solution`."""
    return _join([str(label) for label in solution.labels], solution.width)


def rooms_of(solution: ArafSolution) -> list[int]:
    """Return the rooms of `solution` as bit sets, in label order."""
    rooms = [0] * (max(solution.labels, default=-1) + 1)
    for k, label in enumerate(solution.labels):
        rooms[label] |= 1 << k
    return rooms


def images(puzzle: ArafPuzzle) -> list[str]:
    """Return the canonical texts of the 8 rotations and reflections of `puzzle`."""
    rows = [row.split(" ") for row in format(puzzle).split(",")]
    return [",".join(" ".join(row) for row in grid) for grid in dihedral_images(rows)]


def variant_images(puzzle: ArafPuzzle) -> Iterator[list[str]]:
    """Yield, for each number in cell order, the `images` of the puzzle less that number: the
    puzzle's own image texts with '.' in place of that number's token in each."""
    tokens = ["." if n is None else str(n) for n in puzzle.numbers]
    texts, starts = [], []
    for grid in _image_cells(puzzle.width, puzzle.height):
        rows = [" ".join(tokens[k] for k in row) for row in grid]
        texts.append(",".join(rows))
        start, at = [0] * len(tokens), 0
        for row in grid:
            for k in row:
                start[k] = at
                at += len(tokens[k]) + 1  # the token and the ' ' or ',' after it
        starts.append(start)
    for k, token in enumerate(tokens):
        if token != ".":
            yield [text[: at[k]] + "." + text[at[k] + len(token) :]
                   for text, at in zip(texts, starts, strict=True)]


@cache
def _image_cells(width: int, height: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Return the 8 images of the board's grid of cells (as `dihedral_images` orders them)."""
    return tuple(dihedral_images([range(r * width, (r + 1) * width) for r in range(height)]))


def clue_count(puzzle: ArafPuzzle) -> int:
    """Return how many cells hold a number."""
    return sum(n is not None for n in puzzle.numbers)


def draw(puzzle: ArafPuzzle, solution: ArafSolution | None = None) -> str:
    """Return a text picture: numbers in cells, walls between rooms (only the frame without one)."""
    w, h = puzzle.width, puzzle.height
    span = max([3, *(len(str(n)) + 2 for n in puzzle.numbers if n is not None)])

    def wall(a: int, b: int) -> bool:
        return solution is not None and solution.labels[a] != solution.labels[b]

    lines = ["+" + "+".join("-" * span for _ in range(w)) + "+"]
    for r in range(h):
        row = "|"
        for c in range(w):
            n = puzzle.numbers[r * w + c]
            row += ("" if n is None else str(n)).center(span)
            last = c == w - 1
            row += "|" if last or wall(r * w + c, r * w + c + 1) else " "
        lines.append(row)
        below = "+"
        for c in range(w):
            closed = r == h - 1 or wall(r * w + c, (r + 1) * w + c)
            below += ("-" * span if closed else " " * span) + "+"
        lines.append(below)
    return "\n".join(lines)
