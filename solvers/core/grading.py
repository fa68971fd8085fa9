"""How a genre grades a puzzle: one of three strategies, named in its record.

Vocabulary: a *level* is a rule name of the genre's ladder (or its index); a *fixpoint* the
Deduction of the rules up to a level. The strategies:
  LowestSolvingLevel()      the lowest level whose fixpoint solves the puzzle (Slant, Araf,
                            Shakashaka)
  HighestRuleUsed(sweep)    the highest rule one run of the whole ladder uses (Chesspy)
  MeasuredBands(measure, bands)   the first band whose limits the puzzle's measurements meet
                            (Color Sort)
A puzzle that gets no grade says why in the Grade's status: NO_SOLUTION, AMBIGUOUS or
NEEDS_SEARCH, decided by the ladder counter to two (`by_count`) unless the strategy knows sooner.

"search" means one thing everywhere: SEARCH is the name of an exact-search level. A ladder may
end with it (Araf, Shakashaka); its fixpoint is solved exactly when the puzzle has one solution
(the rules below it, then a search to two solutions), so it grades every unique puzzle the rules
below it cannot, and a target of SEARCH is aimed at like any level. A ladder without it (Slant)
grades such a puzzle NEEDS_SEARCH. Generic code reads `Genre.rule_levels`, never the name.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from solvers.core.results import AMBIGUOUS, GRADED, NEEDS_SEARCH, NO_SOLUTION, Deduction, Grade

if TYPE_CHECKING:
    from solvers.core.genre import Genre

P = TypeVar("P")
S = TypeVar("S")
M = TypeVar("M")
M_contra = TypeVar("M_contra", contravariant=True)

SEARCH = "search"


def by_count(genre: "Genre[P, S]", puzzle: P) -> Grade[S]:
    """Return the Grade of a puzzle no level grades: NO_SOLUTION, NEEDS_SEARCH (with its one
    solution) or AMBIGUOUS, as the ladder counter to two finds."""
    found = genre.count(puzzle, limit=2)
    if found.count == 0:
        return Grade(NO_SOLUTION)
    if found.count == 1:
        return Grade(NEEDS_SEARCH, solution=found.solutions[0])
    return Grade(AMBIGUOUS)


@dataclass(frozen=True)
class LowestSolvingLevel:
    """Graded by the lowest ladder level whose fixpoint solves the puzzle, with its steps."""

    def grade(self, genre: "Genre[P, S]", puzzle: P) -> Grade[S]:
        """Return the lowest solving level, NO_SOLUTION at the first fixpoint that proves there
        is none, else what the ladder counter says (see `by_count`)."""
        for index, name in enumerate(genre.ladder):
            deduction = genre.deduce(puzzle, index)
            if deduction.solved:
                return Grade(GRADED, name, index, deduction.steps, deduction.solution)
            if deduction.contradiction:
                return Grade(NO_SOLUTION)
        return by_count(genre, puzzle)


@dataclass(frozen=True)
class Swept(Generic[S]):
    """One run of the whole ladder: its Deduction and the index of the highest rule it used
    (-1 when no rule acted)."""

    deduction: Deduction[S]
    highest: int


@dataclass(frozen=True)
class HighestRuleUsed(Generic[P, S]):
    """Graded by the highest rule one run of the whole ladder uses, with the run's steps.

    `sweep(puzzle)` is the genre's run (see Swept); a run that uses no rule grades at level 0.
    """

    sweep: Callable[[P], Swept[S]]

    def grade(self, genre: "Genre[P, S]", puzzle: P) -> Grade[S]:
        """Return the highest rule the run used when it solves the puzzle, NO_SOLUTION when it
        proves there is none, else what the ladder counter says (see `by_count`)."""
        swept = self.sweep(puzzle)
        deduction = swept.deduction
        if deduction.solved:
            level = max(swept.highest, 0)
            return Grade(GRADED, genre.ladder[level], level, deduction.steps, deduction.solution)
        if deduction.contradiction:
            return Grade(NO_SOLUTION)
        return by_count(genre, puzzle)


class Band(Protocol[M_contra]):
    """One grade of a measured genre: its name (a ladder level) and the limits it sets."""

    @property
    def name(self) -> str:
        """The grade's name."""

    def admits(self, measured: M_contra) -> bool:
        """Return whether `measured` is within every limit of the band."""


@dataclass(frozen=True)
class Measured(Generic[M, S]):
    """A puzzle's measurements `values`, with the steps and the solution its grade reports."""

    values: M
    steps: int
    solution: S


@dataclass(frozen=True)
class MeasuredBands(Generic[P, S, M]):
    """Graded by measurements: the first of `bands` (easiest first, one per ladder level, in
    ladder order) whose limits they meet.

    `measure(puzzle)` returns the Measured puzzle, or the grade status that says why it has
    no measurements (e.g. NO_SOLUTION); a puzzle no band admits is NEEDS_SEARCH.
    """

    measure: Callable[[P], Measured[M, S] | str]
    bands: Sequence[Band[M]]

    def grade(self, genre: "Genre[P, S]", puzzle: P) -> Grade[S]:
        """Return the first band that admits the puzzle's measurements, or why there is none."""
        measured = self.measure(puzzle)
        if isinstance(measured, str):
            return Grade(measured)
        for index, band in enumerate(self.bands):
            if band.admits(measured.values):
                return Grade(GRADED, band.name, index, measured.steps, measured.solution)
        return Grade(NEEDS_SEARCH)


Grading = LowestSolvingLevel | HighestRuleUsed[P, S] | MeasuredBands[P, S, Any]
"""A genre's grading strategy (see the module)."""
