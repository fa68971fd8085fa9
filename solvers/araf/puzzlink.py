"""Araf on puzz.link: the numbers in the hex code (so at most 4095)."""

from solvers.araf import board
from solvers.core.puzzlink import (
    PuzzlinkCodec,
    decode_hex,
    encode_hex,
    make_url,
    open_url,
    refuse_questions,
)

PID = "araf"


def to_puzzlink(puzzle: board.ArafPuzzle) -> str:
    """Return the puzz.link URL of `puzzle`; PuzzleFormatError for a number past 4095."""
    return make_url(PID, puzzle.width, puzzle.height, encode_hex(puzzle.numbers))


def from_puzzlink(url: str) -> board.ArafPuzzle:
    """Return the puzzle of an araf URL, checked as its canonical text is; PuzzleFormatError
    also for a '?' or a 0, which an Araf text cannot hold."""
    link = open_url(url, PID)
    cells = refuse_questions(decode_hex(link.body, link.cols * link.rows), link.cols,
                             "a '?' number has no Araf text")
    return board.parse(board.format(board.ArafPuzzle(link.cols, link.rows, tuple(cells))))


CODEC = PuzzlinkCodec(PID, to_puzzlink, from_puzzlink)
