"""Random play-outs: how often a player who pours at random sorts a deal.

A *play-out* starts from the deal and, until the tubes are sorted, moves to a position picked
uniformly among those one pour reaches that it has not been in yet (tube order ignored); it is
*won* when it sorts the tubes and lost when no new position is left or after MAX_POURS pours.
The random source is seeded with the text of the puzzle's normal form, so a puzzle, its tube
orders and its colour renamings all get the same play-outs.
"""

import random

from solvers.colorsort.board import ColorSortPuzzle, format, normal_form
from solvers.colorsort.optimal import children, position, tube_strings
from solvers.core.deadline import check

PLAYOUTS = 64
MAX_POURS = 1000


def is_sorted(key: str, capacity: int) -> bool:
    """Return whether every tube of the position `key` is empty or full of one colour."""
    return all(not tube or (len(tube) == capacity and tube == tube[0] * capacity)
               for tube in key.split("|"))


def play_out(start: str, capacity: int, rng: random.Random) -> bool:
    """Return whether one random play-out from the position `start` sorts the tubes."""
    seen = {start}
    key = start
    for _ in range(MAX_POURS + 1):
        check()  # a solve's deadline (solvers/core/deadline.py): a position's pours a turn
        if is_sorted(key, capacity):
            return True
        reachable = {position(after) for _, _, after in children(key.split("|"), capacity)}
        fresh = sorted(reachable - seen)
        if not fresh:
            return False
        key = rng.choice(fresh)
        seen.add(key)
    return False


def playout_wins(puzzle: ColorSortPuzzle, playouts: int = PLAYOUTS) -> float:
    """Return the share (0..1) of `playouts` random play-outs of `puzzle` that sort it."""
    normal = normal_form(puzzle)
    rng = random.Random(f"colorsort-playouts:{format(normal)}")
    start = position(tube_strings(normal))
    return sum(play_out(start, puzzle.capacity, rng) for _ in range(playouts)) / playouts
