"""A bank's calendar: which puzzles each day shows, planned ahead, never changed, never repeated.

Vocabulary: a *day* is an ISO date; a *plan row* is (day, genre, size, grade, slot, id): puzzle
`id` of bucket (genre, size, grade) is the day's `slot`-th of that bucket; an *extension* plans
the days after the last one planned, through a date, `per_bucket` puzzles from every bucket the
bank has then, and is ONE commit of the calendar table <bank>/_calendar (a Delta table beside
the bank's, append-only, its own lock <bank>/_calendar/.lock). Its commit metadata (key
CALENDAR_KEY) records the extension: its days, per_bucket, the bank version it drew from, each
data file's size and sha256, and the sha256 of the log entry before it, so the calendar is
checked as a bank is (banks.commits, banks.integrity).

The rule: an extension draws, for each bucket, the bank's puzzles no day has yet, in the order
of the blake2b-64 digest of f"{bank}/{id}" (then id), so the same bank gives the same plan on any
machine; day after day takes the next `per_bucket` of every bucket. A day is planned whole or not
at all: when a bucket's supply runs out, that day and every later one are left unplanned and
reported short (Shortfall), the days before them are committed. A puzzle is planned on at most
one day ever, and a day once planned never changes: later builds only feed later extensions.
"""

import contextlib
import datetime
import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from deltalake import Schema
from deltalake.exceptions import DeltaError
from deltalake.transaction import (
    AddAction,
    CommitProperties,
    RemoveAction,
    create_table_with_add_actions,
)

from banks.commits import LOG_DIR, check_parent, log_name, read_log_entry
from banks.digest import bytes_sha256
from banks.durable import uninterruptible
from banks.errors import BankError, BankIntegrityError
from banks.integrity import check_files
from banks.lock import exclusive
from banks.parts import WRITE_OPTIONS, read_parquet
from banks.places import LocalPlace, Place
from banks.store import HOOKS, TABLE_CONFIGURATION, BankStore, now_iso, one_line, open_table

CALENDAR_DIR = "_calendar"
CALENDAR_KEY = "puzzlebank-calendar"
PLAN_NAME = "plan-{:020d}.parquet"
BUCKET_ORDER = ("genre", "width", "height", "grade_level", "grade")
PLAN_SCHEMA = pa.schema([
    pa.field("day", pa.date32(), nullable=False),
    pa.field("genre", pa.string(), nullable=False),
    pa.field("size", pa.string(), nullable=False),
    pa.field("grade", pa.string(), nullable=False),
    pa.field("slot", pa.int32(), nullable=False),
    pa.field("id", pa.string(), nullable=False),
])
EXTENSION_FIELDS = ("bank", "version", "first_day", "last_day", "per_bucket", "bank_version",
                    "buckets", "files", "created_at", "parent_log_sha256")


@dataclass(frozen=True)
class Extension:
    """One committed extension: calendar `version` planned first_day..last_day (ISO dates),
    `per_bucket` puzzles a bucket a day from `buckets` ("genre/WxH/grade") of the bank as of
    `bank_version`, in `files` ({path, sha256, bytes, rows})."""

    bank: str
    version: int
    first_day: str
    last_day: str
    per_bucket: int
    bank_version: int
    buckets: list[str]
    files: list[dict[str, Any]]
    created_at: str
    parent_log_sha256: str | None


@dataclass(frozen=True)
class ShortBucket:
    """A bucket that cannot fill the days asked for: it has `unplanned` puzzles no day has yet,
    the days asked for need `needed`."""

    bucket: str
    unplanned: int
    needed: int


@dataclass(frozen=True)
class Shortfall:
    """Days left unplanned, first..last, because these buckets ran out of new puzzles."""

    first: datetime.date
    last: datetime.date
    buckets: tuple[ShortBucket, ...]

    def line(self) -> str:
        """Return the one line that reports it."""
        days = (self.last - self.first).days + 1
        short = "; ".join(f"{b.bucket} has {b.unplanned} new puzzles of {b.needed} needed"
                          for b in self.buckets)
        return f"short: {self.first}..{self.last} ({days} days) not planned: {short}"


@dataclass(frozen=True)
class Planned:
    """What an extension did: the extension committed (None when no day was new or none could
    be planned whole), the last day planned now, and the shortfall (None when none)."""

    extension: Extension | None
    through: datetime.date | None
    shortfall: Shortfall | None


@dataclass(frozen=True)
class Calendar:
    """A bank's checked calendar: its extensions and its plan rows (PLAN_SCHEMA, in day,
    bucket, slot order)."""

    bank: str
    extensions: tuple[Extension, ...]
    plan: pa.Table

    @property
    def last_day(self) -> datetime.date | None:
        """Return the last day planned, or None for an empty calendar."""
        return datetime.date.fromisoformat(self.extensions[-1].last_day) \
            if self.extensions else None

    def day(self, day: datetime.date) -> pa.Table:
        """Return the plan rows of `day`, in their order."""
        return self.plan.filter(pc.equal(self.plan.column("day"), pa.scalar(day, pa.date32())))


def calendar_dir(store: BankStore, bank: str) -> Path:
    """Return the folder of the bank's calendar table on disk (BankError for a bucket)."""
    return store.bank_dir(bank) / CALENDAR_DIR


def calendar_place(store: BankStore, bank: str) -> Place:
    """Return where the bank's calendar table lives: <bank>/_calendar, on disk or in a
    bucket."""
    store.place(bank)  # the bank's name checked
    return store.location.place(f"{bank}/{CALENDAR_DIR}")


def read_calendar(store: BankStore, bank: str) -> Calendar:
    """Return the bank's calendar, every commit and file checked (an empty calendar when none is
    planned). BankIntegrityError naming the first log entry or file at fault."""
    store.latest(bank)  # the bank's parts checked for links, its head for a deleted entry
    place = calendar_place(store, bank)
    if not place.has(LOG_DIR):
        return Calendar(bank, (), PLAN_SCHEMA.empty_table())
    try:
        table = open_table(place)
        latest = int(table.version())
        listed = {uri.rpartition("/")[2] for uri in table.file_uris()}
    except DeltaError as error:
        raise BankIntegrityError(f"{place.shown()}: unreadable Delta table "
                                 f"({one_line(error)})") from None
    extensions = list(read_extensions(place, bank, latest))
    entries = [entry for extension in extensions for entry in extension.files]
    if listed != {entry["path"] for entry in entries}:
        raise BankIntegrityError(f"{place.shown(LOG_DIR)}: the calendar's files differ from the "
                                 f"files its commits name")
    parts = [read_plan(place, name) for name in check_files(place, entries)]
    return Calendar(bank, tuple(extensions), pa.concat_tables(parts) if parts
                    else PLAN_SCHEMA.empty_table())


def read_extensions(place: Place, bank: str, latest: int) -> Iterator[Extension]:
    """Yield the calendar's extensions 0..latest, each consistent with its log entry (names its
    version, bank and the files the entry adds) and vouching for the entry before it."""
    before = None
    for version in range(latest + 1):
        entry = read_log_entry(place, version, "calendar")
        recorded = entry.info.get(CALENDAR_KEY)
        if not isinstance(recorded, dict) or set(recorded) != set(EXTENSION_FIELDS):
            raise BankIntegrityError(f"{entry.shown}: the commit carries no calendar extension")
        extension = Extension(**recorded)
        if (extension.bank, extension.version) != (bank, version):
            raise BankIntegrityError(f"{entry.shown}: extension is for bank {extension.bank!r} "
                                     f"version {extension.version}")
        if entry.added != {file["path"]: file["bytes"] for file in extension.files}:
            raise BankIntegrityError(f"{entry.shown}: the files the commit adds differ from its "
                                     f"record")
        check_parent(place, version, extension.parent_log_sha256, before)
        before = bytes_sha256(entry.data)
        yield extension


def read_plan(place: Place, name: str) -> pa.Table:
    """Return the plan rows of a calendar file; BankIntegrityError when it is not one."""
    return read_parquet(place, name, PLAN_SCHEMA, "calendar")


def extend(store: BankStore, bank: str, through: datetime.date, per_bucket: int,
           first: datetime.date) -> Planned:
    """Plan the bank's days after the last one planned (from `first` when none is) through
    `through`, `per_bucket` new puzzles from each of the bank's buckets a day; commit what can be
    planned whole in one extension and return what was done (see the module comment).

    Holds the calendar's lock (BankBusyError when another extension runs). BankError when the
    bank does not exist or per_bucket < 1; BankIntegrityError when the bank or calendar fails
    its checks."""
    if per_bucket < 1:
        raise BankError(f"per_bucket must be at least 1, got {per_bucket}")
    snapshot = store.snapshot(bank)
    place = calendar_place(store, bank)
    with calendar_lock(place, bank):
        calendar = read_calendar(store, bank)
        last = calendar.last_day
        start = first if last is None else last + datetime.timedelta(days=1)
        if start > through:
            return Planned(None, last, None)
        days = [start + datetime.timedelta(days=n) for n in range((through - start).days + 1)]
        keys = snapshot.arrow(columns=["id", *BUCKET_ORDER, "size"])
        queues = bucket_queues(bank, keys, calendar.plan.column("id").combine_chunks())
        whole = min(len(ids) // per_bucket for ids in queues.values()) if queues else 0
        planned = days[:whole]
        shortfall = None
        if len(planned) < len(days):
            wanted = len(days) * per_bucket
            shortfall = Shortfall(days[len(planned)], days[-1], tuple(
                ShortBucket(name, len(ids), wanted)
                for name, ids in queues.items() if len(ids) < wanted))
        if not planned:
            return Planned(None, last, shortfall)
        plan = plan_table(planned, queues, per_bucket)
        extension = commit_plan(place, bank, calendar, plan, per_bucket, snapshot.version,
                                list(queues))
    return Planned(extension, planned[-1], shortfall)


def bucket_queues(bank: str, keys: pa.Table, planned: pa.Array) -> dict[str, list[str]]:
    """Return, per bucket "genre/WxH/grade" of `keys` (bucket order), its puzzles no day has yet
    (not in `planned`), in their draw order (blake2b-64 of f"{bank}/{id}", then id)."""
    prefix = f"{bank}/".encode()
    draw = pa.array([int.from_bytes(hashlib.blake2b(prefix + rid.encode(), digest_size=8)
                                    .digest(), "big") for rid in keys.column("id").to_pylist()],
                    pa.uint64())
    ordered = keys.append_column("draw", draw).sort_by(
        [(name, "ascending") for name in (*BUCKET_ORDER, "draw", "id")])
    names = pc.binary_join_element_wise(ordered.column("genre"), ordered.column("size"),
                                        ordered.column("grade"), "/").to_pylist()
    fresh = pc.invert(pc.is_in(ordered.column("id"), value_set=planned)).to_pylist()
    queues: dict[str, list[str]] = {}
    for name, rid, new in zip(names, ordered.column("id").to_pylist(), fresh, strict=True):
        queue = queues.setdefault(name, [])
        if new:
            queue.append(rid)
    return queues


def plan_table(days: Sequence[datetime.date], queues: dict[str, list[str]],
               per_bucket: int) -> pa.Table:
    """Return the plan rows of `days`: day n takes the n-th `per_bucket` of every queue."""
    columns: dict[str, list[Any]] = {field.name: [] for field in PLAN_SCHEMA}
    for n, day in enumerate(days):
        for name, ids in queues.items():
            genre, size, grade = name.split("/")
            for slot in range(per_bucket):
                for column, value in (("day", day), ("genre", genre), ("size", size),
                                      ("grade", grade), ("slot", slot),
                                      ("id", ids[n * per_bucket + slot])):
                    columns[column].append(value)
    return pa.table(columns, schema=PLAN_SCHEMA)


def calendar_lock(place: Place, bank: str) -> contextlib.AbstractContextManager[None]:
    """Return the calendar's writer lock on disk (its folder made); in a bucket no lock: the
    extension's commit is a put-if-absent, so of two at once one fails in one line."""
    if not isinstance(place, LocalPlace):
        return contextlib.nullcontext()
    place.folder.mkdir(exist_ok=True)
    return exclusive(place.folder, f"{bank}/{CALENDAR_DIR}")


def commit_plan(place: Place, bank: str, calendar: Calendar, plan: pa.Table, per_bucket: int,
                bank_version: int, buckets: list[str]) -> Extension:
    """Write `plan` as one file and commit it as the calendar's next extension; return it."""
    version = len(calendar.extensions)
    name = PLAN_NAME.format(version)
    sink = pa.BufferOutputStream()
    pq.write_table(plan, sink, row_group_size=max(1, plan.num_rows), **WRITE_OPTIONS)
    data = bytes(sink.getvalue())
    place.write(name, data)
    place.settle()
    days = plan.column("day")
    parent = place.read(log_name(version - 1)) if version else None
    extension = Extension(
        bank=bank, version=version, first_day=str(pc.min(days).as_py()),
        last_day=str(pc.max(days).as_py()), per_bucket=per_bucket, bank_version=bank_version,
        buckets=buckets, files=[{"path": name, "sha256": bytes_sha256(data),
                                 "bytes": len(data), "rows": plan.num_rows}],
        created_at=now_iso(),
        parent_log_sha256=bytes_sha256(parent) if parent is not None else None)
    add = AddAction(name, len(data), {}, place.mtime_ms(name), True,
                    json.dumps({"numRecords": plan.num_rows}))
    actions: list[AddAction | RemoveAction] = [add]
    properties = CommitProperties(custom_metadata={CALENDAR_KEY: asdict(extension)},
                                  max_commit_retries=0)
    with uninterruptible():
        try:
            if version == 0:
                create_table_with_add_actions(
                    place.uri, Schema.from_arrow(PLAN_SCHEMA), [add], mode="error",
                    name=f"{bank}-calendar", configuration=TABLE_CONFIGURATION,
                    storage_options=place.storage_options, commit_properties=properties,
                    post_commithook_properties=HOOKS)
            else:
                open_table(place, version - 1).create_write_transaction(
                    actions, mode="append", schema=PLAN_SCHEMA, commit_properties=properties,
                    post_commithook_properties=HOOKS)
        except DeltaError as error:
            place.delete(name)
            raise BankError(f"calendar of {bank!r}: the commit failed ({one_line(error)})") \
                from None
    return extension


def day_rows(store: BankStore, bank: str, day: datetime.date) -> list[dict[str, Any]]:
    """Return the bank rows planned on `day`, in the calendar's order (bucket, slot); [] for a
    day not planned. BankIntegrityError when a planned id is not in the bank."""
    planned = read_calendar(store, bank).day(day).column("id").to_pylist()
    if not planned:
        return []
    snapshot = store.snapshot(bank)
    found = snapshot.arrow(filters=pc.field("id").isin(planned)).to_pylist()
    by_id = {row["id"]: row for row in found}
    missing = [rid for rid in planned if rid not in by_id]
    if missing:
        raise BankIntegrityError(f"calendar of {bank!r} plans puzzle {missing[0]} on {day}, "
                                 f"which the bank does not hold")
    return [by_id[rid] for rid in planned]
