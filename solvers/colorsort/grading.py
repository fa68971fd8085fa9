"""Grading by measurements: the optimal pours, the reference's DFS nodes and random play-out wins,
read against the published bands of grades.py.

A deal is graded only when both solvers sort it and the DFS does so within the last band's
node limit; otherwise its status says why: NO_SOLUTION (the optimal solver proved there is
none), UNKNOWN (the optimal solver gave up at its state cap) or NEEDS_SEARCH (it is solvable,
but the reference's DFS does not solve it, so no grade's budget reaches it: the DFS reaches its node
limit, or its pruning of full one-colour tubes loses every solution, see counters.py).
"""

from dataclasses import asdict, dataclass

from solvers.colorsort.board import ColorSortPuzzle, ColorSortSolution
from solvers.colorsort.counters import dfs_result, optimal_result
from solvers.colorsort.grades import GRADE_BANDS, LADDER, GradeBand
from solvers.colorsort.jsengine import DEFAULT_NODE_LIMIT
from solvers.colorsort.optimal import SOLVABLE, UNSOLVABLE
from solvers.colorsort.playouts import playout_wins
from solvers.core.results import GRADED, NEEDS_SEARCH, NO_SOLUTION, Grade

UNKNOWN = "unknown"


@dataclass(frozen=True)
class Measurements:
    """What grading measures on a deal that both solvers sort."""

    optimal_pours: int
    optimal_states: int
    dfs_nodes: int
    dfs_pours: int
    playout_wins: float

    def as_json(self) -> dict:
        """Return the measurements as a JSON-able dict."""
        return asdict(self)


def meets(band: GradeBand, measured: Measurements) -> bool:
    """Return whether `measured` is within every limit of `band`."""
    return ((band.max_pours is None or measured.optimal_pours <= band.max_pours)
            and measured.dfs_nodes <= band.max_dfs_nodes
            and measured.playout_wins >= band.min_playout_wins)


def band_of(measured: Measurements) -> GradeBand | None:
    """Return the first band `measured` meets, or None."""
    return next((band for band in GRADE_BANDS if meets(band, measured)), None)


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
    return Measurements(optimal.pours, optimal.states, dfs.nodes, len(dfs.moves),
                        playout_wins(puzzle))


def grade(puzzle: ColorSortPuzzle) -> Grade:
    """Return the grade of `puzzle`: its band's name and index, the optimal pours as steps and a
    shortest solution; or a status without a grade (see the module)."""
    measured = measure(puzzle)
    if isinstance(measured, str):
        return Grade(measured)
    band = band_of(measured)
    if band is None:
        return Grade(NEEDS_SEARCH)
    solution = ColorSortSolution(optimal_result(puzzle).moves)
    return Grade(GRADED, band.name, LADDER.index(band.name), measured.optimal_pours, solution)
