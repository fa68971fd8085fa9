"""Slant explained: its ladder (count < cycle < duet < probe) walked one place at a time.

Vocabulary as in rules.py; a *state* is the tuple of cell domains. Each place runs the rule's
own code (rules.py) on a puzzle cut down to that place: count on one clue (the puzzle with only
that clue), duet on two adjacent clues (only those two), cycle and probe on the whole board.
Cells are named like 'b5' (column letter, row from 1), vertices like 'C4'.
"""

from collections import deque
from collections.abc import Iterable
from functools import cached_property

from solvers.core.errors import PuzzleFormatError
from solvers.core.explain import Trace, Weights
from solvers.core.partial import grid_explainer
from solvers.core.walk import Contradiction, Place, Said, cell_name, listing, walk
from solvers.slant import GENRE
from solvers.slant.board import BACK, BOTH, DIAGONAL_CHAR, FWD, SlantPuzzle, SlantSolution
from solvers.slant.rules import CONTRADICTION, LADDER, Context, Propagation, context

WEIGHTS = Weights(level=(0, 100, 200, 400), per_step={"count": 0.5, "cycle": 2, "duet": 4,
                                                       "probe": 10}, depth=1)
State = tuple[int, ...]


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
        self._cut: dict[tuple[int, ...], Context] = {}
        self.probe_from = 0  # the cell where the next probe starts looking

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

    def cut(self, vertices: tuple[int, ...]) -> Context:
        """Return the context of the puzzle with only the clues at `vertices`."""
        if vertices not in self._cut:
            clues = tuple(n if v in vertices else None for v, n in enumerate(self.puzzle.clues))
            puzzle = SlantPuzzle(self.puzzle.width, self.puzzle.height, clues)
            self._cut[vertices] = context.__wrapped__(puzzle)
        return self._cut[vertices]

    def start(self, state: State, rules: frozenset[str], ctx: Context | None = None,
              cells: Iterable[int] | None = None) -> Propagation:
        """Return a propagation of `rules` on the whole puzzle (or on the puzzle of `ctx`) with
        the state's cells decided (only those of `cells`, when given)."""
        prop = Propagation(self.ctx if ctx is None else ctx, rules)
        for k in range(len(state)) if cells is None else cells:
            if state[k] != BOTH:
                prop.assign(k, state[k])
        return prop

    def apply(self, place: Place, state: State) -> State | Contradiction | None:
        """Run the place's rule (see the module).

        Count and duet run on the puzzle cut down to the place's clues, without the cycle
        rule: they read and decide only the cells at those clues (`place.reads`), so only
        those are decided first (deciding every cell of the board made each try cost as much
        as the board: most of a trace's time)."""
        if place.rule in ("count", "duet"):
            reads = range(len(state)) if place.reads is None else place.reads
            prop = self.start(state, frozenset((place.rule,)), self.cut(place.key), reads)
            if prop.failed or prop.run() == CONTRADICTION:
                return Contradiction(place)
            decided = {k: prop.dom[k] for k in reads if prop.dom[k] != state[k]}
            return tuple(decided.get(k, d) for k, d in enumerate(state)) if decided else None
        if place.rule == "cycle":
            return self.cycle(place, state)
        return self.probe(place, state)

    def cycle(self, place: Place, state: State) -> State | Contradiction | None:
        """Decide the first open cell one of whose diagonals would close a loop."""
        runner = self.start(state, frozenset(("cycle",)))
        if runner.failed or runner.run() == CONTRADICTION:
            return Contradiction(place)
        if runner.dom == list(state):
            return None
        base = self.start(state, frozenset(("cycle",)))
        for k in (k for k, d in enumerate(state) if d == BOTH and runner.dom[k] != BOTH):
            keep = runner.dom[k]
            if base.trial(k, BOTH ^ keep).failed:
                return (*state[:k], keep, *state[k + 1:])
        return None

    def probe(self, place: Place, state: State) -> State | Contradiction | None:
        """Refute one diagonal of the first open cell, from the last probed on (wrapping round,
        as the rule's own probe goes), where the lower rules can."""
        base = self.start(state, frozenset(LADDER[:-1]))
        if base.failed or base.run() == CONTRADICTION:
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
        return [k for k, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]

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
        """Return the decided cells whose diagonals join the two ends of diagonal d in cell k."""
        start, goal = self.geo.ends[k][d]
        edges: dict[int, list[tuple[int, int]]] = {}
        for j, x in enumerate(state):
            if x != BOTH:
                a, b = self.geo.ends[j][x]
                edges.setdefault(a, []).append((b, j))
                edges.setdefault(b, []).append((a, j))
        came: dict[int, tuple[int, int] | None] = {start: None}
        queue = deque([start])
        while queue and goal not in came:
            a = queue.popleft()
            for b, j in edges.get(a, ()):
                if b not in came:
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


def entails(puzzle: SlantPuzzle, cells: list[str | None], rule: str) -> list[str | None]:
    """Return the board the ladder up to `rule` reaches from a partial board (for checks)."""
    board = SlantBoard(puzzle)
    prop = board.start(read_state(puzzle, cells), frozenset(LADDER[: LADDER.index(rule) + 1]))
    if prop.failed or prop.run() == CONTRADICTION:
        raise PuzzleFormatError("the rules find a contradiction")
    return [DIAGONAL_CHAR.get(d) for d in prop.dom]


EXPLAINER = grid_explainer(GENRE, WEIGHTS, explain, "/\\")
