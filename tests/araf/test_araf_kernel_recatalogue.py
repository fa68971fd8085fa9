"""The kernel's catalogue of a board taken in part from another (`recatalogue`: a widening, one
number's value changed; a repair's move, one number moved; any few cells changed) against its
full catalogue of the same board: the same pairs, rooms and room pairs in the same order, and
the same answers from its rule tables; and compile_board taking that route for a board near the
one asked about last."""

import random
from array import array

import pytest

from generators import GenerationSpec, get_generator
from solvers.araf import kernel
from solvers.araf.board import ArafPuzzle

GENERATOR = get_generator("araf")
CELL, RATION = kernel.RULE_BITS["cell"], kernel.RULE_BITS["ration"]
COVER_NODES = 10  # the node limit of the covers compared: they meet solutions and stops


def _numbers(puzzle: ArafPuzzle) -> bytes:
    return array("i", [n or 0 for n in puzzle.numbers]).tobytes()


def _widening(rng: random.Random, puzzle: ArafPuzzle) -> ArafPuzzle:
    """Return `puzzle` with one number raised or lowered by 1..3 (not below 1)."""
    numbers = list(puzzle.numbers)
    cell = rng.choice([k for k, n in enumerate(numbers) if n is not None])
    old = numbers[cell]
    assert old is not None
    numbers[cell] = rng.choice([n for n in range(max(1, old - 3), old + 4) if n != old])
    return ArafPuzzle(puzzle.width, puzzle.height, tuple(numbers))


def _move(rng: random.Random, puzzle: ArafPuzzle) -> ArafPuzzle:
    """Return `puzzle` with one number moved to a free cell at most 3 steps off (as the
    generator's repair moves one inside its room)."""
    w, numbers = puzzle.width, list(puzzle.numbers)
    old = rng.choice([k for k, n in enumerate(numbers) if n is not None])
    near = [k for k, n in enumerate(numbers)
            if n is None and abs(k // w - old // w) + abs(k % w - old % w) <= 3]
    if near:
        cell = rng.choice(near)
        numbers[cell], numbers[old] = numbers[old], None
    return ArafPuzzle(puzzle.width, puzzle.height, tuple(numbers))


def _scramble(rng: random.Random, puzzle: ArafPuzzle) -> ArafPuzzle:
    """Return `puzzle` with 1..4 cells given another number, a number or none."""
    numbers = list(puzzle.numbers)
    for _ in range(rng.randint(1, 4)):
        numbers[rng.randrange(len(numbers))] = rng.choice([None, *range(1, 9)])
    return ArafPuzzle(puzzle.width, puzzle.height, tuple(numbers))


def test_a_recatalogue_is_the_full_catalogue():
    """Several hundred changes to boards 6x6 to 15x15, chained (a change of a changed board):
    widenings (numbers raised and lowered), moves and scrambles of a few cells. Pairs, rooms and
    room pairs equal the full catalogue's, and the rule tables give the same cover (solutions,
    nodes, stop) under the cell rule, and the last board of each chain the same solve under the
    ration rule too."""
    compiled = kernel.compiled
    assert compiled is not None
    rng = random.Random(29)
    appeared = vanished = same_pairs = 0
    for _ in range(60):
        w, h = rng.randint(6, 15), rng.randint(6, 15)
        spec = GenerationSpec(w, h, options={"widenings": rng.randint(0, 12)})
        puzzle = GENERATOR.sample(rng, spec)
        parent = compiled.catalogue(w, h, _numbers(puzzle))
        for step in range(6):
            after = rng.choice((_widening, _widening, _move, _move, _scramble))(rng, puzzle)
            full = compiled.catalogue(w, h, _numbers(after))
            made = compiled.recatalogue(parent[0], w, h, _numbers(after))
            text = (w, h, puzzle.numbers, after.numbers)
            assert made[1:] == full[1:], text
            rooms = len(made[3]) // 4
            everything = ((1 << rooms) - 1).to_bytes(8 * (rooms // 64 + 1), "little")
            cells = ((1 << w * h) - 1).to_bytes(8 * ((w * h + 63) // 64), "little")
            assert compiled.cover(made[0], CELL, everything, cells, 2, COVER_NODES) == \
                compiled.cover(full[0], CELL, everything, cells, 2, COVER_NODES), text
            if step == 5:
                assert compiled.solve(made[0], CELL | RATION) == \
                    compiled.solve(full[0], CELL | RATION), text
            before_pairs, after_pairs = set(array("q", parent[1])), set(array("q", made[1]))
            appeared += bool(after_pairs - before_pairs)
            vanished += bool(before_pairs - after_pairs)
            same_pairs += before_pairs == after_pairs
            puzzle, parent = after, made
    # the changes met every case: a pair appearing, one vanishing, the pairs unchanged
    assert appeared and vanished and same_pairs


def test_compile_board_compiles_a_board_near_the_last_one_from_it(monkeypatch):
    """A chain of widenings and moves, as the generator asks about them (the board, then its
    change): each goes through `recatalogue`, a board differing in more cells through
    `catalogue`, and every Compiled equals the one a full catalogue gives."""
    compiled = kernel.compiled
    assert compiled is not None
    calls: list[str] = []

    class Counting:
        def __getattr__(self, name: str):
            calls.append(name)
            return getattr(compiled, name)

    rng = random.Random(4)
    chain = [GENERATOR.sample(rng, GenerationSpec(8, 8))]
    for step in range(20):
        chain.append((_widening if step % 2 else _move)(rng, chain[-1]))
    numbers = list(chain[-1].numbers)
    numbered = [k for k, n in enumerate(numbers) if n is not None]
    for k in numbered[:3]:
        numbers[k] = None  # three numbers gone: a full catalogue
    chain.append(ArafPuzzle(8, 8, tuple(numbers)))
    kernel.forget_boards()
    monkeypatch.setattr(kernel, "compiled", Counting())
    made = [kernel.compile_board(p) for p in chain]
    assert calls == ["catalogue"] + ["recatalogue"] * 20 + ["catalogue"]
    monkeypatch.setattr(kernel, "compiled", compiled)
    for board in made:
        kernel.forget_boards()
        fresh = kernel.compile_board(board.puzzle)
        assert (board.pairs, board.room_pair, board.room_cells) == \
            (fresh.pairs, fresh.room_pair, fresh.room_cells), board.puzzle


def test_a_recatalogue_of_a_board_of_another_size_is_refused():
    compiled = kernel.compiled
    assert compiled is not None
    board = compiled.catalogue(3, 3, array("i", [2, 0, 0, 0, 0, 0, 0, 0, 4]).tobytes())[0]
    for w, h, numbers in ((2, 2, [2, 0, 0, 4]), (1, 9, [2, 0, 0, 0, 0, 0, 0, 0, 4])):
        with pytest.raises(ValueError, match="the parent board's size"):
            compiled.recatalogue(board, w, h, array("i", numbers).tobytes())
