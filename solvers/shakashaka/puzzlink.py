"""Shakashaka on puzz.link: the black cells in the four code, '.' for one without a number."""

from solvers.core.puzzlink import (
    QUESTION,
    PuzzlinkCodec,
    decode_four,
    encode_four,
    make_url,
    open_url,
)
from solvers.shakashaka import board

PID = "shakashaka"


def to_puzzlink(puzzle: board.ShakaPuzzle) -> str:
    """Return the puzz.link URL of `puzzle`."""
    cells = [(QUESTION if n is None else n) if black else None
             for black, n in zip(puzzle.black, puzzle.numbers, strict=True)]
    return make_url(PID, puzzle.width, puzzle.height, encode_four(cells))


def from_puzzlink(url: str) -> board.ShakaPuzzle:
    """Return the puzzle of a shakashaka URL, checked as its canonical text is (a number no
    larger than the cell's neighbours)."""
    link = open_url(url, PID)
    cells = decode_four(link.body, link.cols * link.rows)
    black = tuple(cell is not None for cell in cells)
    numbers = tuple(cell if isinstance(cell, int) else None for cell in cells)  # '?' -> None
    return board.parse(board.format(board.ShakaPuzzle(link.cols, link.rows, black, numbers)))


CODEC = PuzzlinkCodec(PID, to_puzzlink, from_puzzlink)
