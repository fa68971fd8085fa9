"""The ladder's fixpoint as a Deduction: the rules below search, then (at the top) exact cover.

Vocabulary as in rules.py. A Deduction's domains are, per cell, the pairs (p, q) of numbered
cells whose rooms may still hold it; a cell is *decided* when one pair is left.
"""

from solvers.araf.board import ArafPuzzle, ArafSolution, rooms_of
from solvers.araf.rules import CONTRADICTION, Propagation, decided, owners, tables
from solvers.araf.search import LOWER, exact_cover
from solvers.core.results import Deduction


def solution_owners(puzzle: ArafPuzzle, solution: ArafSolution) -> tuple:
    """Return the domains that decide every cell as `solution` does."""
    domains: list = [()] * len(puzzle.numbers)
    for room in rooms_of(solution):
        cells = [k for k in range(len(puzzle.numbers)) if room >> k & 1]
        pair = tuple(k for k in cells if puzzle.numbers[k] is not None)
        for k in cells:
            domains[k] = (pair,)
    return tuple(domains)


def deduce_with(puzzle: ArafPuzzle, rules: frozenset[str]) -> Deduction:
    """Return the fixpoint of the named rules on `puzzle` (see Deduction); with "search", solved
    exactly when the puzzle has one solution, and a contradiction when it has none."""
    tab = tables(puzzle)
    state = Propagation(tab, rules & LOWER)
    steps = state.run()
    tally = state.tally
    domains = owners(tab, state.alive)
    if steps == CONTRADICTION or () in domains:
        return Deduction(domains, sum(tally.values()), tally, contradiction=True)
    if "search" not in rules:
        return Deduction(domains, steps, tally, solution=decided(tab, state.alive))
    found = exact_cover(state.child(state.alive), limit=2)
    tally["search"] = found.nodes
    steps += found.nodes
    if found.count == 0:
        return Deduction(domains, steps, tally, contradiction=True)
    if found.count > 1:
        return Deduction(domains, steps, tally)
    solution = found.solutions[0]
    return Deduction(solution_owners(puzzle, solution), steps, tally, solution=solution)
