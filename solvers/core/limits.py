"""The largest input a genre reads, refused in one line before any work is done on it.

Vocabulary: a genre's *limits* are the widest and tallest board it takes (in the units of its
`dimensions`: cells for the grid genres, colours x capacity for Color Sort) and the longest
*text* (a canonical puzzle text or a puzz.link URL, in characters). A text past the limit is
refused before it is split; a board past it before any geometry is built or search begins.
A *number* in a text (a piece count, a capacity, a tube's index) is read by `bounded_number`,
which refuses one past its genre's limit before converting more digits than the limit has.
"""

from dataclasses import dataclass

from solvers.core.errors import PuzzleFormatError


@dataclass(frozen=True)
class Limits:
    """A genre's largest board (`width` x `height` in `unit`) and longest text (`text` chars)."""

    genre: str
    width: int
    height: int
    text: int
    unit: str = "cells"

    def board(self) -> str:
        """Return the largest board in words, e.g. "40x40 cells"."""
        return f"{self.width}x{self.height} {self.unit}"

    def check_text(self, text: str) -> str:
        """Return `text` when it has at most `self.text` characters; else PuzzleFormatError."""
        if isinstance(text, str) and len(text) > self.text:
            raise PuzzleFormatError(f"a {self.genre} text has at most {self.text} characters "
                                    f"(this one has {len(text)})")
        return text

    def size_problem(self, width: int, height: int) -> str | None:
        """Return why a `width` x `height` board is past the limits, or None when it is not."""
        if width > self.width or height > self.height:
            return (f"a {self.genre} board is at most {self.board()} "
                    f"(this one is {width}x{height})")
        return None

    def check_size(self, width: int, height: int) -> None:
        """Raise PuzzleFormatError when a `width` x `height` board is past the limits."""
        problem = self.size_problem(width, height)
        if problem:
            raise PuzzleFormatError(problem)


def bounded_number(digits: str, most: int, what: str, why: str = "",
                   col: int | None = None) -> int:
    """Return the value of `digits` (ASCII decimal digits, as the caller's pattern matched them)
    when it is at most `most`; else PuzzleFormatError naming `what`, the limit and `why` (a
    clause after it), e.g. "the knight count is at most 25, the cells of the board (this one
    has 19 digits)", at column `col` of the text when given. A number longer than `most` is
    refused by its length, so no more digits are converted than the limit has (Python refuses
    over 4,300 of them, slowly)."""
    significant = digits.lstrip("0")
    if len(significant) > len(str(most)):
        raise PuzzleFormatError(f"{what} is at most {most}{why} "
                                f"(this one has {len(significant)} digits)", col=col)
    value = int(digits)
    if value > most:
        raise PuzzleFormatError(f"{what} is at most {most}{why} (this one is {value})", col=col)
    return value
