"""Reachability: which (size, grade) buckets a genre's generator fills, and at what cost, as data.

Vocabulary: a *bucket* is (size, grade) with size "WxH"; a *measure* is what
bench/bench_reachability.py saw in one bucket: `attempts` generator attempts (one seed each, as
a build makes them), `graded` of them admitted and graded exactly at the bucket's grade, `cpu_ms`
CPU milliseconds all of them took. A bucket is *reachable* when it got at least one graded
puzzle within the bench's attempts. A *table* is one genre's measures, kept in
generators/reachability_tables/<genre>.json with the seed and commit it was made from.
A build plans its buckets from the table (`plan_buckets`): by default every reachable grade of
each measured size; a size the table does not measure keeps what the generator claims. A grade
the genre's quality floor calls unreachable (solvers/core/quality.py) is claimed at no size, and
the floor's reason is what a refusal and `grades` say of it.
"""

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from generators import get_generator
from solvers import get_genre

TABLES = Path(__file__).with_name("reachability_tables")


class UnreachableError(ValueError):
    """A build asks for a bucket the table says its generator cannot fill; str() is one line."""


@dataclass(frozen=True)
class Measure:
    """One bucket's measure (see the module)."""

    size: str
    grade: str
    attempts: int
    graded: int
    cpu_ms: float

    @property
    def reachable(self) -> bool:
        """Return whether the bench made at least one graded puzzle of this bucket."""
        return self.graded > 0

    @property
    def hit_rate(self) -> float:
        """Return graded puzzles per attempt."""
        return self.graded / self.attempts if self.attempts else 0.0

    @property
    def ms_per_puzzle(self) -> float | None:
        """Return CPU ms per graded puzzle, all attempts paid (None when none was made)."""
        return self.cpu_ms / self.graded if self.graded else None

    def summary(self, why: str | None = None) -> dict[str, Any]:
        """Return {"size", "grade", "reachable", "hit_rate", "ms_per_puzzle", "why"} (rounded):
        `why` a reason the bucket is unreachable, None when it is reachable."""
        ms = self.ms_per_puzzle
        return {"size": self.size, "grade": self.grade, "reachable": self.reachable,
                "hit_rate": round(self.hit_rate, 4), "ms_per_puzzle": ms and round(ms, 1),
                "why": None if self.reachable else why}


@dataclass(frozen=True)
class Table:
    """A genre's measures, with how they were made: the bench's seed, the commit, and the most
    attempts and graded puzzles it spent per bucket."""

    genre: str
    seed: int
    commit: str
    max_attempts: int
    stop_after: int
    measures: tuple[Measure, ...]

    def sizes(self) -> tuple[str, ...]:
        """Return the measured sizes, in table order."""
        return tuple(dict.fromkeys(m.size for m in self.measures))

    def at(self, size: str) -> tuple[Measure, ...]:
        """Return the measures of one size, in ladder order (empty when not measured)."""
        return tuple(m for m in self.measures if m.size == size)

    def reachable(self, size: str) -> tuple[str, ...] | None:
        """Return the grades reachable at `size`, in ladder order; None when not measured."""
        measures = self.at(size)
        return tuple(m.grade for m in measures if m.reachable) if measures else None

    def as_json(self) -> dict[str, Any]:
        """Return the table as the JSON object its file holds."""
        return asdict(self) | {"measures": [asdict(m) for m in self.measures]}


@cache
def load(genre: str) -> Table:
    """Return the genre's table; one with no measures when the genre has no table file."""
    path = TABLES / f"{genre}.json"
    if not path.exists():
        return Table(genre, 0, "", 0, 0, ())
    data = json.loads(path.read_text(encoding="utf-8"))
    measures = tuple(Measure(**m) for m in data.pop("measures"))
    return Table(**data, measures=measures)


def save(table: Table, folder: Path = TABLES) -> Path:
    """Write a genre's table as <folder>/<genre>.json (sorted keys, one measure a line); return
    the path."""
    head = {k: v for k, v in table.as_json().items() if k != "measures"}
    lines = ",\n".join("    " + json.dumps(asdict(m), sort_keys=True) for m in table.measures)
    text = (json.dumps(head, indent=2, sort_keys=True)[:-2]
            + f',\n  "measures": [\n{lines}\n  ]\n}}\n')
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{table.genre}.json"
    path.write_text(text, encoding="utf-8")
    load.cache_clear()
    return path


def claimed(genre: str) -> tuple[str, ...]:
    """Return the grades the genre's generator aims at (its `grades`, else the whole ladder),
    less those its quality floor calls unreachable, in ladder order."""
    unreachable = get_genre(genre).quality.unreachable
    return tuple(grade for grade in get_generator(genre).grades or get_genre(genre).ladder
                 if grade not in unreachable)


def why_unreachable(genre: str, measure: Measure) -> str | None:
    """Return why a bucket is unreachable: its floor's reason, else how many attempts made no
    puzzle; None for a reachable one."""
    if measure.reachable:
        return None
    floor = get_genre(genre).quality.unreachable.get(measure.grade)
    if floor is not None:
        return floor
    if measure.attempts == 0:
        return "the generator does not aim at it"
    return f"no puzzle in {measure.attempts} attempts"


def plan_buckets(genre: str, sizes: Sequence[str], grades: Sequence[str] | None = None,
                 ) -> list[tuple[str, str]]:
    """Return a build's (size, grade) buckets, sizes as given.

    With `grades` (ladder names), those grades in that order at every size; without, in ladder
    order, the grades the table says are reachable at each measured size, and what the generator
    claims (its `grades`, else the whole ladder) at a size the table does not measure.
    UnreachableError, naming the reachable grades, when a measured size has an asked grade that
    is not reachable (or one the genre's quality floor calls unreachable, with the floor's
    reason), or none at all.
    """
    aimed_at = claimed(genre)
    unreachable = get_genre(genre).quality.unreachable
    table = load(genre)
    buckets: list[tuple[str, str]] = []
    for size in sizes:
        reachable = table.reachable(size)
        if reachable is not None and not reachable:
            raise UnreachableError(f"{genre} {size}: no grade is reachable at this size "
                                   f"(reachable sizes: {', '.join(reachable_sizes(table))})")
        wanted = grades or reachable or aimed_at
        missing = [g for g in wanted if g in unreachable
                   or (reachable is not None and g not in reachable)]
        if missing:
            why = f" ({unreachable[missing[0]]})" if missing[0] in unreachable else ""
            shown = ", ".join(reachable if reachable is not None else aimed_at)
            raise UnreachableError(f"{genre} {size}/{missing[0]} is not reachable{why}; "
                                   f"reachable grades at {size}: {shown}")
        buckets.extend((size, grade) for grade in wanted)
    return buckets


def reachable_sizes(table: Table) -> list[str]:
    """Return the measured sizes with at least one reachable grade."""
    return [size for size in table.sizes() if table.reachable(size)]
