"""The quality floor's near-duplicate ids, checked the same way for every genre that has them."""

from collections.abc import Iterable
from typing import Any

from solvers.core.genre import Genre
from solvers.core.quality import less_one_clue


def compared_variant_ids(genre: Genre[Any, Any], clues: str, puzzles: Iterable[Any]) -> int:
    """Assert that the genre's variant ids of each puzzle are the ids of the puzzle less each of
    its `clues` (the field holding them), in order; return how many ids were compared."""
    variant_ids = genre.quality.variant_ids
    assert variant_ids is not None
    variants = less_one_clue(clues)
    compared = 0
    for puzzle in puzzles:
        ids = list(variant_ids(genre, puzzle))
        assert ids == [genre.puzzle_id(less) for less in variants(puzzle)]
        compared += len(ids)
    return compared
