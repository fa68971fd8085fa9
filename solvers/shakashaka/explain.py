"""Shakashaka explained: its ladder (clues < parity < tips < reflex < search) one place at a time.

Vocabulary as in propagation.py; a *state* is the tuple of cell domains (OFF last). Places:
clues at each number (the number propagator, `Propagation.number_rule`); parity, tips and
reflex at each lattice point, each with the table of the shape rules up to it (the lattice
propagator's own lookup: the support of the point's key in that table's memo); search, once the
rules below it are at rest: the open cell the counter would branch on first takes the value of
the puzzle's one solution (every other value leads to none). Cells are named like 'b5'.
"""

from solvers.core.errors import PuzzleFormatError
from solvers.core.explain import Trace, Weights
from solvers.core.grading import SEARCH
from solvers.core.partial import grid_explainer
from solvers.core.walk import Contradiction, Place, Said, cell_name, listing, walk
from solvers.shakashaka import GENRE
from solvers.shakashaka.board import BLACK, STATE_CHAR, ShakaPuzzle, ShakaSolution
from solvers.shakashaka.propagation import (
    CONTRADICTION,
    EMPTY_DOMAIN,
    SIZE,
    TRIANGLE_DOMAIN,
    WHITE_DOMAIN,
    Propagation,
    context,
)
from solvers.shakashaka.rules import LADDER, SHAPE_TABLES, count_ladder, shape_table, start
from solvers.shakashaka.support import STATES_WITH, key_of, memo_for

WEIGHTS = Weights(level=(0, 100, 200, 300, 500),
                  per_step={"clues": 0.5, "parity": 0.5, "tips": 1, "reflex": 2, SEARCH: 20},
                  depth=1)
SHAPES = tuple(SHAPE_TABLES)
STATE_WORDS = {0: "empty", 1: "a triangle with its right angle at the top left",
               2: "a triangle with its right angle at the top right",
               3: "a triangle with its right angle at the bottom right",
               4: "a triangle with its right angle at the bottom left"}
State = tuple[int, ...]


class ShakaBoard:
    """A Shakashaka puzzle as the walker sees it (solvers.core.walk.Board)."""

    name = "shakashaka"
    ladder: tuple[str, ...] = LADDER
    opening = "The cells already filled leave only one way for {cells}."

    def __init__(self, puzzle: ShakaPuzzle, solution: ShakaSolution | None) -> None:
        self.puzzle = puzzle
        self.width = puzzle.width
        self.cell_count = puzzle.width * puzzle.height
        self.ctx = context(puzzle)
        self.solution = solution
        self.scratch = Propagation(self.ctx, True, None)
        self.number_cells = [k for k, n in enumerate(puzzle.numbers) if n is not None]
        self.memos = {rule: memo_for(shape_table(SHAPES[: SHAPES.index(rule) + 1]))
                      for rule in SHAPES}

    def places(self) -> list[Place]:
        """Return clues at each number, each shape rule at each point with a white cell, and
        search."""
        off = self.cell_count
        places = [Place("clues", j, around) for j, (_, around) in enumerate(self.ctx.numbers)]
        points = [(i, tuple(k for k in quad if k != off)) for i, quad in enumerate(self.ctx.points)
                  if any(k != off and not self.puzzle.black[k] for k in quad)]
        for rule in SHAPES:
            places.extend(Place(rule, i, cells) for i, cells in points)
        return [*places, Place(SEARCH, None, None)]

    def apply(self, place: Place, state: State) -> State | Contradiction | None:
        """Run the place's rule (see the module)."""
        if place.rule == "clues":
            self.scratch.dom = list(state)
            fired = self.scratch.number_rule(place.key)
            if fired == CONTRADICTION:
                return Contradiction(place)
            return tuple(self.scratch.dom) if fired else None
        if place.rule == SEARCH:
            return self.search(state)
        quad = self.ctx.points[place.key]
        key = key_of(*(state[k] for k in quad))
        kept = self.memos[place.rule][key]
        if kept == key:
            return None
        if not kept:
            return Contradiction(place)
        after = list(state)
        for q, k in enumerate(quad):
            after[k] &= STATES_WITH[q][kept >> 4 * q & 15]
        return tuple(after)

    def search(self, state: State) -> State | None:
        """Decide the open cell the counter branches on first as the solution has it."""
        self.scratch.dom = list(state)
        k = self.scratch.open_cell()
        if k < 0:
            return None
        if self.solution is None:
            found = count_ladder(self.puzzle, frozenset(LADDER), limit=2)
            if found.count != 1:
                return None
            self.solution = found.solutions[0]
        return (*state[:k], 1 << self.solution.cells[k], *state[k + 1:])

    def changed(self, before: State, after: State) -> list[int]:
        return [k for k in range(self.cell_count) if before[k] != after[k]]

    def value(self, state: State, k: int) -> str | None:
        d = state[k]
        return STATE_CHAR[d.bit_length() - 1] if SIZE[d] == 1 else None

    def say(self, place: Place, before: State, after: State, cells: list[int]) -> Said:
        """Return the sentence of one application."""
        names = [cell_name(*divmod(k, self.width)) for k in cells]
        now = "; ".join(f"{name} is {STATE_WORDS[after[k].bit_length() - 1]}"
                        for name, k in zip(names, cells, strict=True))
        if place.rule == "clues":
            n, around = self.ctx.numbers[place.key]
            where = cell_name(*divmod(self.number_cells[place.key], self.width))
            sure = sum(not before[k] & EMPTY_DOMAIN for k in around)
            could = [cell_name(*divmod(k, self.width)) for k in around
                     if before[k] & TRIANGLE_DOMAIN]
            why = (f"The {n} at {where} already has {sure} triangles beside it, so the other "
                   f"neighbours are empty" if sure == n else
                   f"The {n} at {where} can get its triangles only from {listing(could)}")
            return Said(f"{why}{': ' + now if now else ''}.", (where,), place.reads)
        if place.rule == SEARCH or place.reads is None:
            return Said(f"No rule decides more here; every other choice for {names[0]} leads to "
                        f"no solution: {now}.", (names[0],), None)
        corner = listing([cell_name(*divmod(k, self.width)) for k in place.reads])
        where = f"Where {corner} meet" if len(place.reads) > 1 else f"At a corner of {corner}"
        narrowed = now or "the choices left for " + listing(
            [cell_name(*divmod(k, self.width)) for k in self.changed(before, after)]) + " narrow"
        return Said(f"{where}, the {place.rule} rule allows only shapes in which {narrowed}.",
                    (corner,), place.reads)


def read_state(puzzle: ShakaPuzzle, cells: list[str | None]) -> State:
    """Return the state of a partial board (None for an undecided cell)."""
    dom = [1 << BLACK if black else WHITE_DOMAIN for black in puzzle.black]
    for k, ch in enumerate(cells):
        if ch is not None:
            dom[k] = 1 << STATE_CHAR.index(ch)
    return (*dom, 1 << BLACK)


def explain(puzzle: ShakaPuzzle, solution: ShakaSolution | None = None,
            cells: list[str | None] | None = None, until_decision: bool = False
            ) -> Trace | Contradiction:
    """Return the trace of `puzzle` from the partial board `cells` (default: the black cells)."""
    if cells is None:
        cells = ["#" if black else None for black in puzzle.black]
    shown = frozenset(k for k, ch in enumerate(cells) if ch is not None or puzzle.black[k])
    return walk(ShakaBoard(puzzle, solution), read_state(puzzle, cells), shown, until_decision)


def entails(puzzle: ShakaPuzzle, cells: list[str | None], rule: str) -> list[str | None]:
    """Return the board the ladder up to `rule` (below search) reaches from a partial board."""
    prop = start(puzzle, frozenset(LADDER[: LADDER.index(rule) + 1]) - {SEARCH})
    prop.dom = list(read_state(puzzle, cells))
    if prop.run() == CONTRADICTION:
        raise PuzzleFormatError("the rules find a contradiction")
    return [STATE_CHAR[d.bit_length() - 1] if SIZE[d] == 1 else None for d in prop.dom[:-1]]


EXPLAINER = grid_explainer(GENRE, WEIGHTS, explain, ".#1234")
