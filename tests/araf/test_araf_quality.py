"""Araf's reference numbers for the quality report (issue 24): the reference's pair-screen table
counts 236.5 pairs of numbers a 6x6 board and 692.0 a 8x8 one, so about 22.3 and 37.7 numbers;
the generator's `cell` and `ration` boards carry them within 20% (8x8 under `slow`)."""

import random
import statistics

import pytest

from generators import Candidate, GenerationSpec, get_generator
from solvers import get_genre
from solvers.araf.quality import PAIRS, numbers_of_pairs, reference

ARAF = get_genre("araf")
GENERATOR = get_generator("araf")


def test_the_references_numbers_are_the_boards_whose_pairs_its_table_counts():
    for pairs in PAIRS.values():
        n = numbers_of_pairs(pairs)
        assert n * (n - 1) / 2 == pytest.approx(pairs)
    assert reference(6, 6) == {"numbers": 22.3, "number_share": 0.6182, "rooms": 11.1}
    assert reference(8, 8) == {"numbers": 37.7, "number_share": 0.5891, "rooms": 18.9}
    # the shipped rooms the reference counts, 1,074 on its 36 + 36 boards, agree
    assert 36 * (reference(6, 6)["rooms"] + reference(8, 8)["rooms"]) == pytest.approx(1074,
                                                                                     rel=0.01)


def references_numbers(size: int) -> None:
    """Assert that `cell` and `ration` boards from seeds 0-11 carry, on average, the reference's
    numbers within 20%."""
    numbers = reference(size, size)["numbers"]
    for grade in ("cell", "ration"):
        made = [GENERATOR.generate(random.Random(seed), GenerationSpec(size, size, grade))
                for seed in range(12)]
        measured = [ARAF.quality.measure(m.puzzle, m.solution) for m in made
                    if isinstance(m, Candidate)]
        assert len(measured) >= 6, grade
        assert statistics.mean(m["numbers"] for m in measured) == pytest.approx(numbers,
                                                                                rel=0.2), grade


def test_6x6_boards_carry_the_references_numbers():
    references_numbers(6)


@pytest.mark.slow
def test_8x8_boards_carry_the_references_numbers():
    references_numbers(8)
