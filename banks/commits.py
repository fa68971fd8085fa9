"""The commits of a bank's Delta table, read from its log and checked against each other.

A bank's table folder holds _delta_log/NNNNNNNNNNNNNNNNNNNN.json, one file per commit (version N,
20 digits), each a JSON object per line: commitInfo (carrying the build's manifest under
MANIFEST_KEY), add (a data file the commit adds), txn (the build's app transaction) and, in the
first, protocol and metaData. A bank's commits only ever add files. A commit is *consistent*
when its manifest names its version, its bank, and exactly the files it adds with their sizes,
and (past version 0) the sha256 of the log entry before it: an edited log entry is caught by its
own manifest or by the next commit's.
"""

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from banks.digest import bytes_sha256
from banks.errors import BankIntegrityError
from banks.manifest import MANIFEST_KEY, Manifest, manifest_from
from banks.places import Place

LOG_DIR = "_delta_log"


@dataclass(frozen=True)
class Commit:
    """One checked commit: its version, its manifest, its commit time (ms since the epoch) and
    the sha256 of its log entry."""

    version: int
    manifest: Manifest
    committed_ms: int
    log_sha256: str


def log_name(version: int) -> str:
    """Return the name of the log entry of `version` in its table."""
    return f"{LOG_DIR}/{version:020d}.json"


def log_path(table: Path, version: int) -> Path:
    """Return the path of the log entry of `version` in a table folder on disk."""
    return table / log_name(version)


@dataclass(frozen=True)
class LogEntry:
    """One log entry as read: its bytes, its actions (one JSON object a line), its commitInfo
    ({} when it has none) and the files it adds (path -> size)."""

    shown: str
    data: bytes
    actions: list[dict[str, Any]]
    info: dict[str, Any]
    added: dict[str, int]


def read_log_entry(place: Place, version: int, kind: str) -> LogEntry:
    """Return the log entry of `version` in the table at `place`, a table of `kind` ("bank",
    "calendar") whose commits only add files.

    Raises BankIntegrityError naming the entry when it is missing, is not JSON lines, or removes
    a file.
    """
    shown = place.shown(log_name(version))
    try:
        data = place.read(log_name(version))
        actions = [json.loads(line) for line in data.decode().splitlines() if line.strip()]
    except FileNotFoundError:
        raise BankIntegrityError(f"{shown}: log entry is missing") from None
    except (OSError, ValueError) as error:
        raise BankIntegrityError(f"{shown}: log entry is unreadable ({error})") from None
    actions = [action for action in actions if isinstance(action, dict)]
    if any("remove" in action for action in actions):
        raise BankIntegrityError(f"{shown}: the commit removes files; a {kind} only adds")
    info: dict[str, Any] = next(
        (a["commitInfo"] for a in actions if isinstance(a.get("commitInfo"), dict)), {})
    added = {a["add"].get("path"): a["add"].get("size")
             for a in actions if isinstance(a.get("add"), dict)}
    return LogEntry(shown, data, actions, info, added)


def check_parent(place: Place, version: int, recorded: str | None, before: str | None) -> None:
    """Check that the entry of `version` names as its parent (`recorded`) the sha256 of the
    entry before it as read (`before`, None for version 0); BankIntegrityError naming the entry
    that changed when it does not."""
    if recorded != before:
        raise BankIntegrityError(
            f"{place.shown(log_name(version - 1))}: log entry was changed after it was "
            f"committed" if before else f"{place.shown(log_name(version))}: version 0 names "
            f"a parent"
        )


def read_commit(place: Place, version: int, bank: str) -> Commit:
    """Return the commit `version` of the bank's table after checking it is consistent (see the
    module comment; the link to the previous entry is read_commits' to check).

    Raises BankIntegrityError naming the log entry when it is missing, is not JSON lines, lacks
    the manifest, removes a file, or disagrees with its manifest.
    """
    entry = read_log_entry(place, version, "bank")
    if MANIFEST_KEY not in entry.info:
        raise BankIntegrityError(f"{entry.shown}: the commit carries no puzzlebank manifest")
    manifest = manifest_from(entry.info[MANIFEST_KEY], entry.shown)
    if (manifest.bank, manifest.version) != (bank, version):
        raise BankIntegrityError(
            f"{entry.shown}: manifest is for bank {manifest.bank!r} version {manifest.version}"
        )
    if entry.added != {file["path"]: file["bytes"] for file in manifest.files}:
        raise BankIntegrityError(f"{entry.shown}: the files the commit adds differ from its "
                                 f"manifest")
    return Commit(version, manifest, int(entry.info.get("timestamp") or 0),
                  bytes_sha256(entry.data))


def read_commits(place: Place, bank: str, upto: int) -> list[Commit]:
    """Return the commits 0..upto of the bank's table, each consistent and each vouching for the
    log entry before it; BankIntegrityError naming the first entry that is not."""
    commits: list[Commit] = []
    for version in range(upto + 1):
        commit = read_commit(place, version, bank)
        check_parent(place, version, commit.manifest.parent_log_sha256,
                     commits[-1].log_sha256 if commits else None)
        commits.append(commit)
    return commits
