"""The documents a front end fetches for one day: the day's puzzles, and their answers apart.

Vocabulary: a *row* is a bank row (banks.schema); a *day document* lists the puzzles planned for a
date, without anything that gives them away; a *solutions document* holds, for the same puzzles,
what checking a board and giving hints needs: the solution and the trace (solvers/core/explain.py).
The per-day export writes one of each per date (days/YYYY-MM-DD.json, solutions/YYYY-MM-DD.json)
and the play page is fed by exactly these two documents. `date` is an ISO date, or None for a
set of puzzles that no calendar planned (e.g. a bank version's buckets).
"""

from collections.abc import Iterable, Mapping
from typing import Any

DAY_SCHEMA = "puzzlebank-day-1"
SOLUTIONS_SCHEMA = "puzzlebank-solutions-1"

DAY_FIELDS = (
    "id", "genre", "size", "width", "height", "grade", "grade_level", "score", "puzzle",
    "puzzlink",
)
SOLUTION_FIELDS = ("id", "genre", "solution", "trace")


def day_document(bank: str, date: str | None, rows: Iterable[Mapping[str, Any]]
                 ) -> dict[str, Any]:
    """Return the day document of `rows` (in their order): bank, date and, per puzzle, the
    DAY_FIELDS (no solution, no trace)."""
    return {"schema": DAY_SCHEMA, "bank": bank, "date": date,
            "puzzles": [{name: row[name] for name in DAY_FIELDS} for row in rows]}


def solutions_document(bank: str, date: str | None, rows: Iterable[Mapping[str, Any]]
                       ) -> dict[str, Any]:
    """Return the solutions document of `rows` (in their order): per puzzle, its id, genre,
    solution text and trace line."""
    return {"schema": SOLUTIONS_SCHEMA, "bank": bank, "date": date,
            "solutions": [{name: row[name] for name in SOLUTION_FIELDS} for row in rows]}
