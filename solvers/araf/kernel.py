"""The hot questions on Araf boards ("a second solution?", "does this level solve it?", "what
grade?", "what does ration kill at this number?"), answered by the C kernel.

The kernel (_kernel.c, built by `pip install -e .`) runs the cell and ration rules of rules.py
and the exact cover of search.py to the same fixpoints on the same catalogue (step for step where
it counts steps), so it finds the same solutions in the same order, stops at the same node and
counts the same steps; those modules
(and deduce.py, with grading.py's LowestSolvingLevel, for the grade) stay the readable
reference, and the tests hold the kernel to them on thousands of boards. Without the kernel
built, every answer comes from the reference. Vocabulary as in rules.py; `rules` are ladder rule
names.
"""

from array import array
from bisect import bisect_left
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property
from itertools import islice
from types import ModuleType

from solvers.araf import GENRE, catalogue, search
from solvers.araf.board import ArafPuzzle, ArafSolution, cells_of, rooms_of, solution_of
from solvers.araf.deduce import deduce_with
from solvers.araf.rules import ration_at as reference_ration_at
from solvers.araf.rules import tables
from solvers.core.deadline import check, seconds_left
from solvers.core.errors import StaleKernelError
from solvers.core.results import AMBIGUOUS, GRADED, NO_SOLUTION, Count, Grade

compiled: ModuleType | None
try:
    from solvers.araf import _kernel as compiled
except ImportError:  # not built: every answer comes from the Python ladder (slower, the same)
    compiled = None

COMPILED = compiled is not None
INTERFACE = 2  # the version of the kernel's calls this module makes (_kernel.c, INTERFACE)
if compiled is not None and getattr(compiled, "INTERFACE", None) != INTERFACE:
    raise StaleKernelError("solvers/araf/_kernel")
RULE_BITS = {"cell": 1, "ration": 2}
NO_LIMIT = -1
SLICE_NODES = 1  # the first node limit of a search cut in slices (_cover_in_slices): a node of
# a 40x40 board's full-ladder search can take 65 ms, so slices start at one node


@dataclass(frozen=True)
class Compiled:
    """The kernel's catalogue of a puzzle (the same pairs and rooms, in the same order, as
    catalogue.py's) and its rule tables; room sets cross as `room_bytes` bytes, cell sets as
    `cell_bytes` (words of 64 bits, little-endian); `room_cells` holds each room's cell set."""

    puzzle: ArafPuzzle
    tables: object
    pairs: tuple[tuple[int, int], ...]
    room_pair: tuple[int, ...]
    room_cells: bytes
    cell_bytes: int

    @cached_property
    def rooms(self) -> tuple[int, ...]:
        """Return each room's cell set."""
        size, cells = self.cell_bytes, self.room_cells
        return tuple(int.from_bytes(cells[i : i + size], "little")
                     for i in range(0, len(cells), size))

    @cached_property
    def pair_blocks(self) -> dict[tuple[int, int], bytes]:
        """Return, per pair (its two cells), the cells of its rooms as one block of
        `room_cells` (a pair's rooms are consecutive, pair 0's first: `room_pair` is sorted, and
        every pair listed has a room; a board with no pair has none)."""
        bounds = [*(bisect_left(self.room_pair, j) for j in range(len(self.pairs))),
                  len(self.room_pair)]
        size, cells = self.cell_bytes, self.room_cells
        return {pair: cells[bounds[j] * size : bounds[j + 1] * size]
                for j, pair in enumerate(self.pairs)}

    @property
    def room_bytes(self) -> int:
        """Return the length of a room set as the kernel reads it."""
        return 8 * (len(self.room_pair) // 64 + 1)

    def room_set(self, bits: int) -> bytes:
        """Return the room set `bits` as the kernel reads it."""
        return bits.to_bytes(self.room_bytes, "little")

    def everything(self) -> bytes:
        """Return the set of every room as the kernel reads it."""
        return self.room_set((1 << len(self.room_pair)) - 1)

    def all_cells(self) -> bytes:
        """Return the set of every cell as the kernel reads it."""
        return ((1 << len(self.puzzle.numbers)) - 1).to_bytes(self.cell_bytes, "little")

    def solution(self, chosen: bytes) -> ArafSolution:
        """Return the solution made of the room set `chosen` (the kernel's bytes)."""
        puzzle, size, cells = self.puzzle, self.cell_bytes, self.room_cells
        return solution_of(puzzle.width, puzzle.height,
                           [int.from_bytes(cells[i * size : (i + 1) * size], "little")
                            for i in cells_of(int.from_bytes(chosen, "little"))])


RECENT = 8  # the boards compile_board keeps: a generator asks about the same board a few times


def compile_board(puzzle: ArafPuzzle) -> Compiled:
    """Return the kernel's catalogue of `puzzle`, keeping the last RECENT boards asked about. A
    board that differs from the board asked about last in one or two cells (a widening: one
    number's value changed; a repair's move: one number moved) is compiled from it by the
    kernel's `recatalogue`, which grows only the pairs the change may touch and gives the same
    catalogue as a full one. Only with the kernel built."""
    assert compiled is not None
    known = _recent.get(puzzle)
    if known is not None:
        _recent.move_to_end(puzzle)
        return known
    numbers = array("i", [n or 0 for n in puzzle.numbers]).tobytes()
    last = next(reversed(_recent.values()), None)
    if last is not None and _near(last.puzzle, puzzle):
        made = compiled.recatalogue(last.tables, puzzle.width, puzzle.height, numbers)
    else:
        made = compiled.catalogue(puzzle.width, puzzle.height, numbers)
    tables, pairs, rooms, room_pair = made
    ends = array("i", pairs)
    board = Compiled(puzzle, tables, tuple(zip(ends[::2], ends[1::2], strict=True)),
                     tuple(array("i", room_pair)), rooms, 8 * ((len(puzzle.numbers) + 63) // 64))
    _recent[puzzle] = board
    if len(_recent) > RECENT:
        _recent.popitem(last=False)
    return board


_recent: OrderedDict[ArafPuzzle, Compiled] = OrderedDict()  # least recently asked first
NEAR = 2  # the most cells where a board compiled from another differs from it


def forget_boards() -> None:
    """Drop the boards compile_board keeps (for a bench that times builds from nothing)."""
    _recent.clear()


def _near(before: ArafPuzzle, after: ArafPuzzle) -> bool:
    """Return True if the two boards have the same size and differ in at most NEAR cells."""
    if (before.width, before.height) != (after.width, after.height):
        return False
    changed = islice((k for k, (a, b) in enumerate(zip(before.numbers, after.numbers, strict=True))
                      if a != b), NEAR + 1)
    return sum(1 for _ in changed) <= NEAR


def same_catalogue(a: ArafPuzzle, b: ArafPuzzle) -> bool:
    """Return what catalogue.same_catalogue returns: True if the two boards have the same pairs
    and rooms."""
    if compiled is None:
        return catalogue.same_catalogue(a, b)
    first, second = compile_board(a), compile_board(b)
    return (first.pairs, first.room_cells) == (second.pairs, second.room_cells)


def novel(after: ArafPuzzle, before: ArafPuzzle) -> int:
    """Return what catalogue.novel returns on the two boards' catalogues: the room set of the
    rooms of `after` that `before` lacks."""
    if compiled is None:
        return catalogue.novel(catalogue.catalogue(after), catalogue.catalogue(before))
    mine, theirs = compile_board(after), compile_board(before)
    known, size = theirs.pair_blocks, mine.cell_bytes
    found, i = 0, 0
    for pair, block in mine.pair_blocks.items():  # in room order
        rooms = len(block) // size
        if known.get(pair) != block:  # only a pair whose rooms changed can hold a new one
            old = known.get(pair, b"")
            had = {old[t : t + size] for t in range(0, len(old), size)}
            for t in range(rooms):
                if block[t * size : (t + 1) * size] not in had:
                    found |= 1 << (i + t)
        i += rooms
    return found


def _mask(rules: frozenset[str]) -> int:
    return sum(bit for name, bit in RULE_BITS.items() if name in rules)


def count(puzzle: ArafPuzzle, rules: frozenset[str], limit: int = 2,
          max_nodes: int | None = None) -> Count:
    """Return what search.count_ladder returns: the solutions up to `limit`, the nodes, and
    whether the count stopped (at `limit` solutions, or at `max_nodes` nodes with count 0)."""
    if compiled is None:
        return search.count_ladder(puzzle, rules, limit, max_nodes)
    board = compile_board(puzzle)
    found, nodes, stopped = _cover(compiled, board, rules, limit, max_nodes)
    if stopped:
        return Count(0, (), nodes, truncated=True)
    solutions = tuple(board.solution(chosen) for chosen in found)
    return Count(len(solutions), solutions, nodes, truncated=len(solutions) >= limit)


def rooms_besides(puzzle: ArafPuzzle, planted: list[int], rules: frozenset[str],
                  max_nodes: int | None = None) -> tuple[list[int] | None, bool]:
    """Return what search.solution_besides returns, the solution as its rooms (cell sets, in
    increasing order): all a generator's repair reads of it."""
    if compiled is None:
        second, stopped = search.solution_besides(puzzle, planted, rules, max_nodes)
        return (None if second is None else sorted(rooms_of(second))), stopped
    board = compile_board(puzzle)
    sets, _, stopped = _cover(compiled, board, rules, 2, max_nodes)
    size, cells = board.cell_bytes, board.room_cells
    mine = set(planted)
    for chosen in sets:
        rooms = [int.from_bytes(cells[i * size : (i + 1) * size], "little")
                 for i in cells_of(int.from_bytes(chosen, "little"))]
        if set(rooms) != mine:
            return sorted(rooms), stopped
    return None, stopped


def _cover(kernel: ModuleType, board: Compiled, rules: frozenset[str], limit: int,
           max_nodes: int | None) -> tuple[list[bytes], int, bool]:
    """Return the kernel's cover of the whole board from every room alive (its room sets, nodes
    and whether it stopped at `max_nodes`); with no node limit under a deadline, in slices."""
    if max_nodes is None and seconds_left() is not None:
        return _cover_in_slices(kernel, board, rules, limit)
    return kernel.cover(board.tables, _mask(rules), board.everything(), board.all_cells(), limit,
                        NO_LIMIT if max_nodes is None else max_nodes)


def _cover_in_slices(kernel: ModuleType, board: Compiled, rules: frozenset[str],
                     limit: int) -> tuple[list[bytes], int, bool]:
    """Return `_cover`'s answer with no node limit under a deadline (solvers/core/deadline.py),
    which the C search does not watch: searches of SLICE_NODES, then twice as many each time,
    the deadline checked between two. The search is the same each time, so the one that ends
    gives the answer (and node count) of a single search with no limit, for at most twice the
    work."""
    nodes = SLICE_NODES
    while True:
        found, used, stopped = kernel.cover(board.tables, _mask(rules), board.everything(),
                                            board.all_cells(), limit, nodes)
        if not stopped:
            return found, used, False
        check()
        nodes *= 2


def solution_using(puzzle: ArafPuzzle, rooms: int, max_nodes: int) -> ArafSolution | None:
    """Return what search.solution_using returns: a solution holding one of the catalogue rooms
    in `rooms`, or None when no solution holds any of them."""
    if compiled is None:
        return search.solution_using(puzzle, rooms, max_nodes)
    board = compile_board(puzzle)
    chosen = compiled.using(board.tables, board.room_set(rooms), max_nodes)
    return None if chosen is None else board.solution(chosen)


def witness_using(puzzle: ArafPuzzle, rooms: int, max_nodes: int) -> ArafSolution | None:
    """Return a solution of `puzzle` holding a catalogue room of the room set `rooms`, or None
    when no solution holds any of them (None exactly when `solution_using` says None; the
    solution may be another than the one it gives). Where those rooms share a cell (the new rooms
    of a widening all hold the widened number), the kernel decides it in one search under the
    whole ladder; else `max_nodes` bounds the quick first searches as in `solution_using`."""
    if compiled is None:
        return search.solution_using(puzzle, rooms, max_nodes)
    board = compile_board(puzzle)
    found = compiled.through(board.tables, board.room_set(rooms))
    if found is None:
        found = compiled.using(board.tables, board.room_set(rooms), max_nodes)
    return board.solution(found) if isinstance(found, bytes) else None


def solves(puzzle: ArafPuzzle, rules: frozenset[str]) -> bool:
    """Return True if the fixpoint of `rules` (below search) decides the whole solution, as
    `deduce_with(puzzle, rules).solved` says."""
    if compiled is None:
        return deduce_with(puzzle, rules).solved
    return compiled.solve(compile_board(puzzle).tables, _mask(rules)) is not None


NO_SOLUTION_FOUND, TWO_OR_MORE = -1, -2  # the kernel's grade outcomes besides a level


def grade(puzzle: ArafPuzzle) -> Grade[ArafSolution]:
    """Return what GENRE.grade returns (grading.py's LowestSolvingLevel over deduce.py): the
    lowest solving level with its steps and solution, or NO_SOLUTION / AMBIGUOUS. (Araf's
    ladder ends with search, so a unique puzzle always gets a level.)"""
    if compiled is None:
        return GENRE.grade(puzzle)
    board = compile_board(puzzle)
    outcome, steps, chosen = compiled.grade(board.tables)
    if outcome == NO_SOLUTION_FOUND:
        return Grade(NO_SOLUTION)
    if outcome == TWO_OR_MORE:
        return Grade(AMBIGUOUS)
    assert chosen is not None
    return Grade(GRADED, GENRE.ladder[outcome], outcome, steps, board.solution(chosen))


def ration_at(puzzle: ArafPuzzle, alive: int, k: int) -> int | None:
    """Return what rules.ration_at returns: `alive` less the rooms at the numbered cell k that
    the ration rule refutes, or None for a contradiction."""
    if compiled is None:
        return reference_ration_at(tables(puzzle), alive, k)
    board = compile_board(puzzle)
    after = compiled.ration_at(board.tables, board.room_set(alive), k)
    return None if after is None else int.from_bytes(after, "little")
