"""The ladder counter: propagate with a rule set, then branch on an open cell, depth first.

Vocabulary as in rules.py. A *node* is one branching: a fixpoint that left cells open. This is
for counting only; a board the rules cannot finish is never graded by it. Besides the active
rules, the search drops a branch that can no longer meet the counts (`dead_end`), so that the
low levels count in reasonable time too; this prunes, it never narrows a domain.
"""

from solvers.chesspy.board import VALUES, ChesspyPuzzle
from solvers.chesspy.rules import (
    CONTRADICTION,
    PIECE_INDICES,
    Context,
    Propagation,
    context,
    is_solution,
    placed_sets,
    solution_of,
    undecided,
)
from solvers.core.results import Count
from solvers.core.search import count_by_branching


def dead_end(ctx: Context, may) -> bool:
    """Return True if no completion of `may` can meet the inventory or every number: a type,
    the whole board or a number has more placed pieces than it allows, or fewer possible."""
    placed = placed_sets(may)
    on_board = placed[1] | placed[2] | placed[3]
    for i in PIECE_INDICES:
        if not placed[i].bit_count() <= ctx.counts[i] <= may[i].bit_count():
            return True
    filled = ctx.free & ~may[0]
    if not filled.bit_count() <= ctx.total <= (may[1] | may[2] | may[3]).bit_count():
        return True
    for k, n in enumerate(ctx.puzzle.numbers):
        if n is None:
            continue
        reach = (may[1] & ctx.attacks[1][k]) | (may[2] & ctx.attacks[2][k]) \
            | (may[3] & ctx.attacks[3][k])
        if not (reach & on_board).bit_count() <= n <= reach.bit_count():
            return True
    return False


def count_ladder(
    puzzle: ChesspyPuzzle, rules: frozenset[str], limit: int = 2, max_nodes: int | None = None
) -> Count:
    """Return the solutions of `puzzle` up to `limit`, found by propagating `rules` then branching
    on the lowest open cell, one value at a time.

    The count is exact unless `truncated` (stopped at `limit` solutions or `max_nodes` nodes).
    """
    ctx = context(puzzle)

    def expand(state: Propagation):
        if state.run() == CONTRADICTION or dead_end(ctx, state.may):
            return None, ()
        open_cells = undecided(state.may)
        if not open_cells:
            return (solution_of(ctx, state.may) if is_solution(ctx, state.may) else None), ()
        bit = open_cells & -open_cells
        children = []
        for i in range(len(VALUES)):  # EMPTY first
            if state.may[i] & bit:
                may = [m & ~bit for m in state.may]
                may[i] |= bit
                children.append(Propagation(ctx, rules, may))
        return None, children

    return count_by_branching(Propagation(ctx, rules), expand, limit, max_nodes)
