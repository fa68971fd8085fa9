"""Contract: every default build passes the quality floor (issue 24). A default build plans every
grade its genre's reachability table says is reachable at a measured size (generators/
reachability.py, plan_buckets); the rows `admit` makes for each of those buckets are above the
floor. CI takes each genre's smallest measured size, and there only the grades the table says
cost at most CI_MS_PER_PUZZLE a puzzle; the `slow` form takes every measured size and grade."""

import math

import pytest

from generators.reachability import load, plan_buckets, reachable_sizes
from pipeline.admission import admit
from pipeline.sizes import Size
from solvers import GENRE_NAMES, get_genre

ROWS_PER_BUCKET = 2
EXPECTED_ROWS = 24  # a bucket tries seeds enough to expect this many rows at its table's hit rate
# (a hit rate measured on 100 attempts is rough: 4x4 colorsort expert, 2/100 there before it was
# climbed to, made none in seeds 0-399)
CI_MS_PER_PUZZLE = 300.0


def seeds_for(name: str, size: str, grade: str) -> int:
    """Return how many seeds a bucket tries: EXPECTED_ROWS at the hit rate its table measured."""
    rate = next(m.hit_rate for m in load(name).at(size) if m.grade == grade)
    return math.ceil(EXPECTED_ROWS / rate)


def floor_problems(name: str, buckets: list[tuple[str, str]]) -> list[str]:
    """Return "SIZE/GRADE: ..." for each row below the floor and each bucket that made no row
    in its seeds (seeds_for), over ROWS_PER_BUCKET rows a bucket."""
    genre = get_genre(name)
    problems: list[str] = []
    for size, grade in buckets:
        made, seeds = 0, seeds_for(name, size, grade)
        for seed in range(seeds):
            row = admit(name, Size.parse(size).spec(grade), seed)
            if not isinstance(row, dict):
                continue
            puzzle = genre.parse(row["puzzle"])
            solution = genre.parse_solution(row["solution"], puzzle)
            problems.extend(f"{size}/{grade} seed {seed}: {reason}"
                            for reason in genre.below_floor(puzzle, solution, row["grade"]))
            made += 1
            if made == ROWS_PER_BUCKET:
                break
        if not made:
            problems.append(f"{size}/{grade}: no row in {seeds} seeds")
    return problems


def cheap_buckets(name: str) -> list[tuple[str, str]]:
    """Return the default buckets of the genre's smallest measured size whose measured CPU cost
    is at most CI_MS_PER_PUZZLE a puzzle."""
    table = load(name)
    size = min(reachable_sizes(table), key=lambda text: Size.parse(text).cells)
    cost = {m.grade: m.ms_per_puzzle for m in table.at(size)}
    return [(s, grade) for s, grade in plan_buckets(name, [size])
            if (cost[grade] or 0.0) <= CI_MS_PER_PUZZLE]


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_default_build_at_each_genres_smallest_size_passes_the_floor(name):
    buckets = cheap_buckets(name)
    assert buckets, f"{name}: no bucket cheap enough for CI"
    assert floor_problems(name, buckets) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_default_build_at_every_measured_size_passes_the_floor(name):
    sizes = reachable_sizes(load(name))
    assert sizes, f"{name}: no measured size"
    assert floor_problems(name, plan_buckets(name, sizes)) == []
