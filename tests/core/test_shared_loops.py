"""The loops every genre shares (solvers/core): the branching counter, grade targeting, and the
grade a candidate carries, which is what lets admission skip grading and the ladder count."""

import random

import pytest

from generators import GenerationSpec, get_generator
from solvers import GENRE_NAMES, get_genre
from solvers.core import GRADED
from solvers.core.search import count_by_branching
from solvers.core.targeting import Target

SLANT = get_genre("slant")
# A small board per genre and a target its generator reaches at that size.
SMALL = {
    "slant": GenerationSpec(4, 4, "cycle"),
    "shakashaka": GenerationSpec(5, 5, "tips"),
    "araf": GenerationSpec(5, 5, "cell"),
    "chesspy": GenerationSpec(4, 4, "number"),
    "colorsort": GenerationSpec(4, 4, "easy"),
}


def binary_tree(depth: int):
    """Return expand() of the complete binary tree of `depth`: states are bit strings, leaves
    are solutions."""

    def expand(state: str):
        if len(state) == depth:
            return state, ()
        return None, (state + "0", state + "1")

    return expand


def test_a_random_branching_finds_the_ordered_solutions_in_another_order():
    ordered = count_by_branching("", binary_tree(6), limit=100)
    shuffled = count_by_branching("", binary_tree(6), limit=100, rng=random.Random(3))
    assert ordered.solutions == tuple(format(i, "06b") for i in range(64))
    assert sorted(shuffled.solutions) == list(ordered.solutions)
    assert shuffled.solutions != ordered.solutions
    assert (shuffled.count, shuffled.nodes, shuffled.truncated) == (64, 63, False)


def test_a_random_branching_draws_for_the_nodes_it_counts_and_no_more():
    rng = random.Random(5)
    found = count_by_branching("", binary_tree(6), limit=100, max_nodes=4, rng=rng)
    assert (found.nodes, found.truncated) == (4, True)
    same = random.Random(5)
    for _ in range(4):
        same.shuffle([0, 1])
    assert rng.getstate() == same.getstate()


@pytest.mark.parametrize("grade", [*SLANT.ladder, None])
def test_a_thinned_slant_puzzle_keeps_its_target_and_no_clue_left_can_go(grade):
    """The generator's fast tests (the C kernel) against the genre's own count and fixpoint."""
    generator, target = get_generator("slant"), Target(SLANT, grade)
    made = 0
    for seed in range(12):
        candidate = generator.generate(random.Random(seed), GenerationSpec(5, 5, grade))
        if candidate is None:
            continue
        made += 1
        puzzle = candidate.puzzle
        assert target.keeps(puzzle, puzzle)
        assert grade is None or candidate.grade.name == grade
        for k, clue in enumerate(puzzle.clues):
            if clue is not None:
                fewer = list(puzzle.clues)
                fewer[k] = None
                thinner = type(puzzle)(puzzle.width, puzzle.height, tuple(fewer))
                assert not target.keeps(puzzle, thinner), (SLANT.format(puzzle), k)
    assert made


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_candidate_carries_its_genres_grade_and_a_graded_one_is_unique_by_the_ladder(name):
    genre, generator = get_genre(name), get_generator(name)
    graded = 0
    for spec in (SMALL[name], GenerationSpec(SMALL[name].width, SMALL[name].height)):
        for seed in range(3):
            candidate = generator.generate(random.Random(seed), spec)
            if candidate is None or isinstance(candidate, str):
                continue
            assert candidate.grade == genre.grade(candidate.puzzle), genre.format(candidate.puzzle)
            if candidate.grade.status == GRADED:
                graded += 1
                found = genre.count(candidate.puzzle, limit=2)
                assert (found.count, found.truncated) == (1, False)
    assert graded
