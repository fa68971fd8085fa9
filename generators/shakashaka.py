"""Shakashaka generator: black cells, a random solution, its numbers, then numbers stripped.

Vocabulary: a *layout* is the black cells of a board, without numbers; a *filling* a solution
of a layout found by a randomised search under the whole ladder; its *numbers* the triangle
counts of every black cell. Uniqueness is monotone in the numbers (a number only removes
solutions), so numbers are tried once each, in random order, and dropped while the puzzle stays
unique (or, with a target rule level, while that level still solves it). A *board* is a layout
with its filling's numbers. Up to `boards` boards are stripped, until one is left with at most
the reference's mean numbers for its size rounded up (*enough*: 2, 4 and 6 at 6x6, 8x8 and
10x10, from its table's 1.7, 3.3 and 5.5); that one ships, or else the one left with the fewest.
"""

import math
import random
from functools import partial

from generators.core import Aims, Candidate, GenerationSpec, Generator, aimed
from solvers.core.targeting import Target, Thinned, thin_clues
from solvers.shakashaka import GENRE
from solvers.shakashaka.board import TRIANGLES, ShakaPuzzle, ShakaSolution, neighbours
from solvers.shakashaka.quality import reference
from solvers.shakashaka.rules import random_solution

VERSION = "shakashaka-3"
BLACK_DENSITY = 0.16
SAMPLE_NUMBERS = 0.35
FILLING_NODES = 500
LAYOUT_ATTEMPTS = 200
ATTEMPTS = 100
BOARDS = 1

# The knobs per target grade. `tips` solves a board only where a little more is black than the
# reference's 16% (bench/bench_reachability.py); 0.25 stays under the quality floor's twice the
# reference's share. The grades `clues` and `parity` are never aimed at: their boards have no
# triangle (solvers/shakashaka/quality.py). Numbers are stripped by the target level in any
# case (a number goes while that level still solves the puzzle). One board stripped leaves
# 1.2 to 1.6 times the reference's mean numbers at `reflex` and `search` (our random layouts
# are more open than the reference's: a blank 8x8 one whose full board is unique has a median
# of 144 fillings, the reference's 52.5), so those grades strip up to 8 boards until one has
# enough numbers: 0.91-1.02 times the reference's mean at `reflex`, 0.92-1.16 at `search`
# (100, 50 and 30 seeds at 6x6, 8x8 and 10x10; 6x6 `search` boards, the few reflex cannot
# finish, keep about 2 numbers however many are stripped). tests/shakashaka/
# test_shakashaka_quality.py holds them within 20% of the reference.
AIMS: Aims = {
    "tips": {"black_density": 0.25},
    "reflex": {"boards": 8},
    "search": {"boards": 8},
}


def random_layout(rng: random.Random, width: int, height: int, density: float) -> ShakaPuzzle:
    """Return a board with round(density * cells) black cells at random places, no numbers."""
    cells = width * height
    black = set(rng.sample(range(cells), round(density * cells)))
    return ShakaPuzzle(width, height, tuple(k in black for k in range(cells)), (None,) * cells)


def numbers_of(layout: ShakaPuzzle, filling: ShakaSolution) -> tuple[int | None, ...]:
    """Return the triangle count of every black cell of `filling` (None on white cells)."""
    w, h = layout.width, layout.height
    return tuple(
        sum(filling.cells[x] in TRIANGLES for x in neighbours(w, h, k)) if layout.black[k] else None
        for k in range(w * h)
    )


def with_numbers(layout: ShakaPuzzle, numbers) -> ShakaPuzzle:
    """Return `layout` carrying `numbers` (None where a black cell shows none)."""
    return ShakaPuzzle(layout.width, layout.height, layout.black, tuple(numbers))


def random_board(
    rng: random.Random, spec: GenerationSpec
) -> tuple[ShakaPuzzle, ShakaSolution] | None:
    """Return a layout at the spec's `black_density` and a random filling of it, with every
    number shown. Most random layouts have no filling at all (a lone black cell amid white ones
    makes reflex corners), so layouts are drawn again, up to LAYOUT_ATTEMPTS (then None)."""
    density = spec.options.get("black_density", BLACK_DENSITY)
    for _ in range(LAYOUT_ATTEMPTS):
        layout = random_layout(rng, spec.width, spec.height, density)
        filling = random_solution(layout, rng, FILLING_NODES)
        if filling is not None:
            return with_numbers(layout, numbers_of(layout, filling)), filling
    return None


def sample(rng: random.Random, spec: GenerationSpec) -> ShakaPuzzle:
    """Return an unfiltered random board: each number of a random board kept with probability
    `numbers` (default 0.35, about the share the generator keeps)."""
    drawn = random_board(rng, spec)
    if drawn is None:
        raise ValueError(f"no {spec.width}x{spec.height} layout with a filling "
                         f"in {LAYOUT_ATTEMPTS} draws")
    share = spec.options.get("numbers", SAMPLE_NUMBERS)
    return with_numbers(drawn[0], (n if rng.random() < share else None for n in drawn[0].numbers))


def generate(rng: random.Random, spec: GenerationSpec) -> Candidate | None:
    """Return a unique puzzle made by stripping numbers from random boards, or None.

    Options: `black_density` (default 0.16) and `boards` (default 1), each defaulting to the
    target grade's AIMS row. Boards are drawn, up to ATTEMPTS, and each that keeps the target
    with all its numbers has them stripped towards `spec.grade` (solvers.core.targeting: while
    the puzzle stays unique, for no target or "search", or while that rule level still solves
    it), until a board graded at the target has enough numbers (see the module) or `boards`
    were stripped. Returns the first with enough numbers, else the one with the fewest (the
    first on a tie); None when none grades at the target.
    """
    spec = aimed(spec, AIMS)
    target: Target[ShakaPuzzle] = Target(GENRE, spec.grade)
    boards = spec.options.get("boards", BOARDS)
    attempt = stripped = 0
    best: tuple[ShakaPuzzle, ShakaSolution, Thinned[ShakaPuzzle]] | None = None
    enough = math.ceil(float(reference(spec.width, spec.height)["numbers"]))
    while stripped < boards and attempt < ATTEMPTS:
        if best is not None and GENRE.clue_count(best[2].puzzle) <= enough:
            break
        attempt += 1
        drawn = random_board(rng, spec)
        if drawn is None:
            break
        full, filling = drawn
        if not target.keeps(full, full):
            continue
        stripped += 1
        thinned = thin_clues(rng, target, list(full.numbers), partial(with_numbers, full))
        if thinned is None:
            continue
        if best is None or GENRE.clue_count(thinned.puzzle) < GENRE.clue_count(best[2].puzzle):
            best = full, filling, thinned
    if best is None:
        return None
    full, filling, thinned = best
    kept = [n for n in thinned.clues if n is not None]
    measurements = {
        "black_cells": sum(full.black),
        "numbers": len(kept),
        "number_histogram": [kept.count(value) for value in range(5)],
        "boards_drawn": attempt,
        "boards_stripped": stripped,
        "removal_checks": thinned.checks,
    }
    return Candidate(thinned.puzzle, filling, measurements, thinned.grade)


GENERATOR = Generator(genre=GENRE, version=VERSION, generate=generate, sample=sample)
