"""The Shakashaka ladder: clues < parity < tips < reflex < search, its fixpoint and its counter.

Vocabulary (see lattice.py and propagation.py): a *rule set* is a set of ladder names.
- clues: the number propagator on every numbered black cell.
- parity, tips, reflex: the shape rules. Together they are one lattice propagator whose table is
  the intersection of theirs (PARITY, TIPS, REFLEX; every sector pattern when none is active):
  parity = white angle a multiple of 90 degrees, tips = no 45-degree wedge, reflex = no 270-degree
  corner. tips and reflex together are the whole region rule; parity is implied by tips.
- search: smallest-domain-first branching on top of the other rules of the set; its level is
  reached only by a puzzle the search proves unique.
A level's fixpoint keeps every true solution (the rules are sound); a complete fixpoint is then
judged against the whole rule (FULL and the numbers), since the weaker levels let more through.
A rule set holding WHOLE_RULE (clues, tips and reflex) needs no judge: its propagators are the
whole rule, and a fixpoint has applied each of them since its cells last changed, so a complete
fixpoint is a solution.
Lattice steps are tallied under the names of the shape rules that built the table, joined by
'+' (e.g. "parity+tips+reflex"); number steps under "clues"; branchings under "search".
"""

import random
from collections.abc import Callable
from functools import cache

from solvers.core.grading import SEARCH
from solvers.core.results import Count, Deduction
from solvers.shakashaka.board import ShakaPuzzle, ShakaSolution
from solvers.shakashaka.lattice import PARITY, REFLEX, TIPS, intersect
from solvers.shakashaka.propagation import CONTRADICTION, Propagation, context, is_solution
from solvers.shakashaka.search import search

LADDER = ("clues", "parity", "tips", "reflex", SEARCH)
SHAPE_TABLES = {"parity": PARITY, "tips": TIPS, "reflex": REFLEX}
WHOLE_RULE = frozenset(("clues", "tips", "reflex"))
STATE_OF = {1 << state: state for state in range(6)}  # the state of a decided cell's domain


def start(puzzle: ShakaPuzzle, rules: frozenset[str], table: bytes | None = None) -> Propagation:
    """Return the propagation of `rules` on `puzzle`, before its first run.

    `table` replaces the shape rules' table (used to count under tables off the ladder).
    """
    shapes = tuple(name for name in SHAPE_TABLES if name in rules)
    if table is None and shapes:
        table = shape_table(shapes)
    return Propagation(context(puzzle), "clues" in rules, table,
                       names=("clues", "+".join(shapes) or "table"))


@cache
def shape_table(shapes: tuple[str, ...]) -> bytes:
    """Return the intersection of the tables of the named shape rules."""
    return intersect(*(SHAPE_TABLES[name] for name in shapes))


def judge_for(puzzle: ShakaPuzzle, rules: frozenset[str]) -> Callable[[list[int]], bool] | None:
    """Return the judge of the complete fixpoints of `rules`: None when they hold the whole
    rule (see the module docstring), else `is_solution`."""
    if rules >= WHOLE_RULE:
        return None
    ctx = context(puzzle)
    return lambda dom: is_solution(ctx, dom)


def solution_of(puzzle: ShakaPuzzle, dom) -> ShakaSolution:
    """Return the solution a complete domain list spells."""
    cells = tuple(map(STATE_OF.__getitem__, dom[: puzzle.width * puzzle.height]))
    return ShakaSolution(puzzle.width, puzzle.height, cells)


def deduce_with(puzzle: ShakaPuzzle, rules: frozenset[str]) -> Deduction:
    """Return the fixpoint of the named rules on `puzzle` (see Deduction).

    With "search" in `rules`, an open fixpoint is searched to two solutions: one makes the
    Deduction solved (its steps then include one per branching), none a contradiction.
    """
    judge = judge_for(puzzle, rules)
    state = start(puzzle, rules)
    steps = state.run()
    tally = state.tally
    domains = tuple(state.dom[:-1])
    if steps == CONTRADICTION:
        return Deduction(domains, sum(tally.values()), tally, contradiction=True)
    if state.open_cell() < 0:
        if judge and not judge(state.dom):
            return Deduction(domains, steps, tally, contradiction=True)
        return Deduction(domains, steps, tally, solution=solution_of(puzzle, state.dom))
    if SEARCH not in rules:
        return Deduction(domains, steps, tally)
    found = search(state, 2, judge=judge)
    tally = {**tally, SEARCH: found.nodes}
    steps += found.nodes
    if not found.solutions:
        return Deduction(domains, steps, tally, contradiction=True)
    if len(found.solutions) > 1:
        return Deduction(domains, steps, tally)
    return Deduction(found.solutions[0][:-1], steps, tally,
                     solution=solution_of(puzzle, found.solutions[0]))


def _count(puzzle: ShakaPuzzle, found: Count) -> Count:
    """Return `found` (solutions as domain lists) with the solutions it spells."""
    return Count(found.count, tuple(solution_of(puzzle, dom) for dom in found.solutions),
                 found.nodes, found.truncated)


def count_ladder(
    puzzle: ShakaPuzzle, rules: frozenset[str], limit: int = 2, max_nodes: int | None = None
) -> Count:
    """Return the solutions of `puzzle` up to `limit`, found by propagating `rules` and branching.

    Complete boards are judged by the whole rule, so every level counts the same solutions
    (the low levels only for boards small enough to search with weak propagation).
    """
    found = search(start(puzzle, rules), limit, max_nodes, judge=judge_for(puzzle, rules))
    return _count(puzzle, found)


def count_relaxed(
    puzzle: ShakaPuzzle,
    rules: frozenset[str],
    limit: int = 2,
    max_nodes: int | None = None,
    table: bytes | None = None,
) -> Count:
    """Return the solutions of `puzzle` under `rules` alone (a weakened rulebook) up to `limit`.

    `table` replaces the shape rules' table, e.g. NAIVE to count what the naive rule lets by.
    """
    return _count(puzzle, search(start(puzzle, rules, table), limit, max_nodes))


def random_solution(
    puzzle: ShakaPuzzle, rng: random.Random, max_nodes: int
) -> ShakaSolution | None:
    """Return a random solution of `puzzle` by a randomised search under the whole ladder, or
    None when the search finds none within `max_nodes` branchings."""
    rules = frozenset(LADDER)
    found = search(start(puzzle, rules), 1, max_nodes, judge=judge_for(puzzle, rules), rng=rng)
    return solution_of(puzzle, found.solutions[0]) if found.solutions else None
