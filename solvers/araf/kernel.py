"""The generator's hot checks on Araf boards ("a second solution?", "does this level solve it?"),
answered by the C kernel.

The kernel (_kernel.c, built by `pip install -e .`) runs the cell and ration rules of rules.py
and the exact cover of search.py step for step on the same catalogue, so it finds the same
solutions in the same order and stops at the same node; those modules stay the readable
reference, and the tests hold the kernel to them on thousands of boards. Grades and step counts
still come from the Python ladder. Vocabulary as in rules.py; `rules` are ladder rule names.
"""

from array import array
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType

from solvers.araf import search
from solvers.araf.board import ArafPuzzle, ArafSolution, cells_of, solution_of
from solvers.araf.catalogue import Catalogue, catalogue
from solvers.araf.deduce import deduce_with
from solvers.araf.rules import decided
from solvers.core.results import Count

compiled: ModuleType | None
try:
    from solvers.araf import _kernel as compiled
except ImportError:  # not built: every answer comes from the Python ladder (slower, the same)
    compiled = None

COMPILED = compiled is not None
RULE_BITS = {"cell": 1, "ration": 2}
NO_LIMIT = -1


@dataclass(frozen=True)
class Compiled:
    """A catalogue and the kernel's tables of it; room sets cross as `room_bytes` bytes, cell
    sets as `cell_bytes` (words of 64 bits, little-endian)."""

    cat: Catalogue
    tables: object
    room_bytes: int
    cell_bytes: int

    def rooms(self, bits: int) -> bytes:
        """Return the room set `bits` as the kernel reads it."""
        return bits.to_bytes(self.room_bytes, "little")

    def everything(self) -> bytes:
        """Return the set of every room as the kernel reads it."""
        return self.rooms(self.cat.all_rooms)

    def cells(self, bits: int) -> bytes:
        """Return the cell set `bits` as the kernel reads it."""
        return bits.to_bytes(self.cell_bytes, "little")

    def solution(self, chosen: bytes) -> ArafSolution:
        """Return the solution made of the room set `chosen` (the kernel's bytes)."""
        puzzle = self.cat.puzzle
        rooms = [self.cat.rooms[i] for i in cells_of(int.from_bytes(chosen, "little"))]
        return solution_of(puzzle.width, puzzle.height, rooms)


@lru_cache(maxsize=8)
def compile_board(puzzle: ArafPuzzle) -> Compiled:
    """Return the kernel's tables of the catalogue of `puzzle` (cached: a generator asks about
    the same board a few times in a row). Only with the kernel built."""
    assert compiled is not None
    cat = catalogue(puzzle)
    cells = len(puzzle.numbers)
    cell_bytes = 8 * ((cells + 63) // 64)
    numbered = bytes(n is not None for n in puzzle.numbers)
    rooms = b"".join(room.to_bytes(cell_bytes, "little") for room in cat.rooms)
    pairs = array("i", [k for pair in cat.pairs for k in pair]).tobytes()
    made = compiled.board(cells, numbered, rooms, array("i", cat.room_pair).tobytes(), pairs)
    return Compiled(cat, made, 8 * (len(cat.rooms) // 64 + 1), cell_bytes)


def _mask(rules: frozenset[str]) -> int:
    return sum(bit for name, bit in RULE_BITS.items() if name in rules)


def count(puzzle: ArafPuzzle, rules: frozenset[str], limit: int = 2,
          max_nodes: int | None = None) -> Count:
    """Return what search.count_ladder returns: the solutions up to `limit`, the nodes, and
    whether the count stopped (at `limit` solutions, or at `max_nodes` nodes with count 0)."""
    if compiled is None:
        return search.count_ladder(puzzle, rules, limit, max_nodes)
    board = compile_board(puzzle)
    found, nodes, stopped = compiled.cover(
        board.tables, _mask(rules), board.everything(),
        board.cells((1 << len(puzzle.numbers)) - 1), limit,
        NO_LIMIT if max_nodes is None else max_nodes)
    if stopped:
        return Count(0, (), nodes, truncated=True)
    solutions = tuple(board.solution(chosen) for chosen in found)
    return Count(len(solutions), solutions, nodes, truncated=len(solutions) >= limit)


def solution_using(puzzle: ArafPuzzle, rooms: int, max_nodes: int) -> ArafSolution | None:
    """Return what search.solution_using returns: a solution holding one of the catalogue rooms
    in `rooms`, or None when no solution holds any of them."""
    if compiled is None:
        return search.solution_using(puzzle, rooms, max_nodes)
    board = compile_board(puzzle)
    chosen = compiled.using(board.tables, board.rooms(rooms), max_nodes)
    return None if chosen is None else board.solution(chosen)


def solves(puzzle: ArafPuzzle, rules: frozenset[str]) -> bool:
    """Return True if the fixpoint of `rules` (below search) decides the whole solution, as
    `deduce_with(puzzle, rules).solved` says."""
    if compiled is None:
        return deduce_with(puzzle, rules).solved
    board = compile_board(puzzle)
    alive = compiled.fixpoint(board.tables, _mask(rules), board.everything(),
                              board.cells((1 << len(puzzle.numbers)) - 1))
    return alive is not None and decided(board.cat, int.from_bytes(alive, "little")) is not None
