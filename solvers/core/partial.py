"""Partial boards: a player's state as the genre's solution text with '?' for an open cell.

Vocabulary: a *partial* is a list with one entry per cell, row by row: the cell's solution-text
value (a character, or for a genre of spaced tokens a token), or None for '?'.
"""

from collections.abc import Callable
from typing import Any

from solvers.core.errors import PuzzleFormatError
from solvers.core.explain import Explainer, Outline, Weights
from solvers.core.genre import Genre
from solvers.core.walk import cell_name

OPEN = "?"


def cells_of_text(text: str, spaced: bool = False) -> list[list[str]]:
    """Return the rows of a grid text (rows joined by ','; tokens split by ' ' when `spaced`)."""
    return [row.split(" ") if spaced else list(row) for row in text.strip().split(",")]


def read_partial(text: str, width: int, height: int, alphabet: str | None,
                 spaced: bool = False) -> list[str | None]:
    """Return the partial of a state text; `alphabet` lists the allowed characters (None: any
    whole number, for spaced tokens). PuzzleFormatError names the first place that is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise PuzzleFormatError("empty state")
    rows = cells_of_text(text, spaced)
    if len(rows) != height:
        raise PuzzleFormatError(f"expected {height} rows in the state, found {len(rows)}")
    cells: list[str | None] = []
    for r, row in enumerate(rows):
        if len(row) != width:
            raise PuzzleFormatError(f"expected {width} cells, found {len(row)}", row=r)
        for c, token in enumerate(row):
            known = token.isdigit() if alphabet is None else len(token) == 1 and token in alphabet
            if token != OPEN and not known:
                wanted = "a room label" if alphabet is None else f"one of {alphabet!r}"
                raise PuzzleFormatError(f"{token[:12]!r} is not '?' or {wanted}", row=r, col=c)
            cells.append(None if token == OPEN else token)
    return cells


def first_differing(partial: list[str | None], solution: list[str]) -> int | None:
    """Return the first cell whose decided value is not the solution's, or None."""
    return next((k for k, (a, b) in enumerate(zip(partial, solution, strict=True))
                 if a is not None and a != b), None)


def first_misgrouped(partial: list[str | None], solution: list[str]) -> int | None:
    """Return the first labelled cell grouped unlike the solution with an earlier labelled cell
    (labels name rooms: two cells share a label exactly when they share a room), or None."""
    seen: list[int] = []
    for k, label in enumerate(partial):
        if label is None:
            continue
        if any((partial[j] == label) != (solution[j] == solution[k]) for j in seen):
            return k
        seen.append(k)
    return None


def unique_solution(genre: Genre[Any, Any], puzzle: Any) -> Any:
    """Return the puzzle's one solution (by the ladder counter), or a sentence saying why not."""
    found = genre.count(puzzle, limit=2)
    if found.truncated and found.count < 2:
        return "the puzzle is too hard to count its solutions"
    if found.count != 1:
        return "the puzzle has no solution" if not found.count else \
            "the puzzle has more than one solution"
    return found.solutions[0]


def grid_explainer(genre: Genre[Any, Any], weights: Weights, explain: Callable[..., Any],
                   alphabet: str | None, grouped: bool = False,
                   outline: Callable[[Any], Outline | None] | None = None) -> Explainer:
    """Return the Explainer of a grid genre whose state is its solution text with '?': cells
    of `alphabet` (None: spaced room labels, compared by how they group cells when
    `grouped`); `outline` as in Explainer."""
    spaced = alphabet is None

    def read(puzzle: Any, text: str) -> list[str | None]:
        width, height = genre.dimensions(puzzle)
        return read_partial(text, width, height, alphabet, spaced)

    def wrong(puzzle: Any, solution: Any, partial: list[str | None]) -> str | None:
        cells = [t for row in cells_of_text(genre.format_solution(solution), spaced) for t in row]
        k = (first_misgrouped if grouped else first_differing)(partial, cells)
        return None if k is None else f"cell {cell_name(*divmod(k, genre.dimensions(puzzle)[0]))}"

    return Explainer(weights, explain, read, wrong, lambda puzzle: unique_solution(genre, puzzle),
                     outline)
