"""The C kernel against its reference, catalogue.py, rules.py and search.py: the same catalogue
(pairs and rooms in the same order), the same counts (solutions in the same order, the same node
count, stopped at the same node), the same "solved" verdicts, the same solution_using answers and
the same second solutions (rooms_besides).

Boards: small ones (2..6 a side, tight numbers on drawn rooms, some nudged off, so many have
no solution or several), widened 6x6 ones, and a few of 8..10 a side, whose cell sets take two
words in the kernel. The default run takes a sample; `-m slow` takes thousands.
"""

import random

import pytest

from generators import GenerationSpec, get_generator
from generators.araf import random_rooms, tight_board
from solvers import get_genre
from solvers.araf import kernel, search
from solvers.araf.board import ArafPuzzle, rooms_of
from solvers.araf.catalogue import catalogue, novel, same_catalogue
from solvers.core.deadline import within

ARAF = get_genre("araf")
GENERATOR = get_generator("araf")
LEVELS = ("pair", "cell", "ration")
# (limit, max_nodes) of the counts compared; each board takes some of them (see `_compare`)
LIMITS = ((1, None), (2, None), (5, None), (2, 0), (2, 3), (2, 40))


def small_board(rng: random.Random) -> ArafPuzzle:
    """Return a board of 2..6 a side: tight numbers on drawn rooms, each nudged by -2..+3 with
    a probability drawn per board."""
    w, h = rng.randint(2, 6), rng.randint(2, 6)
    numbers, _ = tight_board(rng, w, h, random_rooms(rng, w, h, rng.randint(3, 5)))
    nudge = rng.random()
    return ArafPuzzle(w, h, tuple(
        None if n is None else max(1, n + rng.randint(-2, 3)) if rng.random() < nudge else n
        for n in numbers))


def boards(small: int, wide: int, big: int, seed: int) -> list[ArafPuzzle]:
    """Return `small` small boards, `wide` widened 6x6 ones and `big` of 8..10 a side."""
    rng = random.Random(seed)
    found = [small_board(rng) for _ in range(small)]
    found += [GENERATOR.sample(rng, GenerationSpec(6, 6, options={"widenings": rng.randint(0, 30)}))
              for _ in range(wide)]
    for _ in range(big):
        spec = GenerationSpec(rng.randint(8, 10), rng.randint(8, 10),
                              options={"widenings": rng.randint(0, 8)})
        found.append(GENERATOR.sample(rng, spec))
    return found


def _compare(puzzles: list[ArafPuzzle]) -> None:
    """Assert that the kernel answers every question as the reference does."""
    rng = random.Random(len(puzzles))
    before = None
    for puzzle in puzzles:
        text = ARAF.format(puzzle)
        cat, made = catalogue(puzzle), kernel.compile_board(puzzle)
        assert (made.pairs, made.rooms, made.room_pair) == (cat.pairs, cat.rooms, cat.room_pair), \
            text
        big = len(puzzle.numbers) > 36
        for level in LEVELS:
            rules = ARAF.rules_up_to(level)
            assert kernel.solves(puzzle, rules) == ARAF.deduce_with(puzzle, rules).solved, \
                (text, level)
            if big and level == "pair":
                continue  # no propagation at all: the Python search takes too long
            for limit, max_nodes in rng.sample(LIMITS, 2 if big else 4):
                expected = search.count_ladder(puzzle, rules, limit, max_nodes)
                assert kernel.count(puzzle, rules, limit, max_nodes) == expected, \
                    (text, level, limit, max_nodes)
        if not big:
            _same_second_solutions(puzzle, rng)
        rooms = sum(1 << i for i in range(len(cat.rooms)) if rng.random() < 0.2)
        for max_nodes in (0, 3, 40):
            solution = search.solution_using(puzzle, rooms, max_nodes)
            assert kernel.solution_using(puzzle, rooms, max_nodes) == solution, (text, max_nodes)
        if before is not None and (before.width, before.height) == (puzzle.width, puzzle.height):
            assert kernel.same_catalogue(before, puzzle) == same_catalogue(before, puzzle), text
            assert kernel.novel(puzzle, before) == novel(cat, catalogue(before)), text
        before = puzzle


def _same_second_solutions(puzzle: ArafPuzzle, rng: random.Random) -> None:
    """Assert that rooms_besides gives the rooms of the first solution the reference count finds
    that is not a planted one (one of the solutions it finds, or a room set of no solution), and
    says whether that count stopped, as the generator's two searches ask it."""
    for level, max_nodes in (("cell", 40), ("ration", None)):
        rules = ARAF.rules_up_to(level)
        found = search.count_ladder(puzzle, rules, 2, max_nodes)
        planted = (rooms_of(rng.choice(found.solutions)) if found.solutions and rng.random() < 0.8
                   else [(1 << len(puzzle.numbers)) - 1])
        expected = next((sorted(rooms_of(s)) for s in found.solutions
                         if set(rooms_of(s)) != set(planted)), None)
        assert kernel.rooms_besides(puzzle, planted, rules, max_nodes) == \
            (expected, found.truncated and not found.count), (ARAF.format(puzzle), level)


def test_the_reference_finds_the_same_second_solutions(monkeypatch):
    """Without the kernel built, rooms_besides reads the Python count the same way."""
    puzzles = boards(small=60, wide=4, big=0, seed=3)
    monkeypatch.setattr(kernel, "compiled", None)
    rng = random.Random(3)
    for puzzle in puzzles:
        _same_second_solutions(puzzle, rng)


def test_the_compiled_kernel_is_built_by_the_install():
    """`pip install -e .` builds solvers/araf/_kernel.c; without it the generator falls back
    to the Python reference (the same answers, several times slower)."""
    assert kernel.COMPILED


def test_the_kernel_answers_as_the_reference_on_a_sample():
    _compare(boards(small=300, wide=20, big=2, seed=1))


def test_widenings_of_one_board_compare_as_the_reference():
    """Consecutive widenings of one board share their numbered cells, as in the generator, so
    same_catalogue and novel are compared where they do their real work."""
    rng = random.Random(7)
    puzzle = GENERATOR.sample(rng, GenerationSpec(6, 6))
    chain = [puzzle]
    for _ in range(40):
        numbers = list(chain[-1].numbers)
        k = rng.choice([k for k, n in enumerate(numbers) if n is not None])
        numbers[k] = max(1, numbers[k] + rng.choice((-1, 1)))
        chain.append(ArafPuzzle(6, 6, tuple(numbers)))
    _compare(chain)


def test_a_board_with_no_pair_has_no_novel_room():
    # one number: no pair, no room (the thousands-of-boards sweep met such boards)
    lone, other = ArafPuzzle(2, 2, (3, None, None, None)), ArafPuzzle(2, 2, (2, None, None, None))
    assert kernel.novel(lone, other) == novel(catalogue(lone), catalogue(other)) == 0


def test_bad_tables_get_a_clear_error():
    with pytest.raises(ValueError, match="native int per cell"):
        kernel.compiled.catalogue(3, 3, b"\0" * 8)


@pytest.mark.slow
def test_the_kernel_answers_as_the_reference_on_thousands_of_boards():
    _compare(boards(small=3000, wide=300, big=20, seed=2))




def test_the_kernels_own_route_rests_where_the_references_does():
    """Runs that read only a fixpoint take the kernel's own route (settled trials, a memo of the
    survivors kept on the board across runs and calls): every count (solutions, their order,
    nodes, where it stopped) and every solve is the reference route's, asked before and after
    the memo has seen the board; and the reference's route, which reads the memo's survivals
    once the board has one, counts and grades as it did before (the same steps)."""
    cell, ration = kernel.RULE_BITS["cell"], kernel.RULE_BITS["ration"]
    reference_route = cell | ration | kernel.compiled.REFERENCE
    for puzzle in boards(small=150, wide=20, big=6, seed=11):
        kernel.forget_boards()  # a board with no memo yet
        made = kernel.compile_board(puzzle)
        everything, cells = made.everything(), made.all_cells()
        graded = kernel.compiled.grade(made.tables)
        assert kernel.compiled.solve(made.tables, cell | ration) == \
            kernel.compiled.solve(made.tables, reference_route), ARAF.format(puzzle)
        reference = kernel.compiled.cover(made.tables, reference_route, everything, cells, 30, -1)
        for _ in range(2):
            own = kernel.compiled.cover(made.tables, cell | ration, everything, cells, 30, -1)
            assert own == reference, ARAF.format(puzzle)
        assert kernel.compiled.cover(made.tables, reference_route, everything, cells, 30,
                                     -1) == reference, ARAF.format(puzzle)
        assert kernel.compiled.grade(made.tables) == graded, ARAF.format(puzzle)


def test_a_count_cut_in_slices_under_a_deadline_is_the_count_of_one_search():
    # under a deadline a count with no node limit runs the C search in slices of 1, 2, 4...
    # nodes, checking the deadline between two (kernel._cover_in_slices)
    assert kernel.SLICE_NODES == 1
    for puzzle in boards(30, 5, 2, seed=7):
        for level in LEVELS:
            rules = ARAF.rules_up_to(level)
            with within(600):
                sliced = kernel.count(puzzle, rules, 2)
            assert sliced == kernel.count(puzzle, rules, 2), puzzle
