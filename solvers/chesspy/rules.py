"""The Chesspy deduction ladder: zero < number < board < type, and the sweep that runs it.

Vocabulary (see board.py): `may[i]` is the bit set of free cells where value VALUES[i] (EMPTY,
ROOK, BISHOP, KNIGHT) is still possible, so a cell's domain is read across the four sets; a cell
is *decided* when one value is left, *placed* when that value is a piece, *filled* when EMPTY is
gone (a piece stands there, maybe of an open type). *Attackers* of a numbered cell are the cells
where a possible piece would attack it. A rule application that narrows something is a *step*.

- zero: a 0 removes, from every cell that could attack it, the piece types that would.
- number: one number n (1 or more). *met*: its placed attackers already reach n, so the other
  attackers lose the attacking types; *exact*: placed attackers plus the open cells that could
  still attack it make exactly n, so each of those cells holds an attacking piece; *all-attack*:
  the attacks it still lacks equal the pieces not yet placed, so every piece still to place
  attacks it, and each open cell keeps only the types that would.
- board: whole-board counts. *all-placed*: as many cells are filled as there are pieces, so the
  rest are empty; *fill*: filled plus still-possible cells make exactly the pieces, so all of
  those hold pieces; *used-up*: every piece of a type is placed, so no other cell holds one.
- type: per type, the open cells that can still take it are exactly its remaining count, so
  every one of them holds it.

The sweep (the reference's solver): each pass runs the active rules in ladder order, each over all
its places: zeros in name order (A1, A2, ..., B1, ...), numbers largest first and ties in name
order, with met, exact, all-attack in turn on each; board's all-placed, fill, then used-up for
rook, bishop, knight; type for rook, bishop, knight. Passes repeat until one changes nothing.
So a rule gets its turn when the pass reaches it, even where a lower rule would do the same on
the next pass: the reference's example ends with `board` (5 steps, highest rule 3), though `number`
alone would finish it on a second look at B1. Only the active rules find contradictions; a
board they decide completely is judged against the rulebook by `is_solution`.

The sweep also runs in C (_kernel.c, built by `pip install -e .`) on boards of at most 64 cells
when no Step records are kept (the generator's many "does it still solve?" runs, the search):
the same places, order and tests, so the same steps and `may` sets; the tests hold the two to
each other.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from struct import pack
from types import ModuleType
from typing import Any

from solvers.chesspy.board import (
    BISHOP,
    EMPTY,
    KNIGHT,
    PIECES,
    ROOK,
    VALUES,
    ChesspyPuzzle,
    ChesspySolution,
    Geometry,
    geometry,
)
from solvers.core.results import CONTRADICTION, Deduction

compiled: ModuleType | None
try:
    from solvers.chesspy import _kernel as compiled
except ImportError:  # not built: every sweep runs in Python (slower, the same)
    compiled = None

LADDER = ("zero", "number", "board", "type")
KERNEL_CELLS = 64  # the kernel's masks are 64-bit
NUMBER_KINDS = ("met", "exact", "all-attack")
PIECE_INDICES = (1, 2, 3)  # positions of ROOK, BISHOP, KNIGHT in VALUES and in `may`

Masks = tuple[int, int, int, int]


@dataclass(frozen=True)
class Step:
    """One rule application that narrowed something.

    `rule` is the ladder name, `kind` the sub-rule ("zero", "met", "exact", "all-attack",
    "all-placed", "fill", "used-up", "type"); `cell` the numbered cell it looked at (zero and
    number) and `piece` the piece type it counted (used-up and type); `before` and `after` the
    `may` sets around it.
    """

    rule: str
    kind: str
    cell: int | None
    piece: int | None
    before: Masks
    after: Masks


@dataclass(frozen=True)
class Context:
    """A puzzle's derived tables.

    `free` is the bit set of unnumbered cells; `zeros` the cells showing 0 in name order;
    `numbered` the (cell, n) with n >= 1, largest n first, ties in name order; `total` the
    pieces to place and `counts[i]` the inventory count of VALUES[i] (counts[0] unused);
    `attacks[i][k]` the cells a VALUES[i] piece on k attacks (attacks[0] unused); `plans` the
    sweep plan of each rule set run on the puzzle so far (see `sweep_plan`); `packed_zeros` and
    `packed_numbers` the zero and number places as the kernel reads them (_kernel.c).
    """

    puzzle: ChesspyPuzzle
    geo: Geometry
    free: int
    zeros: tuple[int, ...]
    numbered: tuple[tuple[int, int], ...]
    total: int
    counts: tuple[int, int, int, int]
    attacks: tuple[tuple[int, ...], ...]
    packed_zeros: bytes
    packed_numbers: bytes
    plans: dict[frozenset[str], "Plan"] = field(default_factory=dict, compare=False, repr=False)


@lru_cache(maxsize=512)
def context(puzzle: ChesspyPuzzle) -> Context:
    """Return the derived tables of `puzzle` (cached: generators ask for the same puzzle often)."""
    geo = geometry(puzzle.width, puzzle.height)
    numbers = puzzle.numbers
    free = 0
    for k, n in enumerate(numbers):
        if n is None:
            free |= 1 << k
    zeros = tuple(k for k in geo.name_order if numbers[k] == 0)
    numbered = tuple(sorted(((k, n) for k in geo.name_order if (n := numbers[k])),
                            key=lambda item: -item[1]))  # stable: ties stay in name order
    counts = (0, *puzzle.inventory)
    attacks = ((), *(geo.attacks[p] for p in PIECES))
    packed_zeros = packed_numbers = b""
    if len(numbers) <= KERNEL_CELLS:
        rook, bishop, knight = attacks[1], attacks[2], attacks[3]
        words: list[int] = []
        for k in zeros:
            words += (rook[k], bishop[k], knight[k])
        packed_zeros = pack(f"={len(words)}Q", *words)
        words = []
        for k, n in numbered:
            words += (n, rook[k], bishop[k], knight[k])
        packed_numbers = pack(f"={len(words)}Q", *words)
    return Context(puzzle, geo, free, zeros, numbered, puzzle.pieces, counts, attacks,
                   packed_zeros, packed_numbers)


def initial_masks(ctx: Context) -> list[int]:
    """Return the `may` sets before any rule: every free cell may be empty or hold any piece
    type the inventory has."""
    return [ctx.free, *(ctx.free if ctx.counts[i] else 0 for i in PIECE_INDICES)]


def masks(values: Sequence[int]) -> Masks:
    """Return the four `may` sets of `values` (EMPTY, ROOK, BISHOP, KNIGHT) as a Masks."""
    e, r, b, n = values
    return e, r, b, n


def domain(may, k: int) -> int:
    """Return cell k's domain (a set of value bits) as `may` has it."""
    e, r, b, n = may
    return ((e >> k & 1) * EMPTY | (r >> k & 1) * ROOK | (b >> k & 1) * BISHOP
            | (n >> k & 1) * KNIGHT)


def placed_sets(may) -> tuple[int, int, int, int]:
    """Return, for each value index, the cells decided as that value."""
    e, r, b, n = may
    return (e & ~(r | b | n), r & ~(e | b | n), b & ~(e | r | n), n & ~(e | r | b))


def undecided(may) -> int:
    """Return the cells that still have two or more values."""
    e, r, b, n = may
    return (e & (r | b | n)) | (r & (b | n)) | (b & n)


Plan = list[tuple[str, str, int | None, int | None, Callable[..., Any], tuple[int | str, ...]]]


def sweep_plan(ctx: Context, rules: frozenset[str]) -> Plan:
    """Return (rule, kind, cell, piece, apply, args) for each place the active `rules` look at,
    in sweep order (kept in ctx.plans); apply(propagation, *args) narrows the propagation's `may`
    and returns True, False (nothing to narrow) or CONTRADICTION."""
    plan = ctx.plans.get(rules)
    if plan is not None:
        return plan
    plan = []
    for rule in LADDER:
        if rule not in rules:
            continue
        if rule == "zero":
            plan.extend((rule, "zero", k, None, Propagation.zero, (k,)) for k in ctx.zeros)
        elif rule == "number":
            for k, n in ctx.numbered:
                aimed = (ctx.attacks[1][k], ctx.attacks[2][k], ctx.attacks[3][k])
                plan.extend((rule, kind, k, None, Propagation.number, (n, kind, *aimed))
                            for kind in NUMBER_KINDS)
        elif rule == "board":
            plan.append((rule, "all-placed", None, None, Propagation.all_placed, ()))
            plan.append((rule, "fill", None, None, Propagation.fill, ()))
            plan.extend((rule, "used-up", None, VALUES[i], Propagation.used_up, (i,))
                        for i in PIECE_INDICES)
        else:
            plan.extend((rule, "type", None, VALUES[i], Propagation.type_, (i,))
                        for i in PIECE_INDICES)
    ctx.plans[rules] = plan
    return plan


class Propagation:
    """The `may` sets under deduction by the active `rules`, with the steps taken so far.

    `tally` counts steps by rule name; `trace` (kept when asked for) lists every Step.
    """

    __slots__ = ("ctx", "may", "rules", "tally", "trace")

    def __init__(self, ctx: Context, rules: frozenset[str], may: list[int] | None = None,
                 trace: bool = False) -> None:
        self.ctx = ctx
        self.rules = rules
        self.may = initial_masks(ctx) if may is None else list(may)
        self.tally: dict[str, int] = {}
        self.trace: list[Step] | None = [] if trace else None

    # ---- the rules -----------------------------------------------------------------------

    def zero(self, k: int):
        may, attacks = self.may, self.ctx.attacks
        for i in PIECE_INDICES:
            may[i] &= ~attacks[i][k]
        return True

    def number(self, n: int, kind: str, rook: int, bishop: int, knight: int):
        """Run one kind of the number rule on a cell showing n, whose attackers would stand
        on `rook`, `bishop`, `knight` (the cells a piece of that type attacks it from)."""
        may = self.may
        e, r, b, x = may
        reach = (r & rook) | (b & bishop) | (x & knight)
        placed = (r & ~(e | b | x)) | (b & ~(e | r | x)) | (x & ~(e | r | b))
        on = (reach & placed).bit_count()
        open_ = reach & ~placed
        count_open = open_.bit_count()
        if on > n or on + count_open < n:
            return CONTRADICTION
        if kind == "met":
            if on < n or not open_:
                return False
            may[1], may[2], may[3] = r & ~(rook & open_), b & ~(bishop & open_), \
                x & ~(knight & open_)
        elif kind == "exact":
            if on + count_open != n or not open_:
                return False
            may[0] = e & ~open_
            may[1], may[2], may[3] = r & ~(open_ & ~rook), b & ~(open_ & ~bishop), \
                x & ~(open_ & ~knight)
        else:  # all-attack
            missing, unplaced = n - on, self.ctx.total - placed.bit_count()
            if missing > unplaced:
                return CONTRADICTION
            if missing == 0 or missing != unplaced:
                return False
            may[1], may[2], may[3] = r & (rook | placed), b & (bishop | placed), \
                x & (knight | placed)
        return True

    def all_placed(self):
        may, ctx = self.may, self.ctx
        filled = ctx.free & ~may[0]
        count = filled.bit_count()
        if count > ctx.total:
            return CONTRADICTION
        if count < ctx.total:
            return False
        for i in PIECE_INDICES:
            may[i] &= filled
        return True

    def fill(self):
        may, ctx = self.may, self.ctx
        filled = ctx.free & ~may[0]
        open_ = (may[1] | may[2] | may[3]) & may[0]
        reach = filled.bit_count() + open_.bit_count()
        if reach < ctx.total:
            return CONTRADICTION
        if reach > ctx.total or not open_:
            return False
        may[0] &= ~open_
        return True

    def used_up(self, i: int):
        may, ctx = self.may, self.ctx
        placed = placed_sets(may)[i]
        count = placed.bit_count()
        if count > ctx.counts[i]:
            return CONTRADICTION
        if count < ctx.counts[i]:
            return False
        may[i] &= placed
        return True

    def type_(self, i: int):
        may, ctx = self.may, self.ctx
        placed = placed_sets(may)[i]
        open_ = may[i] & ~placed
        left = ctx.counts[i] - placed.bit_count()
        if open_.bit_count() < left:
            return CONTRADICTION
        if open_.bit_count() != left or not open_:
            return False
        for j in range(4):
            if j != i:
                may[j] &= ~open_
        return True

    # ---- the sweep -----------------------------------------------------------------------

    def run(self) -> int:
        """Sweep the active rules to their fixpoint; return the steps taken or CONTRADICTION.

        A place is a function of `may` alone, so one that narrowed nothing is not looked at
        again until some step has changed `may` (`idle[j]`: the step count when place j last
        narrowed nothing): it would narrow nothing again."""
        if self.trace is None and compiled is not None and len(self.ctx.puzzle.numbers) <= \
                KERNEL_CELLS:
            return self._run_compiled(compiled)
        may, free, steps = self.may, self.ctx.free, 0
        plan, tally, trace = sweep_plan(self.ctx, self.rules), self.tally, self.trace
        idle = [-1] * len(plan)
        changed = True
        while changed and undecided(may):
            changed = False
            for j, (rule, kind, cell, piece, apply, args) in enumerate(plan):
                if idle[j] == steps:
                    continue
                before = may.copy()
                result = apply(self, *args)
                if result == CONTRADICTION:
                    return CONTRADICTION
                if not result or may == before:
                    idle[j] = steps
                    continue
                if free & ~(may[0] | may[1] | may[2] | may[3]):
                    return CONTRADICTION  # a cell with no value left
                steps += 1
                changed = True
                tally[rule] = tally.get(rule, 0) + 1
                if trace is not None:
                    trace.append(Step(rule, kind, cell, piece, masks(before), masks(may)))
        return steps


    def _run_compiled(self, kernel: ModuleType) -> int:
        """Return `run`'s answer from the kernel, leaving `may` and `tally` as `run` does."""
        ctx = self.ctx
        steps, may, order = kernel.sweep(tuple(self.may), ctx.free, ctx.total, *ctx.counts[1:],
                                         rule_bits(self.rules), ctx.packed_zeros,
                                         ctx.packed_numbers)
        self.may[:] = may
        for index, count in order:
            self.tally[LADDER[index]] = self.tally.get(LADDER[index], 0) + count
        return steps


@cache
def rule_bits(rules: frozenset[str]) -> int:
    """Return the kernel's bit set of a rule set (1 zero, 2 number, 4 board, 8 type)."""
    return sum(1 << LADDER.index(rule) for rule in rules)


def is_solution(ctx: Context, may) -> bool:
    """Return True if every cell is decided, the inventory is met exactly and every number is."""
    if undecided(may):
        return False
    _, rooks, bishops, knights = placed_sets(may)
    if (rooks.bit_count(), bishops.bit_count(), knights.bit_count()) != ctx.counts[1:]:
        return False
    by_rook, by_bishop, by_knight = ctx.attacks[1], ctx.attacks[2], ctx.attacks[3]
    for k, n in (*((k, 0) for k in ctx.zeros), *ctx.numbered):
        if ((rooks & by_rook[k]).bit_count() + (bishops & by_bishop[k]).bit_count()
                + (knights & by_knight[k]).bit_count()) != n:
            return False
    return True


def solution_of(ctx: Context, may) -> ChesspySolution:
    """Return the placement a fully decided `may` describes."""
    return ChesspySolution(ctx.puzzle.width, ctx.puzzle.height, domains_of(ctx, may))


def domains_of(ctx: Context, may) -> tuple[int, ...]:
    """Return every cell's domain (a numbered cell's is EMPTY)."""
    cells = len(ctx.puzzle.numbers)
    if compiled is not None and cells <= KERNEL_CELLS:
        return tuple(compiled.domains(tuple(may), ctx.free, cells))
    e, r, b, n = may
    free = ctx.free
    return tuple((e >> k & 1) * EMPTY | (r >> k & 1) * ROOK | (b >> k & 1) * BISHOP
                 | (n >> k & 1) * KNIGHT if free >> k & 1 else EMPTY
                 for k in range(cells))


@dataclass(frozen=True)
class Trace:
    """A deduction with its steps: the Deduction, the Steps in order and the highest rule used
    (a ladder index; -1 when no step was taken)."""

    deduction: Deduction[ChesspySolution]
    steps: tuple[Step, ...]
    highest: int


def trace_with(puzzle: ChesspyPuzzle, rules: frozenset[str], keep_steps: bool = True) -> Trace:
    """Return the fixpoint of the named rules on `puzzle` with every step taken (the Steps only
    when `keep_steps`; the counts and the highest rule always)."""
    ctx = context(puzzle)
    state = Propagation(ctx, rules, trace=keep_steps)
    steps = state.run()
    may, tally = state.may, state.tally
    highest = max((LADDER.index(rule) for rule in tally), default=-1)
    domains, total = domains_of(ctx, may), sum(tally.values())
    deduction: Deduction[ChesspySolution]
    if steps == CONTRADICTION or (not undecided(may) and not is_solution(ctx, may)):
        deduction = Deduction(domains, total, tally, contradiction=True)
    else:
        solution = None if undecided(may) else ChesspySolution(puzzle.width, puzzle.height,
                                                                 domains)
        deduction = Deduction(domains, total, tally, solution=solution)
    return Trace(deduction, tuple(state.trace or ()), highest)


def deduce_with(puzzle: ChesspyPuzzle, rules: frozenset[str]) -> Deduction[ChesspySolution]:
    """Return the fixpoint of the named rules on `puzzle` (see Deduction)."""
    return trace_with(puzzle, rules, keep_steps=False).deduction
