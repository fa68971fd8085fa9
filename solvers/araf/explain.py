"""Araf explained: its ladder (pair < cell < ration < search) one place at a time.

Vocabulary as in rules.py; a *state* is the alive room set. A cell is decided when all its alive
rooms belong to one pair; its value is the "r,c" of that pair's first number. Places: the cell
rule at each cell (the rule's own `cell_rule` with an agenda of that one cell, on tables whose
follow-up agenda is empty, so it is one application); ration, at one number at a time (each
alive room there refuted as the rule refutes it: by the budget alone, or placed, the cell rule
run to its fixpoint and the budget checked), the numbers taken in turn from the one after the
last that fired, as the rule's own sweep goes round;
search, once the rules below it are at rest: the one solution's room at the first open cell is
placed. The rooms the catalogue (the pair level) leaves decide some cells before any rule.
"""

from dataclasses import replace
from functools import cached_property, lru_cache

from solvers.araf import GENRE, kernel
from solvers.araf.board import ArafPuzzle, ArafSolution, cells_of, rooms_of
from solvers.araf.catalogue import assemble
from solvers.araf.rules import (
    CONTRADICTION,
    LADDER,
    Propagation,
    Tables,
    tables,
    tables_of,
)
from solvers.araf.search import LOWER, count_ladder
from solvers.core.errors import PuzzleFormatError
from solvers.core.explain import Trace, Weights
from solvers.core.grading import SEARCH
from solvers.core.partial import grid_explainer
from solvers.core.walk import Contradiction, Place, Said, cell_name, listing, walk

WEIGHTS = Weights(level=(0, 100, 300, 600), per_step={"pair": 0, "cell": 0.5, "ration": 6,
                                                       SEARCH: 30}, depth=1)
CELL = frozenset(("cell",))


def board_tables(puzzle: ArafPuzzle) -> Tables:
    """Return rules.tables(puzzle), built on the kernel's catalogue when the kernel is built
    (the same pairs and rooms in the same order as catalogue.py's, and most often compiled
    already: the generator's grade of the board built it), so the explainer grows no rooms in
    Python."""
    return tables(puzzle) if kernel.compiled is None else _kernel_tables(puzzle)


@lru_cache(maxsize=8)
def _kernel_tables(puzzle: ArafPuzzle) -> Tables:
    board = kernel.compile_board(puzzle)
    return tables_of(assemble(puzzle, board.pairs, board.rooms, board.room_pair))


class ArafBoard:
    """An Araf puzzle as the walker sees it (solvers.core.walk.Board)."""

    name = "araf"
    ladder: tuple[str, ...] = LADDER
    opening = "Only the rooms of one pair of numbers can hold {cells}."

    def __init__(self, puzzle: ArafPuzzle, solution: ArafSolution | None) -> None:
        self.puzzle = puzzle
        self.width = puzzle.width
        self.cell_count = puzzle.width * puzzle.height
        self.tab = board_tables(puzzle)
        self.cat = self.tab.cat
        self.solution = solution
        self.turn = 0  # the index among the numbers where the next ration sweep starts
        self.fired_at = -1  # the numbered cell of the last ration step

    @cached_property
    def quiet(self) -> Tables:
        """Return the tables with no follow-up agenda: the cell rule then looks at one cell."""
        none = (0,) * len(self.cat.rooms)
        return replace(self.tab, reach=none, pair_cells=(0,) * len(self.cat.pairs),
                       cover_cells=(0,) * self.cell_count)

    def places(self) -> list[Place]:
        """Return the cell rule at each cell, ration, and search."""
        cells = [Place("cell", k, (k,)) for k in range(self.cell_count)]
        return [*cells, Place("ration", None, None), Place(SEARCH, None, None)]

    def apply(self, place: Place, alive: int) -> int | Contradiction | None:
        """Run the place's rule (see the module)."""
        if place.rule == "cell":
            prop = Propagation(self.quiet, CELL, alive, 1 << place.key)
            if prop.cell_rule() == CONTRADICTION:
                return Contradiction(place)
            return None if prop.alive == alive else prop.alive
        if place.rule == "ration":
            return self.ration(place, alive)
        return self.search(alive)

    def ration(self, place: Place, alive: int) -> int | Contradiction | None:
        """Return the state after the first number, in turn, at which ration kills rooms."""
        numbered = self.tab.numbered
        for offset in range(len(numbered)):
            turn = (self.turn + offset) % len(numbered)
            after = self.refute(place, numbered[turn], alive)
            if after is not None:
                self.turn, self.fired_at = turn, numbered[turn]
                return after
        return None

    def refute(self, place: Place, k: int, alive: int) -> int | Contradiction | None:
        """Kill every alive room at the number that the rule refutes (rules.ration_at, answered
        by the kernel)."""
        after = kernel.ration_at(self.puzzle, alive, k)
        if after is None:
            return Contradiction(place)
        return None if after == alive else after

    def search(self, alive: int) -> int | None:
        """Place the solution's room at the first open cell."""
        open_cells = [k for k in range(self.cell_count) if self.value(alive, k) is None]
        if not open_cells:
            return None
        if self.solution is None:
            found = count_ladder(self.puzzle, frozenset(LADDER), limit=2)
            if found.count != 1:
                return None
            self.solution = found.solutions[0]
        room = next(r for r in rooms_of(self.solution) if r >> open_cells[0] & 1)
        i = next((i for i in cells_of(self.cat.cover[open_cells[0]] & alive)
                  if self.cat.rooms[i] == room), None)
        return None if i is None else Propagation(self.tab, CELL, alive).place(i)

    def changed(self, before: int, after: int) -> list[int]:
        """Return the cells of the rooms alive in one state only (the cells whose alive rooms
        differ), in increasing order."""
        rooms, touched = self.cat.rooms, 0
        for i in cells_of(before ^ after):
            touched |= rooms[i]
        return cells_of(touched)

    @cached_property
    def pair_values(self) -> tuple[str, ...]:
        """Return, per pair, the value of the cells its rooms decide: "r,c" of its first
        number."""
        return tuple(f"{p // self.width},{p % self.width}" for p, _ in self.cat.pairs)

    def value(self, alive: int, k: int) -> str | None:
        here = self.cat.cover[k] & alive
        if not here:
            return None
        pair = self.cat.room_pair[(here & -here).bit_length() - 1]
        if here & ~self.cat.pair_rooms[pair]:
            return None
        return self.pair_values[pair]

    def name_of(self, k: int) -> str:
        return cell_name(*divmod(k, self.width))

    def number(self, k: int) -> str:
        return f"the {self.puzzle.numbers[k]} at {self.name_of(k)}"

    def say(self, place: Place, before: int, after: int, cells: list[int]) -> Said:
        """Return the sentence of one application."""
        names = listing([self.name_of(k) for k in cells]) if cells else ""
        joins = f"; now {names} {'is' if len(cells) == 1 else 'are'} settled" if cells else ""
        dead = (before & ~after).bit_count()
        if place.rule == "cell":
            k = place.key
            here = self.cat.cover[k] & before
            what = self.number(k) if self.puzzle.numbers[k] is not None else self.name_of(k)
            if here.bit_count() == 1:
                why = f"only one room is left for {what}, so it is placed"
            else:
                pair = self.cat.pairs[self.cat.room_pair[(here & -here).bit_length() - 1]]
                why = (f"every room left for {what} pairs {self.number(pair[0])} with "
                       f"{self.number(pair[1])}, so no other room may take "
                       f"{'the partner' if self.puzzle.numbers[k] is not None else 'it'}")
            return Said(f"{why[0].upper()}{why[1:]} ({dead} rooms go){joins}.", (what,),
                        place.reads)
        if place.rule == "ration":
            return Said(f"At {self.number(self.fired_at)}, {dead} rooms would leave the other "
                        f"numbers too many or too few cells, or end in a contradiction{joins}.",
                        (self.number(self.fired_at),), None)
        return Said(f"No rule decides more here; every other room for {names.split(',')[0]} "
                    f"leads to no solution{joins}.", (names,), None)


def read_state(puzzle: ArafPuzzle, labels: list[str | None]) -> int:
    """Return the alive rooms a partial labelling allows: a room holding a labelled cell holds
    every cell with its label and none with another."""
    cat = board_tables(puzzle).cat
    groups: dict[str, int] = {}
    for k, label in enumerate(labels):
        if label is not None:
            groups[label] = groups.get(label, 0) | 1 << k
    labelled, whole = sum(groups.values()), set(groups.values())
    alive = 0
    for i, room in enumerate(cat.rooms):
        inside = room & labelled
        if not inside or inside in whole:
            alive |= 1 << i
    return alive


def explain(puzzle: ArafPuzzle, solution: ArafSolution | None = None,
            labels: list[str | None] | None = None, until_decision: bool = False
            ) -> Trace | Contradiction:
    """Return the trace of `puzzle` from a partial labelling (default: none)."""
    labels = labels or [None] * (puzzle.width * puzzle.height)
    shown = frozenset(k for k, label in enumerate(labels) if label is not None)
    board = ArafBoard(puzzle, solution)
    return walk(board, read_state(puzzle, labels), shown, until_decision)


def entails(puzzle: ArafPuzzle, labels: list[str | None], rule: str) -> list[str | None]:
    """Return each cell's value after the ladder up to `rule` (below search) from a partial
    labelling (for checks)."""
    board = ArafBoard(puzzle, None)
    prop = Propagation(board.tab, frozenset(LADDER[: LADDER.index(rule) + 1]) & LOWER,
                       read_state(puzzle, labels))
    if prop.run() == CONTRADICTION:
        raise PuzzleFormatError("the rules find a contradiction")
    return [board.value(prop.alive, k) for k in range(board.cell_count)]


EXPLAINER = grid_explainer(GENRE, WEIGHTS, explain, None, grouped=True)
