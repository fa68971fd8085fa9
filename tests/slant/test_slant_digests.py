"""Slant results pinned by digest: the faster kernels must find what the first ladder found.

Each board of a sample made from fixed seeds is written down as one line: its text, then for
every ladder level (and for the full ladder less each lower rule) the fixpoint's steps, steps per
rule and domains, then the ladder count to two (count, nodes), then the grade. The sha256 of all
lines was computed with the ladder as it stood before the incremental kernels (commit 184b6bd),
so a change to any grade, step count, domain or solution shows here. Generated puzzles (every
target grade) are pinned the same way with their measurements.
"""

import hashlib
import random

import pytest

from generators import GenerationSpec, get_generator
from generators.core import Candidate
from solvers import get_genre

SLANT = get_genre("slant")
GENERATOR = get_generator("slant")
SIZES = ((4, 4), (5, 5), (6, 6), (7, 5), (7, 7), (8, 8))
LARGER_SIZES = (*SIZES, (10, 10), (12, 9))
DENSITIES = (0.35, 0.5, 0.65, 0.8)
SKIPS = ((), ("count",), ("cycle",), ("duet",))


def board_line(puzzle) -> str:
    """Return one line of everything the ladder says about `puzzle`."""
    parts = [SLANT.format(puzzle)]
    for level in SLANT.ladder:
        for skip in SKIPS if level == "probe" else ((),):
            d = SLANT.deduce(puzzle, level, skip=skip)
            domains = "".join(map(str, d.domains))
            parts.append(f"{level}-{'-'.join(skip)}:{d.steps}:{sorted(d.rule_steps.items())}:"
                         f"{domains}:{d.contradiction}:{d.solved}")
    count = SLANT.count(puzzle, 2)
    parts.append(f"count:{count.count}:{count.nodes}:{count.truncated}")
    grade = SLANT.grade(puzzle)
    solution = None if grade.solution is None else SLANT.format_solution(grade.solution)
    parts.append(f"grade:{grade.status}:{grade.name}:{grade.level}:{grade.steps}:{solution}")
    return "|".join(parts)


def sample_digest(boards: int, seed: int, sizes=SIZES) -> str:
    """Return the sha256 of the lines of `boards` sampled boards (sizes and densities cycled)."""
    rng = random.Random(seed)
    digest = hashlib.sha256()
    for i in range(boards):
        width, height = sizes[i % len(sizes)]
        spec = GenerationSpec(width, height, options={"density": DENSITIES[i % len(DENSITIES)]})
        digest.update(board_line(GENERATOR.sample(rng, spec)).encode() + b"\n")
    return digest.hexdigest()


def generated_digest(seeds: int, size: int) -> str:
    """Return the sha256 of what each target grade's generator makes from seeds 0..seeds-1."""
    digest = hashlib.sha256()
    for grade in (*SLANT.ladder, None):
        for seed in range(seeds):
            candidate = GENERATOR.generate(random.Random(seed), GenerationSpec(size, size, grade))
            line = str(candidate) if not isinstance(candidate, Candidate) else (
                f"{SLANT.format(candidate.puzzle)}|{SLANT.format_solution(candidate.solution)}|"
                f"{sorted(candidate.measurements.items())}|{board_line(candidate.puzzle)}")
            digest.update(line.encode() + b"\n")
    return digest.hexdigest()


SAMPLE_DIGESTS = {
    (1000, 1): "ab35e165c9f3e071addc4dec844f8fe342e5ced2321da76f435db1e869c843fa",
    (4000, 2): "9dd912da2eea95fc31459dff10ede489c647e552f6b0c997e7bb3285183f046f",
}
GENERATED_DIGESTS = {
    (12, 6): "e15f0f32a1583fb377384f6792409d07e8d11947822d28e4040768c893968ee3",
    (40, 8): "fa26039bf9e18a962bb25be4339942b518a12a433b2d86819fb3e03c1a6052ce",
}


def test_1000_sampled_boards_deduce_count_and_grade_as_before():
    assert sample_digest(1000, 1) == SAMPLE_DIGESTS[1000, 1]


def test_boards_generated_at_every_grade_from_12_seeds_are_as_before():
    assert generated_digest(12, 6) == GENERATED_DIGESTS[12, 6]


@pytest.mark.slow
def test_4000_sampled_boards_deduce_count_and_grade_as_before():
    assert sample_digest(4000, 2, LARGER_SIZES) == SAMPLE_DIGESTS[4000, 2]


@pytest.mark.slow
def test_boards_generated_at_every_grade_from_40_seeds_at_8x8_are_as_before():
    assert generated_digest(40, 8) == GENERATED_DIGESTS[40, 8]
