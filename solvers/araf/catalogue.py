"""The room catalogue: every room each surviving pair could fill, and the tables the rules use.

Vocabulary: rooms are indexed 0..R-1; a *room set* is a bit set over room indices (bit i is
room i), as cell sets are bit sets over cells. `cover[k]` is the room set of the rooms holding
cell k, `pair_rooms[j]` the rooms of pair j, `clash[i]` the rooms sharing a cell with room i
(room i included). A room holds its pair's two numbered cells, no third one, is connected under
the reading and has a size in the pair's window.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from solvers.araf.board import STRICT, ArafPuzzle, Reading, cells_of, neighbours
from solvers.araf.connected import connected_sets
from solvers.araf.screens import SURVIVES, numbered_cells, screen, steps_from
from solvers.core.deadline import CHECK_MASK, check


@dataclass(frozen=True)
class Catalogue:
    """The candidate rooms of a puzzle, with their lookup tables (see the module docstring).

    `pairs[j]` = (p, q) numbered cells of pair j (only pairs with at least one room);
    `rooms[i]` the cell set of room i, `sizes[i]` its size and `room_pair[i]` its pair.
    """

    puzzle: ArafPuzzle
    pairs: tuple[tuple[int, int], ...]
    rooms: tuple[int, ...]
    sizes: tuple[int, ...]
    room_pair: tuple[int, ...]
    pair_rooms: tuple[int, ...]
    cover: tuple[int, ...]
    clash: tuple[int, ...]

    @property
    def all_rooms(self) -> int:
        """Return the room set of every room."""
        return (1 << len(self.rooms)) - 1


@lru_cache(maxsize=1 << 16)
def room_cells(cells: int) -> tuple[int, ...]:
    """Return the cells of a cell set (cached: the same rooms come back board after board)."""
    return tuple(cells_of(cells))


@lru_cache(maxsize=1 << 14)
def pair_rooms(width: int, height: int, diagonal: bool, blockers: int, p: int, q: int,
               lo: int, hi: int) -> tuple[int, ...]:
    """Return the cell sets of every connected room holding cells p and q, none of the
    `blockers`, with lo..hi cells, smallest first (ties in cell-set order)."""
    touching = neighbours(width, height, diagonal)
    allowed = ((1 << (width * height)) - 1) & ~blockers
    distance = steps_from(touching, q, allowed)
    found = []
    for turn, (cells, size) in enumerate(connected_sets(touching, p, allowed, hi, distance)):
        if not turn & CHECK_MASK:
            check()  # a solve's deadline (solvers/core/deadline.py): rooms may be legion
        if size >= lo and cells >> q & 1:
            found.append((size, cells))
    return tuple(cells for _, cells in sorted(found))


def room_set(size: int, indices: list[int]) -> int:
    """Return the bit set of `indices` (all below `size`), built in one go, not bit by bit."""
    digits = bytearray(b"0" * size)
    for i in indices:
        digits[size - 1 - i] = 49  # "1"
    return int(digits, 2) if size else 0


def _rooms_of(puzzle: ArafPuzzle, reading: Reading, numbers: int, p: int,
              q: int) -> tuple[int, ...]:
    """Return the rooms of the pair of numbered cells (p, q), whatever the screens say;
    `numbers` is the bit set of the numbered cells."""
    a, b = puzzle.numbers[p], puzzle.numbers[q]
    if a is None or b is None:
        raise ValueError(f"cells {p} and {q} are not both numbered")
    lo, hi = reading.window(a, b)
    if lo > hi:
        return ()
    return pair_rooms(puzzle.width, puzzle.height, reading.diagonal,
                      numbers & ~(1 << p) & ~(1 << q), p, q, max(lo, 2), hi)


def same_catalogue(a: ArafPuzzle, b: ArafPuzzle, reading: Reading = STRICT) -> bool:
    """Return True if the screened catalogues of two boards have the same pairs and rooms (then
    they are the same puzzle to every rule and counter). Where the boards hold numbers on the
    same cells, only the pairs touching a cell whose number differs can differ, and only those
    are compared; otherwise the whole catalogues are."""
    if a.width != b.width or numbered_cells(a) != numbered_cells(b):
        first, second = catalogue(a, reading), catalogue(b, reading)
        return (first.pairs, first.rooms) == (second.pairs, second.rooms)
    changed = {k for k, (x, y) in enumerate(zip(a.numbers, b.numbers, strict=True)) if x != y}
    numbers = sum(1 << k for k in numbered_cells(a))
    verdicts = screen(b, reading)
    for (p, q), verdict in screen(a, reading).items():
        if p in changed or q in changed:
            before = _rooms_of(a, reading, numbers, p, q) if verdict == SURVIVES else ()
            after = _rooms_of(b, reading, numbers, p, q) if verdicts[p, q] == SURVIVES else ()
            if before != after:
                return False
    return True


def build(puzzle: ArafPuzzle, reading: Reading = STRICT, screened: bool = True) -> Catalogue:
    """Return the catalogue of `puzzle`: rooms of the pairs the screens keep (of every pair
    when not `screened`; the screens only save work, so the rooms are the same)."""
    numbers = sum(1 << k for k in numbered_cells(puzzle))
    verdicts = screen(puzzle, reading)
    pairs: list[tuple[int, int]] = []
    rooms: list[int] = []
    room_pair: list[int] = []
    for (p, q), verdict in verdicts.items():
        found = (_rooms_of(puzzle, reading, numbers, p, q) if verdict == SURVIVES or not screened
                 else ())
        if found:
            room_pair.extend([len(pairs)] * len(found))
            pairs.append((p, q))
            rooms.extend(found)
    return assemble(puzzle, pairs, rooms, room_pair)


def assemble(puzzle: ArafPuzzle, pairs: Sequence[tuple[int, int]], rooms: Sequence[int],
             room_pair: Sequence[int]) -> Catalogue:
    """Return the catalogue of `puzzle` whose pairs, rooms (cell sets) and rooms' pairs these
    are (a pair's rooms consecutive, in pair order), with its lookup tables."""
    holders: list[list[int]] = [[] for _ in puzzle.numbers]
    grouped = [0] * len(pairs)
    for i, (cells, j) in enumerate(zip(rooms, room_pair, strict=True)):
        grouped[j] |= 1 << i
        for k in room_cells(cells):
            holders[k].append(i)
    cover = [room_set(len(rooms), found) for found in holders]
    clash = []
    for cells in rooms:
        bits = 0
        for k in room_cells(cells):
            bits |= cover[k]
        clash.append(bits)
    sizes = tuple(cells.bit_count() for cells in rooms)
    return Catalogue(puzzle, tuple(pairs), tuple(rooms), sizes, tuple(room_pair), tuple(grouped),
                     tuple(cover), tuple(clash))


@lru_cache(maxsize=64)
def catalogue(puzzle: ArafPuzzle, reading: Reading = STRICT) -> Catalogue:
    """Return the screened catalogue of `puzzle` (cached: the rules and counters share it)."""
    return build(puzzle, reading)


class Rooms(Protocol):
    """What `novel` reads of a catalogue (the kernel's has the same, see kernel.py)."""

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def rooms(self) -> tuple[int, ...]: ...
    @property
    def room_pair(self) -> tuple[int, ...]: ...


def novel(after: Rooms, before: Rooms) -> int:
    """Return the room set of the rooms of `after` that `before` lacks (a room is its pair's two
    cells and its own cells)."""
    known = {(before.pairs[j], cells) for cells, j in zip(before.rooms, before.room_pair,
                                                           strict=True)}
    found = 0
    for i, (cells, j) in enumerate(zip(after.rooms, after.room_pair, strict=True)):
        if (after.pairs[j], cells) not in known:
            found |= 1 << i
    return found
