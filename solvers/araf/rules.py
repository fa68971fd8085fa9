"""The Araf deduction ladder below search: pair < cell < ration, and the fixpoint that runs it.

Vocabulary (see catalogue.py): `alive` is the room set still possible; the rooms *at* a cell are
its cover that is alive; a room is *placed* by killing every other room that shares a cell with
it. A rule returns how many times it fired (applications that killed a room) or CONTRADICTION.

- pair: the screens (screens.py) and the enumerator decide which rooms exist at all; with no
  further rule that is all this level knows. The catalogue is always built through the
  screens, which only save work (the rooms are the same without them), so a ladder that skips
  `pair` deduces the same.
- cell: four unit rules, applied wherever rooms died (an agenda of cells), to a fixpoint:
    a cell with one room left: place it;
    a number with one room left: place it;
    a number whose rooms all pair it with the same partner marries it: the partner's rooms
      with any other number die;
    a cell whose rooms all belong to one pair is in that pair's room: the pair's rooms
      without the cell die.
- ration: the budget. Every cell is in exactly one room, so the rooms not yet placed share the
  cells not yet placed; each unplaced number is half of such a room, so with lo(n) and hi(n) the
  smallest and largest room still at number n: sum lo <= 2 * cells left <= sum hi. Tentatively
  place a room, run the lower rules to their fixpoint, and if that ends in a contradiction or
  the budget of what is left fails, the room dies.

The fixpoint runs a rule only when every rule below it is at rest. A number is *placed* when one
room is left at its cell; a placed room is counted once however many of its numbers show it.
_kernel.c follows this module step for step (the same agendas and sweep order) for the
generator's checks; a change here is a change there (tests/araf/test_araf_kernel.py).
"""

from dataclasses import dataclass
from functools import lru_cache

from solvers.araf.board import STRICT, ArafPuzzle, ArafSolution, Reading, cells_of, solution_of
from solvers.araf.catalogue import Catalogue, catalogue, room_cells
from solvers.core.grading import SEARCH
from solvers.core.results import CONTRADICTION

LADDER = ("pair", "cell", "ration", SEARCH)
CELL_ONLY = frozenset(("cell",))


@dataclass(frozen=True)
class Tables:
    """What the rules read beside the catalogue, derived once per puzzle.

    numbered / plain: the cells with and without a number; number_at[k]: the index of cell k
    among the numbered cells (-1 if plain); room_numbers[i]: the indices of room i's two numbers;
    partner[n][j]: the other cell of pair j of number n;
    reach[i]: the cells whose rooms may die when room i is placed; pair_cells[j]: the cells of
    pair j's rooms; cover_cells[k]: the cells of the rooms at cell k; sizes[n] / size_rooms[n]:
    the room sizes at number n, smallest first, and the room set of each size; keep[i]: the
    rooms that survive placing room i (the complement of its clash, room i included);
    others[j]: the complement of pair j's rooms (both kept so the rules need not negate).
    """

    cat: Catalogue
    numbered: tuple[int, ...]
    plain: tuple[int, ...]
    number_at: tuple[int, ...]
    room_numbers: tuple[tuple[int, int], ...]
    partner: tuple[dict[int, int], ...]
    reach: tuple[int, ...]
    pair_cells: tuple[int, ...]
    cover_cells: tuple[int, ...]
    sizes: tuple[tuple[int, ...], ...]
    size_rooms: tuple[tuple[int, ...], ...]
    keep: tuple[int, ...]
    others: tuple[int, ...]

    @property
    def all_cells(self) -> int:
        """Return the bit set of every cell."""
        return (1 << len(self.number_at)) - 1


@lru_cache(maxsize=64)
def tables(puzzle: ArafPuzzle, reading: Reading = STRICT) -> Tables:
    """Return the rule tables of `puzzle` (cached with its catalogue); the rules never look at
    the numbers themselves, only at the rooms, so a misreading's catalogue works as well."""
    return tables_of(catalogue(puzzle, reading))


def tables_of(cat: Catalogue) -> Tables:
    """Return the rule tables of a catalogue (of its puzzle)."""
    puzzle = cat.puzzle
    numbered = tuple(k for k, n in enumerate(puzzle.numbers) if n is not None)
    plain = tuple(k for k, n in enumerate(puzzle.numbers) if n is None)
    number_at = [-1] * len(puzzle.numbers)
    for n, k in enumerate(numbered):
        number_at[k] = n
    partner: list[dict[int, int]] = [{} for _ in numbered]
    for j, (p, q) in enumerate(cat.pairs):
        partner[number_at[p]][j] = q
        partner[number_at[q]][j] = p
    cover_cells = [0] * len(puzzle.numbers)
    pair_cells = [0] * len(cat.pairs)
    for cells, j in zip(cat.rooms, cat.room_pair, strict=True):
        pair_cells[j] |= cells
        for k in room_cells(cells):
            cover_cells[k] |= cells
    sizes, size_rooms = [], []
    for k in numbered:
        by_size: dict[int, int] = {}
        for i in cells_of(cat.cover[k]):
            by_size[cat.sizes[i]] = by_size.get(cat.sizes[i], 0) | 1 << i
        ordered = sorted(by_size.items())
        sizes.append(tuple(size for size, _ in ordered))
        size_rooms.append(tuple(rooms for _, rooms in ordered))
    reach = []
    for room in cat.rooms:
        bits = 0
        for k in room_cells(room):
            bits |= cover_cells[k]
        reach.append(bits)
    pair_numbers = [(number_at[p], number_at[q]) for p, q in cat.pairs]
    return Tables(
        cat, numbered, plain, tuple(number_at),
        tuple(pair_numbers[j] for j in cat.room_pair), tuple(partner), tuple(reach),
        pair_cells=tuple(pair_cells), cover_cells=tuple(cover_cells),
        sizes=tuple(sizes), size_rooms=tuple(size_rooms),
        keep=tuple(~bits | 1 << i for i, bits in enumerate(cat.clash)),
        others=tuple(~rooms for rooms in cat.pair_rooms),
    )


class Propagation:
    """The alive room set under deduction by the active `rules`; `dirty` is the agenda of cells
    the cell rule must look at again (all of them at first); `tally` counts firings."""

    __slots__ = ("alive", "dirty", "rules", "tab", "tally")

    def __init__(self, tab: Tables, rules: frozenset[str], alive: int | None = None,
                 dirty: int | None = None) -> None:
        self.tab = tab
        self.rules = rules
        self.alive = tab.cat.all_rooms if alive is None else alive
        self.dirty = tab.all_cells if dirty is None else dirty
        self.tally: dict[str, int] = {}

    def child(self, alive: int, dirty: int | None = None) -> "Propagation":
        """Return a new state with the same rules, `alive` as its room set and `dirty` cells."""
        return Propagation(self.tab, self.rules, alive, dirty)

    def place(self, room: int) -> int:
        """Return the alive set with `room` placed (every room sharing a cell with it dead)."""
        return self.alive & self.tab.keep[room]

    def placed(self, room: int) -> "Propagation":
        """Return a child state in which `room` is placed."""
        return self.child(self.place(room), self.tab.reach[room])

    def cell_rule(self) -> int:
        """Apply the four unit rules at every dirty cell, to a fixpoint; see the module
        docstring. Returns how many applications killed a room, or CONTRADICTION."""
        tab = self.tab
        cat = tab.cat
        cover, pair_rooms, room_pair = cat.cover, cat.pair_rooms, cat.room_pair
        keep, others, reach = tab.keep, tab.others, tab.reach
        alive, dirty, fired = self.alive, self.dirty, 0
        while dirty:
            low = dirty & -dirty
            dirty ^= low
            k = low.bit_length() - 1
            here = cover[k] & alive
            if not here:
                self.alive, self.dirty = alive, 0
                return CONTRADICTION
            if not here & (here - 1):  # one room left at a cell or a number: place it
                i = here.bit_length() - 1
                after, touched = alive & keep[i], reach[i]
            else:
                j = room_pair[(here & -here).bit_length() - 1]
                if here & others[j]:
                    continue
                n = tab.number_at[k]
                if n < 0:  # a cell whose rooms all belong to pair j is in pair j's room
                    after, touched = alive & ~(pair_rooms[j] & ~cover[k]), tab.pair_cells[j]
                else:  # a number married to its only partner
                    mate = tab.partner[n][j]
                    after, touched = alive & ~(cover[mate] & others[j]), tab.cover_cells[mate]
            if after != alive:
                alive, fired = after, fired + 1
                dirty |= touched
        self.alive, self.dirty = alive, 0
        return fired

    def ration_rule(self) -> int:
        """Refute, in one sweep, every unplaced alive room whose tentative placement, with the
        lower rules run to their fixpoint, breaks the budget or ends in a contradiction (a room
        whose placement alone breaks the budget needs no fixpoint); return how many rooms died,
        or CONTRADICTION. Refutations only tighten the budget, so rooms refuted early in the
        sweep make later trials stricter, never wrong."""
        tab = self.tab
        ledger = budget(tab, self.alive)
        if ledger is None or not ledger.holds():
            return CONTRADICTION
        cat = tab.cat
        clash, room_numbers = cat.clash, tab.room_numbers
        lower = self.rules - {"ration"}
        checked = "cell" in lower
        refuted = 0
        for i in cells_of(self.alive):
            alive = self.alive
            if not alive >> i & 1 or alive & clash[i] == 1 << i:
                continue
            if not ledger.refutes(cat.rooms[i], *room_numbers[i]):
                trial = Propagation(tab, lower, self.place(i), tab.reach[i])
                if trial.run() != CONTRADICTION and within_budget(tab, trial.alive, checked):
                    continue
            self.kill(i)
            refuted += 1
        return refuted

    def kill(self, room: int) -> None:
        """Remove `room` from the alive set and put its cells on the agenda."""
        self.alive &= ~(1 << room)
        self.dirty |= self.tab.cat.rooms[room]

    def run(self) -> int:
        """Run the active rules to their fixpoint; return the steps taken or CONTRADICTION."""
        steps = 0
        tally = self.tally
        use_cell, use_ration = "cell" in self.rules, "ration" in self.rules
        while True:
            fired, name = 0, "cell"
            if use_cell and self.dirty:
                fired = self.cell_rule()
            if not fired and use_ration:
                fired = self.ration_rule()
                name = "ration"
            if fired == CONTRADICTION:
                return CONTRADICTION
            if not fired:
                return steps
            steps += fired
            tally[name] = tally.get(name, 0) + fired


@dataclass(frozen=True)
class Budget:
    """The terms of the ration inequality on one alive set: `left` cells outside the
    `placed_cells`; `least[n]` / `most[n]` the smallest / largest alive room at each unplaced
    number n (0 at a placed one), and their sums `need_lo` / `need_hi`."""

    placed_cells: int
    left: int
    least: tuple[int, ...]
    most: tuple[int, ...]
    need_lo: int
    need_hi: int

    def holds(self) -> bool:
        """Return True if the unplaced numbers can still share the cells left."""
        return self.need_lo <= 2 * self.left <= self.need_hi

    def refutes(self, cells: int, a: int, b: int) -> bool:
        """Return True if placing the room `cells` of the unplaced numbers a and b, clear of the
        placed rooms, breaks the inequality by itself. Placing more rooms or killing rooms only
        tightens it, so such a room is dead without a trial. False when it cannot tell."""
        if cells & self.placed_cells or not (self.least[a] and self.least[b]):
            return False
        left = self.left - cells.bit_count()
        return not (self.need_lo - self.least[a] - self.least[b] <= 2 * left
                    <= self.need_hi - self.most[a] - self.most[b])


def budget(tab: Tables, alive: int, cells_checked: bool = False) -> Budget | None:
    """Return the Budget of `alive`, or None if a cell has no room left or two placed rooms
    overlap. `cells_checked` skips the first test where the cell rule has just made it."""
    cat = tab.cat
    cover, rooms = cat.cover, cat.rooms
    if not cells_checked:
        for k in tab.plain:
            if not cover[k] & alive:
                return None
    placed = placed_cells = 0
    unplaced = []
    for n, k in enumerate(tab.numbered):
        here = cover[k] & alive
        if here & (here - 1):
            unplaced.append((n, k, here))
        elif not here:
            return None
        elif not placed & here:
            cells = rooms[here.bit_length() - 1]
            if placed_cells & cells:
                return None
            placed |= here
            placed_cells |= cells
    least, most = [0] * len(tab.numbered), [0] * len(tab.numbered)
    sizes, size_rooms = tab.sizes, tab.size_rooms
    for n, k, here in unplaced:
        if placed_cells >> k & 1:
            continue
        groups = size_rooms[n]
        low, high = 0, len(groups) - 1
        while not groups[low] & here:
            low += 1
        while not groups[high] & here:
            high -= 1
        least[n], most[n] = sizes[n][low], sizes[n][high]
    left = len(cover) - placed_cells.bit_count()
    return Budget(placed_cells, left, tuple(least), tuple(most), sum(least), sum(most))


def within_budget(tab: Tables, alive: int, cells_checked: bool = False) -> bool:
    """Return False if a cell has no room left, two placed rooms overlap, or the ration
    inequality fails for the numbers outside the placed rooms (see `budget`)."""
    found = budget(tab, alive, cells_checked)
    return found is not None and found.holds()


def ration_at(tab: Tables, alive: int, k: int) -> int | None:
    """Return `alive` less every room at the numbered cell k that the ration rule refutes (the
    explainer's ration step, one number at a time): by the budget of `alive` alone, or by a
    trial placement with the cell rule run to its fixpoint and the budget checked; rooms are
    tried in order, each trial on what the earlier ones left. None when the budget of `alive`
    fails or no room is left at k (a contradiction)."""
    ledger = budget(tab, alive)
    if ledger is None or not ledger.holds():
        return None
    cat = tab.cat
    for i in cells_of(cat.cover[k] & alive):
        if alive & cat.clash[i] == 1 << i:
            continue  # placed already
        if not ledger.refutes(cat.rooms[i], *tab.room_numbers[i]):
            trial = Propagation(tab, CELL_ONLY, alive).placed(i)
            if trial.run() != CONTRADICTION and within_budget(tab, trial.alive, True):
                continue
        alive &= ~(1 << i)
    return alive if cat.cover[k] & alive else None


def owners(tab: Tables, alive: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Return, for each cell, the pairs (as numbered-cell pairs) whose alive rooms hold it."""
    cat = tab.cat
    return tuple(
        tuple(sorted({cat.pairs[cat.room_pair[i]] for i in cells_of(here & alive)}))
        for here in cat.cover
    )


def decided(tab: Tables, alive: int) -> ArafSolution | None:
    """Return the solution when every cell has one owner pair and each pair's cells are one of
    its alive rooms; otherwise None."""
    cat = tab.cat
    groups: dict[int, int] = {}
    for k, here in enumerate(cat.cover):
        here &= alive
        if not here:
            return None
        j = cat.room_pair[(here & -here).bit_length() - 1]
        if here & ~cat.pair_rooms[j]:
            return None
        groups[j] = groups.get(j, 0) | 1 << k
    for j, cells in groups.items():
        if not any(cat.rooms[i] == cells for i in cells_of(cat.pair_rooms[j] & alive)):
            return None
    puzzle = cat.puzzle
    return solution_of(puzzle.width, puzzle.height, groups.values())
