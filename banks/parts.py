"""Data files: a slice of a bank table as Parquet, written so the same rows give the same bytes,
and read back with a check that they still hold the bank schema.

A data file (a *part*) is one Parquet file holding one row group, named after the build that
wrote it: part-<build id>-<n>.parquet, n from 00000; every writer setting is pinned here (codec,
level, format and page versions, dictionary, statistics) and the file holds no timestamp, so its
bytes depend only on the rows and on the pyarrow version named in its created_by field.
"""

import os
import re
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from banks.errors import BankIntegrityError
from banks.links import NOFOLLOW
from banks.places import Place
from banks.schema import BANK_SCHEMA, SCHEMA_VERSION, SCHEMA_VERSION_KEY

PART_NAME = "part-{}-{:05d}.parquet"
PART_RE = re.compile(r"part-[0-9a-f]{16}-\d{5}\.parquet")

WRITE_OPTIONS = {
    "version": "2.6",
    "compression": "zstd",
    "compression_level": 3,
    "use_dictionary": True,
    "write_statistics": True,
    "data_page_version": "1.0",
    "store_schema": True,
}


def write_part(table: pa.Table, path: str | Path) -> None:
    """Write `table` to `path` as one row group and fsync it; the bytes depend only on the rows."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | NOFOLLOW, 0o644)
    with open(fd, "wb") as file:
        pq.write_table(table, file, row_group_size=max(1, table.num_rows), **WRITE_OPTIONS)
        file.flush()
        os.fsync(file.fileno())


def part_bytes(table: pa.Table) -> bytes:
    """Return the bytes write_part would write for `table`."""
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, row_group_size=max(1, table.num_rows), **WRITE_OPTIONS)
    return bytes(sink.getvalue())


def part_names(build_id: str, count: int) -> list[str]:
    """Return the file names of a build's `count` parts: part-<build id>-00000.parquet, ..."""
    return [PART_NAME.format(build_id, i) for i in range(count)]


def read_parquet(place: Place, name: str, schema: pa.Schema, kind: str) -> pa.Table:
    """Return the rows of the Parquet file `name` in `place`, whose columns and types must be
    `schema`'s (the schema of a `kind`: "bank", "calendar"); BankIntegrityError naming the file
    when it is missing, not Parquet, or of other columns or types."""
    path = place.shown(name)
    try:
        table = pq.ParquetFile(place.arrow_input(name)).read()
    except (pa.ArrowException, OSError) as error:
        raise BankIntegrityError(f"{path}: unreadable Parquet ({error})") from None
    if not table.schema.equals(schema, check_metadata=False):
        raise BankIntegrityError(f"{path}: columns or types differ from the {kind} schema")
    return table


def read_part(place: Place, name: str) -> pa.Table:
    """Return the rows of the part file `name` in the bank's place, with BANK_SCHEMA.

    Raises BankIntegrityError when the file is missing or not Parquet, does not hold the bank's
    columns and types, or carries another schema version in its key-value metadata.
    """
    path = place.shown(name)
    table = read_parquet(place, name, BANK_SCHEMA, "bank")
    found = (table.schema.metadata or {}).get(SCHEMA_VERSION_KEY)
    if found != BANK_SCHEMA.metadata[SCHEMA_VERSION_KEY]:
        raise BankIntegrityError(f"{path}: schema version {found!r}, expected {SCHEMA_VERSION}")
    return table


def read_columns(place: Place, name: str, columns: list[str]) -> pa.Table:
    """Return the `columns` of the part file `name` in the bank's place (BankIntegrityError
    naming the file when it is missing or not Parquet)."""
    try:
        return pq.ParquetFile(place.arrow_input(name)).read(columns=columns)
    except (pa.ArrowException, OSError) as error:
        raise BankIntegrityError(f"{place.shown(name)}: unreadable Parquet ({error})") from None


def read_ids(place: Place, name: str) -> list[str]:
    """Return the id column of the part file `name` in the bank's place."""
    ids: list[str] = read_columns(place, name, ["id"]).column("id").to_pylist()
    return ids
