"""The Chesspy grade: the highest rule the solver's run uses, with the steps it took.

This is the reference's measure ("最大ルール" and "手数": the rule applications of one run of the
whole ladder), graded by solvers.core.grading.HighestRuleUsed, not by the lowest ladder level
whose fixpoint solves it: the sweep may let a higher rule act where a lower one would have done
the same a pass later, as in the reference's example (graded "board" in 5 steps, though "number"
alone would finish it). A board the rules cannot finish is never graded: the ladder counter says
needs-search or ambiguous (or no-solution).
"""

from solvers.chesspy.board import ChesspyPuzzle, ChesspySolution
from solvers.chesspy.rules import LADDER, trace_with
from solvers.core.grading import Swept


def sweep(puzzle: ChesspyPuzzle) -> Swept[ChesspySolution]:
    """Return the run of the full ladder on `puzzle` and the highest rule it used."""
    trace = trace_with(puzzle, frozenset(LADDER))
    return Swept(trace.deduction, trace.highest)
