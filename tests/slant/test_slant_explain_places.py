"""The Slant explainer's places run straight on a state (count and duet on their clues, cycle on
a union-find kept through the walk) give what the rule's own propagation gives there: the
reference below is how the explainer ran them before (a Propagation of the one rule on the
puzzle cut down to the place's clues; the cycle rule run on the whole state), on states that a
solution extends and on states with wrong cells, whose contradictions must match too."""

import random

from generators import GenerationSpec, get_generator
from generators.slant import clues_of, random_filling
from solvers.core.walk import Contradiction, Place
from solvers.slant.board import BOTH, SlantPuzzle
from solvers.slant.explain import SlantBoard
from solvers.slant.rules import CONTRADICTION, Propagation, context

GENERATOR = get_generator("slant")


def propagation(puzzle: SlantPuzzle, state, rules, cells) -> Propagation:
    prop = Propagation(context.__wrapped__(puzzle), frozenset(rules))
    for k in cells:
        if state[k] != BOTH:
            prop.assign(k, state[k])
    return prop


def reference(board: SlantBoard, place: Place, state):
    """Return what the place's rule gives on `state`, by a propagation of that rule alone."""
    puzzle = board.puzzle
    if place.rule in ("count", "duet"):
        assert place.reads is not None
        clues = tuple(n if v in place.key else None for v, n in enumerate(puzzle.clues))
        cut = SlantPuzzle(puzzle.width, puzzle.height, clues)
        prop = propagation(cut, state, (place.rule,), place.reads)
        if prop.failed or prop.run() == CONTRADICTION:
            return Contradiction(place)
        decided = {k: prop.dom[k] for k in place.reads if prop.dom[k] != state[k]}
        return tuple(decided.get(k, d) for k, d in enumerate(state)) if decided else None
    every = range(len(state))
    runner = propagation(puzzle, state, ("cycle",), every)
    if runner.failed or runner.run() == CONTRADICTION:
        return Contradiction(place)
    base = propagation(puzzle, state, ("cycle",), every)
    for k in (k for k, d in enumerate(state) if d == BOTH and runner.dom[k] != BOTH):
        if base.trial(k, BOTH ^ runner.dom[k]).failed:
            return (*state[:k], runner.dom[k], *state[k + 1:])
    return None


def test_count_duet_and_cycle_places_match_their_rules_propagation_on_random_states():
    rng = random.Random(5)
    compared = contradictions = narrowed = 0
    for trial in range(24):
        size = rng.choice((4, 5, 6))
        filling = random_filling(rng, size, size)
        clues = tuple(n if rng.random() < 0.7 else None for n in clues_of(filling))
        puzzle = SlantPuzzle(size, size, clues)
        board = SlantBoard(puzzle)
        places = [p for p in board.places() if p.rule != "probe"]
        state = [BOTH] * (size * size)
        order = list(range(size * size))
        rng.shuffle(order)
        for k in order:  # a growing state, as a walk's, wrong cells now and then
            state[k] = filling.cells[k] if rng.random() < 0.9 or trial % 2 else 3 - filling.cells[k]
            for place in places:
                got = board.apply(place, tuple(state))
                assert got == reference(board, place, tuple(state)), (puzzle, state, place)
                compared += 1
                contradictions += isinstance(got, Contradiction)
                narrowed += isinstance(got, tuple)
    assert contradictions > 100 and narrowed > 1000, (compared, contradictions, narrowed)


def test_a_board_asked_about_a_state_that_does_not_grow_the_last_one_starts_again():
    rng = random.Random(2)
    candidate = GENERATOR.generate(rng, GenerationSpec(5, 5, "cycle"))
    board = SlantBoard(candidate.puzzle)
    cycle = next(p for p in board.places() if p.rule == "cycle")
    full = tuple(candidate.solution.cells)
    assert board.apply(cycle, full) is None
    fewer = tuple(BOTH if k % 3 else d for k, d in enumerate(full))
    assert board.apply(cycle, fewer) == reference(board, cycle, fewer)
