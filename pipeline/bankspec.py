"""An app's bank spec file: the banks of a daily-puzzle app, each with its genres, sizes, grades
and counts, read from TOML (the standard library's tomllib) and checked whole before any work.

The file:

    timezone = "Europe/Paris"          # optional: the app's day (`day`, the schedule's cron)
    [notify]                           # optional: told when a run fails or falls short
    webhook = "https://example.org/hook"   # a URL the outcome is POSTed to as JSON, and/or
    block = "ops-slack"                # the name of a Prefect notification block
    on = ["failure", "shortfall"]      # default both
    [storage_options]                  # optional: a bucket's settings, over the AWS_* variables
    aws_endpoint = "http://127.0.0.1:8333"   # also aws_region, aws_access_key_id,
    allow_http = "true"                # aws_secret_access_key, aws_session_token
    [banks.app]                        # one bank; a bank may hold several genres
    seed = 1                           # optional, default 0
    workers = 2                        # optional, default 1
    plan_days = 7                      # optional: the schedule plans the calendar this far ahead
    per_bucket = 1                     # optional: puzzles of a bucket a day in that plan
    allow_short = false                # optional
    max_seconds = 600                  # optional
    [[banks.app.genres]]
    genre = "slant"
    sizes = ["7x7", "10x10"]
    per_grade = 20
    grades = ["cycle", "probe"]        # optional: default every reachable grade
    budget = 4000                      # optional: most attempts for this genre

Every key, genre, size and grade is checked (sizes against the genre's limits, grades against
its ladder and the reachability tables); the first fault is a SpecError, one line naming the
file and the key, e.g. `app.toml: banks.app.genres[0].grades: slant 7x7/search is not ...`.
"""

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from pipeline.arguments import MAX_COUNT, MAX_WORKERS
from pipeline.jobs import AppBank, BankJob, Compute, GenreJob
from pipeline.sizes import Size

T = TypeVar("T")
NOTIFY_EVENTS = ("failure", "shortfall")


class SpecError(Exception):
    """A spec file that cannot be used; str() is one line naming the file and the key."""


@dataclass(frozen=True)
class Notify:
    """Where to report a run that fails or falls short: a webhook URL, a Prefect block name."""

    webhook: str | None
    block: str | None
    on: tuple[str, ...]


@dataclass(frozen=True)
class AppSpec:
    """A spec file read and checked: its path, its banks in file order (each as a night builds
    it: its job, where its works run, its calendar), the app's time zone, the store's options
    and the notification (None: nobody is told)."""

    source: Path
    banks: tuple[AppBank, ...]
    timezone: str
    storage_options: dict[str, str]
    notify: Notify | None


def read_spec(path: str | Path) -> AppSpec:
    """Return the spec file at `path`, every key checked; SpecError naming the first fault."""
    source = Path(path)
    try:
        data = tomllib.loads(source.read_text(encoding="utf-8"))
    except OSError as error:
        raise SpecError(f"{source}: {error.strerror or error}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise SpecError(f"{source}: not TOML ({error})") from None
    reader = Reader(source)
    reader.keys(data, "", {"banks", "timezone", "notify", "storage_options"})
    banks = reader.need(data, "", "banks", dict)
    if not banks:
        raise SpecError(f"{source}: banks: no bank is named (add a [banks.NAME] table)")
    return AppSpec(
        source=source,
        banks=tuple(reader.bank(name, value) for name, value in banks.items()),
        timezone=reader.timezone(data.get("timezone", "UTC")),
        storage_options=reader.options(data.get("storage_options", {})),
        notify=reader.notify(data["notify"]) if "notify" in data else None,
    )


class Reader:
    """Reads the parts of one spec file, naming the key of any fault (see SpecError)."""

    def __init__(self, source: Path) -> None:
        self.source = source

    def fail(self, key: str, message: str) -> SpecError:
        """Return the SpecError for `key` (a dotted path in the file)."""
        return SpecError(f"{self.source}: {key}: {message}" if key else f"{self.source}: "
                         f"{message}")

    def keys(self, table: Mapping[str, Any], where: str, known: set[str]) -> None:
        """Refuse the first key of `table` that is not in `known`."""
        for key in table:
            if key not in known:
                raise self.fail(join(where, key), f"unknown key (known: "
                                f"{', '.join(sorted(known))})")

    def need(self, table: Mapping[str, Any], where: str, key: str, kind: type[T]) -> T:
        """Return table[key], refusing it when missing or not of `kind`."""
        if key not in table:
            raise self.fail(join(where, key), "missing")
        return self.typed(table[key], join(where, key), kind)

    def typed(self, value: Any, key: str, kind: type[T]) -> T:
        """Return `value` when it is a `kind` (a bool is no int), else refuse it."""
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(key, f"{value!r} is not {KIND_NAMES.get(kind, kind.__name__)}")
        return value

    def number(self, table: Mapping[str, Any], where: str, key: str, default: int | None,
               least: int, most: int) -> int | None:
        """Return the whole number at `key` (`default` when absent), least <= it <= most."""
        if key not in table:
            return default
        value = self.typed(table[key], join(where, key), int)
        if not least <= value <= most:
            raise self.fail(join(where, key), f"{value} is not from {least} to {most}")
        return value

    def bank(self, name: str, table: Any) -> AppBank:
        """Return the bank `name` of the file."""
        from banks.store import BANK_NAME_RE

        where = f"banks.{name}"
        if not BANK_NAME_RE.fullmatch(name):
            raise self.fail(where, "a bank name is 1 to 100 letters, digits, '.', '_' or '-', "
                            "starting with a letter or digit")
        table = self.typed(table, where, dict)
        self.keys(table, where, {"genres", "seed", "workers", "plan_days", "per_bucket",
                                 "allow_short", "max_seconds"})
        entries = self.need(table, where, "genres", list)
        if not entries:
            raise self.fail(join(where, "genres"), "no genre is listed")
        genres = tuple(self.genre(f"{where}.genres[{i}]", entry)
                       for i, entry in enumerate(entries))
        seen: set[str] = set()
        for i, genre in enumerate(genres):
            if genre.genre in seen:
                raise self.fail(f"{where}.genres[{i}].genre", f"{genre.genre} is listed twice "
                                f"in bank {name} (give it several sizes instead)")
            seen.add(genre.genre)
        seed = self.number(table, where, "seed", 0, -(2**63), 2**64 - 1)
        allow_short = self.typed(table.get("allow_short", False), join(where, "allow_short"),
                                 bool)
        job = BankJob(name, genres, seed or 0, allow_short,
                      max_seconds=self.number(table, where, "max_seconds", None, 1, MAX_COUNT))
        return AppBank(job, Compute(self.number(table, where, "workers", 1, 1, MAX_WORKERS) or 1),
                       self.number(table, where, "plan_days", None, 1, 3660),
                       self.number(table, where, "per_bucket", 1, 1, MAX_COUNT) or 1)

    def genre(self, where: str, table: Any) -> GenreJob:
        """Return one genre entry of a bank, its sizes, grades and buckets checked."""
        from generators.reachability import UnreachableError, plan_buckets
        from solvers import GENRE_NAMES, get_genre

        table = self.typed(table, where, dict)
        self.keys(table, where, {"genre", "sizes", "per_grade", "grades", "budget"})
        name = self.need(table, where, "genre", str)
        if name not in GENRE_NAMES:
            raise self.fail(join(where, "genre"), f"unknown genre {name!r} (genres: "
                            f"{', '.join(GENRE_NAMES)})")
        genre = get_genre(name)
        texts = self.need(table, where, "sizes", list)
        if not texts:
            raise self.fail(join(where, "sizes"), "no size is listed")
        sizes = tuple(self.size(f"{where}.sizes[{i}]", text, genre.limits)
                      for i, text in enumerate(texts))
        grades = None
        if "grades" in table:
            listed = self.typed(table["grades"], join(where, "grades"), list)
            grades = tuple(dict.fromkeys(self.typed(g, join(where, "grades"), str)
                                         for g in listed))
            for grade in grades:
                if grade not in genre.ladder:
                    raise self.fail(join(where, "grades"), f"{name} has no grade {grade!r} "
                                    f"(grades: {', '.join(genre.ladder)})")
        try:
            plan_buckets(name, [str(size) for size in sizes], grades)
        except UnreachableError as error:
            raise self.fail(join(where, "grades" if grades else "sizes"), str(error)) from None
        per_grade = self.number(table, where, "per_grade", None, 1, MAX_COUNT)
        if per_grade is None:
            raise self.fail(join(where, "per_grade"), "missing")
        return GenreJob(name, sizes, per_grade, grades,
                        self.number(table, where, "budget", None, 1, MAX_COUNT))

    def size(self, key: str, text: Any, limits: Any) -> Size:
        """Return one size of a genre entry, within the genre's limits."""
        try:
            size = Size.parse(self.typed(text, key, str))
        except ValueError as error:
            raise self.fail(key, str(error)) from None
        problem = limits and limits.size_problem(size.width, size.height)
        if problem:
            raise self.fail(key, problem)
        return size

    def timezone(self, name: Any) -> str:
        """Return the app's IANA time zone."""
        from pipeline.cron import check_timezone

        try:
            return check_timezone(self.typed(name, "timezone", str))
        except ValueError as error:
            raise self.fail("timezone", str(error)) from None

    def options(self, table: Any) -> dict[str, str]:
        """Return the storage options: a table of strings named as banks.places.STORAGE_OPTIONS
        names them (the AWS endpoint, region, credentials, allow_http)."""
        from banks.places import STORAGE_OPTIONS

        table = self.typed(table, "storage_options", dict)
        self.keys(table, "storage_options", set(STORAGE_OPTIONS))
        return {key: self.typed(value, join("storage_options", key), str)
                for key, value in table.items()}

    def notify(self, table: Any) -> Notify:
        """Return the notification settings: a webhook, a block, or both, and when."""
        table = self.typed(table, "notify", dict)
        self.keys(table, "notify", {"webhook", "block", "on"})
        webhook = table.get("webhook")
        if webhook is not None and not (isinstance(webhook, str)
                                        and webhook.startswith(("http://", "https://"))):
            raise self.fail("notify.webhook", f"{webhook!r} is not an http(s) URL")
        block = table.get("block")
        if block is not None:
            self.typed(block, "notify.block", str)
        if webhook is None and block is None:
            raise self.fail("notify", "give a webhook URL, a Prefect block name, or both")
        on = tuple(self.typed(table.get("on", list(NOTIFY_EVENTS)), "notify.on", list))
        for event in on:
            if event not in NOTIFY_EVENTS:
                raise self.fail("notify.on", f"{event!r} is not one of "
                                f"{', '.join(NOTIFY_EVENTS)}")
        return Notify(webhook, block, on)


KIND_NAMES: dict[type, str] = {int: "a whole number", str: "a string", bool: "true or false",
                               list: "a list", dict: "a table"}


def join(where: str, key: str) -> str:
    """Return the dotted key of `key` inside `where`."""
    return f"{where}.{key}" if where else key

