"""Pictures: what a bank holds once besides ids, checked by the store when a build commits.

Vocabulary: a *picture* is a key of a row's solution that a player would see as the same puzzle
however the numbers around it differ (Chesspy: its solution up to the board's symmetries). banks
knows rows, not rules, so the key comes from the layer above as a `PictureKey`: a function of a
row's genre, puzzle text and solution text, None for a row whose genre has no picture. The store
reads only the rows of the genres that have one (`genres`).
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pyarrow as pa
import pyarrow.compute as pc

from banks.parts import read_columns
from banks.places import Place

COLUMNS = ["id", "genre", "puzzle", "solution"]


@dataclass(frozen=True)
class PictureKey:
    """`genres`: the genres whose rows have a picture; `key(genre, puzzle, solution)`: the
    picture of a row of one of them (None: this row has none, e.g. its texts do not parse)."""

    genres: frozenset[str]
    key: Callable[[str, str, str], str | None]


def pictures(place: Place, names: Iterable[str], picture: PictureKey) -> dict[str, str]:
    """Return {picture: the id of the first row holding it} over the part files `names` of the
    bank's place (only rows of picture.genres are read)."""
    held: dict[str, str] = {}
    for name in names:
        table = read_columns(place, name, COLUMNS)
        genres = pa.array(sorted(picture.genres), type=pa.string())
        table = table.filter(pc.is_in(table.column("genre"), value_set=genres))
        for row in table.to_pylist():
            key = picture.key(row["genre"], row["puzzle"], row["solution"])
            if key is not None:
                held.setdefault(key, row["id"])
    return held


def repeated(new: dict[str, str], held: dict[str, str]) -> tuple[str, str] | None:
    """Return (new row id, held row id) for the first picture (in new row id order) of `new`
    that `held` already holds, None when there is none."""
    again = sorted((rid, held[key]) for key, rid in new.items() if key in held)
    return again[0] if again else None
