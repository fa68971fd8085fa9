"""Slant generator: a random loop-free filling, its clues, then clue removal while unique.

Vocabulary: a *filling* is a complete solution; its *clues* are the touch counts of every
vertex; *density* the fraction of vertices that keep a clue before removal starts.
A filling never needs to back up: '\\' and '/' of a cell join lattice points of opposite
parity (r + c even or odd), which are never in one tree, so at most one of them closes a loop.
"""

import random

from generators.core import Candidate, GenerationSpec, Generator
from solvers.core.targeting import Target, thin_clues
from solvers.core.unionfind import RollbackUnionFind
from solvers.slant import GENRE
from solvers.slant.board import BACK, FWD, SlantPuzzle, SlantSolution, geometry
from solvers.slant.kernel import count_solutions, grade, solves

VERSION = "slant-1"
EVERY_RULE = GENRE.rules_up_to()


def random_filling(rng: random.Random, width: int, height: int) -> SlantSolution:
    """Return a uniformly-driven random loop-free filling: cells in random order, random
    diagonals, each replaced by the other one when it would close a loop."""
    geo = geometry(width, height)
    joined = RollbackUnionFind(geo.vertex_count)
    cells = [0] * (width * height)
    order = list(range(width * height))
    rng.shuffle(order)
    for k in order:
        d = rng.choice((FWD, BACK))
        if not joined.union(*geo.ends[k][d]):
            d ^= FWD | BACK
            joined.union(*geo.ends[k][d])
        cells[k] = d
    return SlantSolution(width, height, tuple(cells))


def clues_of(filling: SlantSolution) -> tuple[int, ...]:
    """Return how many diagonals of `filling` touch each vertex."""
    geo = geometry(filling.width, filling.height)
    return tuple(sum(filling.cells[k] == d for k, d in touching) for touching in geo.touching)


def _thin(rng: random.Random, clues: tuple[int, ...], density: float) -> list[int | None]:
    """Return `clues` with each kept with probability `density` (None where dropped)."""
    return [n if rng.random() < density else None for n in clues]


def sample(rng: random.Random, spec: GenerationSpec) -> SlantPuzzle:
    """Return an unfiltered random board: a filling's clues thinned to `density` (default 0.75)."""
    filling = random_filling(rng, spec.width, spec.height)
    density = spec.options.get("density", 0.75)
    return SlantPuzzle(spec.width, spec.height, tuple(_thin(rng, clues_of(filling), density)))


def generate(rng: random.Random, spec: GenerationSpec) -> Candidate | None:
    """Return a unique puzzle made by removing clues from a random filling, or None.

    Options: `density` (start from this fraction of the clues, default 1.0). Clues are removed
    towards `spec.grade` (solvers.core.targeting: while the puzzle stays unique, or while that
    ladder level still solves it); None when the start does not keep the target or the result
    does not grade exactly at it. The C kernel answers the keep tests and finds the grade.
    """
    w, h = spec.width, spec.height
    filling = random_filling(rng, w, h)
    start = _thin(rng, clues_of(filling), spec.options.get("density", 1.0))

    def puzzle(clues: list[int | None]) -> SlantPuzzle:
        return SlantPuzzle(w, h, tuple(clues))

    target = Target(GENRE, spec.grade, unique=_unique, solves=solves, grader=grade)
    first = puzzle(start)
    if not target.keeps(first, first):
        return None
    thinned = thin_clues(rng, target, start, puzzle)
    if thinned is None:
        return None
    measurements = {
        "clues": GENRE.clue_count(thinned.puzzle),
        "start_clues": sum(n is not None for n in start),
        "removal_checks": thinned.checks,
        "clue_histogram": [sum(n == value for n in thinned.clues) for value in range(5)],
    }
    return Candidate(thinned.puzzle, filling, measurements, thinned.grade)


def _unique(before: SlantPuzzle, after: SlantPuzzle) -> bool:
    """Return True if `after` has exactly one solution (the kernel's count to two)."""
    return count_solutions(after, EVERY_RULE, 2) == 1


GENERATOR = Generator(genre=GENRE, version=VERSION, generate=generate, sample=sample)
