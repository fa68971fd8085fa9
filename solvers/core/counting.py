"""What a genre's counters count: one of two strategies, named in its record.

  Unique()                 solutions, distinct, up to `limit`: a bank admits a puzzle when
                           both counters find exactly one (Slant, Shakashaka, Araf, Chesspy)
  Solvable(solvability)    whether the puzzle can be solved at all: a counter reports one
                           solution it found (count 1), or none (count 0; truncated when it
                           gave up, not proved); it never looks for a second, so `limit` has no
                           effect on it (Color Sort: there is no uniqueness to prove)
Every counter honours its strategy's `capped`: over a puzzle with n solutions, an untruncated
count is `capped(n, limit)`.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

P = TypeVar("P")
S = TypeVar("S")


@dataclass(frozen=True)
class Unique:
    """Counters count distinct solutions and stop at `limit` (then the count is truncated)."""

    def capped(self, solutions: int, limit: int) -> int:
        """Return what a counter reports for a puzzle with `solutions` solutions: at most
        `limit`."""
        return min(solutions, limit)


@dataclass(frozen=True)
class Solvability(Generic[S]):
    """What a Solvable genre's solvers say about one puzzle together.

    `solvable` is True when one of them solves it, False when one proves it cannot be solved,
    None when neither can tell; `optimal` the length of a shortest solution when known (else
    None); `solution` a shortest solution when known, else any one found, else None.
    """

    solvable: bool | None
    optimal: int | None
    solution: S | None


@dataclass(frozen=True)
class Solvable(Generic[P, S]):
    """Counters say whether the puzzle can be solved: count 1 with the solution found, or 0.

    `limit` has no effect (no counter looks for a second solution). `solvability(puzzle)` is
    what all the genre's solvers say together (`solve --json` reports it).
    """

    solvability: Callable[[P], Solvability[S]]

    def capped(self, solutions: int, limit: int) -> int:
        """Return what a counter reports for a puzzle with `solutions` solutions: 1 when it
        has any, whatever `limit`."""
        return min(solutions, 1)


Counting = Unique | Solvable[P, S]
"""A genre's counting strategy (see the module)."""
