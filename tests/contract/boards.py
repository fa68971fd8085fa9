"""The boards the contract tests run on, drawn once per genre and shared by every test.

Vocabulary: a *tiny board* is a puzzle from the generator's `sample` at its case's tiny spec,
one in four with one cell of its text changed to another value the text uses (so that some
boards have no solution); its *reference* is what an exhaustive search says of it: every
solution (the brute counter, complete) or, for a genre counting solvable-or-not, whether some
sequence of moves solves it. A *generated board* is a bank row `admit` makes from a case's spec.
"""

import os
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from pipeline.admission import admit
from pipeline.outcomes import Row
from solvers import get_genre
from solvers.core import Count, PuzzleFormatError
from tests.contract.genres import CASES, Counting

TINY_BOARDS = 200  # per genre; the sweep test multiplies it (PUZZLEBANK_SWEEP_SCALE)
SWEEP_SCALE = float(os.environ.get("PUZZLEBANK_SWEEP_SCALE", "0.1"))
LIMIT = 40  # the reference and the counters count to this; a board with more is drawn again
SEEDS_PER_SPEC = 4


@dataclass(frozen=True)
class TinyBoard:
    """A tiny board and its reference: `solutions`, every solution (None for a genre counting
    solvable-or-not), and `solvable`; `examples` are a few solutions (for a genre counting
    solvable-or-not, those its counters return, each accepted by `check`)."""

    puzzle: Any
    solutions: frozenset | None
    solvable: bool
    examples: tuple


def reference(name: str, puzzle: Any) -> TinyBoard | None:
    """Return the board with its reference, or None when the brute counter gave up on it."""
    genre = get_genre(name)
    if CASES[name].counting is Counting.SOLVABLE:
        from tests.contract.genres import sorts_by_some_pours

        found = [s for engine in genre.engines for s in genre.count(puzzle, 2, engine).solutions]
        examples = tuple(s for s in found if not genre.check(puzzle, s))
        return TinyBoard(puzzle, None, sorts_by_some_pours(puzzle), examples)
    everything = count(name, puzzle, LIMIT, "brute")
    if everything.truncated:
        return None  # more solutions than LIMIT (or the brute counter gave up)
    return TinyBoard(puzzle, frozenset(everything.solutions), everything.count > 0,
                     tuple(sorted(everything.solutions, key=genre.format_solution)[:3]))


@cache
def count(name: str, puzzle: Any, limit: int, engine: str = "ladder",
          level: str | None = None) -> Count:
    """Return the genre's Count (see Genre.count), computed once per arguments."""
    return get_genre(name).count(puzzle, limit, engine, level=level)


def draw(name: str, rng: random.Random) -> Any:
    """Return one tiny board of the genre: its case's, one in four with a cell changed."""
    genre, case = get_genre(name), CASES[name]
    puzzle = case.tiny(rng)
    if rng.random() < 0.25:
        changes = case.puzzle.one_cell_changes(genre.format(puzzle))
        if changes:
            try:
                return genre.parse(rng.choice(changes))
            except PuzzleFormatError:
                pass
    return puzzle


@cache
def tiny_boards(name: str, count: int = TINY_BOARDS, seed: int = 0) -> tuple[TinyBoard, ...]:
    """Return `count` tiny boards of the genre with their references (the same every run)."""
    rng = random.Random(f"contract-{name}-{seed}")
    boards: list[TinyBoard] = []
    while len(boards) < count:
        board = reference(name, draw(name, rng))
        if board is not None:
            boards.append(board)
    return tuple(boards)


@dataclass(frozen=True)
class GeneratedBoard:
    """A bank row `admit` made, with its puzzle and solution values parsed from its texts."""

    row: Row
    puzzle: Any
    solution: Any
    wanted: str | None


@cache
def generated_boards(name: str) -> tuple[GeneratedBoard, ...]:
    """Return the rows admitted from seeds 0..SEEDS_PER_SPEC-1 of each of the case's specs."""
    genre = get_genre(name)
    boards = []
    for spec in CASES[name].generated:
        for seed in range(SEEDS_PER_SPEC):
            row = admit(name, spec, seed)
            if isinstance(row, dict):
                puzzle = genre.parse(row["puzzle"])
                boards.append(GeneratedBoard(row, puzzle, genre.parse_solution(row["solution"],
                                                                               puzzle), spec.grade))
    return tuple(boards)
