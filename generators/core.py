"""What every generator shares: its spec, its candidate and its aim by grade (the clue-removal
loop, targeted at a grade, is solvers.core.targeting)."""

import datetime
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from generators.commands import Command
from solvers.core.genre import Genre
from solvers.core.results import Grade

P = TypeVar("P")
S = TypeVar("S")


@dataclass(frozen=True)
class GenerationSpec:
    """What to make: a board size, an optional target grade (a ladder rule name) and options.

    `width` x `height` are the board's cells (Color Sort reads them as colours x capacity).
    """

    width: int
    height: int
    grade: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Candidate(Generic[P, S]):
    """A generated puzzle with the solution it was built from, the generator's measurements and
    the genre's grade of the puzzle (every generator grades what it makes, so the bank's admission
    never grades a candidate again)."""

    puzzle: P
    solution: S
    measurements: dict[str, Any]
    grade: Grade[S]


@dataclass(frozen=True)
class Generator(Generic[P, S]):
    """A genre's generator as the pipeline sees it, beside the genre's record `genre`.

    `generate(rng, spec)` returns a Candidate whose puzzle is unique, or, when this attempt could
    not reach the spec, None or a short reason string (a bank build counts its attempts under
    it, e.g. Color Sort's "unsolvable" and "truncated"); `sample(rng, spec)` returns an
    unfiltered random board, the kind the ladder report measures; `version` changes whenever the
    same seed could give another puzzle.
    With the genre's record (solvers/<genre>) this record is the genre's registry entry:
    `daily(day)`, for a genre that publishes a set of the day, returns that set as printable
    text, the same on every machine; `commands` are the genre's extra commands (commands.py),
    e.g. Color Sort's `colorsort-deal`.
    `grades`, for a generator that can aim at only some of its genre's ladder levels, names
    them (a build fills only those buckets); None means every level. `boards_per_task`, for a
    generator whose attempts are slow, is the build's default batch: boards a task makes whether
    or not its bucket fills meanwhile, so a small batch wastes less.
    """

    genre: Genre[P, S]
    version: str
    generate: Callable[[random.Random, GenerationSpec], Candidate[P, S] | str | None]
    sample: Callable[[random.Random, GenerationSpec], P]
    daily: Callable[[datetime.date], str] | None = None
    grades: tuple[str, ...] | None = None
    boards_per_task: int | None = None
    commands: tuple[Command, ...] = ()


Aims = Mapping[str, Mapping[str, Any]]
"""A generator's knobs per target grade: grade name -> options (the data a generator aims by)."""


def aimed(spec: GenerationSpec, aims: Aims) -> GenerationSpec:
    """Return `spec` with the options its target grade's row of `aims` sets added; an option the
    spec sets itself wins. A spec with no target, or one `aims` has no row for, comes back as is.
    Aiming only changes the odds: the puzzle is still graded by the ladder."""
    row = aims.get(spec.grade) if spec.grade is not None else None
    return spec if not row else replace(spec, options={**row, **spec.options})

