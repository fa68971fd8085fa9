"""The values every genre's solvers return: a count, a deduction and a grade."""

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

S = TypeVar("S")
"""A genre's own immutable solution value (see its `parse_solution`)."""

CONTRADICTION = -1
"""What a rule, or a propagation run to its fixpoint, returns when it proves there is no solution
(otherwise they return how many steps they took, never a negative number)."""


@dataclass(frozen=True)
class Count(Generic[S]):
    """How many solutions a counter found.

    `count` is exact unless `truncated`, in which case it is a lower bound: the search stopped at
    `limit` solutions or at its node budget. `solutions` holds every solution found, in the order
    found. `nodes` is the number of search nodes (branchings for a search, solver calls for CP-SAT).
    """

    count: int
    solutions: tuple[S, ...]
    nodes: int
    truncated: bool


@dataclass(frozen=True)
class Deduction(Generic[S]):
    """What a rule set proves about a puzzle without guessing.

    `domains` is the genre's own per-cell candidate record at the fixpoint; `steps` the number of
    rule applications that narrowed something; `rule_steps` the same split by rule name.
    `contradiction` means the rules proved there is no solution; `solution` is set when the
    fixpoint decides every cell and the result is a valid solution (then `solved` is true).
    """

    domains: tuple[Any, ...]
    steps: int
    rule_steps: dict[str, int] = field(default_factory=dict)
    contradiction: bool = False
    solution: S | None = None

    @property
    def solved(self) -> bool:
        """True when the rules alone decided a complete, valid solution."""
        return self.solution is not None


GRADED = "graded"
AMBIGUOUS = "ambiguous"
NEEDS_SEARCH = "needs-search"
NO_SOLUTION = "no-solution"


@dataclass(frozen=True)
class Grade(Generic[S]):
    """Where a puzzle sits on its genre's ladder.

    `status` is GRADED (then `name`/`level` are the lowest ladder rule whose fixpoint solves it and
    `steps` the rule applications it took), AMBIGUOUS (two or more solutions), NEEDS_SEARCH (exactly
    one solution that no level reaches without guessing) or NO_SOLUTION.
    """

    status: str
    name: str | None = None
    level: int | None = None
    steps: int = 0
    solution: S | None = None
