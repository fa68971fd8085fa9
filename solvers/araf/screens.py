"""The pair screens: which two numbers could share a room, decided before any room is grown.

Vocabulary: a *pair* is two numbered cells (p, q), p < q; its *window* is the room sizes the
reading allows for their two numbers; *steps* is the length of a shortest path of cells, counted
in moves. A room of at most `most` cells holding p and q holds a path between them of at most
`most - 1` steps that touches no third number. So a pair dies, in this order, when
  no size:  its window is empty (the true reading: b - a <= 1, equal numbers included);
  too far:  even on an empty board its cells are more than most - 1 steps apart;
  blocked:  every path of at most most - 1 steps passes through a third number.
"""

from collections.abc import Sequence
from functools import lru_cache

from solvers.araf.board import ArafPuzzle, Reading, cells_of, neighbours

NO_SIZE, TOO_FAR, BLOCKED, SURVIVES = "no size", "too far", "blocked", "survives"
VERDICTS = (NO_SIZE, TOO_FAR, BLOCKED, SURVIVES)
UNREACHABLE = 1 << 30


def numbered_cells(puzzle: ArafPuzzle) -> tuple[int, ...]:
    """Return the cells that hold a number, in row-major order."""
    return tuple(k for k, n in enumerate(puzzle.numbers) if n is not None)


def steps_from(touching: Sequence[int], source: int, passable: int) -> list[int]:
    """Return the steps from `source` to every cell through `passable` cells (breadth first);
    cells outside `passable` are reached (as ends) but not passed through; UNREACHABLE if never."""
    steps = [UNREACHABLE] * len(touching)
    steps[source] = 0
    reached, layer, depth = 1 << source, [source], 0
    while layer:
        depth += 1
        grown = 0
        for k in layer:
            grown |= touching[k]
        grown &= ~reached
        reached |= grown
        layer = []
        for k in cells_of(grown):
            steps[k] = depth
            if passable >> k & 1:
                layer.append(k)
    return steps


def _board_steps(width: int, diagonal: bool, a: int, b: int) -> int:
    """Return the steps between cells a and b on an empty board."""
    (ra, ca), (rb, cb) = divmod(a, width), divmod(b, width)
    dr, dc = abs(ra - rb), abs(ca - cb)
    return max(dr, dc) if diagonal else dr + dc


@lru_cache(maxsize=256)
def _geometry(width: int, height: int, diagonal: bool,
              cells: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """Return (p, q, steps on an empty board, steps around the other numbers) for every pair of
    the numbered `cells`: what the screens read beside the numbers, the same for every board
    numbered on the same cells (cached: a generator changes numbers, not where they are)."""
    touching = neighbours(width, height, diagonal)
    free = (1 << (width * height)) - 1
    for k in cells:
        free &= ~(1 << k)
    found: list[tuple[int, int, int, int]] = []
    for i, p in enumerate(cells):
        around = steps_from(touching, p, free)
        found.extend((p, q, _board_steps(width, diagonal, p, q), around[q])
                     for q in cells[i + 1:])
    return tuple(found)


@lru_cache(maxsize=64)
def screen(puzzle: ArafPuzzle, reading: Reading) -> dict[tuple[int, int], str]:
    """Return the verdict (one of VERDICTS) of every pair of numbered cells."""
    numbers = {k: n for k, n in enumerate(puzzle.numbers) if n is not None}
    verdicts = {}
    for p, q, board_steps, around in _geometry(puzzle.width, puzzle.height, reading.diagonal,
                                               numbered_cells(puzzle)):
        lo, hi = reading.window(numbers[p], numbers[q])
        if lo > hi:
            verdicts[p, q] = NO_SIZE
        elif board_steps > hi - 1:
            verdicts[p, q] = TOO_FAR
        elif around > hi - 1:
            verdicts[p, q] = BLOCKED
        else:
            verdicts[p, q] = SURVIVES
    return verdicts


def census(puzzle: ArafPuzzle, reading: Reading) -> dict[str, int]:
    """Return how many pairs there are and how many each screen kills (the reference's table)."""
    verdicts = screen(puzzle, reading)
    tally = dict.fromkeys(("pairs", *VERDICTS), 0)
    tally["pairs"] = len(verdicts)
    for verdict in verdicts.values():
        tally[verdict] += 1
    return tally
