"""BankStore: the versions of each bank under one root folder, and the steps a version goes through.

root is the store's folder; a bank is a named folder under it; a version is an int n, stored as
the folder vNNNN (n=7 is v0007); LATEST is a file naming the newest published version. A version
is staged (its files written, its manifest pending), verified (the manifest says passed or
failed), then published (LATEST moves up to it) or rejected (moved to _rejected/). A published
version (at or below LATEST, verification passed) is never changed or removed.

One builder per bank at a time: stage picks max(existing)+1 and first clears what dead builds
left (.staging-vNNNN-<pid> folders, unpublished versions above LATEST that did not pass).
"""

import os
import re
import shutil
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa

from banks.digest import file_sha256, logical_sha256
from banks.durable import fsync_dir, owner_is_gone, write_atomic
from banks.errors import BankError, BankIntegrityError
from banks.manifest import (
    FAILED,
    MANIFEST_NAME,
    PASSED,
    PENDING,
    VERIFICATION_STATES,
    Manifest,
    read_manifest,
    write_manifest,
)
from banks.parts import part_names, read_ids, read_part, write_part
from banks.schema import SCHEMA_VERSION, conform

VERSION_RE = re.compile(r"v(\d{4,})")
BANK_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
LATEST_NAME = "LATEST"
STAGING_PREFIX = ".staging-"
REJECTED_DIR = "_rejected"


def version_name(version: int) -> str:
    """Return the folder name of a version: 7 -> "v0007"."""
    return f"v{version:04d}"


class BankStore:
    """The banks under `root`: their versions, manifests, LATEST pointers and rows."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    # -- where things are -------------------------------------------------------------------

    def bank_dir(self, bank: str) -> Path:
        """Return the bank's folder; BankError when `bank` is not a plain folder name."""
        if not isinstance(bank, str) or not BANK_NAME_RE.fullmatch(bank):
            raise BankError(f"bank name {bank!r} must be letters, digits, '.', '_' or '-'")
        return self.root / bank

    def version_dir(self, bank: str, version: int) -> Path:
        """Return the folder of a version (it may not exist)."""
        return self.bank_dir(bank) / version_name(version)

    # -- what is there ----------------------------------------------------------------------

    def versions(self, bank: str) -> list[int]:
        """Return the version numbers whose vNNNN folders are present, ascending."""
        folder = self.bank_dir(bank)
        if not folder.is_dir():
            return []
        found = (VERSION_RE.fullmatch(entry.name) for entry in folder.iterdir() if entry.is_dir())
        return sorted(int(match.group(1)) for match in found if match)

    def latest(self, bank: str) -> int | None:
        """Return the version LATEST names, or None when the bank has never published."""
        path = self.bank_dir(bank) / LATEST_NAME
        try:
            text = path.read_text()
        except FileNotFoundError:
            return None
        match = VERSION_RE.fullmatch(text.strip())
        if not match:
            raise BankIntegrityError(f"{path}: expected a version like 'v0003', got {text!r}")
        return int(match.group(1))

    def manifest(self, bank: str, version: int) -> Manifest:
        """Return the version's manifest; BankError when the version does not exist."""
        folder = self.version_dir(bank, version)
        if not folder.is_dir():
            raise BankError(f"bank {bank!r} has no version {version_name(version)} in {self.root}")
        manifest = read_manifest(folder / MANIFEST_NAME)
        if (manifest.bank, manifest.version) != (bank, version):
            raise BankIntegrityError(
                f"{folder}: manifest is for {manifest.bank!r} {version_name(manifest.version)}"
            )
        return manifest

    def is_published(self, bank: str, version: int) -> bool:
        """Return True when the version is at or below LATEST and passed verification."""
        top = self.latest(bank)
        return (
            top is not None
            and version <= top
            and version in self.versions(bank)
            and self.manifest(bank, version).status == PASSED
        )

    def published(self, bank: str) -> list[int]:
        """Return the published versions (at or below LATEST, verification passed), ascending."""
        return [version for version in self.versions(bank) if self.is_published(bank, version)]

    def resolve(self, bank: str, version: int | None = None) -> int:
        """Return `version` (LATEST when None); BankError unless that version is published."""
        if not self.bank_dir(bank).is_dir():
            raise BankError(f"no bank {bank!r} in {self.root}")
        if version is None:
            version = self.latest(bank)
            if version is None:
                raise BankError(f"bank {bank!r} has no published version")
        if not self.is_published(bank, version):
            raise BankError(f"bank {bank!r} version {version_name(version)} is not published")
        return version

    # -- building a version -----------------------------------------------------------------

    def stage(
        self,
        bank: str,
        table: pa.Table,
        *,
        spec: dict[str, Any],
        code_version: dict[str, Any],
        build_stats: dict[str, Any],
        created_at: str,
        rows_per_file: int = 100_000,
    ) -> int:
        """Write `table` as the bank's next version, verification pending; return its number.

        The table must have the bank columns (see schema.conform); its rows are written sorted by
        id, `rows_per_file` to a part file, so the same rows always give the same part files,
        byte for byte. Files go to a staging folder that is renamed into place when complete.
        """
        if rows_per_file < 1:
            raise BankError(f"rows_per_file must be at least 1, got {rows_per_file}")
        table = conform(table)
        folder = self.bank_dir(bank)
        folder.mkdir(parents=True, exist_ok=True)
        self.clear_leftovers(bank)
        version = max(self.versions(bank), default=0) + 1
        staging = folder / f"{STAGING_PREFIX}{version_name(version)}-{os.getpid()}"
        staging.mkdir()
        try:
            manifest = Manifest(
                bank=bank,
                version=version,
                parent_version=self.latest(bank),
                schema_version=SCHEMA_VERSION,
                spec=spec,
                code_version=code_version,
                row_count=table.num_rows,
                buckets=bucket_counts(table),
                files=write_parts(table, staging, rows_per_file),
                logical_sha256=logical_sha256(table),
                build_stats=build_stats,
                verification={"status": PENDING, "checked_at": None, "report": {}},
                created_at=created_at,
            )
            write_manifest(staging / MANIFEST_NAME, manifest)
            fsync_dir(staging)
            move_into_place(staging, self.version_dir(bank, version))
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
        fsync_dir(folder)
        return version

    def clear_leftovers(self, bank: str) -> None:
        """Remove what dead builds left: staging folders whose process is gone, and versions
        above LATEST that did not pass verification (failed ones are rejected, kept for
        inspection; pending or unreadable ones are deleted). Published versions are untouched."""
        folder = self.bank_dir(bank)
        for entry in folder.iterdir():
            if entry.name.startswith(STAGING_PREFIX) and owner_is_gone(entry.name.split("-")[-1]):
                shutil.rmtree(entry)
        top = self.latest(bank) or 0
        for version in self.versions(bank):
            if version <= top:
                continue
            status = self.status_or_none(bank, version)
            if status == FAILED:
                self.reject(bank, version)
            elif status != PASSED:
                shutil.rmtree(self.version_dir(bank, version))
        fsync_dir(folder)

    def status_or_none(self, bank: str, version: int) -> str | None:
        """Return the version's verification status, or None when its manifest is unreadable."""
        try:
            return self.manifest(bank, version).status
        except BankIntegrityError:
            return None

    def record_verification(
        self,
        bank: str,
        version: int,
        status: str,
        report: dict[str, Any],
        *,
        checked_at: str | None = None,
    ) -> None:
        """Rewrite the version's verification as {status, checked_at, report}, atomically.

        `checked_at` defaults to now (ISO 8601, UTC). BankError for an unknown status or a
        version that is already published (its verification is final).
        """
        if status not in VERIFICATION_STATES:
            raise BankError(f"verification status {status!r} is not one of {VERIFICATION_STATES}")
        manifest = self.manifest(bank, version)
        if self.is_published(bank, version):
            raise BankError(f"bank {bank!r} {version_name(version)} is published; it is final")
        verification = {
            "status": status,
            "checked_at": checked_at or datetime.now(UTC).isoformat(timespec="seconds"),
            "report": report,
        }
        path = self.version_dir(bank, version) / MANIFEST_NAME
        write_manifest(path, replace(manifest, verification=verification))

    def publish(self, bank: str, version: int) -> None:
        """Point LATEST at the version, atomically.

        BankError unless its verification passed, or when LATEST is already above it (LATEST
        never moves backwards). Publishing the version LATEST already names does nothing.
        """
        status = self.manifest(bank, version).status
        if status != PASSED:
            raise BankError(
                f"bank {bank!r} {version_name(version)} verification is {status!r}; "
                f"only a passed version can be published"
            )
        top = self.latest(bank)
        if top is not None and version < top:
            raise BankError(
                f"bank {bank!r} LATEST is {version_name(top)}; publishing "
                f"{version_name(version)} would move it backwards"
            )
        if version != top:
            write_atomic(self.bank_dir(bank) / LATEST_NAME, f"{version_name(version)}\n".encode())

    def reject(self, bank: str, version: int) -> Path:
        """Move a version that failed verification to _rejected/vNNNN-<n>; return its new folder.

        n counts from 1 so a version number reused by a later build keeps every rejected copy.
        BankError unless the version's verification is "failed".
        """
        status = self.manifest(bank, version).status
        if status != FAILED:
            raise BankError(
                f"bank {bank!r} {version_name(version)} verification is {status!r}; "
                f"only a failed version can be rejected"
            )
        rejected = self.bank_dir(bank) / REJECTED_DIR
        rejected.mkdir(exist_ok=True)
        n = 1
        while (rejected / f"{version_name(version)}-{n}").exists():
            n += 1
        target = rejected / f"{version_name(version)}-{n}"
        os.rename(self.version_dir(bank, version), target)
        fsync_dir(rejected)
        fsync_dir(self.bank_dir(bank))
        return target

    # -- reading a version ------------------------------------------------------------------

    def part_paths(self, bank: str, version: int) -> list[Path]:
        """Return the paths of the version's part files, in manifest order."""
        folder = self.version_dir(bank, version)
        return [folder / entry["path"] for entry in self.manifest(bank, version).files]

    def read_version(self, bank: str, version: int) -> pa.Table:
        """Return the version's rows, read back from disk, after checking them.

        Every part file must be present (and no other), have the size and sha256 the manifest
        records, hold the bank schema, and together the rows must have the manifest's row count
        and logical sha256. Raises BankIntegrityError naming the first file that does not.
        """
        manifest = self.manifest(bank, version)
        folder = self.version_dir(bank, version)
        listed = {entry["path"] for entry in manifest.files}
        present = {path.name for path in folder.glob("*.parquet")}
        missing, extra = sorted(listed - present), sorted(present - listed)
        if missing:
            raise BankIntegrityError(f"{folder / missing[0]}: part file is missing")
        if extra:
            raise BankIntegrityError(f"{folder / extra[0]}: part file is not in the manifest")
        if manifest.schema_version != SCHEMA_VERSION:
            raise BankError(
                f"{folder}: schema version {manifest.schema_version}, this code reads "
                f"{SCHEMA_VERSION}"
            )
        parts = [read_checked_part(folder / entry["path"], entry) for entry in manifest.files]
        table = pa.concat_tables(parts)
        if table.num_rows != manifest.row_count:
            raise BankIntegrityError(
                f"{folder}: {table.num_rows} rows, manifest says {manifest.row_count}"
            )
        if logical_sha256(table) != manifest.logical_sha256:
            raise BankIntegrityError(f"{folder}: rows do not match the manifest's logical_sha256")
        return table

    def shipped_ids(self, bank: str) -> set[str]:
        """Return the ids found in any published version of the bank."""
        ids: set[str] = set()
        for version in self.published(bank):
            for path in self.part_paths(bank, version):
                ids.update(read_ids(path))
        return ids


def read_checked_part(path: Path, entry: dict[str, Any]) -> pa.Table:
    """Return the rows of one part file after checking its size, sha256 and row count."""
    if not path.is_file():
        raise BankIntegrityError(f"{path}: part file is missing")
    size = path.stat().st_size
    if size != entry["bytes"]:
        raise BankIntegrityError(f"{path}: {size} bytes, manifest says {entry['bytes']}")
    digest = file_sha256(path)
    if digest != entry["sha256"]:
        raise BankIntegrityError(
            f"{path}: sha256 {digest[:16]}... differs from the manifest's {entry['sha256'][:16]}..."
        )
    table = read_part(path)
    if table.num_rows != entry["rows"]:
        raise BankIntegrityError(f"{path}: {table.num_rows} rows, manifest says {entry['rows']}")
    return table


def write_parts(table: pa.Table, folder: Path, rows_per_file: int) -> list[dict[str, Any]]:
    """Write the table to part files in `folder`; return their manifest entries.

    There is always at least one part, so an empty table still records the schema.
    """
    count = max(1, -(-table.num_rows // rows_per_file))
    files = []
    for i, name in enumerate(part_names(count)):
        part = table.slice(i * rows_per_file, rows_per_file)
        path = folder / name
        write_part(part, path)
        size = path.stat().st_size
        files.append({"path": name, "sha256": file_sha256(path), "bytes": size, "rows": len(part)})
    return files


def bucket_counts(table: pa.Table) -> dict[str, int]:
    """Return the row count of each "WxH/grade" bucket, keys sorted."""
    counts = table.group_by(["size", "grade"]).aggregate([("id", "count")]).to_pylist()
    return dict(sorted((f"{row['size']}/{row['grade']}", row["id_count"]) for row in counts))


def move_into_place(staging: Path, target: Path) -> None:
    """Rename the complete staging folder to the version folder; BankError if that exists."""
    if target.exists():
        raise BankError(f"{target} appeared while staging: is another build running?")
    try:
        os.rename(staging, target)
    except OSError as error:
        raise BankError(f"cannot move {staging.name} to {target}: {error}") from None
