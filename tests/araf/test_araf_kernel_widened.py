"""The kernel's catalogue of a widening (`widened`: one number's value changed, the numbered
cells the same) against its full catalogue of the same board: the same pairs, rooms and room
pairs in the same order, and the same answers from its rule tables; and compile_board taking
that route for a widening of the board asked about last."""

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


def _widening(rng: random.Random, puzzle: ArafPuzzle) -> tuple[ArafPuzzle, int]:
    """Return `puzzle` with one number raised or lowered by 1..3 (not below 1), and its cell."""
    numbered = [k for k, n in enumerate(puzzle.numbers) if n is not None]
    cell = rng.choice(numbered)
    old = puzzle.numbers[cell]
    assert old is not None
    new = rng.choice([n for n in range(max(1, old - 3), old + 4) if n != old])
    numbers = list(puzzle.numbers)
    numbers[cell] = new
    return ArafPuzzle(puzzle.width, puzzle.height, tuple(numbers)), cell


def test_a_widenings_catalogue_is_its_full_catalogue():
    """Several hundred widenings of boards 6x6 to 15x15 (numbers raised and lowered, chains of
    them: a widening of a widening): pairs, rooms and room pairs equal the full catalogue's, and
    the rule tables give the same cover (solutions, nodes, stop) under the cell rule, and the
    last widening of each chain the same solve under the ration rule too."""
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
            after, cell = _widening(rng, puzzle)
            full = compiled.catalogue(w, h, _numbers(after))
            made = compiled.widened(parent[0], w, h, _numbers(after), cell)
            text = (w, h, after.numbers, cell)
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
    # the widenings met every case: a pair appearing, one vanishing, the pairs unchanged
    assert appeared and vanished and same_pairs


def test_compile_board_compiles_a_widening_of_the_last_board_from_it(monkeypatch):
    """A chain of widenings, as the generator asks about them (the board, then its widening):
    each widening goes through `widened`, a board numbered on other cells through `catalogue`,
    and every Compiled equals the one a full catalogue gives."""
    compiled = kernel.compiled
    assert compiled is not None
    calls: list[str] = []

    class Counting:
        def __getattr__(self, name: str):
            calls.append(name)
            return getattr(compiled, name)

    rng = random.Random(4)
    puzzle = GENERATOR.sample(rng, GenerationSpec(8, 8))
    chain = [puzzle]
    for _ in range(20):
        chain.append(_widening(rng, chain[-1])[0])
    moved = list(puzzle.numbers)
    k = next(k for k, n in enumerate(moved) if n is not None)
    free = next(k for k, n in enumerate(moved) if n is None)
    moved[free], moved[k] = moved[k], None
    chain.append(ArafPuzzle(8, 8, tuple(moved)))  # numbered on other cells: a full catalogue
    kernel.forget_boards()
    monkeypatch.setattr(kernel, "compiled", Counting())
    made = [kernel.compile_board(p) for p in chain]
    assert calls == ["catalogue"] + ["widened"] * 20 + ["catalogue"]
    monkeypatch.setattr(kernel, "compiled", compiled)
    for board in made:
        kernel.forget_boards()
        fresh = kernel.compile_board(board.puzzle)
        assert (board.pairs, board.room_pair, board.room_cells) == \
            (fresh.pairs, fresh.room_pair, fresh.room_cells), board.puzzle


def test_a_widening_of_a_board_numbered_elsewhere_is_refused():
    compiled = kernel.compiled
    assert compiled is not None
    board = compiled.catalogue(3, 3, array("i", [2, 0, 0, 0, 0, 0, 0, 0, 4]).tobytes())[0]
    with pytest.raises(ValueError, match="numbered on the parent board's cells"):
        compiled.widened(board, 3, 3, array("i", [2, 0, 0, 0, 3, 0, 0, 0, 4]).tobytes(), 0)
    with pytest.raises(ValueError, match="numbered on the parent board's cells"):
        compiled.widened(board, 3, 3, array("i", [2, 0, 0, 0, 0, 0, 0, 0, 4]).tobytes(), 1)
