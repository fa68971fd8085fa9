"""The step walker: a genre's rules applied one place at a time, lowest rule first, as a trace.

Vocabulary: a *place* is where one rule looks once (a clue, a pair of clues, a lattice point,
a cell, or the whole board); a *state* is a genre's own immutable record of what every cell may
still be. A `Board` is a puzzle as the walker sees it: its places, and `apply(place, state)`,
which runs that rule there with the genre's own rule code and returns the narrower state, None
when it narrows nothing, or a `Contradiction`. The walk applies, each time, the first place of
the lowest rule that narrows something, and records it as a Step; a place is looked at again
only when a cell it reads has changed since (every place that reads the whole board, whenever
anything changed). It stops when no place narrows anything: the trace is `stuck` unless every
cell is decided then.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from heapq import heappop, heappush
from typing import Any, Generic, Protocol, TypeVar

from solvers.core.deadline import check
from solvers.core.explain import Cell, Step, Trace

State = TypeVar("State")


@dataclass(frozen=True)
class Place:
    """One rule at one place: `key` is the genre's handle for it (a clue's index, a tuple of
    vertices...), `reads` the cells the rule reads there (None: the whole board)."""

    rule: str
    key: Any
    reads: tuple[int, ...] | None


@dataclass(frozen=True)
class Contradiction:
    """A state no solution extends: the place whose rule saw it (None for the state itself)."""

    place: Place | None


@dataclass(frozen=True)
class Said:
    """What a genre says about one application: the sentence, the clues/cells it names, and
    the cells it read (None: the whole board)."""

    text: str
    because: tuple[str, ...]
    reads: tuple[int, ...] | None


class Board(Protocol, Generic[State]):
    """A puzzle as the walker sees it (see the module)."""

    name: str
    ladder: tuple[str, ...]
    width: int
    cell_count: int
    opening: str  # the sentence of the first step, "{cells}" standing for the cells' names

    def places(self) -> Sequence[Place]:
        """Return every place, in ladder order."""

    def apply(self, place: Place, state: State) -> "State | Contradiction | None":
        """Return the state after the place's rule, None if it narrows nothing."""

    def changed(self, before: State, after: State) -> list[int]:
        """Return the cells whose candidates differ between two states."""

    def value(self, state: State, k: int) -> str | None:
        """Return cell k's solution-text value when the state decides it, else None."""

    def say(self, place: Place, before: State, after: State, cells: list[int]) -> Said:
        """Return the words for one application that decided `cells`."""


def walk(board: Board[State], state: State, shown: frozenset[int] = frozenset(),
         until_decision: bool = False) -> Trace | Contradiction:
    """Return the trace from `state`, in which the cells `shown` count as already given.

    Cells the state decides that are not shown (a catalogue's or a partial state's own
    consequences) come first, as one step of the lowest rule. With `until_decision`, stop after
    the first step that decides a cell (a hint needs no more).
    """
    steps: list[Step] = []
    last: dict[int, int] = {}  # cell -> the step that last changed it
    first = [k for k in range(board.cell_count)
             if k not in shown and board.value(state, k) is not None]
    if first:
        cells = tuple(cell_of(board, state, k) for k in first)
        names = tuple(cell_name(k // board.width, k % board.width) for k in first)
        steps.append(Step(board.ladder[0], cells, names,
                          board.opening.format(cells=listing(list(names)))))
        last.update(dict.fromkeys(first, 0))
        if until_decision:
            return Trace(board.name, board.ladder, tuple(steps))
    places = list(board.places())
    order = sorted(range(len(places)), key=lambda i: board.ladder.index(places[i].rule))
    rank = [0] * len(places)  # a place's position in `order`
    for r, i in enumerate(order):
        rank[i] = r
    by_cell: dict[int, list[int]] = {}
    everywhere = []
    for i, place in enumerate(places):
        if place.reads is None:
            everywhere.append(rank[i])
        for k in place.reads or ():
            by_cell.setdefault(k, []).append(rank[i])
    dirty = list(range(len(places)))  # the ranks of the dirty places, a heap (sorted: one)
    queued = [True] * len(places)  # by rank: in `dirty`
    while dirty:
        r = heappop(dirty)  # the first dirty place in order
        place = places[order[r]]
        check()  # a solve's deadline (deadline.py): an application may be a whole probe
        after = board.apply(place, state)
        if isinstance(after, Contradiction):
            return after
        if after is None:
            queued[r] = False
            continue
        heappush(dirty, r)  # a place that narrowed stays dirty
        changed = board.changed(state, after)
        decided = [k for k in changed
                   if board.value(state, k) is None and board.value(after, k) is not None]
        said = board.say(place, state, after, decided)
        reads = range(board.cell_count) if said.reads is None else said.reads
        depends = tuple(sorted({last[k] for k in reads if k in last}))
        steps.append(Step(place.rule, tuple(cell_of(board, after, k) for k in decided),
                          said.because, said.text, depends))
        for k in changed:
            last[k] = len(steps) - 1
            for rk in by_cell.get(k, ()):
                if not queued[rk]:
                    queued[rk] = True
                    heappush(dirty, rk)
        for rk in everywhere:
            if not queued[rk]:
                queued[rk] = True
                heappush(dirty, rk)
        state = after
        if until_decision and decided:
            return Trace(board.name, board.ladder, tuple(steps))
    open_cells = any(board.value(state, k) is None for k in range(board.cell_count))
    return Trace(board.name, board.ladder, tuple(steps), stuck=open_cells)


def cell_of(board: Board[State], state: State, k: int) -> Cell:
    """Return the Cell of decided cell k."""
    value = board.value(state, k)
    assert value is not None
    return Cell(k // board.width, k % board.width, value)


@cache
def cell_name(row: int, col: int) -> str:
    """Return a cell's name: its column letter(s) and its row from 1, e.g. 'b5'."""
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return f"{letters}{row + 1}"


def listing(words: Sequence[str], joiner: str = "and") -> str:
    """Return 'a', 'a and b', 'a, b and c' (or with 'or')."""
    words = list(words)
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joiner} {words[-1]}"
