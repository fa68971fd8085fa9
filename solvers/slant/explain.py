"""Slant explained: its ladder (count < cycle < duet < probe) walked one place at a time.

Vocabulary as in rules.py; a *state* is the tuple of cell domains. Each place runs the rule's
own code (rules.py) on a puzzle cut down to that place: count on one clue (the puzzle with only
that clue), duet on two adjacent clues (only those two), cycle and probe on the whole board.
Cells are named like 'b5' (column letter, row from 1), vertices like 'C4'.

The bank needs only the walk's outline (its steps without their words): `outline` takes it from
the compiled walk (_kernel.c `walk`, the same places, order and steps; the tests hold it to this
walk) on boards of at most WALK_CELLS cells, which it runs in a few milliseconds at most, so
without the deadline checks this walk makes; from this walk on larger boards.
"""

from collections import deque
from functools import cache, cached_property
from itertools import compress
from operator import and_, eq, ne

from solvers.core.deadline import check
from solvers.core.errors import PuzzleFormatError
from solvers.core.explain import Outline, Trace, Weights, outline_of
from solvers.core.partial import grid_explainer
from solvers.core.walk import Contradiction, Place, Said, cell_name, listing, walk
from solvers.slant import GENRE
from solvers.slant.board import BACK, BOTH, DIAGONAL_CHAR, FWD, SlantPuzzle, SlantSolution
from solvers.slant.kernel import compiled
from solvers.slant.rules import CONTRADICTION, LADDER, Propagation, context, duet_plan

WEIGHTS = Weights(level=(0, 100, 200, 400), per_step={"count": 0.5, "cycle": 2, "duet": 4,
                                                       "probe": 10}, depth=1)
State = tuple[int, ...]
CYCLE = frozenset(("cycle",))
LOWER = frozenset(LADDER[:-1])
WALK_CELLS = 400  # 20x20, the largest size measured beside Tatham's generator


@cache
def vertex_name(board_width: int, v: int) -> str:
    """Return a vertex's name: its column letter in capitals and its row from 1, e.g. 'C4'."""
    r, c = divmod(v, board_width + 1)
    return cell_name(r, c).upper()


class SlantBoard:
    """A Slant puzzle as the walker sees it (solvers.core.walk.Board)."""

    name = "slant"
    ladder: tuple[str, ...] = LADDER
    opening = "The cells already filled leave only one way for {cells}."

    def __init__(self, puzzle: SlantPuzzle) -> None:
        self.puzzle = puzzle
        self.width = puzzle.width
        self.cell_count = puzzle.width * puzzle.height
        self.ctx = context(puzzle)
        self.geo = self.ctx.geo
        self.probe_from = 0  # the cell where the next probe starts looking
        self._cycle_base: Propagation | None = None

    @cached_property
    def clued(self) -> tuple[int, ...]:
        """Return the clued vertices in order."""
        return tuple(v for v, n in enumerate(self.puzzle.clues) if n is not None)

    def places(self) -> list[Place]:
        """Return count at each clue, cycle, duet at each adjacent clue pair, probe."""
        stride, touching = self.width + 1, self.geo.touching
        counts = [Place("count", (v,), tuple(k for k, _ in touching[v])) for v in self.clued]
        clued = set(self.clued)
        duets = [Place("duet", (a, b), tuple(sorted({k for v in (a, b) for k, _ in touching[v]})))
                 for a in self.clued for b in (a + 1, a + stride)
                 if b in clued and (b == a + stride or b % stride)]
        return [*counts, Place("cycle", None, None), *duets, Place("probe", None, None)]

    def start(self, state: State, rules: frozenset[str]) -> Propagation:
        """Return a propagation of `rules` on the whole puzzle with the state's cells decided."""
        prop = Propagation(self.ctx, rules)
        for k, d in enumerate(state):
            if d != BOTH:
                prop.assign(k, d)
        return prop

    def apply(self, place: Place, state: State) -> State | Contradiction | None:
        """Run the place's rule (see the module)."""
        if place.rule == "count":
            return self.count(place, state)
        if place.rule == "duet":
            return self.duet(place, state)
        if place.rule == "cycle":
            return self.cycle(place, state)
        return self.probe(place, state)

    def count(self, place: Place, state: State) -> State | Contradiction | None:
        """Run the count rule on the place's one clue (rules.Propagation.count_rule's test):
        point its open cells away once it has its number, at it when they are its deficit."""
        (v,) = place.key
        n = self.puzzle.clues[v]
        assert n is not None
        touching = self.geo.touching[v]
        on = open_ = 0
        for k, d in touching:
            x = state[k]
            if x == d:
                on += 1
            elif x == BOTH:
                open_ += 1
        if on > n or on + open_ < n:
            return Contradiction(place)
        if not open_ or n not in (on, on + open_):
            return None
        after = list(state)
        for k, d in touching:
            if state[k] == BOTH:
                after[k] = d if on < n else BOTH ^ d
        return tuple(after)

    def duet(self, place: Place, state: State) -> State | Contradiction | None:
        """Run the duet rule on the place's two clues alone to its fixpoint (the memoized
        `duet_plan`, as rules.Propagation.duet_rule runs it)."""
        duet = self.ctx.duet_at[place.key]
        dom = list(state)
        while True:
            key = (duet.need_a, duet.need_b, duet.domains(dom))
            plan = duet.plans.get(key)
            if plan is None:
                plan = duet.plans[key] = duet_plan(duet, dom)
            if plan == CONTRADICTION:
                return Contradiction(place)
            if not plan:
                break
            for k, d in plan:  # type: ignore[union-attr]
                dom[k] = d
        return None if dom == list(state) else tuple(dom)

    def cycle_base(self, state: State) -> Propagation:
        """Return the cycle rule's propagation with the state's cells decided, not run.

        It is kept from call to call: a walk's states only grow, so only the cells decided
        since the last call are assigned (it is made again for a state that is not a growth of
        the last one). The union-find, `failed` and the open cells noted as closing do not
        depend on the order the cells are assigned in."""
        base = self._cycle_base
        if base is None or not all(map(eq, map(and_, base.dom, state), state)):
            base = self._cycle_base = Propagation(self.ctx, CYCLE)  # not a growth: d & d' != d'
        dom = base.dom
        for k in compress(range(len(state)), map(ne, dom, state)):
            base.assign(k, state[k])
        base.closing.difference_update([k for k in base.closing if dom[k] != BOTH])
        return base

    def cycle(self, place: Place, state: State) -> State | Contradiction | None:
        """Decide the first open cell one of whose diagonals would close a loop.

        Those cells are the open ones the state's union-find has noted as closing (before the
        cycle rule runs); the rule's run to its fixpoint (on a copy) only tells whether the
        state is a contradiction."""
        base = self.cycle_base(state)
        if base.failed:
            return Contradiction(place)
        if not base.closing:
            return None
        k = min(base.closing)
        (fa, fb), (ba, bb) = self.geo.ends[k][FWD], self.geo.ends[k][BACK]
        fwd_closes = base.joined(fa, fb)
        if (fwd_closes and base.joined(ba, bb)) or base.copy().run() == CONTRADICTION:
            return Contradiction(place)
        keep = BACK if fwd_closes else FWD
        return (*state[:k], keep, *state[k + 1:])

    def probe(self, place: Place, state: State) -> State | Contradiction | None:
        """Refute one diagonal of the first open cell, from the last probed on (wrapping round,
        as the rule's own probe goes), where the lower rules can.

        The walker applies probe, the last place in ladder order, only when every lower place
        is at rest on the state: the lower rules' fixpoint from it is the state itself (no clue
        broken, no loop: those places would have said so), so they are not run before the
        trials, and a complete state has nothing to probe."""
        if BOTH not in state:
            return None
        base = self.start(state, LOWER)
        if base.failed:
            return Contradiction(place)
        cells = len(base.dom)
        for offset in range(cells):
            k = (self.probe_from + offset) % cells
            if base.dom[k] != BOTH:
                continue
            refuted = sum(x for x in (FWD, BACK) if base.trial(k, x).run() == CONTRADICTION)
            if refuted == BOTH:
                return Contradiction(place)
            if refuted:
                self.probe_from = k
                return (*state[:k], BOTH ^ refuted, *state[k + 1:])
        return None

    def changed(self, before: State, after: State) -> list[int]:
        return list(compress(range(len(before)), map(ne, before, after)))

    def value(self, state: State, k: int) -> str | None:
        return DIAGONAL_CHAR.get(state[k])

    def say(self, place: Place, before: State, after: State, cells: list[int]) -> Said:
        """Return the sentence of one application."""
        names = listing([self.name_of(k) for k in cells])
        if place.rule == "count":
            (v,) = place.key
            n = self.puzzle.clues[v]
            touching = self.geo.touching[v]
            on = sum(before[k] == d for k, d in touching)
            clue = f"the {n} at {vertex_name(self.width, v)}"
            if on == n:
                text = f"{clue} already touches {n} diagonals, so {names} point away"
            else:
                more = f"{n - on} more" if on else str(n)
                text = f"{clue} needs {more} and only {names} are open, so they point at it"
            return Said(capital(text) + ".", (vertex_name(self.width, v),), place.reads)
        if place.rule == "duet":
            a, b = (vertex_name(self.width, v) for v in place.key)
            text = (f"The {self.puzzle.clues[place.key[0]]} at {a} and the "
                    f"{self.puzzle.clues[place.key[1]]} at {b} together leave one way for "
                    f"{names}.")
            return Said(text, (a, b), place.reads)
        (k,) = cells
        if place.rule == "cycle":
            path = self.path(before, k, BOTH ^ after[k])
            text = (f"{DIAGONAL_CHAR[BOTH ^ after[k]]} in {self.name_of(k)} would close a loop "
                    f"with {listing([self.name_of(j) for j in path])}, so it is "
                    f"{DIAGONAL_CHAR[after[k]]}.")
            return Said(text, tuple(self.name_of(j) for j in path), tuple(path))
        text = (f"Trying {DIAGONAL_CHAR[BOTH ^ after[k]]} in {self.name_of(k)}, the lower rules "
                f"reach a contradiction, so it is {DIAGONAL_CHAR[after[k]]}.")
        return Said(text, (self.name_of(k),), None)

    def name_of(self, k: int) -> str:
        return cell_name(*divmod(k, self.width))

    def path(self, state: State, k: int, d: int) -> list[int]:
        """Return the decided cells whose diagonals join the two ends of diagonal d in cell k.

        The decided diagonals of a state the cycle rule ran on make a forest, so there is one
        such path; it is searched from one end through the diagonals drawn at each vertex."""
        start, goal = self.geo.ends[k][d]
        touching, far_ends = self.geo.touching, self.ctx.far_ends
        came: dict[int, tuple[int, int] | None] = {start: None}
        queue = deque([start])
        while queue and goal not in came:
            a = queue.popleft()
            for (j, x), (_, b) in zip(touching[a], far_ends[a], strict=True):
                if state[j] == x and b not in came:
                    came[b] = (a, j)
                    queue.append(b)
        path, at = [], came.get(goal)
        while at is not None:
            path.append(at[1])
            at = came[at[0]]
        return sorted(path)


def capital(text: str) -> str:
    return text[0].upper() + text[1:]


def read_state(puzzle: SlantPuzzle, cells: list[str | None]) -> State:
    """Return the state of a partial board (None for an undecided cell)."""
    chars = {"/": FWD, "\\": BACK, None: BOTH}
    return tuple(chars[ch] for ch in cells)


def explain(puzzle: SlantPuzzle, solution: SlantSolution | None = None,
            cells: list[str | None] | None = None, until_decision: bool = False
            ) -> Trace | Contradiction:
    """Return the trace of `puzzle` from the partial board `cells` (default: empty)."""
    cells = cells or [None] * (puzzle.width * puzzle.height)
    shown = frozenset(k for k, ch in enumerate(cells) if ch is not None)
    return walk(SlantBoard(puzzle), read_state(puzzle, cells), shown, until_decision)


def outline(puzzle: SlantPuzzle) -> Outline | None:
    """Return the outline of the trace from the empty board, or None when the walk meets a
    contradiction (see the module)."""
    if compiled is None or puzzle.width * puzzle.height > WALK_CELLS:
        trace = explain(puzzle)
        return None if isinstance(trace, Contradiction) else outline_of(trace, puzzle.width)
    check()
    walked = compiled.walk(puzzle.width, puzzle.height, puzzle.clues)
    if walked is None:
        return None
    steps, domains, depth = walked
    return Outline(LADDER, tuple(LADDER[step[0]] for step in steps),
                   tuple(step[3] for step in steps), depth, BOTH in domains)


def entails(puzzle: SlantPuzzle, cells: list[str | None], rule: str) -> list[str | None]:
    """Return the board the ladder up to `rule` reaches from a partial board (for checks)."""
    board = SlantBoard(puzzle)
    prop = board.start(read_state(puzzle, cells), frozenset(LADDER[: LADDER.index(rule) + 1]))
    if prop.failed or prop.run() == CONTRADICTION:
        raise PuzzleFormatError("the rules find a contradiction")
    return [DIAGONAL_CHAR.get(d) for d in prop.dom]


EXPLAINER = grid_explainer(GENRE, WEIGHTS, explain, "/\\", outline=outline)
