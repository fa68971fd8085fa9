"""The day commands: `calendar` (plan a bank's days ahead, see banks/calendar.py) and `day` (the
puzzles of one planned day).

Vocabulary: *today* is the date now in the command's time zone (--timezone, else the --spec
file's `timezone`, else UTC). With --spec, the bank's entry there gives `calendar` its
per_bucket and, as today + plan_days - 1, its --through (options given win).
"""

import argparse
import datetime
import json
import sys
import zoneinfo
from typing import Any

from pipeline.arguments import InputError, count_arg, date_arg, timezone_arg
from pipeline.bankspec import AppSpec, read_spec
from pipeline.commands.common import Register, bank_errors, bank_options
from pipeline.commands.rendering import table_text
from pipeline.jobs import AppBank

DAY_COLUMNS = ("genre", "size", "grade", "id", "score", "puzzle")


def add_calendar(command: Register) -> None:
    """Add `calendar`."""
    calendar = command("calendar", cmd_calendar,
                       "plan a bank's days ahead: new puzzles for every day through a date")
    bank_options(calendar)
    calendar.add_argument("--through", type=date_arg, metavar="DATE",
                          help="plan every day up to this one (YYYY-MM-DD; default with --spec: "
                               "the bank's plan_days from today)")
    calendar.add_argument("--per-bucket", type=count_arg,
                          help="puzzles of each (genre, size, grade) bucket a day (default: the "
                               "spec's per_bucket, else 1)")
    calendar.add_argument("--from", dest="first", type=date_arg, metavar="DATE",
                          help="the first day of a bank's first plan (default today)")
    timezone_option(calendar)


def add_day(command: Register) -> None:
    """Add `day`."""
    day = command("day", cmd_day, "print the puzzles a bank's calendar plans on a day")
    bank_options(day)
    day.add_argument("--date", type=date_arg, metavar="DATE", help="YYYY-MM-DD (default today)")
    timezone_option(day)
    day.add_argument("--json", action="store_true",
                     help="print the day document a front end fetches (no solutions)")


def timezone_option(sub: argparse.ArgumentParser) -> None:
    """Add --timezone, the zone whose date is today, and --spec, the app's spec file."""
    sub.add_argument("--timezone", type=timezone_arg,
                     help="IANA time zone whose date is today (default: the spec's, else UTC)")
    sub.add_argument("--spec", metavar="FILE", help="the app's spec file (TOML): its time zone "
                     "and the bank's calendar settings")


def today(timezone: str) -> datetime.date:
    """Return the date now in `timezone`."""
    return datetime.datetime.now(zoneinfo.ZoneInfo(timezone)).date()


def spec_of(args: argparse.Namespace) -> tuple[AppSpec | None, AppBank | None]:
    """Return the --spec file and the bank's entry in it (None, None without --spec);
    InputError when the file does not name the bank."""
    if not args.spec:
        return None, None
    from banks.places import use_storage_options

    app = read_spec(args.spec)
    use_storage_options(app.storage_options)
    entry = next((bank for bank in app.banks if bank.job.bank == args.bank), None)
    if entry is None:
        raise InputError(f"{app.source} has no bank {args.bank!r} (banks: "
                         f"{', '.join(bank.job.bank for bank in app.banks)})")
    return app, entry


def zone_of(args: argparse.Namespace, app: AppSpec | None) -> str:
    """Return the time zone whose date is today: --timezone, the spec's, else UTC."""
    return args.timezone or (app.timezone if app else "UTC")


def cmd_calendar(args: argparse.Namespace) -> int:
    """Extend the bank's calendar through --through; 0 when every day is planned, 1 when a
    bucket's supply fell short (the short days are named, and left unplanned)."""
    from banks import BankStore
    from banks.calendar import extend

    app, entry = spec_of(args)
    now = today(zone_of(args, app))
    through = args.through
    if through is None and entry is not None and entry.plan_days is not None:
        through = now + datetime.timedelta(days=entry.plan_days - 1)
    if through is None:
        raise InputError("calendar: give --through DATE (or --spec with the bank's plan_days)")
    per_bucket = args.per_bucket or (entry.per_bucket if entry else 1)
    with bank_errors():
        done = extend(BankStore(args.root), args.bank, through, per_bucket, args.first or now)
    extension = done.extension
    if extension is not None:
        days = (datetime.date.fromisoformat(extension.last_day)
                - datetime.date.fromisoformat(extension.first_day)).days + 1
        print(f"{args.bank}: planned {extension.first_day}..{extension.last_day} ({days} days, "
              f"{len(extension.buckets)} buckets x {extension.per_bucket}) as calendar version "
              f"{extension.version}, from bank version {extension.bank_version}")
    elif done.shortfall is None:
        print(f"{args.bank}: already planned through {done.through}; nothing to plan")
    if done.shortfall is not None:
        print(done.shortfall.line())
        return 1
    return 0


def cmd_day(args: argparse.Namespace) -> int:
    """Print the puzzles planned on --date (default today): a table, or (--json) the day
    document. A day not planned is one line and exit 2."""
    from banks.daydocs import day_document

    app, _ = spec_of(args)
    date = args.date or today(zone_of(args, app))
    with bank_errors():
        rows = planned_rows(args.root, args.bank, date)
    if args.json:
        print(json.dumps(day_document(args.bank, str(date), rows), sort_keys=True, indent=1))
    else:
        sys.stdout.write(f"{args.bank} {date}\n{table_text(rows, DAY_COLUMNS)}\n")
    return 0


def planned_rows(root: str, bank: str, date: datetime.date) -> list[dict[str, Any]]:
    """Return the rows the bank's calendar plans on `date`, in its order; InputError when it
    plans none, saying how far it is planned (BankError for a missing bank)."""
    from banks import BankStore
    from banks.calendar import day_rows, read_calendar

    store = BankStore(root)
    rows = day_rows(store, bank, date)
    if not rows:
        last = read_calendar(store, bank).last_day
        planned = f"planned through {last}" if last else "no day planned yet"
        raise InputError(f"bank {bank!r} has no puzzles planned on {date} ({planned}; "
                         f"`puzzlebank calendar` plans more)")
    return rows
