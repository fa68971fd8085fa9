"""Reading a bank with polars: a lazy scan of its checked files, a filter, and the rotation of
puzzles shown day by day.

A frame is a polars LazyFrame over a bank snapshot's data files (see BankStore.snapshot: every file
checked against its commit); a bucket is the rows sharing (genre, size, grade); size is "WxH". The
default is the bank's latest version; `version` reads the bank as it was then (time travel), and
`build` keeps the rows one build added.
"""

import datetime
import hashlib
import re
from pathlib import Path

import polars as pl

from banks.errors import BankError
from banks.store import BankStore

BUCKET = ("genre", "size", "grade")
SIZE_RE = re.compile(r"\d+x\d+")


def scan(
    root: str | Path, bank: str, version: int | None = None, build: int | None = None
) -> pl.LazyFrame:
    """Return a LazyFrame of the bank's rows as of `version` (default: the latest), only those
    build `build` added when given.

    The files are checked first (size and sha256 against their commits); it scans exactly those
    files, so nothing else in the folder is read. BankError when the bank, version or build does
    not exist; BankIntegrityError naming the first file or log entry that fails its check.
    """
    snapshot = BankStore(root).snapshot(bank, version)
    frame = pl.scan_parquet(list(snapshot.files), glob=False,
                            storage_options=snapshot.place.storage_options)
    if build is not None:
        snapshot.manifest(build)
        frame = frame.filter(pl.col("build") == build)
    return frame


def select(
    frame: pl.LazyFrame,
    *,
    genre: str | None = None,
    size: str | None = None,
    grade: str | None = None,
    min_score: int | None = None,
    max_score: int | None = None,
    by_score: bool = False,
) -> pl.LazyFrame:
    """Return the rows of `frame` matching every filter given (size as "WxH", e.g. "7x7";
    a score between min_score and max_score, both included), ordered by (score, id) when
    `by_score`, else as they come."""
    if size is not None and not SIZE_RE.fullmatch(size):
        raise BankError(f"size {size!r} is not WxH, e.g. '7x7'")
    for column, wanted in (("genre", genre), ("size", size), ("grade", grade)):
        if wanted is not None:
            frame = frame.filter(pl.col(column) == wanted)
    if min_score is not None:
        frame = frame.filter(pl.col("score") >= min_score)
    if max_score is not None:
        frame = frame.filter(pl.col("score") <= max_score)
    return frame.sort(["score", "id"]) if by_score else frame


def rotation(
    root: str | Path,
    bank: str,
    day: datetime.date,
    per_bucket: int,
    version: int | None = None,
) -> pl.DataFrame:
    """Return the puzzles of `day` in the bank as of `version`: `per_bucket` rows from each
    bucket, plus a `day` column.

    The rule: each bucket's n puzzles stand in a fixed cycle, ordered by the blake2b-64 digest of
    f"{bank}/{id}" (read as a big-endian number; then by id), so the cycle depends only on the
    bank's name and its rows. Day number d is day.toordinal() (1 for 0001-01-01), and the day
    shows the puzzles at cycle positions (d * per_bucket + j) mod n for j = 0 .. min(per_bucket,
    n) - 1. Consecutive days walk on round the cycle, so a puzzle comes back only after every
    other puzzle of its bucket has been shown. Rows come bucket by bucket (genre, width, height,
    grade_level, grade), in day order within a bucket. The same version gives the same rows for
    the same day on any machine; a new version (more rows) gives a new cycle.
    """
    if per_bucket < 1:
        raise BankError(f"per_bucket must be at least 1, got {per_bucket}")
    frame = scan(root, bank, version)
    keys = frame.select("id", *BUCKET).collect()
    offset = day.toordinal() * per_bucket
    start = pl.lit(offset) % pl.col("n")
    picked = (
        keys.with_columns(pl.Series("key", cycle_keys(bank, keys["id"]), dtype=pl.Binary))
        .sort(["key", "id"])
        .with_columns(position=pl.int_range(pl.len()).over(BUCKET), n=pl.len().over(BUCKET))
        .with_columns(slot=(pl.col("position") - start + pl.col("n")) % pl.col("n"))
        .filter(pl.col("slot") < pl.min_horizontal(pl.lit(per_bucket), pl.col("n")))
        .select("id", "slot")
    )
    rows = frame.filter(pl.col("id").is_in(picked["id"].implode())).collect()
    return (
        rows.join(picked, on="id")
        .sort(["genre", "width", "height", "grade_level", "grade", "slot"])
        .drop("slot")
        .with_columns(day=pl.lit(day, dtype=pl.Date))
    )


def cycle_keys(bank: str, ids: pl.Series) -> list[bytes]:
    """Return each id's place key in its bank's rotation cycle: blake2b-64 of f"{bank}/{id}".

    The 8 digest bytes compare as the big-endian number they spell.
    """
    prefix = f"{bank}/".encode()
    return [hashlib.blake2b(prefix + rid.encode(), digest_size=8).digest() for rid in ids.to_list()]
