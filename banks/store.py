"""BankStore: the banks under one root folder, each a Delta Lake table, read through checks and
written by one build at a time.

Vocabulary: root is the store's folder; a bank is a Delta table at <root>/<bank>/ (data files
part-<build id>-<n>.parquet beside _delta_log/); a version is a Delta version, 0 for the first
build; a build adds rows in ONE commit whose metadata is its manifest, and its rows carry that
version in the `build` column. A snapshot is the bank as of one version with every data file
checked against its commit. A pending build has its data files written but not committed:
readers never see them, since Delta readers read only what commits add.

A build (BankWriter, under the bank's lock): write -> read_pending (re-verification reads this)
-> commit | discard. A build is identified by its spec key (bank + spec, seed included), which
its commit records as a Delta app transaction: a retried build finds its commit there and is not
published twice. Under the lock, data files no commit added are a dead build's and are removed.

PUZZLEBANK_FAULT=<step> makes the writer die with os._exit at that step (tests of crashes):
"written" (data files on disk), "verified" (about to commit), "committing" (checked, the Delta
log write next), "committed" (the commit made, nothing after it). The log write itself holds
SIGINT and SIGTERM back until it is done (durable.uninterruptible): a commit happens whole or not.
"""

import contextlib
import hashlib
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
from deltalake import DeltaTable, Schema
from deltalake.exceptions import DeltaError
from deltalake.transaction import (
    AddAction,
    CommitProperties,
    PostCommitHookProperties,
    RemoveAction,
    Transaction,
    create_table_with_add_actions,
)

from banks.commits import LOG_DIR, Commit, read_commit, read_commits
from banks.digest import file_sha256, logical_sha256
from banks.durable import fsync_dir, uninterruptible, write_atomic
from banks.errors import BankError, BankIntegrityError
from banks.integrity import check_files
from banks.lock import exclusive, is_locked
from banks.manifest import (
    FAILED,
    MANIFEST_KEY,
    PASSED,
    VERIFICATION_STATES,
    Manifest,
    manifest_from,
)
from banks.parts import PART_RE, part_names, read_ids, read_part, write_part
from banks.schema import BANK_SCHEMA, SCHEMA_VERSION, conform, stamp

BANK_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
OLD_LAYOUT_RE = re.compile(r"LATEST|v\d{4,}")
BUILDS_DIR = "_builds"
APP_ID = "puzzlebank/{}"
TABLE_CONFIGURATION = {"delta.appendOnly": "true", "delta.enableExpiredLogCleanup": "false"}
HOOKS = PostCommitHookProperties(create_checkpoint=False, cleanup_expired_logs=False)
FAULT_VARIABLE, FAULT_EXIT = "PUZZLEBANK_FAULT", 97


def fault_point(step: str) -> None:
    """Die at once, as a crash would, when PUZZLEBANK_FAULT names `step` (see the module)."""
    if os.environ.get(FAULT_VARIABLE) == step:
        os._exit(FAULT_EXIT)


def now_iso() -> str:
    """Return the time now, ISO 8601 in UTC to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def canonical(value: Any) -> str:
    """Return `value` as compact JSON with sorted keys (what build keys are hashed from)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


@dataclass(frozen=True)
class Snapshot:
    """A bank as of `version`: its checked commits 0..version and their data files."""

    bank: str
    version: int
    commits: tuple[Commit, ...]
    files: tuple[Path, ...]

    def manifest(self, version: int | None = None) -> Manifest:
        """Return the manifest of the build committed as `version` (default: this one)."""
        version = self.version if version is None else version
        if not 0 <= version <= self.version:
            raise BankError(f"bank {self.bank!r} has no version {version} "
                            f"(versions 0 to {self.version})")
        return self.commits[version].manifest

    def read(self, build: int | None = None) -> pa.Table:
        """Return the rows (only those of build `build`, when given), read from the checked
        files, sorted by id.

        Each build's rows must still have the row count and logical sha256 its manifest
        recorded; BankIntegrityError naming the build when they do not.
        """
        builds = range(self.version + 1) if build is None else [build]
        if build is not None:
            self.manifest(build)
        table = pa.concat_tables([read_part(path) for path in self.files])
        parts = []
        for version in builds:
            rows = table.filter(pc.equal(table.column("build"), version))
            manifest = self.manifest(version)
            if rows.num_rows != manifest.row_count or logical_sha256(rows) != \
                    manifest.logical_sha256:
                raise BankIntegrityError(f"bank {self.bank!r} build {version}: the rows differ "
                                         f"from those its commit recorded (logical sha256)")
            parts.append(rows)
        return pa.concat_tables(parts).sort_by("id")


@dataclass(frozen=True)
class PendingBuild:
    """A build whose data files are written and fsynced, not committed (see BankWriter)."""

    manifest: Manifest
    spec_key: str

    @property
    def version(self) -> int:
        """Return the version its commit will have."""
        return self.manifest.version


class BankStore:
    """The banks under `root`."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root)

    def bank_dir(self, bank: str) -> Path:
        """Return the bank's table folder; BankError when `bank` is not a plain folder name."""
        if not isinstance(bank, str) or not BANK_NAME_RE.fullmatch(bank):
            shown = bank if len(str(bank)) <= 40 else f"{str(bank)[:37]}..."
            raise BankError(f"bank name {shown!r} must be 1 to 100 letters, digits, '.', '_' "
                            f"or '-', starting with a letter or digit")
        return self.root / bank

    def latest(self, bank: str) -> int | None:
        """Return the bank's newest version, or None when it has no commit yet.

        BankError for a folder in the old layout (LATEST and vNNNN/ folders)."""
        folder = self.bank_dir(bank)
        if not (folder / LOG_DIR).is_dir():
            if folder.is_dir() and any(OLD_LAYOUT_RE.fullmatch(e.name) for e in folder.iterdir()):
                raise BankError(f"{folder} is a bank in the old folder layout (LATEST, vNNNN/), "
                                f"which this version does not read; build it again")
            return None
        try:
            return int(DeltaTable(str(folder)).version())
        except DeltaError as error:
            raise BankIntegrityError(f"{unreadable_entry(folder) or folder}: unreadable Delta "
                                     f"table ({one_line(error)})") from None

    def snapshot(self, bank: str, version: int | None = None) -> Snapshot:
        """Return the bank as of `version` (default the latest), every data file checked.

        Checks: each commit up to `version` is consistent and vouches for the one before (see
        banks.commits), deltalake's own reading of the log lists exactly the files the manifests
        name, and each file has the size and sha256 its commit recorded. BankError when there is
        no such bank or version; BankIntegrityError naming the first file or entry at fault.
        """
        latest = self.latest(bank)
        folder = self.bank_dir(bank)
        if latest is None:
            raise BankError(f"no bank {bank!r} in {self.root}")
        if version is None:
            version = latest
        if not 0 <= version <= latest:
            raise BankError(f"bank {bank!r} has no version {version} (versions 0 to {latest})")
        commits = read_commits(folder, bank, version)
        entries = [entry for commit in commits for entry in commit.manifest.files]
        try:
            listed = {Path(uri).name for uri in DeltaTable(str(folder), version=version)
                      .file_uris()}
        except DeltaError as error:
            raise BankIntegrityError(f"{folder}: unreadable Delta table ({one_line(error)})") \
                from None
        if listed != {entry["path"] for entry in entries}:
            raise BankIntegrityError(f"{folder / LOG_DIR}: the table's files differ from the "
                                     f"files its manifests name")
        return Snapshot(bank, version, tuple(commits), tuple(check_files(folder, entries)))

    def failed_builds(self, bank: str) -> list[Manifest]:
        """Return the manifests of builds that failed re-verification, oldest first."""
        folder = self.bank_dir(bank) / BUILDS_DIR
        reports = [manifest_from(json.loads(path.read_text()), str(path))
                   for path in sorted(folder.glob("*.json"))] if folder.is_dir() else []
        return sorted(reports, key=lambda manifest: manifest.verification["checked_at"])

    def busy(self, bank: str) -> int | None:
        """Return the pid holding the bank's writer lock (0 when unknown), or None when free."""
        folder = self.bank_dir(bank)
        return is_locked(folder) if folder.is_dir() else None

    @contextlib.contextmanager
    def writer(self, bank: str, *, wait: bool = False) -> Iterator["BankWriter"]:
        """Hold the bank's writer lock and yield its BankWriter; BankBusyError when another
        process holds it (unless `wait`). Clears dead builds' data files on entry."""
        folder = self.bank_dir(bank)
        folder.mkdir(parents=True, exist_ok=True)
        with exclusive(folder, bank, wait=wait):
            writer = BankWriter(self, bank)
            writer.clear_leftovers()
            yield writer


class BankWriter:
    """The one writer of a bank, while it holds the lock (see BankStore.writer)."""

    def __init__(self, store: BankStore, bank: str) -> None:
        self.store, self.bank, self.folder = store, bank, store.bank_dir(bank)
        latest = store.latest(bank)
        self.snapshot = None if latest is None else store.snapshot(bank, latest)

    @property
    def parent(self) -> int | None:
        """Return the version a build now would follow (None for the first)."""
        return None if self.snapshot is None else self.snapshot.version

    def shipped_ids(self) -> set[str]:
        """Return every id in the committed table, read from its checked files now."""
        latest = self.store.latest(self.bank)
        if latest is None:
            return set()
        files = self.store.snapshot(self.bank, latest).files
        return {rid for path in files for rid in read_ids(path)}

    def spec_key(self, spec: dict[str, Any]) -> str:
        """Return the key of a build of this bank from `spec` (16 hex digits)."""
        return hashlib.sha256(canonical([self.bank, spec]).encode()).hexdigest()[:16]

    def build_id(self, spec: dict[str, Any]) -> str:
        """Return the id of a build from `spec` on the bank as it stands (16 hex digits)."""
        text = canonical([self.spec_key(spec), self.parent])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def published_as(self, spec: dict[str, Any]) -> Manifest | None:
        """Return the manifest of the commit a build from `spec` already made, or None."""
        if self.snapshot is None:
            return None
        table = DeltaTable(str(self.folder))
        version = table.transaction_version(APP_ID.format(self.spec_key(spec)))
        return None if version is None else self.snapshot.manifest(int(version))

    def clear_leftovers(self) -> None:
        """Remove data files that no commit added (written by a build that died, failed or was
        stopped), as the log says now: a commit that has just landed keeps its files."""
        latest = self.store.latest(self.bank)
        commits = [] if latest is None else read_commits(self.folder, self.bank, latest)
        committed = {entry["path"] for commit in commits for entry in commit.manifest.files}
        for entry in self.folder.iterdir():
            if PART_RE.fullmatch(entry.name) and entry.name not in committed:
                entry.unlink()
        fsync_dir(self.folder)

    def write(
        self,
        rows: pa.Table,
        *,
        spec: dict[str, Any],
        code_version: dict[str, Any],
        build_stats: dict[str, Any],
        created_at: str,
        rows_per_file: int = 100_000,
    ) -> PendingBuild:
        """Write `rows` (build rows, see schema.conform) as the data files of the next version,
        sorted by id, `rows_per_file` to a file; return the pending build.

        The same rows on the same bank state give the same files, byte for byte.
        """
        if rows_per_file < 1:
            raise BankError(f"rows_per_file must be at least 1, got {rows_per_file}")
        version = 0 if self.parent is None else self.parent + 1
        table = stamp(conform(rows), version)
        build_id = self.build_id(spec)
        files = []
        names = part_names(build_id, max(1, -(-table.num_rows // rows_per_file)))
        try:
            for i, name in enumerate(names):
                part = table.slice(i * rows_per_file, rows_per_file)
                write_part(part, self.folder / name)
                files.append({"path": name, "sha256": file_sha256(self.folder / name),
                              "bytes": (self.folder / name).stat().st_size, "rows": len(part)})
            fsync_dir(self.folder)
        except BaseException:
            for name in names:
                (self.folder / name).unlink(missing_ok=True)
            raise
        fault_point("written")
        parent = self.snapshot.commits[-1] if self.snapshot else None
        manifest = Manifest(
            bank=self.bank, version=version, parent_version=self.parent, build_id=build_id,
            spec_key=self.spec_key(spec), schema_version=SCHEMA_VERSION, spec=spec,
            code_version=code_version, row_count=table.num_rows, buckets=bucket_counts(table),
            files=files, logical_sha256=logical_sha256(table), build_stats=build_stats,
            verification={"status": "pending", "checked_at": None, "report": {}},
            created_at=created_at, parent_log_sha256=parent.log_sha256 if parent else None,
        )
        return PendingBuild(manifest, self.spec_key(spec))

    def read_pending(self, pending: PendingBuild) -> pa.Table:
        """Return the pending build's rows, read back from disk after checking each file's size
        and sha256, and the rows' count and logical sha256, against what `write` recorded."""
        manifest = pending.manifest
        paths = check_files(self.folder, manifest.files)
        table = pa.concat_tables([read_part(path) for path in paths])
        if table.num_rows != manifest.row_count:
            raise BankIntegrityError(f"{self.folder}: {table.num_rows} rows written, "
                                     f"{manifest.row_count} recorded")
        if logical_sha256(table) != manifest.logical_sha256:
            raise BankIntegrityError(f"{self.folder}: the rows read back differ from the rows "
                                     f"written (logical sha256)")
        return table

    def commit(self, pending: PendingBuild, report: dict[str, Any]) -> Commit:
        """Publish a build that passed re-verification: ONE Delta commit adds its files, with
        its manifest (verification `report` included) as commit metadata. Return the commit.

        Refuses (BankError, nothing committed) when the table moved since the build began, or
        when a row's id is already in the table, read now from the committed files.
        """
        fault_point("verified")
        manifest = self.finished(pending, PASSED, report)
        if self.store.latest(self.bank) != self.parent:
            raise BankError(f"bank {self.bank!r} changed while this build ran; nothing committed")
        written = {rid for entry in manifest.files for rid in read_ids(self.folder / entry["path"])}
        again = sorted(written & self.shipped_ids())
        if again:
            raise BankError(f"bank {self.bank!r} already holds puzzle {again[0]}; "
                            f"nothing committed")
        adds = [AddAction(entry["path"], entry["bytes"], {}, mtime_ms(self.folder / entry["path"]),
                          True, json.dumps({"numRecords": entry["rows"]}))
                for entry in manifest.files]
        properties = CommitProperties(
            custom_metadata={MANIFEST_KEY: manifest.to_dict()}, max_commit_retries=0,
            app_transactions=[Transaction(APP_ID.format(pending.spec_key), manifest.version)],
        )
        fault_point("committing")
        uri = str(self.folder)
        with uninterruptible():
            try:
                if self.parent is None:
                    create_table_with_add_actions(
                        uri, Schema.from_arrow(BANK_SCHEMA), adds, mode="error", name=self.bank,
                        configuration=TABLE_CONFIGURATION, commit_properties=properties,
                        post_commithook_properties=HOOKS)
                else:
                    actions: list[AddAction | RemoveAction] = [*adds]
                    DeltaTable(uri).create_write_transaction(
                        actions, mode="append", schema=BANK_SCHEMA,
                        commit_properties=properties, post_commithook_properties=HOOKS)
            except DeltaError as error:
                raise BankError(f"bank {self.bank!r}: the commit failed ({one_line(error)})") \
                    from None
        fault_point("committed")
        commit = read_commit(self.folder, manifest.version, self.bank)
        self.snapshot = self.store.snapshot(self.bank, manifest.version)
        return commit

    def discard(self, pending: PendingBuild, report: dict[str, Any]) -> Path:
        """Drop a build that failed re-verification: keep its manifest, with the `report`, in
        _builds/<build id>.json (returned) and remove its data files. Nothing is committed."""
        manifest = self.finished(pending, FAILED, report)
        folder = self.folder / BUILDS_DIR
        folder.mkdir(exist_ok=True)
        path = folder / f"{manifest.build_id}.json"
        write_atomic(path, (json.dumps(manifest.to_dict(), sort_keys=True, indent=2,
                                       default=str) + "\n").encode())
        for entry in manifest.files:
            (self.folder / entry["path"]).unlink(missing_ok=True)
        fsync_dir(self.folder)
        return path

    @staticmethod
    def finished(pending: PendingBuild, status: str, report: dict[str, Any]) -> Manifest:
        """Return the pending build's manifest with its verification filled in."""
        if status not in VERIFICATION_STATES:
            raise BankError(f"verification status {status!r} is not one of "
                            f"{VERIFICATION_STATES}")
        verification = {"status": status, "checked_at": now_iso(), "report": report}
        return Manifest(**pending.manifest.to_dict() | {"verification": verification})


def unreadable_entry(table: Path) -> Path | None:
    """Return the first log entry of the table that is not JSON lines, or None."""
    for path in sorted((table / LOG_DIR).glob("*.json")):
        try:
            for line in path.read_text().splitlines():
                json.loads(line)
        except (OSError, ValueError):
            return path
    return None


def mtime_ms(path: Path) -> int:
    """Return the file's modification time in ms since the epoch (a Delta add's field)."""
    return path.stat().st_mtime_ns // 1_000_000


def bucket_counts(table: pa.Table) -> dict[str, int]:
    """Return the row count of each "WxH/grade" bucket, keys sorted; in a build of several
    genres, of each "GENRE/WxH/grade" bucket."""
    counts = table.group_by(["genre", "size", "grade"]).aggregate([("id", "count")]).to_pylist()
    several = len({row["genre"] for row in counts}) > 1
    return dict(sorted((f"{row['genre']}/" * several + f"{row['size']}/{row['grade']}",
                        row["id_count"]) for row in counts))


def one_line(error: BaseException) -> str:
    """Return the first line of an error's message (deltalake's run over several)."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__
