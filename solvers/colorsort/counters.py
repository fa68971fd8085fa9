"""The two solvers as the genre contract's counters, and the DFS as its deduction.

Color Sort has no uniqueness to prove: a counter says whether a deal can be sorted at all.
  Count(1, (solution,), nodes, False)  it found a solution (a ColorSortSolution of pours)
  Count(0, (), nodes, False)           it proved there is none
  Count(0, (), nodes, True)            it gave up (node limit or state cap), or its search
                                       ended without being a proof: unknown
The genre's counting strategy is Solvable (solvers/core/counting.py): `limit` has no effect,
at most one solution is ever reported; `solvability` is what the two solvers say together.
The "ladder" engine is the reference's DFS (jsengine.solve, run by the C kernel: novice.py); its
budget is `max_nodes` when given, else the node limit of the hardest grade among `rules`
(grades.dfs_budget), the reference's 20000 for the whole ladder. The "optimal" engine is the A*
solver (optimal.py), sharing no code with the DFS; its `nodes` are the positions it generated.
The reference's DFS skips every pour out of a full one-colour tube. The reference says this never
changes
whether a solution is found; that holds only when no colour has more units than a tube holds
(then such a tube holds all of its colour, and its only pours go into an empty tube, which
leaves the position as it was). With a duplicated colour it can lose every solution: the JS
engine says "no solution" for dealTubes(3, 4, rng("sweep-4004"), 3, 1) after 325 nodes, and
16 pours sort it (tests/colorsort/test_colorsort_solvers.py). So an exhausted DFS is a proof
only for deals without duplicated colours (`dfs_exhaustion_proves`); otherwise it is unknown.
Both engines' results are kept for the last few puzzles asked, since the pipeline asks the
same deal to be counted and then graded.
"""

from functools import lru_cache

from solvers.colorsort.board import ColorSortPuzzle, ColorSortSolution
from solvers.colorsort.grades import dfs_budget
from solvers.colorsort.jsengine import DEFAULT_NODE_LIMIT, DfsResult, apply_pour
from solvers.colorsort.novice import solve
from solvers.colorsort.optimal import (
    DEFAULT_STATE_CAP,
    SOLVABLE,
    UNKNOWN,
    UNSOLVABLE,
    OptimalResult,
    solve_optimal,
)
from solvers.core.counting import Solvability
from solvers.core.results import Count, Deduction

RECENT_PUZZLES = 16


@lru_cache(maxsize=RECENT_PUZZLES)
def dfs_result(puzzle: ColorSortPuzzle, node_limit: int) -> DfsResult:
    """Return the reference's DFS result for `puzzle` with `node_limit` (remembered for a while)."""
    return solve(puzzle.tubes, puzzle.capacity, node_limit)


@lru_cache(maxsize=RECENT_PUZZLES)
def optimal_result(puzzle: ColorSortPuzzle, state_cap: int = DEFAULT_STATE_CAP) -> OptimalResult:
    """Return the optimal solver's result for `puzzle` (remembered for a while)."""
    return solve_optimal(puzzle, state_cap)


def dfs_exhaustion_proves(puzzle: ColorSortPuzzle) -> bool:
    """Return whether the reference's DFS ending without a solution proves that there is none: when
    no colour has more units than a tube holds (see the module)."""
    units: dict[int, int] = {}
    for tube in puzzle.tubes:
        for colour in tube:
            units[colour] = units.get(colour, 0) + 1
    return max(units.values(), default=0) <= puzzle.capacity


def dfs_proved_unsolvable(puzzle: ColorSortPuzzle, found: DfsResult) -> bool:
    """Return whether the DFS result `found` for `puzzle` proves there is no solution."""
    return not found.solved and not found.truncated and dfs_exhaustion_proves(puzzle)


def count_ladder(puzzle: ColorSortPuzzle, rules: frozenset[str], limit: int = 2,
                 max_nodes: int | None = None) -> Count:
    """Return the DFS's verdict as a Count (see the module)."""
    found = dfs_result(puzzle, dfs_budget(rules) if max_nodes is None else max_nodes)
    if found.solved:
        return Count(1, (ColorSortSolution(found.moves),), found.nodes, truncated=False)
    return Count(0, (), found.nodes, truncated=not dfs_proved_unsolvable(puzzle, found))


def count_optimal(puzzle: ColorSortPuzzle, limit: int = 2) -> Count:
    """Return the optimal solver's verdict as a Count (see the module); its solution is a
    shortest one."""
    found = optimal_result(puzzle)
    if found.status == SOLVABLE:
        return Count(1, (ColorSortSolution(found.moves),), found.states, truncated=False)
    return Count(0, (), found.states, truncated=found.status == UNKNOWN)


def deduce_with(puzzle: ColorSortPuzzle, rules: frozenset[str]) -> Deduction:
    """Return what the reference's DFS finds within the node budget of the grades `rules`.

    `solution` is the DFS's pours when it sorts the deal within the budget; `contradiction`
    means it searched every position its prunings leave, none is sorted, and that is a proof
    (no duplicated colour: see the module); `steps` is the number of nodes it entered;
    `domains` holds the tubes where it ends (sorted when solved, the deal otherwise).
    """
    found = dfs_result(puzzle, dfs_budget(rules))
    tubes = [list(tube) for tube in puzzle.tubes]
    for i, j in found.moves:
        after = apply_pour(tubes, puzzle.capacity, i, j)
        assert after is not None, "the DFS's pours are legal in turn"
        tubes = after
    return Deduction(
        domains=tuple(tuple(tube) for tube in tubes),
        steps=found.nodes,
        contradiction=dfs_proved_unsolvable(puzzle, found),
        solution=ColorSortSolution(found.moves) if found.solved else None,
    )


def solvability(puzzle: ColorSortPuzzle) -> Solvability[ColorSortSolution]:
    """Return what the two solvers say together (the DFS with the reference's node limit).

    Solvable when either sorts it, not when a solver proves it cannot be sorted (the DFS only
    for a deal without duplicated colours), unknown otherwise; `optimal` the least number of
    pours when the optimal solver finished; `solution` a shortest solution when known, else the
    reference's DFS's, else None.
    """
    optimal = optimal_result(puzzle)
    dfs = dfs_result(puzzle, DEFAULT_NODE_LIMIT)
    if optimal.status == SOLVABLE:
        return Solvability(True, optimal.pours, ColorSortSolution(optimal.moves))
    if dfs.solved:
        return Solvability(True, optimal.pours, ColorSortSolution(dfs.moves))
    proved = optimal.status == UNSOLVABLE or dfs_proved_unsolvable(puzzle, dfs)
    return Solvability(False if proved else None, optimal.pours, None)
