"""The bank's independent Slant engine ("fill", solvers/slant/fill.py): the compiled filling
search is brute.py's search placement for placement, and CP-SAT takes over past its board size
or node budget."""

import random

import pytest

from generators.slant import clues_of, random_filling
from solvers.slant import board, brute, fill
from solvers.slant.board import SlantPuzzle
from solvers.slant.cpsat import count_cpsat


def test_the_compiled_search_is_built_by_the_install():
    assert brute.compiled is not None


def sparse_boards(seed: int, sizes: tuple[int, ...], count: int) -> list[SlantPuzzle]:
    """Return boards of the given sizes with 30-90% of a random filling's clues."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        w, h = rng.choice(sizes), rng.choice(sizes)
        density = rng.uniform(0.3, 0.9)
        boards.append(SlantPuzzle(w, h, tuple(c if rng.random() < density else None
                                              for c in clues_of(random_filling(rng, w, h)))))
    return boards


def test_the_compiled_search_finds_what_the_python_search_finds_in_as_many_placements():
    """Solutions in order, placements and truncation agree, to the limit and to a node budget,
    on 60 boards of 1 to 6 cells a side (one or many solutions) and two with none."""
    outcomes = set()
    unsolvable = [board.parse("2..,...,..."), board.parse("4.1,...,...")]
    for puzzle in sparse_boards(29, (1, 2, 3, 5, 6), 60) + unsolvable:
        for limit, budget in ((3, None), (1, None), (20, 40)):
            ours = brute.count_brute(puzzle, limit, budget)
            reference = brute._count_python(puzzle, limit, budget)
            assert ours == reference, (puzzle, limit, budget)
            outcomes.add((min(ours.count, 2), ours.truncated))
    assert outcomes == {(0, False), (1, False), (2, False), (0, True), (1, True), (2, True)}


def test_fill_hands_over_to_cpsat_past_its_size_or_its_budget(monkeypatch: pytest.MonkeyPatch):
    """A 13x13 board and a board the search does not decide within the budget are counted by
    CP-SAT (its `nodes` are solver rounds), with CP-SAT's answer; a small one by the search."""
    small, large = sparse_boards(7, (6,), 1)[0], sparse_boards(7, (13,), 1)[0]
    assert fill.count_fill(large, 2) == count_cpsat(large, 2)
    searched = fill.count_fill(small, 2)
    assert searched == brute.count_brute(small, 2)
    assert searched.nodes >= small.width * small.height
    monkeypatch.setattr(fill, "NODE_BUDGET", 5)
    handed_over = fill.count_fill(small, 2)
    assert handed_over == count_cpsat(small, 2)
    assert (handed_over.count, set(handed_over.solutions)) == (searched.count,
                                                                set(searched.solutions))
