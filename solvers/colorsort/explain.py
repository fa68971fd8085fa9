"""Color Sort explained: the pours of a shortest sort (optimal.py) from the current tubes.

Vocabulary as in board.py and optimal.py. Each step is one pour of an optimal sequence, named
by what it does: *finish* fills its target with one colour, *gather* adds to a tube that already
holds that colour on top, *park* uses an empty tube. The ladder (finish < gather < park) orders
them for the score: parking a run in an empty tube is the move players find hardest to see.
A pour depends on the last pour that touched either of its tubes.
"""

from solvers.colorsort.board import (
    COLOUR_CHARS,
    ColorSortPuzzle,
    ColorSortSolution,
    parse_solution,
)
from solvers.colorsort.counters import optimal_result
from solvers.colorsort.jsengine import apply_pour, is_solved, pour_info
from solvers.colorsort.optimal import SOLVABLE, UNSOLVABLE
from solvers.core.explain import Explainer, Step, Trace, Weights
from solvers.core.walk import Contradiction

LADDER = ("finish", "gather", "park")
WEIGHTS = Weights(level=(0, 10, 20), per_step={"finish": 2, "gather": 3, "park": 5}, depth=1)
Tubes = list[list[int]]


def play(puzzle: ColorSortPuzzle, moves: tuple[tuple[int, int], ...]) -> Tubes | int:
    """Return the tubes after `moves`, or the index of the first move that is not a legal pour."""
    tubes: Tubes = [list(t) for t in puzzle.tubes]
    for index, (i, j) in enumerate(moves):
        after = apply_pour(tubes, puzzle.capacity, i, j)
        if after is None:
            return index
        tubes = after
    return tubes


def kind(tubes: Tubes, capacity: int, i: int, j: int) -> str:
    """Return the ladder name of pour (i, j) on `tubes`."""
    after = apply_pour(tubes, capacity, i, j)
    assert after is not None
    target = after[j]
    if len(target) == capacity and len(set(target)) == 1:
        return "finish"
    return "park" if not tubes[j] else "gather"


def sentence(tubes: Tubes, capacity: int, i: int, j: int, left: int) -> str:
    """Return why pour (i, j) is the next one."""
    info = pour_info(tubes, capacity, i, j)
    assert info is not None
    what = f"{info.amount} × {COLOUR_CHARS[info.color]}"
    done = {"finish": f"it completes tube {j}",
            "gather": f"it joins the {COLOUR_CHARS[info.color]} on top of tube {j}",
            "park": f"it parks them in the empty tube {j}"}[kind(tubes, capacity, i, j)]
    rest = "the tubes are sorted" if not left else f"{left} pours are left, the fewest possible"
    return f"Pour tube {i} into tube {j} ({what}): {done}; after it {rest}."


def explain(puzzle: ColorSortPuzzle, solution: ColorSortSolution | None = None,
            moves: tuple[tuple[int, int], ...] | None = None, until_decision: bool = False
            ) -> Trace | Contradiction:
    """Return the pours of a shortest sort after the pours `moves` already played; a
    Contradiction when a move is illegal or no sort is left from there (`solution` is unused:
    the sort is recomputed from the tubes; every pour is given even with `until_decision`,
    since a hint tells how many are left)."""
    del solution, until_decision
    tubes = play(puzzle, moves or ())
    if isinstance(tubes, int):
        return Contradiction(None)
    if is_solved(tubes, puzzle.capacity):
        return Trace("colorsort", LADDER, ())
    found = optimal_result(ColorSortPuzzle(puzzle.capacity, tuple(tuple(t) for t in tubes)))
    if found.status != SOLVABLE:
        return Contradiction(None)
    steps: list[Step] = []
    last: dict[int, int] = {}
    for n, (i, j) in enumerate(found.moves):
        left = len(found.moves) - n - 1
        depends = tuple(sorted({last[t] for t in (i, j) if t in last}))
        steps.append(Step(kind(tubes, puzzle.capacity, i, j), (), (f"tube {i}", f"tube {j}"),
                          sentence(tubes, puzzle.capacity, i, j, left), depends, (i, j)))
        last[i] = last[j] = n
        tubes = apply_pour(tubes, puzzle.capacity, i, j) or tubes
    return Trace("colorsort", LADDER, tuple(steps))


def first_wrong(puzzle: ColorSortPuzzle, moves: tuple[tuple[int, int], ...]) -> int | None:
    """Return the index of the first move that is illegal or after which no sort is left, or
    None when a sort is still in reach after them all. (What is reachable only shrinks as pours
    are made, so the moves after which no sort is left are a tail: a binary search finds it.)"""
    played = play(puzzle, moves)
    if isinstance(played, int):
        return played

    def sortable(n: int) -> bool:
        tubes = play(puzzle, moves[:n])
        assert not isinstance(tubes, int)
        here = ColorSortPuzzle(puzzle.capacity, tuple(tuple(t) for t in tubes))
        return optimal_result(here).status == SOLVABLE

    if sortable(len(moves)):
        return None
    low, high = 0, len(moves)  # sortable after `low` moves (or low = 0), not after `high`
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if sortable(middle) else (low, middle)
    return high - 1 if high else 0


def read_moves(puzzle: ColorSortPuzzle, text: str) -> tuple[tuple[int, int], ...]:
    """Return the pours of a --state text "i>j i>j ..." (PuzzleFormatError when bad)."""
    return parse_solution(text, puzzle).moves


def wrong_move(puzzle: ColorSortPuzzle, solution: object,
               moves: tuple[tuple[int, int], ...]) -> str | None:
    """Return the name of the first move after which the tubes cannot be sorted, or None."""
    n = first_wrong(puzzle, moves)
    return None if n is None else f"move {n + 1} ({moves[n][0]}>{moves[n][1]})"


def solve(puzzle: ColorSortPuzzle) -> ColorSortSolution | str:
    """Return a shortest sort of `puzzle`, or why there is none."""
    found = optimal_result(puzzle)
    if found.status == SOLVABLE:
        return ColorSortSolution(found.moves)
    return "the tubes cannot be sorted" if found.status == UNSOLVABLE else \
        "the tubes are too hard to sort here"


EXPLAINER = Explainer(WEIGHTS, explain, read_moves, wrong_move, solve)
