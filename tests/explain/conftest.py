"""A generated sample of every genre at every grade its generator reaches at a small size.

`sample` maps a genre to its Cases (the grade, the puzzle, the generator's solution), PER_GRADE
per grade, made from fixed seeds once per session. Shakashaka's clues and parity grades and
Chesspy's zero grade do not occur at these sizes (no seed of 200 makes one), so they are absent.
"""

import random
from dataclasses import dataclass
from typing import Any

import pytest

from generators import Candidate, GenerationSpec, get_generator

PER_GRADE = 6
SIZES = {"slant": (5, 5), "shakashaka": (6, 6), "araf": (5, 5), "chesspy": (5, 5),
         "colorsort": (4, 4)}
GRADES = {
    "slant": ("count", "cycle", "duet", "probe"),
    "shakashaka": ("tips", "reflex", "search"),
    "araf": ("cell", "ration"),
    "chesspy": ("number", "board", "type"),
    "colorsort": ("easy", "medium", "hard", "expert"),
}


@dataclass(frozen=True)
class Case:
    grade: str
    puzzle: Any
    solution: Any
    seed: int


def spec_of(genre: str, grade: str) -> GenerationSpec:
    return GenerationSpec(*SIZES[genre], grade)


@pytest.fixture(scope="session")
def sample() -> dict[str, list[Case]]:
    """Return PER_GRADE generated puzzles of each grade of each genre (see the module)."""
    cases: dict[str, list[Case]] = {}
    for genre, grades in GRADES.items():
        generator = get_generator(genre)
        cases[genre] = []
        for grade in grades:
            found = 0
            for seed in range(400):
                made = generator.generate(random.Random(seed), spec_of(genre, grade))
                if isinstance(made, Candidate):
                    cases[genre].append(Case(grade, made.puzzle, made.solution, seed))
                    found += 1
                    if found == PER_GRADE:
                        break
            assert found == PER_GRADE, f"{genre} {grade}: only {found} puzzles"
    return cases
