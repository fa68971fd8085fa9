"""Board sizes on the build path: read once from "WxH" text where it comes in, written back once
where it is stored.

Vocabulary: a *size* is the pair of numbers a genre measures its boards by, its `dimensions`
(width x height cells for the grid genres; colours x capacity for Color Sort, whose generator
reads a spec's size as its own shape type, generators.colorsort.DealShape); its *text* is
"WxH", the form the bank's size column, a build's spec, a deployment's parameters and the seed
stream's address hold. The text comes in at two edges, a command's --size and a flow's `sizes`
parameter (a deployment's parameters are JSON), and is read there by Size.parse.
"""

from dataclasses import dataclass
from typing import Self

from generators import GenerationSpec
from solvers.core.excerpt import excerpt

MAX_DIGITS = 9  # of a side's number


@dataclass(frozen=True)
class Size:
    """A board size: `width` x `height` in the genre's units (Color Sort: colours x capacity)."""

    width: int
    height: int

    @classmethod
    def parse(cls, text: str) -> Self:
        """Return the size a "WxH" text writes (spaces around it and a capital X allowed);
        ValueError naming the text when it is not two positive whole numbers of at most
        MAX_DIGITS ASCII digits each (no genre's board comes near)."""
        width, x, height = text.strip().lower().partition("x")
        if not (x and all(side.isascii() and side.isdecimal() and len(side) <= MAX_DIGITS
                          and int(side) for side in (width, height))):
            raise ValueError(f"size {excerpt(text)} is not WxH with positive whole numbers, "
                             "e.g. 5x5")
        return cls(int(width), int(height))

    def __str__(self) -> str:
        """Return the stored text, e.g. "5x5"."""
        return f"{self.width}x{self.height}"

    @property
    def cells(self) -> int:
        """Return width * height: how much work a board of this size is, roughly."""
        return self.width * self.height

    def spec(self, grade: str | None, options: dict[str, object] | None = None,
             ) -> GenerationSpec:
        """Return the generator's spec for a board of this size aiming at `grade`."""
        return GenerationSpec(self.width, self.height, grade, options or {})
