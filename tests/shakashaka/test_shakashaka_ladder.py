"""Shakashaka ladder and generator: sound at every level, honest grades, the reference's ladder
shape, and a deterministic generator that keeps only the numbers uniqueness needs."""

import json
import random
from dataclasses import replace

import pytest

from generators import Candidate, GenerationSpec, get_generator
from generators.shakashaka import random_board, with_numbers
from solvers import get_genre
from solvers.core import AMBIGUOUS, GRADED, NEEDS_SEARCH, NO_SOLUTION
from solvers.shakashaka.board import ShakaPuzzle, ShakaSolution
from solvers.shakashaka.propagation import (
    CONTRADICTION,
    TRIANGLE_DOMAIN,
    WHITE_DOMAIN,
    Propagation,
    context,
)
from solvers.shakashaka.rules import start

SHAKA = get_genre("shakashaka")
GENERATOR = get_generator("shakashaka")
RULES = ("clues", "parity", "tips", "reflex")
DENSE = {"black_density": 0.6}  # the boards numbers alone (or parity) can solve


def generated(n: int, size: int, grade: str | None = None, options=None, seed: int = 0):
    """Return n generated candidates of a size x size board (seeds seed, seed+1, ...)."""
    found: list[Candidate[ShakaPuzzle, ShakaSolution]] = []
    for _ in range(100):
        if len(found) == n:
            break
        spec = GenerationSpec(size, size, grade, options or {})
        candidate = GENERATOR.generate(random.Random(seed), spec)
        seed += 1
        if isinstance(candidate, Candidate):
            found.append(candidate)
    assert len(found) == n, f"only {len(found)} of {n} {size}x{size} {grade} puzzles in 100 seeds"
    return found


def rule_sets():
    """Yield every ladder level (with search) and every one-rule ablation of the four rules."""
    for top in range(1, len(SHAKA.ladder) + 1):
        yield frozenset(SHAKA.ladder[:top])
    for dropped in RULES:
        yield frozenset(RULES) - {dropped}


def test_every_level_and_ablation_keeps_every_true_solution():
    rng = random.Random(7)
    cases = [(c.puzzle, [c.solution]) for c in generated(6, 6)]
    for _ in range(30):  # thinned numbers: the rules stop short, and there are many solutions
        puzzle, _ = random_board(rng, GenerationSpec(5, 5))
        thinned = with_numbers(puzzle, (n if rng.random() < 0.5 else None for n in puzzle.numbers))
        cases.append((thinned, SHAKA.count(thinned, 30).solutions))
    for puzzle, truths in cases:
        for rules in rule_sets():
            deduction = SHAKA.deduce_with(puzzle, rules)
            assert not deduction.contradiction
            for truth in truths:
                assert all(dom >> state & 1 for dom, state in
                           zip(deduction.domains, truth.cells, strict=True)), sorted(rules)


def test_every_fixpoint_is_arc_consistent_at_every_point_and_number():
    rng = random.Random(9)
    for _ in range(20):
        puzzle = GENERATOR.sample(rng, GenerationSpec(7, 7))
        ctx = context(puzzle)
        for rules in rule_sets():
            state = start(puzzle, rules - {"search"})
            assert state.run() != CONTRADICTION
            settled = Propagation(ctx, state.use_numbers, state.memo and state.memo.table)
            settled.dom = state.dom.copy()
            assert settled.run() == 0, sorted(rules)  # nothing left for any propagator to do


def test_a_contradiction_is_found_only_where_there_is_no_solution():
    rng = random.Random(3)
    for _ in range(60):
        puzzle, _ = random_board(rng, GenerationSpec(4, 4))
        numbers = [rng.randint(0, 4) if n is not None else None for n in puzzle.numbers]
        puzzle = with_numbers(puzzle, numbers)
        solvable = SHAKA.count(puzzle, 1, "cpsat").count > 0
        for rules in rule_sets():
            if solvable:
                assert not SHAKA.deduce_with(puzzle, rules).contradiction


@pytest.mark.parametrize(("grade", "size", "options"), [
    ("clues", 4, DENSE), ("parity", 4, DENSE), ("tips", 6, None), ("reflex", 6, None),
    ("search", 6, None),
])
def test_generated_puzzles_grade_at_their_target_and_the_label_is_honest(grade, size, options):
    for candidate in generated(2, size, grade, options):
        puzzle, truth = candidate.puzzle, candidate.solution
        result = SHAKA.grade(puzzle)
        assert (result.status, result.name) == (GRADED, grade)
        assert result.solution == truth
        assert SHAKA.count(puzzle, 2, "cpsat").count == 1
        assert SHAKA.check(puzzle, truth) == []
        reached = SHAKA.deduce(puzzle, grade)
        assert reached.domains == tuple(1 << s for s in truth.cells)
        if grade != "clues":
            below = SHAKA.ladder[SHAKA.level_index(grade) - 1]
            assert not SHAKA.deduce(puzzle, below).solved


def test_grade_tells_ambiguous_from_no_solution_from_graded():
    assert SHAKA.grade(SHAKA.parse("..,..")).status == AMBIGUOUS
    assert not SHAKA.deduce(SHAKA.parse("..,.."), "search").solved
    assert SHAKA.grade(SHAKA.parse("#1,..")).status == NO_SOLUTION
    assert SHAKA.grade(SHAKA.parse("...,.#.,...")).status == NO_SOLUTION
    graded = SHAKA.grade(SHAKA.parse("#1,..,.."))
    assert (graded.status, graded.name) == (GRADED, "tips")
    assert SHAKA.format_solution(graded.solution) == "##,12,43"


def test_the_number_rule_alone_sees_too_many_and_too_few_triangles():
    too_many = SHAKA.deduce(SHAKA.parse("1.0"), "clues")  # 1 forces the middle, 0 forbids it
    too_few = SHAKA.deduce(SHAKA.parse("#2."), "clues")  # one white neighbour for a 2
    assert too_many.contradiction and too_few.contradiction
    forced = SHAKA.deduce(SHAKA.parse("1.1"), "clues")
    assert not forced.contradiction and forced.domains[1] == TRIANGLE_DOMAIN
    assert SHAKA.count(SHAKA.parse("#2."), 2).nodes == 0


def test_the_search_level_is_reached_exactly_by_the_unique_boards():
    rng = random.Random(11)
    for _ in range(40):
        puzzle = GENERATOR.sample(rng, GenerationSpec(6, 6))
        deduction = SHAKA.deduce(puzzle, "search")
        assert deduction.solved == (SHAKA.count(puzzle, 2).count == 1)
        if deduction.solved:
            assert SHAKA.check(puzzle, deduction.solution) == []


def test_needs_search_is_a_unique_puzzle_beyond_the_top_of_a_shorter_ladder():
    short_ladder = replace(SHAKA, ladder=RULES)
    puzzle = generated(1, 6, "search")[0].puzzle
    result = short_ladder.grade(puzzle)
    assert result.status == NEEDS_SEARCH
    assert SHAKA.check(puzzle, result.solution) == []


def reduction(puzzle, rules) -> float:
    """Return the share of removable candidates the fixpoint of `rules` removes."""
    whites = [d for d in SHAKA.deduce_with(puzzle, frozenset(rules)).domains if d & WHITE_DOMAIN]
    return sum(5 - d.bit_count() for d in whites) / (4 * len(whites))


def test_parity_is_redundant_beside_tips_but_not_below_it():
    puzzles = [c.puzzle for c in generated(4, 8)]
    for puzzle in puzzles:
        assert SHAKA.deduce(puzzle, "reflex").domains == \
            SHAKA.deduce(puzzle, "reflex", skip=("parity",)).domains
    gained = [reduction(p, ("clues", "parity")) - reduction(p, ("clues",)) for p in puzzles]
    assert min(gained) >= 0 and sum(gained) > 0


def test_the_seeds_ladder_shape_on_generated_10x10_boards():
    """The reference (10x10): reduction 5.3 / 24.0 / 74.7 / 93.8% up the ladder, solved only with
    reflex (27%); dropping tips costs 87.7 points beside clues+reflex but 60.9 beside
    clues+parity+reflex, because parity picks up part of what tips did."""
    puzzles = [c.puzzle for c in generated(12, 10)]

    def mean(rules):
        return sum(reduction(p, rules) for p in puzzles) / len(puzzles)

    steps = [mean(RULES[:top]) for top in range(1, 5)]
    assert 0 < steps[0] < 0.1 < steps[1] < 0.3 < steps[2] < 0.8 < steps[3]
    solved = [sum(SHAKA.deduce(p, level).solved for p in puzzles) for level in RULES]
    assert solved[:3] == [0, 0, 0] and 0 < solved[3] < len(puzzles)
    drop_beside_reflex = mean(("clues", "reflex")) - mean(("clues", "tips", "reflex"))
    drop_beside_parity = mean(("clues", "parity", "reflex")) - mean(RULES)
    assert drop_beside_reflex < drop_beside_parity - 0.1


def test_the_same_seed_makes_the_same_puzzle_and_another_seed_another():
    spec = GenerationSpec(7, 7)
    first = GENERATOR.generate(random.Random(42), spec)
    again = GENERATOR.generate(random.Random(42), spec)
    assert first is not None and again is not None
    assert SHAKA.format(first.puzzle) == SHAKA.format(again.puzzle)
    assert SHAKA.format_solution(first.solution) == SHAKA.format_solution(again.solution)
    assert first.measurements == again.measurements
    json.dumps(first.measurements)
    other = GENERATOR.generate(random.Random(43), spec)
    assert other is None or SHAKA.format(other.puzzle) != SHAKA.format(first.puzzle)


def test_stripping_leaves_no_number_that_could_go():
    for candidate in generated(3, 6):
        numbers = list(candidate.puzzle.numbers)
        for k, n in enumerate(numbers):
            if n is not None:
                fewer = with_numbers(candidate.puzzle, [*numbers[:k], None, *numbers[k + 1:]])
                assert SHAKA.count(fewer, 2).count == 2


def test_numbers_come_from_the_solution_and_density_sets_the_black_cells():
    for candidate in generated(3, 8, options={"black_density": 0.25}):
        assert candidate.measurements["black_cells"] == 16 == sum(candidate.puzzle.black)
        assert SHAKA.check(candidate.puzzle, candidate.solution) == []
        assert candidate.measurements["numbers"] == SHAKA.clue_count(candidate.puzzle)
    sample = GENERATOR.sample(random.Random(5), GenerationSpec(10, 10, options={"numbers": 1.0}))
    assert sum(sample.black) == 16
    assert all((n is None) == (not black) for n, black in zip(sample.numbers, sample.black,
                                                               strict=True))


@pytest.mark.parametrize("size", [6, 8, 10])
def test_the_generator_makes_the_issues_sizes(size):
    candidate = generated(1, size)[0]
    assert SHAKA.dimensions(candidate.puzzle) == (size, size)
    assert SHAKA.grade(candidate.puzzle).status == GRADED
