"""The optimal solver: A* over positions for the fewest pours; it shares no code with the DFS.

Vocabulary: a *tube* here is a string of colour characters from the bottom up; a *position* is
the tubes' multiset, keyed by the tubes sorted and joined by '|' (tube order never matters to
what can still happen); a *run* is a maximal block of one colour inside a tube; *need[c]* is how
many full tubes colour c makes (its units / capacity).

The lower bound `pours_needed` counts, for every tube, the runs above its bottom run (each must
leave the tube, and one pour takes units of only one of the tube's runs), plus, for every colour
whose bottom runs sit in more tubes than need[c], the excess (those tubes must be emptied down to
the bottom too, since an untouched bottom unit makes its tube that colour's). One pour lowers
the bound by at most one, so it is consistent: A* pops every position at its least pour count,
and a sorted child of a position whose bound is at least one is reached in the fewest pours.
"""

import heapq
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise

from solvers.colorsort.board import COLOUR_CHARS, ColorSortPuzzle
from solvers.core.deadline import check

SOLVABLE, UNSOLVABLE, UNKNOWN = "solvable", "unsolvable", "unknown"
DEFAULT_STATE_CAP = 300_000


@dataclass(frozen=True)
class OptimalResult:
    """`status` SOLVABLE (then `moves` is a shortest solution in the puzzle's tube order),
    UNSOLVABLE (some colour cannot fill whole tubes, or every reachable position was searched)
    or UNKNOWN (more than the state cap of positions were generated);
    `states` is the number of distinct positions generated."""

    status: str
    moves: tuple[tuple[int, int], ...]
    states: int

    @property
    def pours(self) -> int | None:
        """Return the least number of pours, or None unless solvable."""
        return len(self.moves) if self.status == SOLVABLE else None


def tube_strings(puzzle: ColorSortPuzzle) -> list[str]:
    """Return the puzzle's tubes as strings of colour characters, in the puzzle's order."""
    return ["".join(COLOUR_CHARS[c] for c in tube) for tube in puzzle.tubes]


def position(tubes: list[str]) -> str:
    """Return the key of the position of `tubes`."""
    return "|".join(sorted(tubes))


def children(tubes: list[str], capacity: int) -> list[tuple[int, int, list[str]]]:
    """Return (source, target, tubes after) for every pour from `tubes` that leads to another
    position: a one-colour tube is never poured whole into an empty tube (that leaves the
    position unchanged) and only the first empty tube is used as a target."""
    first_empty = tubes.index("") if "" in tubes else -1
    takers: dict[str, list[int]] = {}
    for j, tube in enumerate(tubes):
        if tube and len(tube) < capacity:
            takers.setdefault(tube[-1], []).append(j)
    children = []
    for i, source in enumerate(tubes):
        if not source:
            continue
        top = source[-1]
        run = len(source) - len(source.rstrip(top))
        targets = [j for j in takers.get(top, ()) if j != i]
        if first_empty >= 0 and run < len(source):
            targets.append(first_empty)
        for j in targets:
            amount = min(run, capacity - len(tubes[j]))
            after = tubes.copy()
            after[i] = source[:-amount]
            after[j] = tubes[j] + top * amount
            children.append((i, j, after))
    return children


def _pour_replayed(tubes: list[str], capacity: int, i: int, j: int) -> list[str] | None:
    """Return `tubes` after pouring i into j in their own order, or None if it is not legal."""
    if i == j or not tubes[i] or len(tubes[j]) >= capacity:
        return None
    top = tubes[i][-1]
    if tubes[j] and tubes[j][-1] != top:
        return None
    run = len(tubes[i]) - len(tubes[i].rstrip(top))
    amount = min(run, capacity - len(tubes[j]))
    after = tubes.copy()
    after[i] = tubes[i][:-amount]
    after[j] = tubes[j] + top * amount
    return after


def solve_optimal(puzzle: ColorSortPuzzle, state_cap: int = DEFAULT_STATE_CAP) -> OptimalResult:
    """Return a shortest solution of `puzzle`, or a proof that there is none, or UNKNOWN when
    more than `state_cap` positions would be needed to tell (see OptimalResult)."""
    capacity = puzzle.capacity
    start = tube_strings(puzzle)
    units = Counter("".join(start))
    if any(n % capacity for n in units.values()):
        return OptimalResult(UNSOLVABLE, (), 0)  # some colour cannot fill whole tubes
    need = {colour: n // capacity for colour, n in units.items()}
    runs_memo: dict[str, int] = {}

    def runs_above_bottom(tube: str) -> int:
        """Return how many runs of `tube` sit above its bottom run (0 for an empty tube)."""
        if tube not in runs_memo:
            runs_memo[tube] = sum(a != b for a, b in pairwise(tube))
        return runs_memo[tube]

    def pours_needed(tubes: list[str]) -> int:
        """Return the consistent lower bound on the pours left (see the module)."""
        bottoms = Counter(tube[0] for tube in tubes if tube)
        return (sum(runs_above_bottom(tube) for tube in tubes)
                + sum(max(0, n - need[c]) for c, n in bottoms.items()))

    def bound_change(tubes: list[str], bottoms: Counter, i: int, j: int,
                     after: list[str]) -> int:
        """Return pours_needed(after) - pours_needed(tubes) for the pour i -> j, looking only
        at the two tubes it changes (`bottoms` counts the bottom colours of `tubes`)."""
        change = (runs_above_bottom(after[i]) + runs_above_bottom(after[j])
                  - runs_above_bottom(tubes[i]) - runs_above_bottom(tubes[j]))
        if not after[i] and bottoms[tubes[i][0]] > need[tubes[i][0]]:
            change -= 1  # an excess bottom is gone
        if not tubes[j] and bottoms[after[j][0]] >= need[after[j][0]]:
            change += 1  # a new bottom in excess (never with the line above: see children)
        return change

    start_key = position(start)
    if pours_needed(start) == 0:
        return OptimalResult(SOLVABLE, (), 1)
    reached: dict[str, tuple[int, str | None]] = {start_key: (0, None)}
    frontier = [(pours_needed(start), 0, start_key)]
    while frontier:
        check()  # a solve's deadline (solvers/core/deadline.py): a position's pours a turn
        estimate, negative_pours, key = heapq.heappop(frontier)
        pours = -negative_pours
        if pours > reached[key][0]:
            continue  # reached more cheaply since this entry was queued
        tubes = key.split("|")
        bottoms = Counter(tube[0] for tube in tubes if tube)
        for i, j, after in children(tubes, capacity):
            child = position(after)
            if child in reached and reached[child][0] <= pours + 1:
                continue
            reached[child] = (pours + 1, key)
            bound = estimate - pours + bound_change(tubes, bottoms, i, j, after)
            if bound == 0:
                return OptimalResult(SOLVABLE, _replay(start, capacity, reached, child),
                                     len(reached))
            if len(reached) > state_cap:
                return OptimalResult(UNKNOWN, (), len(reached))
            heapq.heappush(frontier, (pours + 1 + bound, -(pours + 1), child))
    return OptimalResult(UNSOLVABLE, (), len(reached))


def _replay(start: list[str], capacity: int, reached: dict[str, tuple[int, str | None]],
            goal: str) -> tuple[tuple[int, int], ...]:
    """Return the pours, in the puzzle's own tube order, that follow the chain of positions
    from the start to `goal`."""
    chain = [goal]
    while (parent := reached[chain[-1]][1]) is not None:
        chain.append(parent)
    chain.reverse()
    tubes, moves = start, []
    n = len(tubes)
    for target_key in chain[1:]:
        i, j, tubes = next((i, j, after) for i in range(n) for j in range(n)
                           if (after := _pour_replayed(tubes, capacity, i, j)) is not None
                           and position(after) == target_key)
        moves.append((i, j))
    return tuple(moves)
