"""The Chesspy grade: the highest rule the solver's run uses, with the steps it took.

This is the reference's measure ("最大ルール" and "手数": the rule applications of one run of the
whole ladder), not the contract's default (the lowest ladder level whose fixpoint solves it):
the sweep may let a higher rule act where a lower one would have done the same a pass later, as
in the reference's example (graded "board" in 5 steps, though "number" alone would finish it).
A board the rules cannot finish is never graded: the ladder counter says needs-search or
ambiguous (or no-solution).
"""

from solvers.chesspy.board import ChesspyPuzzle
from solvers.chesspy.rules import LADDER, trace_with
from solvers.chesspy.search import count_ladder
from solvers.core.results import AMBIGUOUS, GRADED, NEEDS_SEARCH, NO_SOLUTION, Grade


def grade(puzzle: ChesspyPuzzle) -> Grade:
    """Return the highest rule the full ladder's run uses and its steps, or why there is none."""
    trace = trace_with(puzzle, frozenset(LADDER))
    deduction = trace.deduction
    if deduction.solved:
        level = max(trace.highest, 0)
        return Grade(GRADED, LADDER[level], level, deduction.steps, deduction.solution)
    if deduction.contradiction:
        return Grade(NO_SOLUTION)
    found = count_ladder(puzzle, frozenset(LADDER), limit=2)
    if found.count == 0:
        return Grade(NO_SOLUTION)
    if found.count == 1:
        return Grade(NEEDS_SEARCH, solution=found.solutions[0])
    return Grade(AMBIGUOUS)
