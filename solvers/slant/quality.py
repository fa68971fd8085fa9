"""Slant's quality floor: puzz.link's conventions for a gokigen answer, and no near-duplicates.

Vocabulary: *clues* is the count of vertex clues shown, *clue_share* clues over the vertices.
puzz.link's checker (pzprjs, gokigen) asks of an answer: a diagonal in every cell, each clue
touched by exactly its number of diagonals, no loop of diagonals. All three are the rulebook's
`check`, which admission runs on every row; the floor adds that the puzzle's URL reads back as
the same puzzle (solvers/core/quality.py), and measures the clues for the report. Slant's default
banks pass it (pzprjs accepts 128 of 128 rows, issue 24), so it bounds no measure.
"""

from typing import TYPE_CHECKING

from solvers.core.quality import Floor, Measures, less_one_clue
from solvers.slant.board import SlantPuzzle, SlantSolution, variant_images

if TYPE_CHECKING:
    from solvers.core.genre import Genre


def measure(puzzle: SlantPuzzle, solution: SlantSolution) -> Measures:
    """Return {"clues", "clue_share"}: clues shown, and their share of the vertices."""
    clues = sum(n is not None for n in puzzle.clues)
    return {"clues": clues, "clue_share": round(clues / len(puzzle.clues), 4)}


def variant_ids(genre: "Genre[SlantPuzzle, SlantSolution]", puzzle: SlantPuzzle) -> list[str]:
    """Return the ids of the puzzle less each shown clue, from its own image texts
    (board.variant_images): the ids genre.puzzle_id gives the `less_one_clue` variants."""
    return [genre.id_of_images(texts) for texts in variant_images(puzzle)]


FLOOR: Floor[SlantPuzzle, SlantSolution] = Floor(
    measure=measure, variants=less_one_clue("clues"), variant_ids=variant_ids)
