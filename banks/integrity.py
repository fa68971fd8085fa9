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
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from banks.durable import write_atomic
from banks.errors import BankIntegrityError
from banks.places import LocalPlace, Place

CACHE_PATH = Path("_cache") / "checked.json"  # in the bank folder, on disk


def identity(stat: os.stat_result) -> list[int]:
    """Return what must not change for a file's check on disk to stay valid."""
    return [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]


def check_files(place: Place, entries: list[dict[str, Any]]) -> list[str]:
    """Return the names of the data files `entries` ({path, sha256, bytes, ...}) name, after
    checking each is present with the recorded size and sha256.

    Raises BankIntegrityError naming the first file that is missing, a link, of another size or
    with another digest.
    """
    cache_file = place.cache_file()
    cache = read_cache(cache_file)
    fresh: dict[str, Any] = {}
    names = []
    for entry in entries:
        name, path = entry["path"], place.shown(entry["path"])
        try:
            found = place.identity(name)
        except FileNotFoundError:
            raise BankIntegrityError(f"{path}: data file is missing") from None
        except IsADirectoryError:
            raise BankIntegrityError(f"{path}: data file is not a plain file (a link?)") \
                from None
        if found[0] != entry["bytes"]:
            raise BankIntegrityError(f"{path}: {found[0]} bytes, its commit recorded "
                                     f"{entry['bytes']}")
        key = [*found, entry["sha256"]]
        if cache.get(name) != key or not footer_agrees(place, entry):
            try:
                digest = place.sha256(name)
            except FileNotFoundError:
                raise BankIntegrityError(f"{path}: data file is missing") from None
            if digest != entry["sha256"]:
                raise BankIntegrityError(
                    f"{path}: sha256 {digest[:16]}... differs from the "
                    f"{entry['sha256'][:16]}... its commit recorded"
                )
        fresh[name] = key
        names.append(name)
    if any(cache.get(name) != key for name, key in fresh.items()):
        write_cache(cache_file, cache | fresh)
    return names


def footer_agrees(place: Place, entry: dict[str, Any]) -> bool:
    """Return True when the file's Parquet footer reads and counts the rows its commit recorded
    (what a cache hit on disk must also pass: the file's own word, not only the cache's). In a
    bucket the ETag, computed by the store from the bytes it holds, stands for it."""
    if not isinstance(place, LocalPlace):
        return True
    try:
        return bool(pq.read_metadata(place.arrow_input(entry["path"])).num_rows == entry["rows"])
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
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(cache, sort_keys=True).encode())
    except OSError:
        pass
