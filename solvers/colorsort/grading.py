"""Grading by measurements: the reference's DFS nodes (the greedy novice's), read against the
published bands of grades.py (solvers.core.grading.MeasuredBands), with the optimal pours.

A deal is graded only when both solvers sort it and the DFS does so within the last band's
node limit; otherwise its status says why: NO_SOLUTION (the optimal solver proved there is
none), UNKNOWN (the optimal solver gave up at its state cap) or NEEDS_SEARCH (it is solvable,
but the reference's DFS does not solve it, so no grade's budget reaches it: the DFS reaches its node
limit, or its pruning of full one-colour tubes loses every solution, see counters.py).
A graded deal's steps are its optimal pours and its solution a shortest one.
"""

from solvers.colorsort.board import ColorSortPuzzle, ColorSortSolution
from solvers.colorsort.counters import dfs_result, optimal_result
from solvers.colorsort.grades import GRADE_BANDS, GradeBand, Measurements
from solvers.colorsort.jsengine import DEFAULT_NODE_LIMIT
from solvers.colorsort.optimal import SOLVABLE, UNSOLVABLE
from solvers.core.grading import Measured
from solvers.core.results import NEEDS_SEARCH, NO_SOLUTION

UNKNOWN = "unknown"

__all__ = ["Measurements", "band_of", "measure", "measured"]


def band_of(measured: Measurements) -> GradeBand | None:
    """Return the first band that admits `measured`, or None."""
    return next((band for band in GRADE_BANDS if band.admits(measured)), None)


def measure(puzzle: ColorSortPuzzle) -> Measurements | str:
    """Return the measurements of `puzzle`, or the grade status that says why there are none."""
    optimal = optimal_result(puzzle)
    if optimal.status == UNSOLVABLE:
        return NO_SOLUTION
    if optimal.status != SOLVABLE:
        return UNKNOWN
    dfs = dfs_result(puzzle, DEFAULT_NODE_LIMIT)
    if not dfs.solved:
        return NEEDS_SEARCH
    return Measurements(len(optimal.moves), optimal.states, dfs.nodes, len(dfs.moves))


def measured(puzzle: ColorSortPuzzle) -> Measured[Measurements, ColorSortSolution] | str:
    """Return the measurements of `puzzle` with the optimal pours as its steps and a shortest
    solution, or the grade status that says why there are none (see `measure`)."""
    values = measure(puzzle)
    if isinstance(values, str):
        return values
    return Measured(values, values.optimal_pours, ColorSortSolution(optimal_result(puzzle).moves))
