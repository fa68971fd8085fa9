"""The published grade thresholds of Color Sort: data, read by the grader and the DFS budgets.

A deal's grade is the first band, from easy to expert, whose every limit its measurements meet:
  max_pours         the optimal solver's least number of pours is at most this (None: no limit)
  max_dfs_nodes     the reference's DFS solves it entering at most this many nodes
  min_playout_wins  at least this share of random play-outs sorts it (see playouts.py)
A deal that meets no band (the DFS needs more than the last band's nodes) is not graded.
The last band's node limit is the reference's default DFS node limit, so every deal the reference's
`solve` solves with its defaults meets it. The bands' node limits are also the DFS budgets of
the ladder levels (see counters.py).
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
    playout_wins: float

    def as_json(self) -> dict[str, Any]:
        """Return the measurements as a JSON-able dict."""
        return asdict(self)


@dataclass(frozen=True)
class GradeBand:
    """One grade's limits (see the module)."""

    name: str
    max_pours: int | None
    max_dfs_nodes: int
    min_playout_wins: float

    def admits(self, measured: Measurements) -> bool:
        """Return whether `measured` is within every limit of the band."""
        return ((self.max_pours is None or measured.optimal_pours <= self.max_pours)
                and measured.dfs_nodes <= self.max_dfs_nodes
                and measured.playout_wins >= self.min_playout_wins)


GRADE_BANDS = (
    GradeBand("easy", max_pours=20, max_dfs_nodes=60, min_playout_wins=0.5),
    GradeBand("medium", max_pours=35, max_dfs_nodes=600, min_playout_wins=0.05),
    GradeBand("hard", max_pours=60, max_dfs_nodes=6000, min_playout_wins=0.0),
    GradeBand("expert", max_pours=None, max_dfs_nodes=DEFAULT_NODE_LIMIT, min_playout_wins=0.0),
)
LADDER = tuple(band.name for band in GRADE_BANDS)
BAND = {band.name: band for band in GRADE_BANDS}


def dfs_budget(grades: Collection[str]) -> int:
    """Return the DFS node budget of a set of grade names: the largest of their node limits."""
    return max((BAND[name].max_dfs_nodes for name in grades), default=0)
