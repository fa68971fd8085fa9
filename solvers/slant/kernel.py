"""The generator's question "does this rule set solve the puzzle?", answered by the C kernel.

The fixpoint of the ladder's rules does not depend on the order they fire in, so the kernel
(_kernel.c, built by `pip install -e .`) computes the same domains as the Python ladder in
rules.py, the reference, without counting steps; the tests hold the two to each other on
thousands of boards. The kernel finds a puzzle's grade level (`grade`); its step count and
solution still come from the Python ladder, run at that level alone. Vocabulary as
in rules.py; `rules` are ladder rule names.
"""

from collections.abc import Sequence
from functools import cache
from types import ModuleType

from solvers.core.grading import by_count
from solvers.core.results import GRADED, NO_SOLUTION, Grade
from solvers.slant import GENRE
from solvers.slant.board import BOTH, SlantPuzzle, SlantSolution
from solvers.slant.rules import LADDER, deduce_with
from solvers.slant.search import count_ladder

compiled: ModuleType | None
try:
    from solvers.slant import _kernel as compiled
except ImportError:  # not built: every answer comes from the Python ladder (slower, the same)
    compiled = None

COMPILED = compiled is not None
RULE_BITS = {"count": 1, "cycle": 2, "duet": 4, "probe": 8}


@cache
def _mask(rules: frozenset[str]) -> int:
    """Return the kernel's bit mask of a rule set."""
    return sum(RULE_BITS[name] for name in rules)


def _fixpoint(puzzle: SlantPuzzle, rules: frozenset[str]) -> Sequence[int] | None:
    """Return kernel_domains' answer as the kernel or the Python ladder gives it."""
    if compiled is None:
        deduction = deduce_with(puzzle, rules)
        return None if deduction.contradiction else deduction.domains
    domains: bytes | None = compiled.fixpoint(puzzle.width, puzzle.height,
                                              puzzle.clues, _mask(rules))
    return domains


def kernel_domains(puzzle: SlantPuzzle, rules: frozenset[str]) -> tuple[int, ...] | None:
    """Return the cell domains at the fixpoint of `rules`, or None when the rules find a
    contradiction or decide every cell into a board that is not a solution."""
    domains = _fixpoint(puzzle, rules)
    return None if domains is None else tuple(domains)


def solves(puzzle: SlantPuzzle, rules: frozenset[str]) -> bool:
    """Return True if the fixpoint of `rules` decides every cell into the solution."""
    domains = _fixpoint(puzzle, rules)
    return domains is not None and BOTH not in domains


def grade(puzzle: SlantPuzzle) -> Grade[SlantSolution]:
    """Return what GENRE.grade returns (grading.py's LowestSolvingLevel over rules.py): the
    kernel finds the lowest solving level, or the first that proves there is no solution; the
    Python ladder's fixpoint at that level alone gives the steps and the solution."""
    for index, name in enumerate(LADDER):
        rules = frozenset(LADDER[: index + 1])
        domains = _fixpoint(puzzle, rules)
        if domains is None:
            return Grade(NO_SOLUTION)
        if BOTH not in domains:
            deduction = deduce_with(puzzle, rules)
            assert deduction.solved, "the kernel and the Python ladder disagree"
            return Grade(GRADED, name, index, deduction.steps, deduction.solution)
    return by_count(GENRE, puzzle)


def count_solutions(puzzle: SlantPuzzle, rules: frozenset[str], limit: int) -> int:
    """Return how many solutions `puzzle` has, up to `limit` (propagating `rules`, branching)."""
    if compiled is None:
        return count_ladder(puzzle, rules, limit).count
    return compiled.count(puzzle.width, puzzle.height, puzzle.clues, _mask(rules), limit)
