"""The Slant deduction ladder: count < cycle < duet < probe, and its fixpoint.

Vocabulary (see board.py): `dom` is a list of cell domains (FWD, BACK or BOTH), `ctx` the
puzzle's derived tables. A rule narrows `dom` in place and returns how many times it fired
(applications that narrowed something), or CONTRADICTION when it proves there is no solution.

- count: one clue at a time. Once the diagonals touching it reach its number, the rest point
  away; when the open cells are exactly its deficit, they all point in.
- cycle: union-find over vertices joined by decided diagonals; a diagonal whose two ends are
  already joined would close a loop, so it dies.
- duet: two orthogonally adjacent clues read as one constraint over their <= 6 cells; of the
  joint assignments that satisfy both, fix each cell on which all survivors agree.
- probe: assume one diagonal, run the lower rules to their fixpoint, and reject the diagonal if
  that alone ends in a contradiction.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from solvers.core.results import Deduction
from solvers.slant.board import BACK, BOTH, FWD, Geometry, SlantPuzzle, SlantSolution, geometry

CONTRADICTION = -1
LADDER = ("count", "cycle", "duet", "probe")


@dataclass(frozen=True)
class Duet:
    """Two adjacent clues: their numbers, the cells only one of them touches, the shared cells.

    private_a / private_b are ((k, d), ...) as in Geometry.touching; shared is ((k, d_a, d_b), ...).
    """

    need_a: int
    need_b: int
    private_a: tuple[tuple[int, int], ...]
    private_b: tuple[tuple[int, int], ...]
    shared: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class Context:
    """A puzzle's derived tables: geometry, (clue, touching) of each clued vertex, its duets."""

    geo: Geometry
    clued: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]
    duets: tuple[Duet, ...]


@lru_cache(maxsize=256)
def context(puzzle: SlantPuzzle) -> Context:
    """Return the derived tables of `puzzle` (cached: generators ask for the same puzzle often)."""
    geo = geometry(puzzle.width, puzzle.height)
    stride = puzzle.width + 1
    clued = tuple((n, geo.touching[v]) for v, n in enumerate(puzzle.clues) if n is not None)
    duets = []
    for a, n_a in enumerate(puzzle.clues):
        if n_a is None:
            continue
        right = a + 1 if (a + 1) % stride else None
        below = a + stride if a + stride < geo.vertex_count else None
        for b in (right, below):
            if b is not None and puzzle.clues[b] is not None:
                duets.append(_duet(geo, a, n_a, b, puzzle.clues[b]))
    return Context(geo, clued, tuple(duets))


def _duet(geo: Geometry, a: int, n_a: int, b: int, n_b: int) -> Duet:
    """Return the Duet of clue n_a at vertex a and clue n_b at vertex b."""
    touch_a, touch_b = dict(geo.touching[a]), dict(geo.touching[b])
    shared = tuple((k, touch_a[k], touch_b[k]) for k in touch_a if k in touch_b)
    private_a = tuple((k, d) for k, d in touch_a.items() if k not in touch_b)
    private_b = tuple((k, d) for k, d in touch_b.items() if k not in touch_a)
    return Duet(n_a, n_b, private_a, private_b, shared)


def count_rule(ctx: Context, dom: list[int]) -> int:
    """Fire every clue whose open cells are all forced one way; see the module docstring."""
    fired = 0
    for n, touching in ctx.clued:
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
                    dom[k] = d if point_in else BOTH ^ d
            fired += 1
    return fired


def _joined_forest(ctx: Context, dom: list[int]) -> list[int] | None:
    """Return a union-find parent list of the decided diagonals, or None if they hold a loop."""
    parent = list(range(ctx.geo.vertex_count))
    ends = ctx.geo.ends
    for k, x in enumerate(dom):
        if x != BOTH:
            a, b = ends[k][x]
            if not _union(parent, a, b):
                return None
    return parent


def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def _union(parent: list[int], a: int, b: int) -> bool:
    """Join a and b; return False if they were already joined."""
    a, b = _find(parent, a), _find(parent, b)
    if a == b:
        return False
    parent[a] = b
    return True


def cycle_rule(ctx: Context, dom: list[int]) -> int:
    """Kill every open diagonal whose ends are already joined; see the module docstring."""
    parent = _joined_forest(ctx, dom)
    if parent is None:
        return CONTRADICTION
    fired = 0
    ends = ctx.geo.ends
    for k, x in enumerate(dom):
        if x != BOTH:
            continue
        (fa, fb), (ba, bb) = ends[k][FWD], ends[k][BACK]
        fwd_closes = _find(parent, fa) == _find(parent, fb)
        back_closes = _find(parent, ba) == _find(parent, bb)
        if fwd_closes and back_closes:
            return CONTRADICTION
        if fwd_closes or back_closes:
            keep = BACK if fwd_closes else FWD
            dom[k] = keep
            _union(parent, *ends[k][keep])
            fired += 1
    return fired


def duet_rule(ctx: Context, dom: list[int]) -> int:
    """Fix the cells that every joint solution of an adjacent clue pair agrees on."""
    fired = 0
    for duet in ctx.duets:
        result = _narrow_duet(duet, dom)
        if result == CONTRADICTION:
            return CONTRADICTION
        fired += result
    return fired


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


def _narrow_duet(duet: Duet, dom: list[int]) -> int:
    """Narrow one duet's cells; return 1 if it fixed something, 0 if not, or CONTRADICTION.

    Exact enumeration, done in two layers: the <= 2 shared cells are enumerated; for each, a
    clue's private open cells are forced only when the residual need is 0 or all of them, else
    each of them takes both values among the survivors.
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
    seen_a = seen_b = 0  # bit 1: some survivor has them all off, bit 2: all on, 3: mixed/both
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
    if not (seen_a and seen_b):
        return CONTRADICTION
    fixed = False
    for (k, _, _), seen in zip(shared_open, seen_shared, strict=True):
        if seen != BOTH:
            dom[k] = seen
            fixed = True
    for open_cells, seen in ((open_a, seen_a), (open_b, seen_b)):
        if open_cells and seen in (1, 2):
            for k, d in open_cells:
                dom[k] = d if seen == 2 else BOTH ^ d
            fixed = True
    return int(fixed)


def _private_pattern(rest: int, size: int) -> int:
    """Return 1 if `rest` of `size` open cells must touch means all off, 2 all on, 3 mixed.

    With no open cells the pattern is 3 (nothing to fix), so it never forces anything.
    """
    if size and rest == 0:
        return 1
    if size and rest == size:
        return 2
    return 3


Rule = Callable[[Context, list[int]], int]


def probe_rule(ctx: Context, dom: list[int], lower: tuple[Rule, ...]) -> int:
    """Fix the first open cell one of whose diagonals the lower rules refute; see the docstring.

    Returns 1 after the first refutation (so the cheaper rules run again before the next
    probe), 0 when no diagonal is refuted, CONTRADICTION when both diagonals of a cell are.
    """
    for k, x in enumerate(dom):
        if x != BOTH:
            continue
        refuted = 0
        for d in (FWD, BACK):
            trial = dom.copy()
            trial[k] = d
            if fixpoint(ctx, trial, lower, {}) == CONTRADICTION:
                refuted |= d
        if refuted == BOTH:
            return CONTRADICTION
        if refuted:
            dom[k] = BOTH ^ refuted
            return 1
    return 0


def is_solution(ctx: Context, dom: list[int]) -> bool:
    """Return True if every cell is decided, every clue is met and no loop is closed."""
    if BOTH in dom:
        return False
    for n, touching in ctx.clued:
        if sum(dom[k] == d for k, d in touching) != n:
            return False
    return _joined_forest(ctx, dom) is not None


def fixpoint(ctx: Context, dom: list[int], rules: tuple, tally: dict[str, int]) -> int:
    """Run `rules` (in ladder order) on `dom` until none fires; return the steps or CONTRADICTION.

    A rule runs only when every rule before it is at rest. `tally` counts the steps per rule.
    A board the rules decide completely must also be a solution, else it is a contradiction.
    """
    steps = i = 0
    while i < len(rules):
        name, rule = rules[i]
        fired = rule(ctx, dom)
        if fired == CONTRADICTION:
            return CONTRADICTION
        if fired:
            steps += fired
            tally[name] = tally.get(name, 0) + fired
            i = 0
        else:
            i += 1
    if BOTH not in dom and not is_solution(ctx, dom):
        return CONTRADICTION
    return steps


def rule_table(rules: frozenset[str]) -> tuple:
    """Return ((name, rule), ...) for the named rules in ladder order, probe bound to the rest."""
    lower = tuple((name, RULES[name]) for name in LADDER if name in rules and name != "probe")
    if "probe" not in rules:
        return lower

    def probe(ctx: Context, dom: list[int]) -> int:
        return probe_rule(ctx, dom, lower)

    return (*lower, ("probe", probe))


RULES: dict[str, Rule] = {"count": count_rule, "cycle": cycle_rule, "duet": duet_rule}


def deduce_with(puzzle: SlantPuzzle, rules: frozenset[str]) -> Deduction:
    """Return the fixpoint of the named rules on `puzzle` (see Deduction)."""
    ctx = context(puzzle)
    dom = [BOTH] * (puzzle.width * puzzle.height)
    tally: dict[str, int] = {}
    steps = fixpoint(ctx, dom, rule_table(rules), tally)
    if steps == CONTRADICTION:
        return Deduction(tuple(dom), sum(tally.values()), tally, contradiction=True)
    solution = None
    if BOTH not in dom:
        solution = SlantSolution(puzzle.width, puzzle.height, tuple(dom))
    return Deduction(tuple(dom), steps, tally, solution=solution)
