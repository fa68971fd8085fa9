"""Exporting a bank as of one version as the JSON and Parquet files a front end loads.

The export folder <out>/<bank>/ holds index.json (the bank, its version and its buckets),
one JSON file per bucket at <genre>/<WxH>/<grade>.json, and bank.parquet (all rows, sorted by
id), beside the per-day files banks.dayexport writes (kept when the buckets are exported again).
In JSON a seed is a string (JavaScript numbers lose integers past 2^53), measurements and
score_applications are objects; docs/export.schema.json is the JSON Schema of these files.
An export is built in a temp folder and swapped in whole, so no reader sees half of one.
"""

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pyarrow as pa

from banks.dayexport import DAY_ENTRIES, public_file_url
from banks.durable import fsync_dir, owner_is_gone
from banks.errors import BankError
from banks.parts import write_part
from banks.places import Place, is_bucket, parse_root
from banks.schema import SCHEMA_VERSION
from banks.store import BANK_NAME_RE, BankStore, Snapshot

INDEX_NAME = "index.json"
PUZZLE_FIELDS = (
    "id",
    "width",
    "height",
    "grade",
    "grade_level",
    "steps",
    "clues",
    "puzzle",
    "solution",
    "seed",
    "generator_version",
    "measurements",
    "quality",
    "puzzlink",
    "trace",
    "score",
    "score_rule",
    "score_depth",
    "score_applications",
    "build",
)


def export_json(
    root: str | Path, bank: str, out_dir: str | Path, version: int | None = None,
    public_url: str | None = None,
) -> Path | str:
    """Export the bank as of `version` (default: the latest) to <out_dir>/<bank>/; return that
    folder (its URL for an s3:// out_dir). With `public_url`, each bucket of the index also
    names its file's absolute URL, <public_url>/<bank>/<file>.

    The rows are read from a checked snapshot (BankStore.snapshot), so a bank that fails its
    checks is not exported. On disk an existing export of the bank is replaced only once the new
    one is complete; in a bucket the files are put first and index.json last, so a front end
    that reads the index never meets a file not yet there.
    """
    snapshot = BankStore(root).snapshot(bank, version)
    table = snapshot.read()
    if is_bucket(out_dir):
        return upload_export(table, snapshot, parse_root(out_dir).place(bank), public_url)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    clear_export_leftovers(out, bank)
    temp = out / f".{bank}.export-{os.getpid()}"
    temp.mkdir()
    try:
        write_export(table, snapshot, temp, public_url)
        keep_days(out / bank, temp)
        swap_into_place(temp, out / bank)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise
    return out / bank


def upload_export(table: pa.Table, snapshot: Snapshot, place: Place,
                  public_url: str | None) -> str:
    """Put the export of `table` under `place` (a bucket prefix): made in a temp folder here,
    then every file put, index.json last; return the prefix's URL. (The day files of an export
    --days there stay: they have names of their own.)"""
    with tempfile.TemporaryDirectory(prefix="puzzlebank-export-") as temp:
        folder = Path(temp)
        write_export(table, snapshot, folder, public_url)
        names = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*")
                       if path.is_file())
        for name in sorted(names, key=lambda name: name == INDEX_NAME):
            place.write(name, (folder / name).read_bytes())
    return place.shown()


def write_export(table: pa.Table, snapshot: Snapshot, folder: Path,
                 public_url: str | None = None) -> None:
    """Write index.json, the bucket files and bank.parquet of `table` into `folder` (bucket
    entries with their absolute URL under `public_url`, when given)."""
    buckets: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for row in table.sort_by("id").to_pylist():
        buckets.setdefault((row["genre"], row["size"], row["grade"]), []).append(row)
    index = []
    for (genre, size, grade), rows in buckets.items():
        levels = sorted({row["grade_level"] for row in rows})
        if len(levels) != 1:
            raise BankError(f"bucket {genre}/{size}/{grade} mixes grade levels {levels}")
        for name in (genre, size, grade):
            if not BANK_NAME_RE.fullmatch(name):
                raise BankError(f"{name!r} cannot be a file name in the export")
        relative = f"{genre}/{size}/{grade}.json"
        puzzles = [puzzle_json(row) for row in rows]
        write_json(
            folder / relative, {"genre": genre, "size": size, "grade": grade, "puzzles": puzzles}
        )
        first = rows[0]
        index.append(
            {
                "genre": genre,
                "size": size,
                "grade": grade,
                "grade_level": levels[0],
                "count": len(rows),
                "file": relative,
                "_order": (genre, first["width"], first["height"], levels[0], grade),
            } | ({"url": public_file_url(public_url, snapshot.bank, relative)}
                 if public_url else {})
        )
    index.sort(key=lambda bucket: bucket.pop("_order"))
    write_json(
        folder / INDEX_NAME,
        {
            "bank": snapshot.bank,
            "version": snapshot.version,
            "schema_version": SCHEMA_VERSION,
            "rows": table.num_rows,
            "buckets": index,
        },
        indent=2,
    )
    write_part(table, folder / "bank.parquet")
    fsync_dir(folder)


def puzzle_json(row: dict[str, Any]) -> dict[str, Any]:
    """Return a row as a puzzle object of a bucket file: seed as a string, measurements,
    quality and score_applications parsed."""
    puzzle = {name: row[name] for name in PUZZLE_FIELDS}
    puzzle["seed"] = str(row["seed"])
    puzzle["measurements"] = json.loads(row["measurements"])
    puzzle["quality"] = json.loads(row["quality"])
    puzzle["score_applications"] = json.loads(row["score_applications"])
    return puzzle


def write_json(path: Path, value: Any, indent: int | None = None) -> None:
    """Write `value` as JSON (sorted keys, compact unless `indent`) to `path`, making folders."""
    path.parent.mkdir(parents=True, exist_ok=True)
    separators = (",", ": ") if indent else (",", ":")
    text = json.dumps(value, sort_keys=True, indent=indent, separators=separators)
    path.write_text(text + "\n")


def keep_days(old: Path, new: Path) -> None:
    """Hard-link the per-day files of the old export (banks.dayexport) into the new one, so a
    bucket export never takes a day away from a front end."""
    for name in DAY_ENTRIES:
        if (old / name).is_dir():
            shutil.copytree(old / name, new / name, copy_function=os.link)
        elif (old / name).is_file():
            os.link(old / name, new / name)


def swap_into_place(temp: Path, target: Path) -> None:
    """Rename the complete export `temp` to `target`, removing an older export only afterwards."""
    old = target.with_name(f".{target.name}.old-{os.getpid()}")
    if target.exists():
        os.rename(target, old)
    os.rename(temp, target)
    fsync_dir(target.parent)
    shutil.rmtree(old, ignore_errors=True)


def clear_export_leftovers(out: Path, bank: str) -> None:
    """Remove temp and old folders that dead exports of `bank` left in `out`."""
    for entry in out.iterdir():
        for prefix in (f".{bank}.export-", f".{bank}.old-"):
            if entry.name.startswith(prefix) and owner_is_gone(entry.name[len(prefix) :]):
                shutil.rmtree(entry)
