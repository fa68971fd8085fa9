"""What one seed gives on its way into a bank: the bank row it becomes, or why it does not.

Vocabulary: a *row* is a bank row as the build makes it, the build columns of banks.schema by
name (a typed dict, since the bank store takes rows as dicts); a *rejection* is why a seed gives
no row, by its reason's short name, e.g. "ambiguous" (a build counts its attempts under it).
"""

from dataclasses import dataclass
from typing import TypedDict


class DerivedColumns(TypedDict):
    """The row columns that follow from a puzzle, its solution and its grade alone (no grade
    name or level for an ungraded puzzle, which no row holds)."""

    id: str
    genre: str
    width: int
    height: int
    size: str
    grade: str | None
    grade_level: int | None
    steps: int
    clues: int
    puzzle: str
    solution: str
    puzzlink: str | None
    quality: str


class ExplanationColumns(TypedDict):
    """The row columns of a puzzle's explanation: its stored trace and its difficulty score."""

    trace: str
    score: int
    score_rule: str
    score_depth: int
    score_applications: str


class Row(TypedDict):
    """A build row: every column of banks.schema.ROW_COLUMNS (see there for their meaning)."""

    id: str
    genre: str
    width: int
    height: int
    size: str
    grade: str
    grade_level: int
    steps: int
    clues: int
    puzzle: str
    solution: str
    puzzlink: str | None
    trace: str
    score: int
    score_rule: str
    score_depth: int
    score_applications: str
    seed: int
    generator_version: str
    measurements: str
    quality: str


@dataclass(frozen=True)
class Rejection:
    """Why a seed gives no row: `reason`, a short name such as "ambiguous" or "needs-search"."""

    reason: str

    def __str__(self) -> str:
        """Return the reason, as the build statistics count it."""
        return self.reason
