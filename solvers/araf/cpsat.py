"""The CP-SAT counter: an OR-tools model written from the rulebook, counted by enumeration.

A *room* here is a legal room of the rulebook: a connected set of cells (through edges) holding
exactly two numbered cells, with more cells than the smaller number and fewer than the larger.
The model has one Boolean per legal room and says that every cell lies in exactly one chosen
room: an exact cover, so every solution is a partition and every partition one assignment, and
CP-SAT enumerates them in one search up to the limit. The model is a bare proto
(solvers/core/cpsat_proto.py): one Boolean a room, one exactly-one constraint a cell.

The rooms are grown here, sharing no code with the ladder's catalogue: for each pair of numbers
whose window is not empty, pieces are grown from the first cell through cells that hold no third
number, each piece once (a set of the pieces seen), up to the pair's largest size. Distances on
the empty board (d, in steps) prune the growth: a cell k can only be in
a room of the pair (p, q) of at most m cells if (d(p, k) + d(k, q) + d(p, q)) / 2 + 1 <= m (the
shortest tree joining three cells of a grid), and a piece of s cells without q needs
s + d(piece, q) <= m.
"""

from functools import cache, lru_cache
from typing import NamedTuple

from ortools.sat.python import cp_model_helper as cmh

from solvers.araf.board import ArafPuzzle, cells_of, solution_of
from solvers.core.cpsat_proto import Verdict, boolean_model, count_by_rounds, negated
from solvers.core.deadline import CHECK_MASK, check
from solvers.core.results import Count


def _search_parameters() -> cmh.SatParameters:
    """Return the solver's parameters: every solution, one worker (repeatable), no presolve
    (on these models it costs more than it saves; probing and the LP relaxation of the cover
    stay, they halve the search)."""
    parameters = cmh.SatParameters()
    parameters.num_workers = 1
    parameters.enumerate_all_solutions = True
    parameters.cp_model_presolve = False
    return parameters


SEARCH_PARAMETERS = _search_parameters()


@lru_cache(maxsize=1 << 12)
def _steps_from(width: int, height: int, p: int) -> tuple[int, ...]:
    """Return the steps from cell p to each cell on the empty board (moves through edges)."""
    r, c = divmod(p, width)
    return tuple(abs(r - k // width) + abs(c - k % width) for k in range(width * height))


@cache
def _near(width: int, height: int) -> tuple[int, ...]:
    """Return, per cell, the set of the cells sharing an edge with it."""
    return tuple(sum(1 << (r + dr) * width + c + dc
                     for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                     if 0 <= r + dr < height and 0 <= c + dc < width)
                 for r, c in (divmod(k, width) for k in range(width * height)))


class Room(NamedTuple):
    """A legal room: its cell set and its cells (in increasing order)."""

    bits: int
    cells: list[int]


@lru_cache(maxsize=1 << 16)
def _within(width: int, height: int, p: int, q: int, most: int) -> int:
    """Return the set of the cells k that a room of at most `most` cells holding p and q may
    reach: (d(p, k) + d(k, q) + d(p, q)) / 2 + 1 <= most (module docstring)."""
    from_p, from_q = _steps_from(width, height, p), _steps_from(width, height, q)
    reach = 2 * most - 1 - from_p[q]
    return sum(1 << k for k, (dp, dq) in enumerate(zip(from_p, from_q, strict=True))
               if dp + dq <= reach)


def _rooms_of_pair(puzzle: ArafPuzzle, free: int, p: int, q: int, fewest: int,
                   most: int) -> list[Room]:
    """Return the legal rooms holding the numbered cells p and q, growing through the cells of
    `free` (those with no number). A piece carries the set of the cells next to it, so its
    growths are read off one set."""
    w, h = puzzle.width, puzzle.height
    from_q, near_of = _steps_from(w, h, q), _near(w, h)
    allowed = (free | 1 << p | 1 << q) & _within(w, h, p, q, most)
    start = 1 << p
    seen = {start}
    todo = [(start, near_of[p], 1, from_q[p])]
    found = []
    turns = 0
    while todo:
        turns += 1
        if not turns & CHECK_MASK:
            check()  # a solve's deadline (solvers/core/deadline.py)
        piece, near, size, gap = todo.pop()
        if not gap and size >= fewest:
            found.append(Room(piece, cells_of(piece)))
        if size == most:
            continue
        grow = near & allowed & ~piece
        while grow:
            cell = grow & -grow
            grow ^= cell
            bigger = piece | cell
            if bigger in seen:
                continue
            seen.add(bigger)
            y = cell.bit_length() - 1
            left = min(gap, from_q[y])
            if size + 1 + left <= most:
                todo.append((bigger, near | near_of[y], size + 1, left))
    return found


def legal_rooms(puzzle: ArafPuzzle) -> list[Room]:
    """Return every legal room of `puzzle` (module docstring)."""
    w = puzzle.width
    value = {k: n for k, n in enumerate(puzzle.numbers) if n is not None}
    free = sum(1 << k for k, n in enumerate(puzzle.numbers) if n is None)
    numbered = sorted(value)
    rooms = []
    for i, p in enumerate(numbered):
        for q in numbered[i + 1:]:
            a, b = sorted((value[p], value[q]))
            steps = abs(p // w - q // w) + abs(p % w - q % w)
            if a + 1 <= b - 1 and steps + 1 <= b - 1:
                rooms.extend(_rooms_of_pair(puzzle, free, p, q, a + 1, b - 1))
    return rooms


def exact_cover_model(cells: int, rooms: list[Room]) -> cmh.CpModelProto:
    """Return the proto with one Boolean per room (variable i is rooms[i]) and, per cell, the
    constraint that exactly one chosen room holds it."""
    proto = boolean_model(len(rooms))
    holders: list[list[int]] = [[] for _ in range(cells)]
    for i, room in enumerate(rooms):
        for k in room.cells:
            holders[k].append(i)
    for literals in holders:
        proto.constraints.add().exactly_one.literals.extend(literals)
    return proto


def count_cpsat(puzzle: ArafPuzzle, limit: int = 2) -> Count:
    """Return the solutions up to `limit`; `nodes` counts CP-SAT searches (rounds, one unless
    the limit is 0)."""
    rooms = legal_rooms(puzzle)

    def judge(values: list[int]) -> Verdict:
        chosen = [i for i, v in enumerate(values) if v]
        solution = solution_of(puzzle.width, puzzle.height, [rooms[i].bits for i in chosen])
        return Verdict(solution, [[negated(i) for i in chosen]])

    return count_by_rounds(exact_cover_model(len(puzzle.numbers), rooms), judge, limit,
                           parameters=SEARCH_PARAMETERS)
