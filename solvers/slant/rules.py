"""The Slant deduction ladder: count < cycle < duet < probe, and the fixpoint that runs it.

Vocabulary (see board.py): `dom` is the list of cell domains (FWD, BACK or BOTH); a *clue* is
an index into `Context.clued`, a *duet* an index into `Context.duets`. A `Propagation` keeps the
domains with an agenda: deciding a cell queues the clues and duets it belongs to, so a rule
only looks again where something changed. A rule returns how many times it fired (applications
that narrowed something) or CONTRADICTION when it proves there is no solution.

- count: one clue at a time. Once the diagonals touching it reach its number, the rest point
  away; when the open cells are exactly its deficit, they all point in.
- cycle: union-find over vertices joined by decided diagonals; a diagonal whose two ends are
  already joined would close a loop, so it dies.
- duet: two orthogonally adjacent clues read as one constraint over their <= 6 cells; of the
  joint assignments that satisfy both, fix each cell on which all survivors agree.
- probe: assume one diagonal, run the lower rules to their fixpoint, and reject the diagonal if
  that alone ends in a contradiction.

The fixpoint runs a rule only when every rule below it is at rest. Only the active rules find
contradictions: a probe is refuted by what the lower rules see, not by checking a board they
happen to fill in (so a ladder without `cycle` cannot see a loop even in a complete board).
`deduce_with` and the counters judge a complete board against the whole rulebook.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import product
from operator import itemgetter
from typing import Any, NamedTuple, cast

from solvers.core.deadline import check
from solvers.core.results import CONTRADICTION, Deduction
from solvers.core.unionfind import RollbackUnionFind
from solvers.slant.board import BACK, BOTH, FWD, Geometry, SlantPuzzle, SlantSolution, geometry

Plan = int | tuple[tuple[int, int], ...]
"""What a duet does to a board: CONTRADICTION, or the (cell, diagonal) pairs it decides."""
LADDER = ("count", "cycle", "duet", "probe")


class Duet(NamedTuple):
    """Two adjacent clues: their numbers, the cells only one of them touches, the shared cells.

    private_a / private_b are ((k, d), ...) as in Geometry.touching; shared is ((k, d_a, d_b), ...).
    `domains(dom)` reads the domains of all its cells; `plans` remembers `duet_plan` by
    (need_a, need_b, domains), shared by the duets on the same vertex pair of a board size.
    """

    need_a: int
    need_b: int
    private_a: tuple[tuple[int, int], ...]
    private_b: tuple[tuple[int, int], ...]
    shared: tuple[tuple[int, int, int], ...]
    domains: Callable[[list[int]], Any]
    plans: dict[tuple, Plan]


@dataclass(frozen=True)
class Context:
    """A puzzle's derived tables.

    clued[i] = (number, touching) of the i-th clued vertex and cell_clues[k] the clues cell k
    belongs to; `duets` and `cell_duets` the same for adjacent clue pairs (made on first use);
    far_ends[v] = ((k, u), ...) for each cell k at vertex v, u the far end of k's diagonal at v.
    """

    puzzle: SlantPuzzle
    geo: Geometry
    clued: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    cell_clues: tuple[tuple[int, ...], ...]
    far_ends: tuple[tuple[tuple[int, int], ...], ...]

    @cached_property
    def _duet_pairs(self) -> tuple[tuple[int, ...], list[int]]:
        """Return (the adjacent pairs both of whose vertices are clued, each pair's duet or -1)."""
        clues = self.puzzle.clues
        kept: list[int] = []
        index = [-1] * len(_adjacent_pairs(self.geo.width, self.geo.height))
        for p, (a, b, *_) in enumerate(_adjacent_pairs(self.geo.width, self.geo.height)):
            if clues[a] is not None and clues[b] is not None:
                index[p] = len(kept)
                kept.append(p)
        return tuple(kept), index

    @cached_property
    def duets(self) -> tuple[Duet, ...]:
        """Return a Duet for every pair of orthogonally adjacent clued vertices."""
        clues, pairs = self.puzzle.clues, _adjacent_pairs(self.geo.width, self.geo.height)
        plans = _pair_plans(self.geo.width, self.geo.height)
        duets = []
        for p in self._duet_pairs[0]:
            a, b, private_a, private_b, shared = pairs[p]
            cells = [k for k, *_ in (*private_a, *private_b, *shared)]
            duets.append(Duet(cast(int, clues[a]), cast(int, clues[b]), private_a, private_b,
                              shared, itemgetter(*cells), plans[p]))
        return tuple(duets)

    @cached_property
    def duet_at(self) -> dict[tuple[int, int], Duet]:
        """Return the duet of each pair (a, b) of adjacent clued vertices, a < b."""
        pairs = _adjacent_pairs(self.geo.width, self.geo.height)
        return {pairs[p][:2]: duet for p, duet in zip(self._duet_pairs[0], self.duets,
                                                      strict=True)}

    @cached_property
    def cell_duets(self) -> tuple[tuple[int, ...], ...]:
        """Return, for each cell, the indices of the duets it belongs to (ascending)."""
        pairs = _adjacent_pairs(self.geo.width, self.geo.height)
        cell_duets: list[list[int]] = [[] for _ in self.geo.corners]
        for i, p in enumerate(self._duet_pairs[0]):  # ascending duets, so each list ascends
            _, _, private_a, private_b, shared = pairs[p]
            for k, *_ in (*private_a, *private_b, *shared):
                cell_duets[k].append(i)
        return tuple(map(tuple, cell_duets))


@lru_cache(maxsize=64)
def _adjacent_pairs(width: int, height: int) -> tuple[tuple[int, int, tuple, tuple, tuple], ...]:
    """Return (a, b, private_a, private_b, shared) for every orthogonally adjacent vertex pair."""
    geo = geometry(width, height)
    stride = width + 1
    pairs = []
    for a in range(geo.vertex_count):
        for b in (a + 1 if (a + 1) % stride else None, a + stride):
            if b is None or b >= geo.vertex_count:
                continue
            touch_a, touch_b = dict(geo.touching[a]), dict(geo.touching[b])
            shared = tuple((k, touch_a[k], touch_b[k]) for k in touch_a if k in touch_b)
            private_a = tuple((k, d) for k, d in touch_a.items() if k not in touch_b)
            private_b = tuple((k, d) for k, d in touch_b.items() if k not in touch_a)
            pairs.append((a, b, private_a, private_b, shared))
    return tuple(pairs)


@lru_cache(maxsize=64)
def _pair_plans(width: int, height: int) -> tuple[dict[tuple, Plan], ...]:
    """Return an empty memo of duet plans for every adjacent vertex pair of a board size."""
    return tuple({} for _ in _adjacent_pairs(width, height))


@lru_cache(maxsize=64)
def _far_ends(width: int, height: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Return, per vertex v, (k, u) for each cell k at v, u the far end of k's diagonal at v."""
    geo = geometry(width, height)
    far = []
    for v, touching in enumerate(geo.touching):
        far.append(tuple((k, geo.ends[k][d][geo.ends[k][d][0] == v]) for k, d in touching))
    return tuple(far)


@lru_cache(maxsize=256)
def context(puzzle: SlantPuzzle) -> Context:
    """Return the derived tables of `puzzle` (cached: generators ask for the same puzzle often)."""
    geo = geometry(puzzle.width, puzzle.height)
    clued = tuple((n, geo.touching[v]) for v, n in enumerate(puzzle.clues) if n is not None)
    cell_clues: list[list[int]] = [[] for _ in geo.corners]
    for i, (_, touching) in enumerate(clued):  # ascending clues, so each cell's list ascends
        for k, _ in touching:
            cell_clues[k].append(i)
    return Context(puzzle, geo, clued, tuple(map(tuple, cell_clues)),
                   _far_ends(puzzle.width, puzzle.height))


class Propagation:
    """Domains under deduction, with the agenda of what each rule must look at again.

    `rules` are the active rule names. With the cycle rule active (else they are empty),
    `parent` / `size` / `ring` are a union-find over the vertices joined by decided diagonals
    (`ring` links each set's members in a circle, so the smaller side of a union can be walked)
    and `closing` holds the cells that have had a diagonal whose ends are joined since the
    cycle rule last looked;
    `failed` turns true when a decided diagonal closes a loop. `log` lists the decided cells in
    order; `trials` keeps each probe's last fixpoint (see `probe_rule`).
    """

    __slots__ = ("closing", "clue_agenda", "ctx", "dom", "duet_agenda", "failed", "log",
                 "open_cells", "parent", "ring", "rules", "size", "tally", "trials")

    def __init__(self, ctx: Context, rules: frozenset[str]) -> None:
        self.ctx = ctx
        self.rules = rules
        self.dom = [BOTH] * len(ctx.geo.corners)
        self.open_cells = len(self.dom)
        self.clue_agenda = set(range(len(ctx.clued))) if "count" in rules else set()
        self.duet_agenda = set(range(len(ctx.duets))) if "duet" in rules else set()
        cycle = "cycle" in rules
        self.parent = list(range(ctx.geo.vertex_count)) if cycle else []
        self.ring, self.size = self.parent.copy(), [1] * len(self.parent)
        self.closing: set[int] = set()
        self.failed = False
        self.tally: dict[str, int] = {}
        self.log: list[int] = []
        self.trials: dict[int, tuple[Propagation, int]] = {}

    def trial(self, k: int, d: int, rules: frozenset[str] | None = None) -> "Propagation":
        """Return a copy (with an empty agenda, as at a fixpoint) in which cell k holds d.

        The copy runs `rules` (default: the same rules as this state).
        """
        copy = Propagation.__new__(Propagation)
        copy.ctx, copy.rules = self.ctx, self.rules if rules is None else rules
        copy.dom, copy.open_cells = self.dom.copy(), self.open_cells
        copy.clue_agenda, copy.duet_agenda, copy.closing = set(), set(), set()
        copy.parent, copy.ring, copy.size = self.parent.copy(), self.ring.copy(), self.size.copy()
        copy.failed, copy.tally, copy.log, copy.trials = False, {}, [], {}
        copy.assign(k, d)
        return copy

    def copy(self) -> "Propagation":
        """Return an independent copy: the same domains, agendas and union-find."""
        copy = Propagation.__new__(Propagation)
        copy.ctx, copy.rules = self.ctx, self.rules
        copy.dom, copy.open_cells = self.dom.copy(), self.open_cells
        copy.clue_agenda, copy.duet_agenda = self.clue_agenda.copy(), self.duet_agenda.copy()
        copy.closing = self.closing.copy()
        copy.parent, copy.ring, copy.size = self.parent.copy(), self.ring.copy(), self.size.copy()
        copy.failed, copy.tally, copy.log = self.failed, self.tally.copy(), self.log.copy()
        copy.trials = self.trials.copy()
        return copy

    def assign(self, k: int, d: int) -> None:
        """Decide cell k as d and queue what must look at it again."""
        self.dom[k] = d
        self.open_cells -= 1
        self.log.append(k)
        if "count" in self.rules:
            self.clue_agenda.update(self.ctx.cell_clues[k])
        if "duet" in self.rules:
            self.duet_agenda.update(self.ctx.cell_duets[k])
        if self.parent and not self._join(*self.ctx.geo.ends[k][d]):
            self.failed = True

    def _join(self, a: int, b: int) -> bool:
        """Join the sets of vertices a and b, noting in `closing` every open cell that now has a
        diagonal with both ends in the joined set; return False if a and b were already joined."""
        parent = self.parent
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a == b:
            return False
        size, ring = self.size, self.ring
        if size[a] > size[b]:
            a, b = b, a
        dom, far, closing = self.dom, self.ctx.far_ends, self.closing
        v = a
        while True:
            for k, u in far[v]:
                if dom[k] == BOTH:
                    while parent[u] != u:
                        parent[u] = u = parent[parent[u]]
                    if u == b:
                        closing.add(k)
            v = ring[v]
            if v == a:
                break
        parent[a] = b
        size[b] += size[a]
        ring[a], ring[b] = ring[b], ring[a]
        return True

    def joined(self, a: int, b: int) -> bool:
        """Return True if decided diagonals join vertices a and b (the cycle rule active)."""
        return self._find(a) == self._find(b)

    def _find(self, v: int) -> int:
        """Return the representative of vertex v's set."""
        parent = self.parent
        while parent[v] != v:
            parent[v] = v = parent[parent[v]]
        return v

    def count_rule(self) -> int:
        """Fire each queued clue that forces its open cells; see the module docstring."""
        fired = 0
        dom, clued, agenda = self.dom, self.ctx.clued, self.clue_agenda
        while agenda:
            n, touching = clued[agenda.pop()]
            on = open_ = 0
            for k, d in touching:
                x = dom[k]
                if x == d:
                    on += 1
                elif x == BOTH:
                    open_ += 1
            if on > n or on + open_ < n:
                return CONTRADICTION
            if open_ and (on == n or on + open_ == n):
                point_in = on < n
                for k, d in touching:
                    if dom[k] == BOTH:
                        self.assign(k, d if point_in else BOTH ^ d)
                fired += 1
        return fired

    def cycle_rule(self) -> int:
        """Kill every open diagonal whose ends are already joined; see the module docstring.

        The cells are taken as a scan of all cells in order, repeated while it decides
        anything, would meet them: the next closing cell at or after the last one decided.
        """
        fired, after = 0, 0
        dom, ends, closing = self.dom, self.ctx.geo.ends, self.closing
        while closing:
            waiting = sorted(k for k in closing if dom[k] == BOTH)
            closing.clear()
            if not waiting:
                break
            closing.update(waiting)
            k = next((k for k in waiting if k >= after), waiting[0])
            (fa, fb), (ba, bb) = ends[k][FWD], ends[k][BACK]
            fwd_closes = self._find(fa) == self._find(fb)
            if self._find(ba) == self._find(bb):
                if fwd_closes:
                    return CONTRADICTION
                keep = FWD
            else:
                keep = BACK
            self.assign(k, keep)
            fired += 1
            after = k + 1
        return fired

    def duet_rule(self) -> int:
        """Narrow the next queued duet that fixes something; see the module docstring."""
        agenda, duets = self.duet_agenda, self.ctx.duets
        while agenda:
            result = self._narrow_duet(duets[agenda.pop()])
            if result:
                return result
        return 0

    def _narrow_duet(self, duet: Duet) -> int:
        """Narrow one duet's cells; return 1 if it fixed something, 0 if not, or CONTRADICTION."""
        key = (duet.need_a, duet.need_b, duet.domains(self.dom))
        plan = duet.plans.get(key)
        if plan is None:
            plan = duet.plans[key] = duet_plan(duet, self.dom)
        if plan == CONTRADICTION:
            return CONTRADICTION
        for k, d in plan:  # type: ignore[union-attr]
            self.assign(k, d)
        return 1 if plan else 0

    def probe_rule(self, start: int) -> tuple[int, int]:
        """Refute one diagonal of the first open cell from `start` on (wrapping round).

        Returns (1, the cell) after a refutation, (0, start) when none is refuted, or
        (CONTRADICTION, cell) when both diagonals of a cell are.
        """
        dom = self.dom
        cells = len(dom)
        for offset in range(cells):
            k = (start + offset) % cells
            if dom[k] != BOTH:
                continue
            check()  # a solve's deadline (solvers/core/deadline.py): two trials a cell
            refuted = 0
            for d in (FWD, BACK):
                if self._refutes(k, d):
                    refuted |= d
            if refuted == BOTH:
                return CONTRADICTION, k
            if refuted:
                self.assign(k, BOTH ^ refuted)
                return 1, k
        return 0, start

    def _refutes(self, k: int, d: int) -> bool:
        """Return True if the lower rules find a contradiction once cell k holds d.

        The lower rules' fixpoint does not depend on the order they fire in, so a probe that
        failed before is resumed from its own fixpoint, with the cells decided here since then
        decided there too, instead of being run again from this state.
        """
        key = 2 * k + d
        kept = self.trials.pop(key, None)
        if kept is None:
            trial = self.trial(k, d, self.rules - {"probe"})
        else:
            trial, seen = kept
            dom, trial_dom = self.dom, trial.dom
            for c in self.log[seen:]:
                x = trial_dom[c]
                if x == BOTH:
                    trial.assign(c, dom[c])
                elif x != dom[c]:
                    return True
        if trial.run() == CONTRADICTION:
            return True
        self.trials[key] = trial, len(self.log)
        return False

    def run(self) -> int:
        """Run the active rules to their fixpoint; return the steps taken or CONTRADICTION.

        Only the active rules can find a contradiction: a board they fill in completely is not
        checked here (callers judge complete boards with `is_solution`).
        """
        steps, probe_from = 0, 0
        rules, tally = self.rules, self.tally
        while not self.failed:
            if self.clue_agenda:
                name, fired = "count", self.count_rule()
            elif self.closing:
                name, fired = "cycle", self.cycle_rule()
            elif self.duet_agenda and (self.open_cells or "count" not in rules):
                # On a complete board at rest under count every clue is met: no duet can fire.
                name, fired = "duet", self.duet_rule()
            elif "probe" in rules and self.open_cells:
                name = "probe"
                fired, probe_from = self.probe_rule(probe_from)
                if not fired:
                    break
            else:
                break
            if fired == CONTRADICTION:
                return CONTRADICTION
            if fired:
                steps += fired
                tally[name] = tally.get(name, 0) + fired
        return CONTRADICTION if self.failed else steps


def duet_plan(duet: Duet, dom: list[int]) -> Plan:
    """Return what one duet decides on `dom`: CONTRADICTION or its (cell, diagonal) pairs.

    Exact enumeration, done in two layers: the <= 2 shared cells are enumerated; for each,
    a clue's private open cells are forced only when the residual need is 0 or all of them,
    else each of them takes both values among the survivors. The pairs come shared cells
    first, then a's private cells, then b's.
    """
    open_a, need_a = _open_and_need(duet.private_a, duet.need_a, dom)
    open_b, need_b = _open_and_need(duet.private_b, duet.need_b, dom)
    shared_open = []
    for k, d_a, d_b in duet.shared:
        x = dom[k]
        if x == BOTH:
            shared_open.append((k, d_a, d_b))
        else:
            need_a -= x == d_a
            need_b -= x == d_b
    seen_shared = [0] * len(shared_open)
    seen_a = seen_b = 0  # bit 1: a survivor has them all off, 2: all on; 3: no fix
    for values in product((FWD, BACK), repeat=len(shared_open)):
        rest_a, rest_b = need_a, need_b
        for (_, d_a, d_b), x in zip(shared_open, values, strict=True):
            rest_a -= x == d_a
            rest_b -= x == d_b
        if not (0 <= rest_a <= len(open_a) and 0 <= rest_b <= len(open_b)):
            continue
        for i, x in enumerate(values):
            seen_shared[i] |= x
        seen_a |= _private_pattern(rest_a, len(open_a))
        seen_b |= _private_pattern(rest_b, len(open_b))
    if not seen_a:
        return CONTRADICTION
    plan = [(k, seen) for (k, _, _), seen in zip(shared_open, seen_shared, strict=True)
            if seen != BOTH]
    for open_cells, seen in ((open_a, seen_a), (open_b, seen_b)):
        if seen != BOTH:
            plan.extend((k, d if seen == 2 else BOTH ^ d) for k, d in open_cells)
    return tuple(plan)


def _open_and_need(private: tuple[tuple[int, int], ...], need: int, dom: list[int]):
    """Return (open (k, d) pairs, touches still needed) of one clue's private cells."""
    open_cells = []
    for k, d in private:
        x = dom[k]
        if x == BOTH:
            open_cells.append((k, d))
        elif x == d:
            need -= 1
    return open_cells, need


def _private_pattern(rest: int, size: int) -> int:
    """Return 1 if `rest` of `size` open cells touching means all off, 2 all on, 3 either.

    With no open cells the pattern is 3 (nothing to fix), so it never forces anything.
    """
    if size and rest == 0:
        return 1
    if size and rest == size:
        return 2
    return 3


def is_solution(ctx: Context, dom: list[int]) -> bool:
    """Return True if every cell is decided, every clue is met and no loop is closed."""
    if BOTH in dom:
        return False
    for n, touching in ctx.clued:
        if sum(dom[k] == d for k, d in touching) != n:
            return False
    joined = RollbackUnionFind(ctx.geo.vertex_count)
    return all(joined.union(*ctx.geo.ends[k][x]) for k, x in enumerate(dom))


def deduce_with(puzzle: SlantPuzzle, rules: frozenset[str]) -> Deduction:
    """Return the fixpoint of the named rules on `puzzle` (see Deduction)."""
    ctx = context(puzzle)
    state = Propagation(ctx, rules)
    steps = state.run()
    dom, tally = tuple(state.dom), state.tally
    if steps == CONTRADICTION or (not state.open_cells and not is_solution(ctx, state.dom)):
        return Deduction(dom, sum(tally.values()), tally, contradiction=True)
    solution = None if state.open_cells else SlantSolution(puzzle.width, puzzle.height, dom)
    return Deduction(dom, steps, tally, solution=solution)
