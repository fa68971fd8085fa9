"""Random Slant boards for checking one engine against another: sampled at several densities,
a share of them spoiled by one clue set at random (so some have no solution)."""

import random

from generators import GenerationSpec, get_generator
from solvers.slant.board import SlantPuzzle


def sampled_boards(n: int, seed: int, sides: tuple[int, int], densities: tuple[float, ...],
                   spoiled: float) -> list[SlantPuzzle]:
    """Return n boards of sides[0]..sides[1] cells a side, each at one of `densities`, about a
    `spoiled` share of them with one clue set at random; the same boards for the same arguments."""
    rng = random.Random(seed)
    generator = get_generator("slant")
    found = []
    for _ in range(n):
        w, h = rng.randint(*sides), rng.randint(*sides)
        density = rng.choice(densities)
        puzzle = generator.sample(rng, GenerationSpec(w, h, options={"density": density}))
        if rng.random() < spoiled:
            clues = list(puzzle.clues)
            clues[rng.randrange(len(clues))] = rng.randint(0, 4)
            puzzle = SlantPuzzle(w, h, tuple(clues))
        found.append(puzzle)
    return found
