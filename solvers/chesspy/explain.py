"""Chesspy explained: the reference's sweep (rules.py) read out as steps, with hints.py's sentences.

Vocabulary as in rules.py. Chesspy's ladder already runs one place at a time, so its trace is
the sweep's own: every rule application that narrowed something is a step, whether or not it
decided a cell (a zero may only take piece types away). A step reads the cells that could
attack its number (zero, number) or every free cell (board, type); it depends on the steps that
last changed those. A cell's value is its solution-text letter, '.RBN'.
Where the ladder stops before the board is full (a puzzle that needs search), a hint (the trace
up to a decision) ends with a `search` step that reveals one cell of the unique solution: the
first open cell in name order, as Shakashaka's and Araf's search rung does. Such a trace's
ladder is the genre's with `search` on top; a trace of a puzzle the rules solve never has one.
"""

from solvers.chesspy import GENRE
from solvers.chesspy.board import (
    LETTER,
    PIECE_NAME,
    VALUES,
    ChesspyPuzzle,
    ChesspySolution,
    cell_name,
    geometry,
)
from solvers.chesspy.hints import describe
from solvers.chesspy.rules import (
    CONTRADICTION,
    LADDER,
    PIECE_INDICES,
    Context,
    Propagation,
    context,
    domain,
    initial_masks,
    undecided,
)
from solvers.chesspy.rules import Step as SweepStep
from solvers.core.errors import PuzzleFormatError
from solvers.core.explain import Cell, Step, Trace, Weights
from solvers.core.grading import SEARCH
from solvers.core.partial import grid_explainer
from solvers.core.walk import Contradiction

WEIGHTS = Weights(level=(0, 100, 200, 300),
                  per_step={"zero": 0.5, "number": 1, "board": 2, "type": 3}, depth=1)


def masks_of(ctx: Context, cells: list[str | None]) -> list[int]:
    """Return the `may` sets of a partial board: a decided free cell keeps its one value."""
    may = initial_masks(ctx)
    for k, ch in enumerate(cells):
        if ch is None or not ctx.free >> k & 1:
            continue
        value = VALUES.index(next(v for v, letter in LETTER.items() if letter == ch))
        for i in range(4):
            may[i] = may[i] | 1 << k if i == value else may[i] & ~(1 << k)
    return may


def value(ctx: Context, may, k: int) -> str | None:
    """Return cell k's letter when `may` decides it (a numbered cell is '.'), else None."""
    if not ctx.free >> k & 1:
        return LETTER[VALUES[0]]
    d = domain(may, k)
    return LETTER.get(d, None)


def reads(ctx: Context, step: SweepStep) -> range | list[int]:
    """Return the cells a sweep step reads (see the module)."""
    if step.cell is None:
        return range(len(ctx.puzzle.numbers))
    bits = 0
    for i in PIECE_INDICES:
        bits |= ctx.attacks[i][step.cell]
    return [k for k in range(len(ctx.puzzle.numbers)) if bits >> k & 1]


def because(ctx: Context, step: SweepStep) -> tuple[str, ...]:
    """Return what a step looks at: its number's cell, or the piece type or board it counts."""
    if step.cell is not None:
        return (cell_name(step.cell, ctx.puzzle.width),)
    if step.piece is not None:
        return (PIECE_NAME[step.piece],)
    return ("board",)


def explain(puzzle: ChesspyPuzzle, solution: ChesspySolution | None = None,
            cells: list[str | None] | None = None, until_decision: bool = False
            ) -> Trace | Contradiction:
    """Return the sweep's trace of `puzzle` from a partial board (default: empty)."""
    ctx = context(puzzle)
    cells = cells or [None] * len(puzzle.numbers)
    prop = Propagation(ctx, frozenset(LADDER), masks_of(ctx, cells), trace=True)
    if prop.run() == CONTRADICTION:
        return Contradiction(None)
    steps: list[Step] = []
    last: dict[int, int] = {}
    for sweep in prop.trace or ():
        changed = [k for k in range(len(puzzle.numbers))
                   if domain(sweep.before, k) != domain(sweep.after, k)]
        decided = [k for k in changed if value(ctx, sweep.before, k) is None
                   and value(ctx, sweep.after, k) is not None]
        depends = tuple(sorted({last[k] for k in reads(ctx, sweep) if k in last}))
        steps.append(Step(sweep.rule, tuple(Cell(*divmod(k, puzzle.width),
                                                 value(ctx, sweep.after, k) or "")
                                            for k in decided),
                          because(ctx, sweep), describe(puzzle, sweep), depends))
        last.update(dict.fromkeys(changed, len(steps) - 1))
        if until_decision and decided:
            break
    stuck = bool(undecided(prop.may)) and not (until_decision and steps and steps[-1].cells)
    if stuck and until_decision:
        revealed = search_step(ctx, prop.may, solution)
        if revealed is not None:
            return Trace("chesspy", (*LADDER, SEARCH), (*steps, revealed))
    return Trace("chesspy", LADDER, tuple(steps), stuck=stuck)


def search_step(ctx: Context, may, solution: ChesspySolution | None) -> Step | None:
    """Return the step that reveals the first open cell (in name order) as the puzzle's unique
    solution has it, None when it has not exactly one (then the hint says the ladder is
    stuck)."""
    puzzle = ctx.puzzle
    if solution is None:
        found = GENRE.count(puzzle, limit=2)
        if found.count != 1 or found.truncated:
            return None
        solution = found.solutions[0]
    k = next(k for k in geometry(puzzle.width, puzzle.height).name_order
             if ctx.free >> k & 1 and value(ctx, may, k) is None)
    name, letter = cell_name(k, puzzle.width), LETTER[solution.cells[k]]
    holds = "is empty" if letter == "." else f"holds a {PIECE_NAME[solution.cells[k]]}"
    return Step(SEARCH, (Cell(*divmod(k, puzzle.width), letter),), (name,),
                f"No rule decides more here; every other choice for {name} leads to no "
                f"solution: {name} {holds}.")


def entails(puzzle: ChesspyPuzzle, cells: list[str | None], rule: str) -> list[str | None]:
    """Return the board the ladder up to `rule` reaches from a partial board (for checks)."""
    ctx = context(puzzle)
    prop = Propagation(ctx, frozenset(LADDER[: LADDER.index(rule) + 1]), masks_of(ctx, cells))
    if prop.run() == CONTRADICTION:
        raise PuzzleFormatError("the rules find a contradiction")
    return [value(ctx, prop.may, k) for k in range(len(puzzle.numbers))]



EXPLAINER = grid_explainer(GENRE, WEIGHTS, explain, ".RBN")
