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
published twice. A commit refuses a row whose id, or picture (banks.pictures), the table holds.
Under the lock, data files no commit added are a dead build's and are removed.

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
from urllib.parse import unquote

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
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

from banks.commits import LOG_DIR, Commit, log_name, read_commit, read_commits
from banks.digest import bytes_sha256, logical_sha256
from banks.durable import uninterruptible
from banks.errors import BankError, BankIntegrityError
from banks.integrity import check_files
from banks.leases import Lease, live_builds
from banks.links import refuse_escapes, refuse_links
from banks.lock import exclusive, is_locked
from banks.manifest import (
    FAILED,
    MANIFEST_KEY,
    PASSED,
    VERIFICATION_STATES,
    Manifest,
    manifest_from,
)
from banks.parts import PART_RE, part_bytes, part_names, read_ids, read_part
from banks.pictures import PictureKey, pictures, repeated
from banks.places import LocalPlace, LocalRoot, Place, Root, S3Place, parse_root
from banks.schema import BANK_SCHEMA, SCHEMA_VERSION, conform, stamp

BANK_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
OLD_LAYOUT_RE = re.compile(r"LATEST|v\d{4,}")
BUILDS_DIR = "_builds"
HEAD_NAME = "_head.json"
APP_ID = "puzzlebank/{}"
TABLE_CONFIGURATION = {"delta.appendOnly": "true", "delta.enableExpiredLogCleanup": "false"}
HOOKS = PostCommitHookProperties(create_checkpoint=False, cleanup_expired_logs=False)
FAULT_VARIABLE, FAULT_EXIT = "PUZZLEBANK_FAULT", 97
REBASES = 8  # in a bucket: how many times a build commits after another that took its version


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
    place: Place
    names: tuple[str, ...]

    @property
    def files(self) -> tuple[str, ...]:
        """Return what polars or pyarrow open to read each checked data file (a path on disk,
        an s3:// URL in a bucket: read it with storage_options)."""
        return tuple(self.place.source(name) for name in self.names)

    def manifest(self, version: int | None = None) -> Manifest:
        """Return the manifest of the build committed as `version` (default: this one)."""
        version = self.version if version is None else version
        if not 0 <= version <= self.version:
            raise BankError(f"bank {self.bank!r} has no version {version} "
                            f"(versions 0 to {self.version})")
        return self.commits[version].manifest

    def arrow(self, columns: list[str] | None = None, filters: Any = None) -> pa.Table:
        """Return the checked files' rows as they are (`columns` only, those matching pyarrow
        `filters` only), file after file, without the logical check `read` makes."""
        return pa.concat_tables([pq.read_table(self.place.arrow_input(name), columns=columns,
                                               filters=filters) for name in self.names])

    def read(self, build: int | None = None) -> pa.Table:
        """Return the rows (only those of build `build`, when given), read from the checked
        files, sorted by id.

        Each build's rows must still have the row count and logical sha256 its manifest
        recorded; BankIntegrityError naming the build when they do not.
        """
        builds = range(self.version + 1) if build is None else [build]
        if build is not None:
            self.manifest(build)
        table = pa.concat_tables([read_part(self.place, name) for name in self.names])
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
    """The banks under `root`: a folder, or an s3://bucket/prefix URL (see banks.places;
    `storage_options` add to the AWS environment's)."""

    def __init__(self, root: "str | Path | Root",
                 storage_options: dict[str, str] | None = None) -> None:
        self.location = parse_root(root, storage_options)
        self.root: Path | str = self.location.path if isinstance(self.location, LocalRoot) \
            else str(self.location)

    def place(self, bank: str) -> Place:
        """Return where the bank's files live; BankError when `bank` is not a plain folder
        name, or the root is a folder whose path deltalake would misread."""
        if not isinstance(bank, str) or not BANK_NAME_RE.fullmatch(bank):
            shown = bank if len(str(bank)) <= 40 else f"{str(bank)[:37]}..."
            raise BankError(f"bank name {shown!r} must be 1 to 100 letters, digits, '.', '_' "
                            f"or '-', starting with a letter or digit")
        if isinstance(self.location, LocalRoot):
            refuse_escapes(self.location.path)
        return self.location.place(bank)

    def bank_dir(self, bank: str) -> Path:
        """Return the bank's table folder on disk (BankError for a root in a bucket)."""
        place = self.place(bank)
        if not isinstance(place, LocalPlace):
            raise BankError(f"{place.uri} is in an object store, not a folder on this machine")
        return place.folder

    def latest(self, bank: str) -> int | None:
        """Return the bank's newest version, or None when it has no commit yet.

        BankError for a folder in the old layout (LATEST and vNNNN/ folders)."""
        place = self.place(bank)
        if isinstance(place, LocalPlace):
            folder = place.folder
            refuse_links(folder)
            if not (folder / LOG_DIR).is_dir():
                if folder.is_dir() and any(OLD_LAYOUT_RE.fullmatch(e.name)
                                           for e in folder.iterdir()):
                    raise BankError(f"{folder} is a bank in the old folder layout (LATEST, "
                                    f"vNNNN/), which this version does not read; build it again")
                return None
        elif not place.has(LOG_DIR):
            return None
        try:
            latest = int(open_table(place).version())
        except DeltaError as error:
            raise BankIntegrityError(f"{unreadable_entry(place) or place.shown()}: unreadable "
                                     f"Delta table ({one_line(error)})") from None
        check_head(place, bank, latest)
        return latest

    def snapshot(self, bank: str, version: int | None = None) -> Snapshot:
        """Return the bank as of `version` (default the latest), every data file checked.

        Checks: each commit up to `version` is consistent and vouches for the one before (see
        banks.commits), deltalake's own reading of the log lists exactly the files the manifests
        name, and each file has the size and sha256 its commit recorded. BankError when there is
        no such bank or version; BankIntegrityError naming the first file or entry at fault.
        """
        latest = self.latest(bank)
        place = self.place(bank)
        if latest is None:
            raise BankError(f"no bank {bank!r} in {self.root}")
        if version is None:
            version = latest
        if not 0 <= version <= latest:
            raise BankError(f"bank {bank!r} has no version {version} (versions 0 to {latest})")
        commits = read_commits(place, bank, version)
        entries = [entry for commit in commits for entry in commit.manifest.files]
        try:
            listed = {uri.rpartition("/")[2] for uri in open_table(place, version).file_uris()}
        except DeltaError as error:
            raise BankIntegrityError(f"{place.shown()}: unreadable Delta table "
                                     f"({one_line(error)})") from None
        if {unquote(name) for name in listed} != {entry["path"] for entry in entries}:
            raise BankIntegrityError(f"{place.shown(LOG_DIR)}: the table's files differ from the "
                                     f"files its manifests name")
        return Snapshot(bank, version, tuple(commits), place,
                        tuple(check_files(place, entries)))

    def failed_builds(self, bank: str) -> list[Manifest]:
        """Return the manifests of builds that failed re-verification, oldest first."""
        place = self.place(bank)
        reports = [manifest_from(json.loads(place.read(name)), place.shown(name))
                   for name in place.names(BUILDS_DIR) if name.endswith(".json")]
        return sorted(reports, key=lambda manifest: manifest.verification["checked_at"])

    def busy(self, bank: str) -> int | None:
        """Return the pid holding the bank's writer lock (0 when unknown), or None when free
        (always None in a bucket: builds there do not lock, their commits decide)."""
        place = self.place(bank)
        if not isinstance(place, LocalPlace):
            return None
        return is_locked(place.folder) if place.folder.is_dir() else None

    @contextlib.contextmanager
    def writer(self, bank: str, *, wait: bool = False,
               picture: PictureKey | None = None) -> Iterator["BankWriter"]:
        """Yield the bank's BankWriter (its commits also refuse a row whose `picture` the bank
        holds, see BankWriter.commit). On disk it holds the bank's writer lock: BankBusyError
        when another process holds it (unless `wait`). In a bucket builds may overlap (their
        commits decide, see BankWriter.commit) and `wait` is refused; the build holds a lease
        there instead, so the next build can tell a dead build's files from a live one's.
        Clears dead builds' data files on entry."""
        place = self.place(bank)
        if isinstance(place, LocalPlace):
            refuse_links(place.folder)
            place.folder.mkdir(parents=True, exist_ok=True)
            with exclusive(place.folder, bank, wait=wait):
                writer = BankWriter(self, bank, picture)
                writer.clear_leftovers()
                yield writer
            return
        if wait:
            raise BankError("--wait has no meaning for a bank in an object store: builds there "
                            "do not queue (both run, one commit wins, the other commits after "
                            "it or is refused); drop --wait")
        writer = BankWriter(self, bank, picture)
        writer.clear_leftovers()
        try:
            yield writer
        finally:
            if writer.lease is not None:
                writer.lease.end()


class BankWriter:
    """The one writer of a bank, while it holds the lock (see BankStore.writer)."""

    def __init__(self, store: BankStore, bank: str, picture: PictureKey | None = None) -> None:
        self.store, self.bank, self.place = store, bank, store.place(bank)
        self.picture = picture
        self.lease: Lease | None = None
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
        snapshot = self.store.snapshot(self.bank, latest)
        return {rid for name in snapshot.names for rid in read_ids(self.place, name)}

    def spec_key(self, spec: dict[str, Any]) -> str:
        """Return the key of a build of this bank from `spec` (16 hex digits)."""
        return hashlib.sha256(canonical([self.bank, spec]).encode()).hexdigest()[:16]

    def build_id(self, spec: dict[str, Any]) -> str:
        """Return the id of a build from `spec` on the bank as it stands (16 hex digits)."""
        text = canonical([self.spec_key(spec), self.parent])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def published_as(self, spec: dict[str, Any]) -> Manifest | None:
        """Return the manifest of the commit a build from `spec` already made, or None."""
        latest = self.store.latest(self.bank)
        if latest is None:
            return None
        version = open_table(self.place).transaction_version(APP_ID.format(self.spec_key(spec)))
        if version is None:
            return None
        return self.store.snapshot(self.bank, latest).manifest(int(version))

    def clear_leftovers(self) -> None:
        """Remove data files that no commit added (written by a build that died, failed or was
        stopped), as the log says now: a commit that has just landed keeps its files. In a
        bucket only the files of builds whose lease is gone or stale (see banks.leases): an
        overlapping build's files are its own until it commits or dies."""
        latest = self.store.latest(self.bank)
        commits = [] if latest is None else read_commits(self.place, self.bank, latest)
        committed = {entry["path"] for commit in commits for entry in commit.manifest.files}
        names = [name for name in self.place.names() if PART_RE.fullmatch(name)
                 and name not in committed]
        if isinstance(self.place, S3Place):
            live = live_builds(self.place)
            names = [name for name in names if name.split("-")[1] not in live]
        for name in names:
            self.place.delete(name)
        self.place.settle()

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
        if isinstance(self.place, S3Place):
            if self.lease is not None:
                self.lease.end()
            self.lease = Lease.take(self.place, build_id)
        files = []
        names = part_names(build_id, max(1, -(-table.num_rows // rows_per_file)))
        try:
            for i, name in enumerate(names):
                part = table.slice(i * rows_per_file, rows_per_file)
                data = part_bytes(part)
                self.place.write(name, data)
                files.append({"path": name, "sha256": bytes_sha256(data), "bytes": len(data),
                              "rows": len(part)})
            self.place.settle()
        except BaseException:
            for name in names:
                with contextlib.suppress(BankError):
                    self.place.delete(name)
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
        names = check_files(self.place, manifest.files)
        table = pa.concat_tables([read_part(self.place, name) for name in names])
        if table.num_rows != manifest.row_count:
            raise BankIntegrityError(f"{self.place.shown()}: {table.num_rows} rows written, "
                                     f"{manifest.row_count} recorded")
        if logical_sha256(table) != manifest.logical_sha256:
            raise BankIntegrityError(f"{self.place.shown()}: the rows read back differ from the "
                                     f"rows written (logical sha256)")
        return table

    def commit(self, pending: PendingBuild, report: dict[str, Any]) -> Commit:
        """Publish a build that passed re-verification: ONE Delta commit adds its files, with
        its manifest (verification `report` included) as commit metadata. Return the commit.

        Refuses (BankError, nothing committed) when a row's id is already in the table, read
        now from the committed files, naming it; with a `picture` key (banks.pictures), also
        when a row's picture is, naming both rows. On disk (one writer, under the lock) a table
        that moved since the build began is refused too. In a bucket builds overlap and the
        commit is a put-if-absent of the next log entry: when another build's commit took the
        version first, this build re-reads the table and, unless that commit was this spec's
        own (exactly once: its app transaction) or shipped one of its ids, writes its rows
        again as the version after it (new data files, read back and checked), and commits
        that, up to REBASES times.
        """
        fault_point("verified")
        for _ in range(REBASES):
            try:
                return self.commit_once(pending, report)
            except TableMoved:
                try:
                    pending = self.rebase(pending)
                except AlreadyPublished as done:
                    return read_commit(self.place, done.manifest.version, self.bank)
        raise BankError(f"bank {self.bank!r}: other builds committed first {REBASES} times; "
                        f"nothing committed, run the build again")

    def commit_once(self, pending: PendingBuild, report: dict[str, Any]) -> Commit:
        """Commit `pending` as the next version (see commit); TableMoved when the table moved
        in a bucket, before or during the commit."""
        manifest = self.finished(pending, PASSED, report)
        in_bucket = isinstance(self.place, S3Place)
        if self.store.latest(self.bank) != self.parent:
            if in_bucket:
                raise TableMoved
            raise BankError(f"bank {self.bank!r} changed while this build ran; nothing committed")
        try:
            self.refuse_shipped(manifest)
        except BankError:
            if in_bucket and self.store.latest(self.bank) != self.parent:
                raise TableMoved from None  # a commit landed meanwhile: perhaps this spec's
            raise
        adds = [AddAction(entry["path"], entry["bytes"], {}, self.place.mtime_ms(entry["path"]),
                          True, json.dumps({"numRecords": entry["rows"]}))
                for entry in manifest.files]
        properties = CommitProperties(
            custom_metadata={MANIFEST_KEY: manifest.to_dict()}, max_commit_retries=0,
            app_transactions=[Transaction(APP_ID.format(pending.spec_key), manifest.version)],
        )
        fault_point("committing")
        with uninterruptible():
            try:
                if self.parent is None:
                    create_table_with_add_actions(
                        self.place.uri, Schema.from_arrow(BANK_SCHEMA), adds, mode="error",
                        name=self.bank, configuration=TABLE_CONFIGURATION,
                        storage_options=self.place.storage_options, commit_properties=properties,
                        post_commithook_properties=HOOKS)
                else:
                    actions: list[AddAction | RemoveAction] = [*adds]
                    # the table as of the parent: the commit is the parent's next entry or none
                    open_table(self.place, self.parent).create_write_transaction(
                        actions, mode="append", schema=BANK_SCHEMA,
                        commit_properties=properties, post_commithook_properties=HOOKS)
            except DeltaError as error:
                if in_bucket and self.store.latest(self.bank) != self.parent:
                    raise TableMoved from None
                raise BankError(f"bank {self.bank!r}: the commit failed ({one_line(error)})") \
                    from None
        fault_point("committed")
        commit = read_commit(self.place, manifest.version, self.bank)
        write_head(self.place, commit)
        self.snapshot = self.store.snapshot(self.bank, manifest.version)
        if self.lease is not None:
            self.lease.end()
            self.lease = None
        return commit

    def refuse_shipped(self, manifest: Manifest) -> None:
        """BankError naming the first id of the build that the committed table already holds
        (and the version that shipped it), or the first row whose picture it holds
        (refuse_same_picture); nothing when none is."""
        written = {rid for entry in manifest.files for rid in read_ids(self.place, entry["path"])}
        again = sorted(written & self.shipped_ids())
        if again:
            shipped = self.store.snapshot(self.bank)
            version = next((c.version for c in shipped.commits
                            if again[0] in {rid for entry in c.manifest.files
                                            for rid in read_ids(self.place, entry["path"])}),
                           shipped.version)
            raise BankError(f"bank {self.bank!r} already holds puzzle {again[0]} (shipped by "
                            f"version {version}); nothing committed")
        self.refuse_same_picture(manifest)

    def refuse_same_picture(self, manifest: Manifest) -> None:
        """BankError naming the first row of the build whose picture (see banks.pictures) a
        committed row holds, and that row; nothing without a picture key or when none is."""
        latest = self.store.latest(self.bank)
        if self.picture is None or latest is None:
            return
        new = pictures(self.place, [entry["path"] for entry in manifest.files], self.picture)
        if not new:
            return
        shipped = self.store.snapshot(self.bank, latest).names
        again = repeated(new, pictures(self.place, shipped, self.picture))
        if again:
            raise BankError(f"bank {self.bank!r} already holds the picture of puzzle {again[0]}: "
                            f"puzzle {again[1]} shows the same solution; nothing committed")

    def rebase(self, pending: PendingBuild) -> PendingBuild:
        """Return `pending`'s rows written again as the build after the table's new latest
        version (checked back from the store), its old files removed; BankError when a build of
        the same spec has committed meanwhile (AlreadyPublished carries it)."""
        rows = self.read_pending(pending)
        manifest = pending.manifest
        latest = self.store.latest(self.bank)
        self.snapshot = None if latest is None else self.store.snapshot(self.bank, latest)
        done = self.published_as(manifest.spec)
        if done is not None:
            raise AlreadyPublished(done)
        self.refuse_shipped(manifest)
        rebased = self.write(rows.drop_columns(["build"]), spec=manifest.spec,
                             code_version=manifest.code_version,
                             build_stats=manifest.build_stats, created_at=manifest.created_at,
                             rows_per_file=max(entry["rows"] for entry in manifest.files))
        self.read_pending(rebased)
        for entry in manifest.files:
            self.place.delete(entry["path"])
        return rebased

    def discard(self, pending: PendingBuild, report: dict[str, Any]) -> Path | str:
        """Drop a build that failed re-verification: keep its manifest, with the `report`, in
        _builds/<build id>.json (returned: its path, or its URL in a bucket) and remove its data
        files. Nothing is committed."""
        manifest = self.finished(pending, FAILED, report)
        name = f"{BUILDS_DIR}/{manifest.build_id}.json"
        self.place.replace(name, (json.dumps(manifest.to_dict(), sort_keys=True, indent=2,
                                             default=str) + "\n").encode())
        for entry in manifest.files:
            self.place.delete(entry["path"])
        self.place.settle()
        if self.lease is not None:
            self.lease.end()
            self.lease = None
        return self.place.folder / name if isinstance(self.place, LocalPlace) \
            else self.place.shown(name)

    @staticmethod
    def finished(pending: PendingBuild, status: str, report: dict[str, Any]) -> Manifest:
        """Return the pending build's manifest with its verification filled in."""
        if status not in VERIFICATION_STATES:
            raise BankError(f"verification status {status!r} is not one of "
                            f"{VERIFICATION_STATES}")
        verification = {"status": status, "checked_at": now_iso(), "report": report}
        return Manifest(**pending.manifest.to_dict() | {"verification": verification})


class TableMoved(Exception):
    """Another build committed the version this build was to commit (in a bucket)."""


class AlreadyPublished(BankError):
    """A build of the same spec committed while this one ran: exactly once, nothing to do."""

    def __init__(self, manifest: Manifest) -> None:
        super().__init__(f"bank {manifest.bank!r}: a build of the same spec committed version "
                         f"{manifest.version} meanwhile; nothing more to commit")
        self.manifest = manifest


def open_table(place: Place, version: int | None = None) -> DeltaTable:
    """Return deltalake's view of the bank's table (as of `version`, default the latest)."""
    return DeltaTable(place.uri, version=version, storage_options=place.storage_options)


def write_head(place: Place, commit: Commit) -> None:
    """Record the commit just made as the bank's head (<bank>/_head.json: its version and the
    sha256 of its log entry), so that readers notice that entry deleted or edited later."""
    head = {"version": commit.version, "log_sha256": commit.log_sha256}
    place.replace(HEAD_NAME, (json.dumps(head, sort_keys=True) + "\n").encode())


def check_head(place: Place, bank: str, latest: int) -> None:
    """Check the table's newest version `latest` against the head the last build recorded:
    BankIntegrityError when the log lacks the head's version (its entry was deleted) or the
    head's entry is not the one committed (edited). No head (a bank before heads, or a build that
    died right after its commit) checks nothing."""
    try:
        head = json.loads(place.read(HEAD_NAME))
        version, recorded = int(head["version"]), str(head["log_sha256"])
    except FileNotFoundError:
        return
    except (OSError, ValueError, TypeError, KeyError) as error:
        raise BankIntegrityError(f"{place.shown(HEAD_NAME)}: unreadable head record "
                                 f"({error})") from None
    if version > latest:
        raise BankIntegrityError(f"{place.shown(log_name(version))}: log entry is missing (the "
                                 f"last build committed version {version}; the table ends at "
                                 f"{latest})")
    if read_commit(place, version, bank).log_sha256 != recorded:
        raise BankIntegrityError(f"{place.shown(log_name(version))}: log entry was changed after "
                                 f"it was committed (its sha256 differs from {HEAD_NAME})")


def unreadable_entry(place: Place) -> str | None:
    """Return the first log entry of the table that is not JSON lines (shown), or None."""
    for name in place.names(LOG_DIR):
        if not name.endswith(".json"):
            continue
        try:
            for line in place.read(name).decode().splitlines():
                json.loads(line)
        except (OSError, ValueError):
            return place.shown(name)
    return None


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
