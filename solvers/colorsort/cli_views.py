"""The JSON the Color Sort commands print, as plain functions the CLI wires in.

  puzzlebank colorsort-deal --seed S --colors N --capacity C --duplicates D --empty E
                            [--node-limit L] --json        -> deal_view(S, N, C, D, E, L)
  puzzlebank solve colorsort TEXT --json                   -> solve_view(TEXT)
"""

from typing import Any

from solvers.colorsort.board import (
    LIMITS,
    MAX_TUBES,
    ColorSortSolution,
    format,
    format_solution,
    parse,
)
from solvers.colorsort.counters import dfs_proved_unsolvable, dfs_result, optimal_result
from solvers.colorsort.grading import grade
from solvers.colorsort.jsengine import DEFAULT_NODE_LIMIT, deal_tubes, solve
from solvers.colorsort.jsrandom import rng
from solvers.colorsort.optimal import SOLVABLE, UNSOLVABLE
from solvers.core.errors import PuzzleFormatError
from solvers.core.results import GRADED


def deal_view(seed: str, colors: int, capacity: int, duplicates: int = 0, empty: int = 2,
              node_limit: int = DEFAULT_NODE_LIMIT) -> dict[str, Any]:
    """Return what the JS engine gives for these arguments, computed by the Python port:
    {"tubes": [[colour, ...], ...], "solve": {"solved", "moves": [[i, j], ...], "nodes",
    "truncated"}} (ValueError when `duplicates` exceeds `colors`, or the deal is past the
    genre's limits)."""
    problem = LIMITS.size_problem(colors, capacity)
    if problem:
        raise ValueError(problem)
    if colors + min(duplicates, colors) + empty > MAX_TUBES:
        raise ValueError(f"a colorsort deal has at most {MAX_TUBES} tubes")
    tubes = deal_tubes(colors, capacity, rng(seed), duplicates, empty)
    return {"tubes": tubes, "solve": solve(tubes, capacity, node_limit).as_json()}


def solve_view(text: str) -> dict[str, Any]:
    """Return {"genre", "puzzle", "solvable", "optimal", "solution", "grade"} for a puzzle text.

    "solvable" is true when either solver sorts it, false when a solver proves it cannot be
    sorted (the DFS only for a deal without duplicated colours), null when neither can tell;
    "optimal" is the least number of pours (null unless the optimal solver finished);
    "solution" is a shortest solution's text when known, else the reference's DFS's, else null;
    "grade" the grade name or null. A text that does not
    parse gives {"puzzle", "error"} instead.
    """
    try:
        puzzle = parse(text)
    except PuzzleFormatError as error:
        return {"puzzle": text, "error": str(error)}
    optimal = optimal_result(puzzle)
    dfs = dfs_result(puzzle, DEFAULT_NODE_LIMIT)
    if optimal.status == SOLVABLE:
        solvable, moves = True, optimal.moves
    elif dfs.solved:
        solvable, moves = True, dfs.moves
    else:
        proved = optimal.status == UNSOLVABLE or dfs_proved_unsolvable(puzzle, dfs)
        solvable, moves = (False if proved else None), None
    graded = grade(puzzle)
    return {
        "genre": "colorsort",
        "puzzle": format(puzzle),
        "solvable": solvable,
        "optimal": optimal.pours,
        "solution": None if moves is None else format_solution(ColorSortSolution(moves)),
        "grade": graded.name if graded.status == GRADED else None,
    }
