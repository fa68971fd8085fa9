"""The largest input a genre reads, refused in one line before any work is done on it.

Vocabulary: a genre's *limits* are the widest and tallest board it takes (in the units of its
`dimensions`: cells for the grid genres, colours x capacity for Color Sort) and the longest
*text* (a canonical puzzle text or a puzz.link URL, in characters). A text past the limit is
refused before it is split; a board past it before any geometry is built or search begins.
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
