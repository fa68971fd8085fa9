"""Fingerprints of bank data: of a file's bytes, and of a table's rows whatever file holds them.

A file digest changes with any byte (a pyarrow upgrade that rewrites Parquet's created_by string
changes it too); the logical digest changes only when a row, a column or a type does.
"""

import hashlib
from pathlib import Path

import pyarrow as pa

CHUNK = 1 << 20


def bytes_sha256(data: bytes) -> str:
    """Return the hex sha256 of `data`."""
    return hashlib.sha256(data).hexdigest()


def file_sha256(path: str | Path) -> str:
    """Return the hex sha256 of the file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        while block := file.read(CHUNK):
            digest.update(block)
    return digest.hexdigest()


def logical_sha256(table: pa.Table) -> str:
    """Return the hex sha256 of the table's rows sorted by id, written as one Arrow IPC stream.

    The stream holds the column names, types and nullability (not the schema metadata) and the
    values, in one record batch, so the same rows give the same digest however they were chunked.
    """
    rows = table.sort_by("id").combine_chunks().replace_schema_metadata(None)
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, rows.schema) as writer:
        writer.write_table(rows, max_chunksize=max(1, rows.num_rows))
    return hashlib.sha256(sink.getvalue()).hexdigest()
