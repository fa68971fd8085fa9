"""The published grade thresholds of Color Sort: data, read by the grader, the generator and the
DFS budgets.

A deal's grade is what a greedy novice feels: the first band, from easy to expert, whose node
budget holds the nodes the reference's DFS enters before it sorts the deal (`dfs_nodes`: the
novice pours the biggest run first, never goes back to a position it has seen, and backs out of
each dead end; every node is a position it stood in). The bands are ten times apart (60, 600,
6000), so a grade's deals are felt as many more dead ends than the grade below's; the last
band's budget is the reference's default node limit, so every deal the reference's `solve`
solves with its defaults has a grade. A deal the DFS does not sort within it is not graded.
The bands' budgets are also the DFS budgets of the ladder levels (see counters.py), so a deal's
grade is the lowest ladder level whose DFS sorts it.
The shortest solution (`optimal_pours`) is measured and stored, not graded on: at 8 to 11
colours a deal many dead ends deep is sorted in as few pours as an easy one (bench/
bench_colorsort_bands.py).
"""

from collections.abc import Collection
from dataclasses import asdict, dataclass
from typing import Any

from solvers.colorsort.jsengine import DEFAULT_NODE_LIMIT


@dataclass(frozen=True)
class Measurements:
    """What grading measures on a deal that both solvers sort."""

    optimal_pours: int
    optimal_states: int
    dfs_nodes: int
    dfs_pours: int

    def as_json(self) -> dict[str, Any]:
        """Return the measurements as a JSON-able dict."""
        return asdict(self)


@dataclass(frozen=True)
class GradeBand:
    """One grade: the most nodes the reference's DFS may enter to sort its deals."""

    name: str
    max_dfs_nodes: int

    def admits(self, measured: Measurements) -> bool:
        """Return whether the DFS sorted the deal within the band's node budget."""
        return measured.dfs_nodes <= self.max_dfs_nodes


GRADE_BANDS = (
    GradeBand("easy", max_dfs_nodes=60),
    GradeBand("medium", max_dfs_nodes=600),
    GradeBand("hard", max_dfs_nodes=6000),
    GradeBand("expert", max_dfs_nodes=DEFAULT_NODE_LIMIT),
)
LADDER = tuple(band.name for band in GRADE_BANDS)
BAND = {band.name: band for band in GRADE_BANDS}


def dfs_budget(grades: Collection[str]) -> int:
    """Return the DFS node budget of a set of grade names: the largest of their node limits."""
    return max((BAND[name].max_dfs_nodes for name in grades), default=0)


def node_range(grade: str) -> tuple[int, int]:
    """Return (above, most): a deal grades `grade` when its DFS nodes are more than `above` (the
    budget of the grade below, 0 for the first) and at most `most`."""
    index = LADDER.index(grade)
    return (GRADE_BANDS[index - 1].max_dfs_nodes if index else 0,
            GRADE_BANDS[index].max_dfs_nodes)
