"""The one-cell lemma: every way to change a solution by one cell, and what makes each illegal.

Vocabulary: a *move* hands one unnumbered cell of a room (the *giver*) to a room it touches (the
*taker*); every other room is untouched and both keep their two numbers, so a move can only be
stopped by the giver's *floor* (it would drop to lo cells or fewer), the taker's *ceiling* (it
would reach hi cells or more), or a *split* (the giver falls apart). A *swap* exchanges an
unnumbered cell of one room for an unnumbered cell of a room it touches (each cell touching the
other room): both sizes stay, so only a split (of either room) can stop it. A room *can give*
when it is above its floor, *can take* when it is below its ceiling.
A unique puzzle's solution has no legal move and no legal swap.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from solvers.araf.board import ArafPuzzle, ArafSolution, cells_of, neighbours, rooms_of


@dataclass(frozen=True)
class Move:
    """One cell handed from room `giver` to room `taker`, and what stops it."""

    cell: int
    giver: int
    taker: int
    floor: bool
    ceiling: bool
    split: bool

    @property
    def legal(self) -> bool:
        """True when nothing stops the move (then the puzzle has a second solution)."""
        return not (self.floor or self.ceiling or self.split)


@dataclass(frozen=True)
class Swap:
    """Cell `a` of room `first` and cell `b` of room `second` exchanged; whether a room splits."""

    a: int
    b: int
    first: int
    second: int
    split: bool

    @property
    def legal(self) -> bool:
        """True when neither room falls apart (then the puzzle has a second solution)."""
        return not self.split


def connected(cells: int, touching) -> bool:
    """Return True if the cell set is non-empty and in one piece through `touching`."""
    if not cells:
        return False
    reached = frontier = cells & -cells
    while frontier:
        grown = 0
        for k in cells_of(frontier):
            grown |= touching[k]
        frontier = grown & cells & ~reached
        reached |= frontier
    return reached == cells


def windows(puzzle: ArafPuzzle, solution: ArafSolution) -> list[tuple[int, int]]:
    """Return each room's (lo, hi) numbers, rooms in label order (a room must hold two)."""
    found = []
    for room in rooms_of(solution):
        lo, hi = sorted(n for k in cells_of(room) if (n := puzzle.numbers[k]) is not None)
        found.append((lo, hi))
    return found


def moves(puzzle: ArafPuzzle, solution: ArafSolution) -> list[Move]:
    """Return every one-cell move of `solution`, each with what stops it."""
    touching = neighbours(puzzle.width, puzzle.height)
    rooms, limits = rooms_of(solution), windows(puzzle, solution)
    found = []
    for giver, room in enumerate(rooms):
        lo = limits[giver][0]
        for k in cells_of(room):
            if puzzle.numbers[k] is not None:
                continue
            split = not connected(room & ~(1 << k), touching)
            for taker in sorted({solution.labels[x] for x in cells_of(touching[k] & ~room)}):
                hi = limits[taker][1]
                found.append(Move(k, giver, taker, room.bit_count() - 1 <= lo,
                                  rooms[taker].bit_count() + 1 >= hi, split))
    return found


@dataclass(frozen=True)
class Handovers:
    """What decides whether a one-cell move of a solution is legal, but the numbers' values:
    each room's size and its two numbered cells, and the rooms it can hand an unnumbered cell
    to without falling apart (rooms in label order). A widening changes values only, so one
    Handovers serves every board of a widening run."""

    sizes: tuple[int, ...]
    numbered: tuple[tuple[int, int], ...]
    takers: tuple[tuple[int, ...], ...]

    @classmethod
    def of(cls, puzzle: ArafPuzzle, solution: ArafSolution) -> "Handovers":
        """Return the handovers of `solution` on the numbered cells of `puzzle` (each room must
        hold two)."""
        touching = neighbours(puzzle.width, puzzle.height)
        labels, numbers = solution.labels, puzzle.numbers
        sizes, numbered, takers = [], [], []
        for room in rooms_of(solution):
            a, b = (k for k in cells_of(room) if numbers[k] is not None)
            found: set[int] = set()
            for k in cells_of(room):
                if numbers[k] is None and connected(room & ~(1 << k), touching):
                    found.update(labels[x] for x in cells_of(touching[k] & ~room))
            sizes.append(room.bit_count())
            numbered.append((a, b))
            takers.append(tuple(sorted(found)))
        return cls(tuple(sizes), tuple(numbered), tuple(takers))

    def legal_move(self, numbers: Sequence) -> bool:
        """Return True if some one-cell move is legal on the board of `numbers` (numbered on
        the same cells): a room above its floor hands a cell to a room below its ceiling."""
        sizes, his = self.sizes, [max(numbers[a], numbers[b]) for a, b in self.numbered]
        for giver, (a, b) in enumerate(self.numbered):
            if sizes[giver] - 1 > min(numbers[a], numbers[b]) and \
                    any(sizes[t] + 1 < his[t] for t in self.takers[giver]):
                return True
        return False


def has_legal_move(puzzle: ArafPuzzle, solution: ArafSolution) -> bool:
    """Return True if some one-cell move of `solution` is legal, as `moves` would show, without
    listing them (see Handovers)."""
    return Handovers.of(puzzle, solution).legal_move(puzzle.numbers)


def swaps(puzzle: ArafPuzzle, solution: ArafSolution) -> list[Swap]:
    """Return every one-for-one swap of unnumbered cells between touching rooms."""
    touching = neighbours(puzzle.width, puzzle.height)
    rooms = rooms_of(solution)
    found = []
    for a in range(len(puzzle.numbers)):
        first = solution.labels[a]
        if puzzle.numbers[a] is not None:
            continue
        for second in sorted({solution.labels[x] for x in cells_of(touching[a] & ~rooms[first])}):
            if second < first:
                continue
            for b in cells_of(rooms[second]):
                if puzzle.numbers[b] is not None or not touching[b] & rooms[first]:
                    continue
                one = rooms[first] & ~(1 << a) | 1 << b
                two = rooms[second] & ~(1 << b) | 1 << a
                split = not (connected(one, touching) and connected(two, touching))
                found.append(Swap(a, b, first, second, split))
    return found


def room_states(puzzle: ArafPuzzle, solution: ArafSolution) -> list[tuple[bool, bool]]:
    """Return (can give, can take) for each room, in label order."""
    return [(room.bit_count() - 1 > lo, room.bit_count() + 1 < hi)
            for room, (lo, hi) in zip(rooms_of(solution), windows(puzzle, solution), strict=True)]


def crowded_borders(puzzle: ArafPuzzle, solution: ArafSolution) -> list[tuple[int, int]]:
    """Return the (giver, taker) pairs of touching rooms where one can give and the other take."""
    touching = neighbours(puzzle.width, puzzle.height)
    rooms, states = rooms_of(solution), room_states(puzzle, solution)
    found = []
    for giver, room in enumerate(rooms):
        if not states[giver][0]:
            continue
        around = 0
        for k in cells_of(room):
            around |= touching[k]
        for taker in sorted({solution.labels[x] for x in cells_of(around & ~room)}):
            if states[taker][1]:
                found.append((giver, taker))
    return found
