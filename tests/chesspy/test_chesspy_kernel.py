"""The compiled Chesspy sweep (solvers/chesspy/_kernel.c) against the Python sweep it mirrors
(rules.py, the reference): the same steps, `may` sets and steps by rule, in the same order, and
the same domains read off them."""

import itertools
import random

import pytest

from generators.chesspy import numbers_of, random_placement, recipe_for
from generators.core import GenerationSpec
from solvers.chesspy import rules
from solvers.chesspy.board import ChesspyPuzzle
from solvers.chesspy.rules import LADDER, Propagation, context, domains_of
from solvers.core.results import CONTRADICTION

RULE_SETS = [frozenset(rule_set) for size in range(1, 5)
             for rule_set in itertools.combinations(LADDER, size)]


def boards(seed: int, count: int) -> list[ChesspyPuzzle]:
    """Return random boards of 4x4 to 8x8: a random placement's numbers, thinned at random,
    some with a number or the inventory knocked off by one (so that many contradict)."""
    rng = random.Random(seed)
    made = []
    for _ in range(count):
        n = rng.randint(4, 8)
        placement = random_placement(rng, recipe_for(GenerationSpec(n, n)))
        numbers = [x if x is None or rng.random() < 0.6 else None
                   for x in numbers_of(placement)]
        inventory = [placement.cells.count(p) for p in (2, 4, 8)]
        if rng.random() < 0.3:
            inventory[rng.randrange(3)] += rng.choice((-1, 1)) if min(inventory) else 1
        if rng.random() < 0.3:
            shown = [k for k, x in enumerate(numbers) if x is not None]
            k = rng.choice(shown)
            numbers[k] = max(0, numbers[k] + rng.choice((-1, 1)))  # type: ignore[operator]
        made.append(ChesspyPuzzle(n, n, (inventory[0], inventory[1], inventory[2]),
                                  tuple(numbers)))
    return made


def sweep(puzzle: ChesspyPuzzle, rule_set: frozenset[str]):
    """Return what one sweep gives: (steps, may, steps by rule in the order first taken, the
    domains)."""
    state = Propagation(context(puzzle), rule_set)
    steps = state.run()
    return (steps, tuple(state.may), tuple(state.tally.items()),
            domains_of(context(puzzle), state.may))


def test_the_compiled_sweep_is_built_by_the_install():
    assert rules.compiled is not None


def test_the_compiled_sweep_takes_the_steps_the_python_sweep_takes(
        monkeypatch: pytest.MonkeyPatch):
    """On 150 boards under all 15 rule sets: solved, stuck and contradicted runs alike."""
    puzzles = boards(5, 150)
    compiled = [sweep(puzzle, rule_set) for puzzle in puzzles for rule_set in RULE_SETS]
    monkeypatch.setattr(rules, "compiled", None)
    reference = [sweep(puzzle, rule_set) for puzzle in puzzles for rule_set in RULE_SETS]
    assert compiled == reference
    outcomes = {"contradiction" if steps == CONTRADICTION else "none" if steps == 0 else "steps"
                for steps, _, _, _ in reference}
    assert outcomes == {"contradiction", "none", "steps"}
    assert {len(tally) for _, _, tally, _ in reference} == {0, 1, 2, 3, 4}
