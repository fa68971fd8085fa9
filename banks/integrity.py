"""Checking a bank's data files against the sizes and sha256 digests their commits recorded.

Hashing every file on every read would cost a 1,000,000-row query about a second, so a file that
passed is remembered in <bank>/_cache/checked.json with the identity of what was hashed (size,
mtime and ctime in ns, inode): any write to the file, or a file put in its place, changes that
identity and the file is hashed again. ctime cannot be set back by a user process, so restoring an
mtime does not hide an edit. A hit also needs the file's Parquet footer to read and to count the
rows the commit recorded, so a forged cache does not vouch for a file whose footer was changed. The
cache is an optimisation only: a reader that cannot write it checks every time. A byte changed
inside a file whose cache entry was forged is found when the rows are read (banks.query turns a
failed read into one line; `verify` rehashes the rows).
"""

import json
import os
from pathlib import Path
from stat import S_ISREG
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from banks.digest import file_sha256
from banks.durable import write_atomic
from banks.errors import BankIntegrityError

CACHE_PATH = Path("_cache") / "checked.json"


def identity(stat: os.stat_result) -> list[int]:
    """Return what must not change for a file's check to stay valid."""
    return [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]


def check_files(table: Path, entries: list[dict[str, Any]]) -> list[Path]:
    """Return the paths of the data files `entries` ({path, sha256, bytes, ...}) name, after
    checking each is present with the recorded size and sha256.

    Raises BankIntegrityError naming the first file that is missing, of another size or with
    another digest.
    """
    cache_file = table / CACHE_PATH
    cache = read_cache(cache_file)
    fresh: dict[str, Any] = {}
    paths = []
    for entry in entries:
        path = table / entry["path"]
        try:
            stat = path.lstat()
        except FileNotFoundError:
            raise BankIntegrityError(f"{path}: data file is missing") from None
        if not S_ISREG(stat.st_mode):
            raise BankIntegrityError(f"{path}: data file is not a plain file (a link?)")
        if stat.st_size != entry["bytes"]:
            raise BankIntegrityError(
                f"{path}: {stat.st_size} bytes, its commit recorded {entry['bytes']}"
            )
        key = [*identity(stat), entry["sha256"]]
        if cache.get(entry["path"]) != key or not footer_agrees(path, entry):
            digest = file_sha256(path)
            if digest != entry["sha256"]:
                raise BankIntegrityError(
                    f"{path}: sha256 {digest[:16]}... differs from the "
                    f"{entry['sha256'][:16]}... its commit recorded"
                )
        fresh[entry["path"]] = key
        paths.append(path)
    if any(cache.get(name) != key for name, key in fresh.items()):
        write_cache(cache_file, cache | fresh)
    return paths


def footer_agrees(path: Path, entry: dict[str, Any]) -> bool:
    """Return True when the file's Parquet footer reads and counts the rows its commit recorded
    (what a cache hit must also pass: the file's own word, not only the cache's)."""
    try:
        return bool(pq.read_metadata(path).num_rows == entry["rows"])
    except (pa.ArrowException, OSError):
        return False


def read_cache(path: Path) -> dict[str, Any]:
    """Return the remembered checks, or {} when there are none or they are unreadable."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_cache(path: Path, cache: dict[str, Any]) -> None:
    """Remember the checks, when the folder can be written (a read-only reader skips this)."""
    try:
        path.parent.mkdir(exist_ok=True)
        write_atomic(path, json.dumps(cache, sort_keys=True).encode())
    except OSError:
        pass
