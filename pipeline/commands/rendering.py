"""Rendering for the terminal: rows as an aligned text table, a JSON array or CSV.

Vocabulary: a *row* here is a dict of column name -> value as polars gives it back from a bank
(seed a Decimal, measurements, quality and score_applications JSON text); *columns* are the names a
table shows, in order.
"""

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import polars as pl

TABLE_COLUMNS = ("id", "genre", "size", "grade", "steps", "score", "clues", "puzzle")
FORMATS = ("table", "json", "csv")


def rows_text(rows: "pl.DataFrame", form: str) -> str:
    """Return bank rows as `form` (one of FORMATS) prints them, ending in a newline: CSV, a
    JSON array (json_rows), or a table of TABLE_COLUMNS (table_text)."""
    if form == "csv":
        return rows.write_csv()
    if form == "json":
        return json_rows(rows.to_dicts()) + "\n"
    return table_text(rows.select(TABLE_COLUMNS).to_dicts(), TABLE_COLUMNS) + "\n"


def json_rows(rows: list[dict[str, Any]]) -> str:
    """Return rows as a JSON array, one row per line; seeds as strings, measurements, quality
    and score_applications as objects (as the export gives them)."""
    def clean(row: dict[str, Any]) -> dict[str, Any]:
        return row | {"seed": str(row["seed"]), "measurements": json.loads(row["measurements"]),
                      "quality": json.loads(row["quality"]),
                      "score_applications": json.loads(row["score_applications"])}

    lines = ",\n".join(json.dumps(clean(row), sort_keys=True) for row in rows)
    return f"[\n{lines}\n]" if rows else "[]"


def table_text(rows: Sequence[Mapping[str, object]], columns: Sequence[str]) -> str:
    """Return rows as an aligned text table under a header line."""
    cells = [list(columns), *([str(row[name]) for name in columns] for row in rows)]
    widths = [max(len(line[i]) for line in cells) for i in range(len(columns))]
    return "\n".join("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True))
                     .rstrip() for line in cells)
