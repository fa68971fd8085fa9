"""The generator's question "does this rule set solve the puzzle?", answered by the C kernel.

The fixpoint of the ladder's rules does not depend on the order they fire in, so the kernel
(_kernel.c, built by `pip install -e .`) computes the same domains as the Python ladder in
rules.py, the reference, without counting steps; the tests hold the two to each other on
thousands of boards. Grades and step counts still come from the Python ladder. Vocabulary as
in rules.py; `rules` are ladder rule names.
"""

from types import ModuleType

from solvers.slant.board import BOTH, SlantPuzzle
from solvers.slant.rules import deduce_with
from solvers.slant.search import count_ladder

compiled: ModuleType | None
try:
    from solvers.slant import _kernel as compiled
except ImportError:  # not built: every answer comes from the Python ladder (slower, the same)
    compiled = None

COMPILED = compiled is not None
RULE_BITS = {"count": 1, "cycle": 2, "duet": 4, "probe": 8}
NO_CLUE = 255
_CLUE_BYTE: dict[int | None, int] = {None: NO_CLUE, **{n: n for n in range(NO_CLUE)}}


def _clue_bytes(puzzle: SlantPuzzle) -> bytes:
    """Return the clues as the kernel reads them: a byte per vertex, NO_CLUE where none."""
    return bytes(map(_CLUE_BYTE.__getitem__, puzzle.clues))


def kernel_domains(puzzle: SlantPuzzle, rules: frozenset[str]) -> tuple[int, ...] | None:
    """Return the cell domains at the fixpoint of `rules`, or None when the rules find a
    contradiction or decide every cell into a board that is not a solution."""
    if compiled is None:
        deduction = deduce_with(puzzle, rules)
        return None if deduction.contradiction else deduction.domains
    mask = sum(RULE_BITS[name] for name in rules)
    domains = compiled.fixpoint(puzzle.width, puzzle.height, _clue_bytes(puzzle), mask)
    return None if domains is None else tuple(domains)


def solves(puzzle: SlantPuzzle, rules: frozenset[str]) -> bool:
    """Return True if the fixpoint of `rules` decides every cell into the solution."""
    domains = kernel_domains(puzzle, rules)
    return domains is not None and BOTH not in domains


def count_solutions(puzzle: SlantPuzzle, rules: frozenset[str], limit: int) -> int:
    """Return how many solutions `puzzle` has, up to `limit` (propagating `rules`, branching)."""
    if compiled is None:
        return count_ladder(puzzle, rules, limit).count
    mask = sum(RULE_BITS[name] for name in rules)
    return compiled.count(puzzle.width, puzzle.height, _clue_bytes(puzzle), mask, limit)
