"""Exporting a bank's planned days as the files a front end fetches, one pair per day.

<out>/<bank>/days/YYYY-MM-DD.json is the day document (banks.daydocs: the day's puzzles, nothing
that gives them away), <out>/<bank>/solutions/YYYY-MM-DD.json the solutions document (what
checking and hints need, fetched apart), and <out>/<bank>/days.json the index of every day
exported so far (DAYS_SCHEMA). Each file is written to a temp file and renamed into place, the
index last, so a front end never reads half a day nor an index naming a day not yet there.
docs/export.schema.json is the JSON Schema of the three.
"""

import datetime
import json
from pathlib import Path
from typing import Any

import pyarrow.compute as pc
import pyarrow.parquet as pq

from banks.calendar import read_calendar
from banks.daydocs import day_document, solutions_document
from banks.durable import write_atomic
from banks.errors import BankError, BankIntegrityError
from banks.store import BankStore

DAYS_SCHEMA = "puzzlebank-days-1"
INDEX_NAME = "days.json"
DAY_ENTRIES = ("days", "solutions", INDEX_NAME)  # what a bucket export keeps of the old one


def export_days(root: str | Path, bank: str, out_dir: str | Path, first: datetime.date,
                last: datetime.date) -> Path:
    """Write the day and solutions documents of every day first..last, then the index, under
    <out_dir>/<bank>/; return that folder.

    BankError (nothing written) when first > last or a day of the range is not planned;
    BankIntegrityError when the bank or its calendar fails its checks."""
    if first > last:
        raise BankError(f"--days {first}..{last}: the first day is after the last")
    store = BankStore(root)
    calendar = read_calendar(store, bank)
    days = [first + datetime.timedelta(days=n) for n in range((last - first).days + 1)]
    planned = {day: calendar.day(day).column("id").to_pylist() for day in days}
    unplanned = [day for day, ids in planned.items() if not ids]
    if unplanned:
        through = calendar.last_day
        raise BankError(f"bank {bank!r} has no puzzles planned on {unplanned[0]} (planned "
                        f"{'through ' + str(through) if through else 'no day yet'}; "
                        f"`puzzlebank calendar` plans more)")
    wanted = {rid for ids in planned.values() for rid in ids}
    rows = {row["id"]: row for row in pq.read_table(
        [str(path) for path in store.snapshot(bank).files],
        filters=pc.field("id").isin(sorted(wanted))).to_pylist()}
    folder = Path(out_dir) / bank
    entries = read_index(folder, bank)
    for day, ids in planned.items():
        missing = [rid for rid in ids if rid not in rows]
        if missing:
            raise BankIntegrityError(f"calendar of {bank!r} plans puzzle {missing[0]} on {day}, "
                                     f"which the bank does not hold")
        picked = [rows[rid] for rid in ids]
        write_document(folder / "days" / f"{day}.json", day_document(bank, str(day), picked))
        write_document(folder / "solutions" / f"{day}.json",
                       solutions_document(bank, str(day), picked))
        entries[str(day)] = {"date": str(day), "puzzles": len(ids), "file": f"days/{day}.json",
                             "solutions": f"solutions/{day}.json"}
    index = {"schema": DAYS_SCHEMA, "bank": bank, "days": [entries[d] for d in sorted(entries)]}
    write_document(folder / INDEX_NAME, index)
    return folder


def read_index(folder: Path, bank: str) -> dict[str, dict[str, Any]]:
    """Return the entries of the bank's existing days index by date ({} when there is none, or
    when it is not one this module wrote)."""
    try:
        index = json.loads((folder / INDEX_NAME).read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(index, dict) or index.get("schema") != DAYS_SCHEMA \
            or index.get("bank") != bank:
        return {}
    return {entry["date"]: entry for entry in index.get("days", [])}


def write_document(path: Path, document: dict[str, Any]) -> None:
    """Write `document` as JSON (sorted keys, compact) to `path` atomically, making folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(document, sort_keys=True, separators=(",", ":")) + "\n"
    write_atomic(path, text.encode())
