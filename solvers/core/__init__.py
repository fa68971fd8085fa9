"""What every genre shares: the contract, the result values, errors and small data structures."""

from solvers.core.errors import PuzzleFormatError, StaleKernelError, UnknownGenreError
from solvers.core.genre import Genre
from solvers.core.results import (
    AMBIGUOUS,
    GRADED,
    NEEDS_SEARCH,
    NO_SOLUTION,
    Count,
    Deduction,
    Grade,
)

__all__ = [
    "AMBIGUOUS",
    "GRADED",
    "NEEDS_SEARCH",
    "NO_SOLUTION",
    "Count",
    "Deduction",
    "Genre",
    "Grade",
    "PuzzleFormatError",
    "StaleKernelError",
    "UnknownGenreError",
]
