"""The search level: exact cover over the catalogue, after the lower rules at every node.

Vocabulary as in rules.py; a *scope* is the bit set of cells a sub-search must cover. At a node
the lower rules run to their fixpoint; a node whose budget fails (the ration inequality, rules.py,
on the node as it stands) is a dead end at every level; every room alone at a cell is placed (a
column with one row, in Knuth's Algorithm X). The *open* cells are those with two or more rooms
left; open cells linked by a shared room form a *part*, and parts share no room, so each part is
searched alone and the counts multiply. Within a part the search branches on an open cell with
the fewest rooms, placing each in turn, so no partition is reached twice. A *node* is one
branching. _kernel.c follows this module step for step (see rules.py).
"""

from itertools import islice, product

from solvers.araf.board import ArafPuzzle, ArafSolution, cells_of, rooms_of, solution_of
from solvers.araf.rules import CONTRADICTION, Propagation, Tables, tables, within_budget
from solvers.core.deadline import check
from solvers.core.results import Count

LOWER = frozenset(("pair", "cell", "ration"))


class _Stop(Exception):
    """Raised inside the search when the node budget is spent."""


class _Search:
    """One exact-cover run: the node count and budget shared by its sub-searches."""

    def __init__(self, max_nodes: int | None) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes

    def cover(self, state: Propagation, scope: int, limit: int) -> list[int]:
        """Return up to `limit` room sets, each covering the cells of `scope` exactly with rooms
        alive in `state` after its rules (and a consistent cover of the rest exists so far)."""
        check()  # a solve's deadline (solvers/core/deadline.py): a propagation a call
        cat = state.tab.cat
        if state.run() == CONTRADICTION or not within_budget(state.tab, state.alive):
            return []
        alive = _place_forced(state.tab, state.alive)
        if alive is None:
            return []
        counts = {k: (cat.cover[k] & alive).bit_count() for k in cells_of(scope)}
        open_cells = sum(1 << k for k, n in counts.items() if n > 1)
        settled = 0
        for k in cells_of(scope & ~open_cells):
            settled |= cat.cover[k] & alive
        if not open_cells:
            return [settled]
        state = state.child(alive)
        parts = _parts(cat, alive, open_cells)
        if len(parts) > 1:
            covers = []
            for part in parts:
                covers.append(self.cover(state, part, limit))
                if not covers[-1]:
                    return []
            return [settled | sum(rooms) for rooms in islice(product(*covers), limit)]
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise _Stop
        self.nodes += 1
        _, best = min((n, k) for k, n in counts.items() if n > 1)
        found: list[int] = []
        for i in cells_of(cat.cover[best] & alive):
            found.extend(self.cover(state.placed(i), scope, limit - len(found)))
            if len(found) >= limit:
                break
        return found


def _place_forced(tab: Tables, alive: int) -> int | None:
    """Return `alive` with every room that is alone at a cell placed, to a fixpoint; None when
    a cell is left with no room."""
    keep = tab.keep
    while True:
        before = alive
        for here in tab.cat.cover:
            here &= alive
            if not here:
                return None
            if not here & (here - 1):
                alive &= keep[here.bit_length() - 1]
        if alive == before:
            return alive


def _parts(cat, alive: int, open_cells: int) -> list[int]:
    """Return the open cells grouped into parts: cells linked by an alive room."""
    cover = cat.cover
    parts = []
    while open_cells:
        part = frontier = open_cells & -open_cells
        rest = open_cells & ~part
        while frontier:
            rooms = 0
            for k in cells_of(frontier):
                rooms |= cover[k]
            rooms &= alive
            frontier = 0
            for k in cells_of(rest):
                if cover[k] & rooms:
                    frontier |= 1 << k
            rest &= ~frontier
            part |= frontier
        parts.append(part)
        open_cells &= ~part
    return parts


def exact_cover(state: Propagation, limit: int, max_nodes: int | None = None) -> Count:
    """Return the partitions reachable from `state` (propagating its rules at every node), up to
    `limit`; exact unless `truncated`: stopped at `limit` solutions, or at `max_nodes` nodes
    (then the count is 0, a lower bound)."""
    cat = state.tab.cat
    w, h = cat.puzzle.width, cat.puzzle.height
    search = _Search(max_nodes)
    try:
        found = search.cover(state, (1 << len(cat.cover)) - 1, limit)
    except _Stop:
        return Count(0, (), search.nodes, truncated=True)
    solutions = tuple(solution_of(w, h, [cat.rooms[i] for i in cells_of(chosen)])
                      for chosen in found)
    return Count(len(solutions), solutions, search.nodes, truncated=len(solutions) >= limit)


def count_ladder(
    puzzle: ArafPuzzle, rules: frozenset[str], limit: int = 2, max_nodes: int | None = None
) -> Count:
    """Return the solutions of `puzzle` up to `limit`: propagate `rules` (less search, which is
    this branching itself), then branch, depth first."""
    return exact_cover(Propagation(tables(puzzle), rules & LOWER), limit, max_nodes)


def solution_besides(puzzle: ArafPuzzle, planted: list[int], rules: frozenset[str],
                     max_nodes: int | None = None) -> tuple[ArafSolution | None, bool]:
    """Return (the first of the solutions `count_ladder(puzzle, rules, 2, max_nodes)` finds that
    is not the one made of the rooms `planted` (cell sets), or None; whether that count stopped
    at `max_nodes` nodes, finding none)."""
    found = count_ladder(puzzle, rules, 2, max_nodes)
    mine = set(planted)
    return (next((s for s in found.solutions if set(rooms_of(s)) != mine), None),
            found.truncated and not found.count)


CELL_RULES = frozenset(("pair", "cell"))


def solution_using(puzzle: ArafPuzzle, rooms: int, max_nodes: int) -> ArafSolution | None:
    """Return a solution of `puzzle` holding at least one of the catalogue rooms in the room set
    `rooms`, or None when no solution holds any of them; exact.

    Each room in turn is placed and searched for one solution under the cell rules, stopped at
    `max_nodes` nodes; a room in no solution is struck off before the next one is tried. The
    rooms whose search ran out are then searched again under the whole ladder, with no limit.
    """
    tab = tables(puzzle)
    root = Propagation(tab, CELL_RULES)
    if root.run() == CONTRADICTION:
        return None
    alive, unsettled = root.alive, 0  # the cells whose rooms changed since the root's fixpoint
    for rules, nodes in ((CELL_RULES, max_nodes), (LOWER, None)):
        for i in cells_of(rooms & alive):
            state = Propagation(tab, rules, alive & tab.keep[i], tab.reach[i] | unsettled)
            found = exact_cover(state, 1, nodes)
            if found.count:
                return found.solutions[0]
            if not found.truncated:
                alive &= ~(1 << i)
                unsettled |= tab.cat.rooms[i]
    return None
