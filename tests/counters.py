"""Every counter of a genre on one board, and what they must agree on.

A genre's *counters* are its engines (`Genre.engines`: the ladder's search, brute force, CP-SAT)
and the ladder's counter at each level. The genre tests use these on their worked examples; the
contract tests (tests/contract) hold the same counters to an exhaustive reference.
"""

from collections.abc import Sequence
from typing import Any

from solvers import get_genre
from solvers.core import Count


def every_count(name: str, puzzle: Any, limit: int, engines: Sequence[str] | None = None,
                levels: Sequence[str] | None = None) -> dict[str, Count[Any]]:
    """Return each counter's Count to `limit`, by counter name: the engines by their names (all
    of the genre's unless `engines` is given), the ladder's levels as "ladder@LEVEL" (every level
    unless `levels` is given)."""
    genre = get_genre(name)
    counts = {engine: genre.count(puzzle, limit, engine) for engine in engines or genre.engines}
    for level in genre.ladder if levels is None else levels:
        counts[f"ladder@{level}"] = genre.count(puzzle, limit, level=level)
    return counts


def agreed_count(name: str, puzzle: Any, limit: int, engines: Sequence[str] | None = None,
                 levels: Sequence[str] | None = None) -> dict[str, Count[Any]]:
    """Assert that the counters of `every_count` agree on `puzzle` and return their Counts.

    They agree when each gives the same count and the same truncation, those that are complete
    find the same solution set, and `check` accepts every solution any of them returns."""
    genre = get_genre(name)
    text = genre.format(puzzle)
    counts = every_count(name, puzzle, limit, engines, levels)
    numbers = {counter: (found.count, found.truncated) for counter, found in counts.items()}
    assert len(set(numbers.values())) == 1, (text, numbers)
    complete = {frozenset(found.solutions) for found in counts.values() if not found.truncated}
    assert len(complete) <= 1, text
    for counter, found in counts.items():
        assert all(genre.check(puzzle, solution) == [] for solution in found.solutions), \
            (text, counter)
    return counts
