"""Grade targeting: thin a puzzle's clues while it keeps its target, then grade what is left.

Vocabulary: a *target* is a level of the genre's ladder (a rule name), or None for any grade. A
puzzle *keeps* a target when it has exactly one solution (target None, or SEARCH: only a unique
puzzle reaches the search level) or when the fixpoint of the rules up to the target level solves
it. *Thinning* takes clues away, each tried once in random order, keeping a removal while the
puzzle keeps its target (Araf thins by widening windows instead, with the same test). A thinned
puzzle is then graded; it is *on target* when it grades at the target level (any grade, for
None), and a generator drops it otherwise.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Generic, TypeVar

from solvers.core.deadline import check
from solvers.core.genre import Genre
from solvers.core.grading import SEARCH
from solvers.core.results import Grade
from solvers.core.stages import GRADE, stage

P = TypeVar("P")

Clues = list[Any]
"""A puzzle's clue values in its own order, None where there is none."""
Unique = Callable[[P, P], bool]
"""unique(before, after): whether `after`, a thinning of `before` (a puzzle with exactly one
solution), has exactly one solution too."""


@dataclass(frozen=True)
class Target(Generic[P]):
    """A generator's target on `genre`'s ladder, with the tests that decide whether a puzzle keeps
    it.

    `unique`, `solves(puzzle, rules)` and `grader(puzzle)` default to the genre's own ladder
    count, fixpoint and grade; a generator may pass faster ones that give the same answers (a
    compiled kernel, a test that only looks at what a thinning added).
    """

    genre: Genre[P, Any]
    level: str | None
    unique: Unique[P] | None = None
    solves: Callable[[P, frozenset[str]], bool] | None = None
    grader: Callable[[P], Grade[Any]] | None = None

    def keeps(self, before: P, after: P) -> bool:
        """Return True if `after`, a thinning of `before` (which keeps the target), keeps it too
        (see the module); pass a puzzle as both to test the puzzle alone."""
        rules = self.rules
        if rules is None:
            if self.unique is not None:
                return self.unique(before, after)
            return self.genre.count(after, limit=2).count == 1
        if self.solves is not None:
            return self.solves(after, rules)
        return self.genre.deduce_with(after, rules).solved

    @cached_property
    def rules(self) -> frozenset[str] | None:
        """Return the rules up to the target level, or None when the target is uniqueness."""
        if self.level is None or self.level == SEARCH:
            return None
        return self.genre.rules_up_to(self.level)

    def grade(self, puzzle: P) -> Grade[Any] | None:
        """Return the genre's grade of `puzzle`, or None when it is off target.

        With a fast `solves`, a puzzle that the level below the target solves is off target at
        once, without grading (the grade is the lowest level that solves a puzzle).
        """
        with stage(GRADE):
            if self.solves is not None and self.level is not None and self.rules is not None:
                below = self.genre.level_index(self.level) - 1
                if below >= 0 and self.solves(puzzle, self.genre.rules_up_to(below)):
                    return None
            grade = self.genre.grade(puzzle) if self.grader is None else self.grader(puzzle)
        return None if self.level is not None and grade.name != self.level else grade


@dataclass(frozen=True)
class Thinned(Generic[P]):
    """A puzzle thinned on target: the puzzle, its grade, its clues (None where there is none)
    and how many keep tests the thinning made."""

    puzzle: P
    grade: Grade[Any]
    clues: Clues
    checks: int


def remove_while(
    rng: random.Random,
    clues: Clues,
    keeps_property: Callable[[Clues], bool],
) -> tuple[Clues, int]:
    """Try each clue once, in random order, and drop it when `keeps_property` still holds.

    `clues` is a list of the current clue values, None where there is none. Returns the reduced
    list and the number of property checks made.
    """
    clues = list(clues)
    order = [i for i, clue in enumerate(clues) if clue is not None]
    rng.shuffle(order)
    checks = 0
    for i in order:
        check()  # a removal costs a solve: under a deadline (a build's --max-seconds), stop here
        kept, clues[i] = clues[i], None
        checks += 1
        if not keeps_property(clues):
            clues[i] = kept
    return clues, checks


def thin_clues(
    rng: random.Random, target: Target[P], clues: Clues, puzzle_of: Callable[[Clues], P]
) -> Thinned[P] | None:
    """Return the puzzle `puzzle_of(clues)` thinned by `remove_while` while it keeps `target`,
    graded; None when it ends off target. The puzzle must keep the target to begin with."""
    kept = puzzle_of(clues)  # the last puzzle that kept the target

    def keeps(trial: Clues) -> bool:
        nonlocal kept
        after = puzzle_of(trial)
        if not target.keeps(kept, after):
            return False
        kept = after
        return True

    thinned, checks = remove_while(rng, clues, keeps)
    grade = target.grade(kept)
    return None if grade is None else Thinned(kept, grade, thinned, checks)
