"""The kernel's grade, the explainer's ration step and the one-search uniqueness check against
their reference, and the generator's shortcut moves test against `moves`.

kernel.grade must equal GENRE.grade (grading.py's LowestSolvingLevel over deduce.py): status,
level name and index, steps and solution. kernel.ration_at must equal rules.ration_at on every
numbered cell of several states per board, and the explainer's traces must be the same with the
kernel as without it. Boards: the small and big samples of test_araf_kernel.py, generated 6x6
puzzles (most grade at ration) with one to three numbers nudged (ambiguous, no solution, now and
then search), and boards found to grade at search, the one level no sample reaches by chance.
kernel.witness_using must find a solution exactly when search.solution_using does, on the new
rooms of widenings (which share the widened number's cell: one search) and on random room sets
(which mostly share none: the search per room). The default run takes a sample; `-m slow` takes
more.
"""

import random

import pytest

from generators import Candidate, GenerationSpec, get_generator
from generators.araf import random_rooms, tight_board
from solvers import get_genre
from solvers.araf import explain, kernel, perturbations, search
from solvers.araf.board import ArafPuzzle, rooms_of, solution_of
from solvers.araf.catalogue import catalogue, novel
from solvers.araf.rules import CONTRADICTION, Propagation, ration_at, tables
from solvers.core.results import GRADED
from tests.araf.test_araf_kernel import boards

ARAF = get_genre("araf")
GENERATOR = get_generator("araf")

# Found by nudging generated puzzles' numbers (kernel.grade, then checked here against the
# reference): unique boards that the rules below search leave open.
SEARCH_BOARDS = (
    "1 1 4 . 1 1 .,3 . . 4 . 3 4,. 1 5 1 5 . 1,6 . . 1 . . .,6 . . . 3 1 1,. 2 1 . . . .,"
    "1 3 . 6 1 6 5",
    "1 1 4 . 1 1 .,3 . . 4 . 3 4,. 1 5 1 5 . 1,6 . . 1 . . .,6 . . . 3 1 1,. 2 1 . . . .,"
    "1 3 . 6 2 6 5",
    "1 7 7 . . 4 . 3,. 6 8 . 3 . 7 .,. 7 . . 3 . 1 7,1 3 . 4 5 . 5 .,1 1 . 7 . . 7 .,"
    "7 . 7 3 . . 1 4,2 7 7 1 . 7 . 7,. 3 . . . 3 . 7",
    "3 1 7 1 . . . 6 7,. 7 3 3 3 1 . . .,2 . 1 . 1 . 5 4 .,7 . . . 1 . 3 5 3,. . 4 . 7 . 4 . 5,"
    ". 6 7 . . . . 3 1,. 4 . . . 7 . 4 1,1 7 5 . 4 1 6 . .,. 7 2 2 5 . 6 . .",
)


def nudged(count: int, seed: int) -> list[ArafPuzzle]:
    """Return generated 6x6 puzzles and, per puzzle, five copies with one to three numbers
    moved by one, `count` boards in all."""
    rng = random.Random(seed)
    found: list[ArafPuzzle] = []
    while len(found) < count:
        candidate = GENERATOR.generate(rng, GenerationSpec(6, 6))
        if not isinstance(candidate, Candidate):
            continue
        puzzle = candidate.puzzle
        found.append(puzzle)
        numbered = [k for k, n in enumerate(puzzle.numbers) if n is not None]
        for _ in range(5):
            numbers = list(puzzle.numbers)
            for k in rng.sample(numbered, rng.randint(1, 3)):
                numbers[k] = max(1, numbers[k] + rng.choice((-1, 1)))
            found.append(ArafPuzzle(6, 6, tuple(numbers)))
    return found[:count]


def _same_grades(puzzles: list[ArafPuzzle]) -> set[str | None]:
    """Assert kernel.grade == GENRE.grade on each board; return the level names met."""
    names = set()
    for puzzle in puzzles:
        expected = ARAF.grade(puzzle)
        assert kernel.grade(puzzle) == expected, ARAF.format(puzzle)
        names.add(expected.name)
    return names


def test_the_kernel_grades_the_samples_as_the_ladder_does():
    names = _same_grades(boards(small=250, wide=20, big=2, seed=3) + nudged(60, seed=4))
    assert {"pair", "cell", "ration", None} <= names


def test_the_kernel_grades_search_boards_with_the_ladders_steps_and_solution():
    for text in SEARCH_BOARDS:
        puzzle = ARAF.parse(text)
        grade = kernel.grade(puzzle)
        assert grade == ARAF.grade(puzzle), text
        assert (grade.status, grade.name, grade.level) == (GRADED, "search", 3)
        assert grade.steps > ARAF.deduce(puzzle, "ration").steps  # the search's nodes added


def _states(puzzle: ArafPuzzle, rng: random.Random) -> list[int]:
    """Return alive room sets to try ration at: every room, the cell rule's fixpoint, and that
    fixpoint after a random room is placed and the cell rule run again."""
    tab = tables(puzzle)
    start = Propagation(tab, frozenset(("cell",)))
    found = [tab.cat.all_rooms]
    if start.run() == CONTRADICTION:
        return found
    found.append(start.alive)
    rooms = [i for i in range(len(tab.cat.rooms)) if start.alive >> i & 1]
    for i in rng.sample(rooms, min(3, len(rooms))):
        trial = start.placed(i)
        if trial.run() != CONTRADICTION:
            found.append(trial.alive)
    return found


def _same_ration_steps(puzzles: list[ArafPuzzle]) -> int:
    """Assert kernel.ration_at == rules.ration_at at every number of a few states per board;
    return how many calls killed a room."""
    rng = random.Random(len(puzzles))
    killed = 0
    for puzzle in puzzles:
        tab = tables(puzzle)
        for alive in _states(puzzle, rng):
            for k in tab.numbered:
                expected = ration_at(tab, alive, k)
                assert kernel.ration_at(puzzle, alive, k) == expected, (ARAF.format(puzzle), k)
                killed += expected is not None and expected != alive
    return killed


def test_the_kernel_takes_ration_steps_as_the_reference_does():
    assert _same_ration_steps(boards(small=150, wide=10, big=1, seed=5) + nudged(30, seed=6))


def test_the_explainer_says_the_same_with_the_kernel_as_without(monkeypatch):
    puzzles = [*nudged(24, seed=7)[::2], ARAF.parse(SEARCH_BOARDS[0])]
    with_kernel = [explain.explain(puzzle) for puzzle in puzzles]
    monkeypatch.setattr(kernel, "compiled", None)
    assert [explain.explain(puzzle) for puzzle in puzzles] == with_kernel
    assert any(step.rule == "ration" for trace in with_kernel for step in trace.steps)


def _widenings(count: int, seed: int) -> list[tuple[ArafPuzzle, ArafPuzzle]]:
    """Return (before, after) pairs: a generated 6x6 puzzle or a 7x7 sample, and one window end
    moved out by one."""
    rng = random.Random(seed)
    found: list[tuple[ArafPuzzle, ArafPuzzle]] = []
    while len(found) < count:
        if rng.random() < 0.5:
            candidate = GENERATOR.generate(rng, GenerationSpec(6, 6))
            if not isinstance(candidate, Candidate):
                continue
            before = candidate.puzzle
        else:
            before = GENERATOR.sample(rng, GenerationSpec(7, 7, options={"widenings": 4}))
        numbered = [k for k, n in enumerate(before.numbers) if n is not None]
        for k in rng.sample(numbered, 4):
            numbers = list(before.numbers)
            numbers[k] = max(1, numbers[k] + rng.choice((-1, 1)))
            found.append((before, ArafPuzzle(before.width, before.height, tuple(numbers))))
    return found[:count]


def _same_uniqueness_answers(pairs: list[tuple[ArafPuzzle, ArafPuzzle]]) -> set[bool]:
    """Assert that witness_using finds a solution exactly when solution_using does, on each
    widening's new rooms and on a random room set of the widened board, and that it is one (the
    rulebook passes it) holding one of those rooms; return the answers met."""
    rng = random.Random(len(pairs))
    answers = set()
    for before, after in pairs:
        cat = catalogue(after)
        new = novel(cat, catalogue(before))
        scattered = sum(1 << i for i in range(len(cat.rooms)) if rng.random() < 0.2)
        for rooms in (new, scattered):
            held = {cat.rooms[i] for i in range(len(cat.rooms)) if rooms >> i & 1}
            for max_nodes in (0, 40):
                expected = search.solution_using(after, rooms, max_nodes) is not None
                witness = kernel.witness_using(after, rooms, max_nodes)
                assert (witness is not None) == expected, (ARAF.format(after), rooms, max_nodes)
                if witness is not None:
                    assert ARAF.check(after, witness) == [], ARAF.format(after)
                    assert held & set(rooms_of(witness)), ARAF.format(after)
                answers.add(expected)
    return answers


def test_has_legal_move_says_what_moves_says_and_so_do_the_tight_boards_handovers():
    rng = random.Random(8)
    legal = []
    for _ in range(300):
        w, h = rng.randint(3, 7), rng.randint(3, 7)
        rooms = random_rooms(rng, w, h, rng.randint(3, 6))
        numbers, ends = tight_board(rng, w, h, rooms)
        solution = solution_of(w, h, rooms)
        tight = perturbations.Handovers.of(ArafPuzzle(w, h, tuple(numbers)), solution)
        for _ in range(rng.randint(0, 6)):  # widen a window end, unchecked
            room, side = rng.randrange(len(ends)), rng.randrange(2)
            cell = ends[room][side]
            numbers[cell] = max(1, numbers[cell] + (1 if side else -1))
        puzzle = ArafPuzzle(w, h, tuple(numbers))
        expected = any(move.legal for move in perturbations.moves(puzzle, solution))
        assert perturbations.has_legal_move(puzzle, solution) == expected, ARAF.format(puzzle)
        assert tight.legal_move(numbers) == expected, ARAF.format(puzzle)  # places unchanged
        legal.append(expected)
    assert any(legal) and not all(legal)


@pytest.mark.slow
def test_the_kernel_grades_and_steps_as_the_reference_on_thousands_of_boards():
    _same_grades(boards(small=2000, wide=200, big=10, seed=10) + nudged(600, seed=11))
    assert _same_ration_steps(boards(small=600, wide=40, big=4, seed=12) + nudged(200, seed=13))
    assert _same_uniqueness_answers(_widenings(800, seed=15)) == {True, False}
