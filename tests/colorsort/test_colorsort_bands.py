"""Color Sort's grades are felt (issue 24): on deals the generator makes per size and grade, each
grade's median novice nodes (the reference's DFS, the measure that defines the grade) is at
least SEPARATION times the grade below's; and `expert` is made by climbing toward it, not by
dealing until one falls out.

CI runs a bounded form (two sizes, a few deals a grade); the slow form is the issue's 50 deals a
grade at every measured size.
"""

import random
import statistics
from itertools import pairwise

import pytest

from generators import Candidate, GenerationSpec, get_generator
from generators.colorsort import aim, deal, shape_of
from solvers import get_genre
from solvers.colorsort import novice
from solvers.colorsort.board import from_tubes
from solvers.colorsort.grades import LADDER, node_range
from solvers.colorsort.jsengine import deal_tubes
from solvers.colorsort.jsrandom import rng

GENERATOR = get_generator("colorsort")
COLORSORT = get_genre("colorsort")
SEPARATION = 1.10
SIZES = ((4, 4), (6, 4), (8, 4), (11, 4), (5, 6))  # the reachability table's sizes


def novice_nodes(width: int, height: int, grade: str, deals: int) -> list[int]:
    """Return the novice nodes of the first `deals` deals generated for (size, grade)."""
    found: list[int] = []
    for seed in range(10 * deals):
        made = GENERATOR.generate(random.Random(f"bands:{seed}"),
                                  GenerationSpec(width, height, grade))
        if isinstance(made, Candidate):
            found.append(made.measurements["dfs_nodes"])
            if len(found) == deals:
                return found
    raise AssertionError(f"{width}x{height} {grade}: {len(found)} of {deals} deals")


def assert_separates(width: int, height: int, deals: int) -> None:
    medians = [statistics.median(novice_nodes(width, height, grade, deals)) for grade in LADDER]
    for (easier, lower), (harder, upper) in pairwise(zip(LADDER, medians, strict=True)):
        assert upper >= SEPARATION * lower, (f"{width}x{height}: {harder} median {upper} is not "
                                             f"{SEPARATION}x {easier}'s {lower}")


@pytest.mark.parametrize(("width", "height", "deals"), [(4, 4, 5), (6, 4, 3)])
def test_each_grades_novice_median_is_a_tenth_above_the_grade_below(width, height, deals):
    assert_separates(width, height, deals)


@pytest.mark.slow
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_each_grades_novice_median_separates_on_50_deals(width, height):
    assert_separates(width, height, deals=50)


def test_expert_is_climbed_to_from_deals_that_are_not_expert():
    """Of 300 deals of the shape the generator aims at 4x4 expert with, at most 2% are expert
    (more than 6000 novice nodes); the generator keeps at least 8 of 10 attempts, each climbed by
    swaps from its own deal, which is not expert."""
    spec = GenerationSpec(4, 4, "expert")
    shape = shape_of(aim(spec))
    dealt = random.Random("dealt")
    above = node_range("expert")[0]
    found = [novice.solve(deal(dealt, shape)[1].tubes, 4) for _ in range(300)]
    experts = sum(f.solved and f.nodes > above for f in found)
    assert experts <= 6
    kept = [GENERATOR.generate(random.Random(seed), spec) for seed in range(10)]
    made = [m for m in kept if isinstance(m, Candidate)]
    assert len(made) >= 8
    for candidate in made:
        m = candidate.measurements
        start = from_tubes(4, deal_tubes(4, 4, rng(m["deal_seed"]), m["duplicates"],
                                         m["empty_tubes"]))
        assert m["grade"] == "expert" and m["swaps"] > 0
        assert COLORSORT.grade(candidate.puzzle).name == "expert"
        started = novice.solve(start.tubes, 4)
        assert not started.solved or started.nodes <= above  # unsortable, or below expert
