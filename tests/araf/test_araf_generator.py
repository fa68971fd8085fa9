"""Araf generator: unique, graded, locally maximal boards, and the one-cell lemma on each."""

import json
import random

import pytest

from generators import Candidate, GenerationSpec, get_generator
from generators.araf import (
    Witnesses,
    generate,
    random_rooms,
    second_rooms,
    slack,
    tight_board,
)
from solvers import get_genre
from solvers.araf.board import (
    ArafPuzzle,
    ArafSolution,
    cells_of,
    neighbours,
    rooms_of,
    solution_of,
)
from solvers.araf.perturbations import (
    connected,
    crowded_borders,
    moves,
    room_states,
    swaps,
    windows,
)
from solvers.core import GRADED

ARAF = get_genre("araf")
GENERATOR = get_generator("araf")
MAX_NUMBER = 7  # the generator's default cap: max_room + 2


def generated(n: int, size: int, grade: str | None = None, first_seed: int = 0):
    """Return n candidates of a size x size board from seeds first_seed, first_seed + 1, ..."""
    found: list[Candidate[ArafPuzzle, ArafSolution]] = []
    seed = first_seed
    while len(found) < n:
        candidate = GENERATOR.generate(random.Random(seed), GenerationSpec(size, size, grade))
        seed += 1
        if isinstance(candidate, Candidate):
            found.append(candidate)
    return found


@pytest.fixture(scope="module")
def boards():
    """Generated boards: four 6x6 and one 8x8."""
    return generated(4, 6) + generated(1, 8)


def test_generated_boards_are_unique_by_both_counters_and_pass_the_rulebook(boards):
    for candidate in boards:
        puzzle = ARAF.parse(ARAF.format(candidate.puzzle))
        answer = ARAF.format_solution(candidate.solution)
        for engine in ("ladder", "cpsat"):
            found = ARAF.count(puzzle, 2, engine)
            assert [ARAF.format_solution(s) for s in found.solutions] == [answer]
        assert ARAF.check(puzzle, candidate.solution) == []
        assert ARAF.grade(puzzle).status == GRADED
        measured = candidate.measurements
        assert json.loads(json.dumps(measured)) == measured
        assert measured["slack"] == sum(slack(puzzle, candidate.solution)) \
            == measured["widenings_kept"] > 0


def widenings(puzzle: ArafPuzzle, solution) -> list[ArafPuzzle]:
    """Return the board with each end of each window moved out one step (within 1..MAX_NUMBER)."""
    found = []
    for room in rooms_of(solution):
        numbered = {k: n for k in cells_of(room) if (n := puzzle.numbers[k]) is not None}
        lo_cell, hi_cell = sorted(numbered, key=numbered.__getitem__)
        for cell, step in ((lo_cell, -1), (hi_cell, 1)):
            value = numbered[cell] + step
            if 1 <= value <= MAX_NUMBER:
                numbers = list(puzzle.numbers)
                numbers[cell] = value
                found.append(ArafPuzzle(puzzle.width, puzzle.height, tuple(numbers)))
    return found


def test_every_widening_of_a_generated_board_breaks_uniqueness(boards):
    """Local maximality, re-checked from the puzzle text alone: each window end moved out one
    step (within 1..MAX_NUMBER) gives a second solution, by both counters."""
    for candidate in boards:
        puzzle = ARAF.parse(ARAF.format(candidate.puzzle))
        (solution,) = ARAF.count(puzzle, 2).solutions
        wider = widenings(puzzle, solution)
        assert wider  # not every window is already 1..MAX_NUMBER
        for board in wider:
            assert ARAF.count(board, 2).count == 2
            assert ARAF.count(board, 2, "cpsat").count == 2


def test_no_one_cell_move_and_no_swap_of_a_generated_board_is_legal(boards):
    for candidate in boards:
        puzzle, solution = candidate.puzzle, candidate.solution
        every_move, every_swap = moves(puzzle, solution), swaps(puzzle, solution)
        assert every_move and not any(move.legal for move in every_move)
        assert not any(swap.legal for swap in every_swap)
        for move in every_move:  # a move that keeps the giver whole is stopped by a number
            assert move.split or move.floor or move.ceiling


def test_a_giver_beside_a_taker_has_no_cell_it_could_hand_over(boards):
    """The reference's corollary, in the form that holds: where a room that can give touches one
    that can take, each unnumbered cell of the giver touching the taker holds the giver together."""
    for candidate in boards:
        puzzle, solution = candidate.puzzle, candidate.solution
        touching = neighbours(puzzle.width, puzzle.height)
        rooms = rooms_of(solution)
        for giver, taker in crowded_borders(puzzle, solution):
            for k in cells_of(rooms[giver]):
                if puzzle.numbers[k] is None and touching[k] & rooms[taker]:
                    assert not connected(rooms[giver] & ~(1 << k), touching)


def test_a_unique_board_can_have_a_giver_beside_a_taker():
    """Against the reference's table (0 such borders in 1,074 rooms): the corollary is not implied
    by uniqueness. Room 4 (a 1, a free cell, a 4) can give, but its one free cell holds it
    together."""
    puzzle = ARAF.parse(". 2 10 . . 3,. 3 . 4 . 8,. 10 . 3 1 10,10 1 5 10 10 2,4 . . . . .,"
                        ". 5 . 2 . 4")
    (solution,) = ARAF.count(puzzle, 2).solutions
    assert ARAF.count(puzzle, 2, "cpsat").count == 1
    assert windows(puzzle, solution)[4] == (1, 4)
    assert room_states(puzzle, solution)[4] == (True, False)
    assert (4, 1) in crowded_borders(puzzle, solution)
    assert not any(move.legal for move in moves(puzzle, solution))


def test_second_rooms_find_another_answer_exactly_when_cpsat_counts_two():
    rng = random.Random(7)
    outcomes = {True: 0, False: 0}
    for _ in range(60):
        w, h = rng.randint(3, 6), rng.randint(3, 6)
        rooms = random_rooms(rng, w, h, 5)
        numbers, _ = tight_board(rng, w, h, rooms)
        puzzle = ArafPuzzle(w, h, tuple(numbers))
        planted = solution_of(w, h, rooms)
        other = second_rooms(puzzle, rooms)
        unique = ARAF.count(puzzle, 2, "cpsat").count == 1
        assert (other is None) == unique
        if other is not None:
            second = solution_of(w, h, other)
            assert second != planted and ARAF.check(puzzle, second) == []
        outcomes[unique] += 1
    assert min(outcomes.values()) >= 10, outcomes


def test_a_widening_stays_unique_exactly_when_cpsat_counts_one():
    rng = random.Random(11)
    outcomes = {True: 0, False: 0}
    while min(outcomes.values()) < 10:
        w, h = rng.randint(3, 5), rng.randint(3, 5)
        numbers, ends = tight_board(rng, w, h, random_rooms(rng, w, h, 5))
        before = ArafPuzzle(w, h, tuple(numbers))
        if ARAF.count(before, 2).count != 1:
            continue
        lo_cell, hi_cell = rng.choice(ends)  # widen one window by one step
        if rng.random() < 0.5 and numbers[lo_cell] > 1:
            numbers[lo_cell] -= 1
        else:
            numbers[hi_cell] += 1
        after = ArafPuzzle(w, h, tuple(numbers))
        unique = ARAF.count(after, 2, "cpsat").count == 1
        witnesses = Witnesses(before)
        assert witnesses.unique(before, after) == unique, ARAF.format(after)
        assert len(witnesses.found) == (not unique)  # the second solution, kept
        outcomes[unique] += 1


def test_kept_second_solutions_refute_a_board_exactly_when_one_of_them_solves_it():
    rng = random.Random(12)
    outcomes = {True: 0, False: 0}
    while min(outcomes.values()) < 40:
        w, h = rng.randint(3, 6), rng.randint(3, 6)
        rooms = random_rooms(rng, w, h, 5)
        numbers, ends = tight_board(rng, w, h, rooms)
        witnesses, kept = Witnesses(ArafPuzzle(w, h, tuple(numbers))), []
        for _ in range(3):  # second solutions of this board with random windows widened
            for _ in range(rng.randint(1, 4)):
                cell = rng.choice(rng.choice(ends))
                numbers[cell] = max(1, numbers[cell] + rng.choice((-1, 1)))
            widened = ArafPuzzle(w, h, tuple(numbers))
            found = ARAF.count(widened, 3, "cpsat").solutions
            seconds = [s for s in found if set(rooms_of(s)) != set(rooms)]
            if seconds:
                witnesses.keep(seconds[0])
                kept.append(seconds[0])
        if not kept:
            continue
        for _ in range(6):  # the last board with one number moved by one, up or down
            changed = list(numbers)
            cell = rng.choice([k for k, n in enumerate(changed) if n is not None])
            changed[cell] = max(1, changed[cell] + rng.choice((-1, 1)))
            board = ArafPuzzle(w, h, tuple(changed))
            solved = any(ARAF.check(board, second) == [] for second in kept)
            assert witnesses.refute(changed, cell) == solved, ARAF.format(board)
            outcomes[solved] += 1


def test_the_same_seed_makes_the_same_puzzle_and_another_seed_another():
    spec = GenerationSpec(6, 6)
    first, again = (GENERATOR.generate(random.Random(3), spec) for _ in range(2))
    assert first is not None and again is not None
    assert ARAF.format(first.puzzle) == ARAF.format(again.puzzle)
    assert first.measurements == again.measurements
    other = generated(1, 6, first_seed=4)[0]
    assert ARAF.format(other.puzzle) != ARAF.format(first.puzzle)


@pytest.mark.parametrize("grade", ["cell", "ration"])
def test_a_target_grade_is_met_or_refused(grade):
    spec = GenerationSpec(5, 5, grade)
    outcomes = [GENERATOR.generate(random.Random(seed), spec) for seed in range(12)]
    made = [c for c in outcomes if c is not None]
    assert made
    for candidate in made:
        assert ARAF.grade(candidate.puzzle).name == grade


def test_options_bound_rooms_and_numbers():
    spec = GenerationSpec(6, 6, options={"max_room": 3, "max_number": 6})
    candidate = generated_with(spec)
    sizes = [room.bit_count() for room in rooms_of(candidate.solution)]
    assert max(sizes) <= 3 and min(sizes) >= 2
    assert max(n for n in candidate.puzzle.numbers if n is not None) <= 6


def generated_with(spec: GenerationSpec):
    """Return the first candidate of seeds 0, 1, ... for `spec`."""
    seed = 0
    while (candidate := GENERATOR.generate(random.Random(seed), spec)) is None:
        seed += 1
    return candidate


def test_a_10x10_board_is_generated_unique():
    candidate = generated(1, 10)[0]
    assert ARAF.count(candidate.puzzle, 2, "cpsat").count == 1
    assert not any(move.legal for move in moves(candidate.puzzle, candidate.solution))


def test_a_board_of_one_cell_gives_no_puzzle_rather_than_an_error():
    # every room has 2 cells or more: `bench araf --size 1x1` fell on a ValueError here
    assert generate(random.Random(0), GenerationSpec(1, 1)) is None
