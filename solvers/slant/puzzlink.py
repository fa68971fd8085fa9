"""Slant on puzz.link, where it is "gokigen": the (H+1) x (W+1) vertex clues in the four code."""

from solvers.core.puzzlink import (
    PuzzlinkCodec,
    decode_four,
    encode_four,
    make_url,
    open_url,
    refuse_questions,
)
from solvers.slant import board

PID = "gokigen"


def to_puzzlink(puzzle: board.SlantPuzzle) -> str:
    """Return the puzz.link URL of `puzzle`."""
    return make_url(PID, puzzle.width, puzzle.height, encode_four(puzzle.clues))


def from_puzzlink(url: str) -> board.SlantPuzzle:
    """Return the puzzle of a gokigen URL, checked as its canonical text is; PuzzleFormatError
    also for a '?' clue, which a Slant text cannot hold."""
    link = open_url(url, PID)
    stride = link.cols + 1
    clues = refuse_questions(decode_four(link.body, stride * (link.rows + 1)), stride,
                             "a '?' vertex clue has no Slant text")
    return board.parse(board.format(board.SlantPuzzle(link.cols, link.rows, tuple(clues))))


CODEC = PuzzlinkCodec(PID, to_puzzlink, from_puzzlink)
