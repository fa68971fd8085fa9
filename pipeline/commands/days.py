"""The day commands: `calendar` (plan a bank's days ahead, see banks/calendar.py) and `day` (the
puzzles of one planned day).

Vocabulary: *today* is the date now in the command's time zone (--timezone, default UTC).
"""

import argparse
import datetime
import json
import sys
import zoneinfo

from pipeline.arguments import InputError, count_arg, date_arg, timezone_arg
from pipeline.commands.common import Register, bank_errors, bank_options
from pipeline.commands.rendering import table_text

DAY_COLUMNS = ("genre", "size", "grade", "id", "score", "puzzle")


def add_calendar(command: Register) -> None:
    """Add `calendar`."""
    calendar = command("calendar", cmd_calendar,
                       "plan a bank's days ahead: new puzzles for every day through a date")
    bank_options(calendar)
    calendar.add_argument("--through", type=date_arg, required=True, metavar="DATE",
                          help="plan every day up to this one (YYYY-MM-DD)")
    calendar.add_argument("--per-bucket", type=count_arg, default=1,
                          help="puzzles of each (genre, size, grade) bucket a day (default 1)")
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
    """Add --timezone, the zone whose date is today."""
    sub.add_argument("--timezone", type=timezone_arg, default="UTC",
                     help="IANA time zone whose date is today (default UTC)")


def today(timezone: str) -> datetime.date:
    """Return the date now in `timezone`."""
    return datetime.datetime.now(zoneinfo.ZoneInfo(timezone)).date()


def cmd_calendar(args: argparse.Namespace) -> int:
    """Extend the bank's calendar through --through; 0 when every day is planned, 1 when a
    bucket's supply fell short (the short days are named, and left unplanned)."""
    from banks import BankStore
    from banks.calendar import extend

    with bank_errors():
        done = extend(BankStore(args.root), args.bank, args.through, args.per_bucket,
                      args.first or today(args.timezone))
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
    from banks import BankStore
    from banks.calendar import day_rows, read_calendar
    from banks.daydocs import day_document

    date = args.date or today(args.timezone)
    store = BankStore(args.root)
    with bank_errors():
        rows = day_rows(store, args.bank, date)
        if not rows:
            last = read_calendar(store, args.bank).last_day
            planned = f"planned through {last}" if last else "no day planned yet"
            raise InputError(f"bank {args.bank!r} has no puzzles planned on {date} ({planned}; "
                             f"`puzzlebank calendar` plans more)")
    if args.json:
        print(json.dumps(day_document(args.bank, str(date), rows), sort_keys=True, indent=1))
    else:
        sys.stdout.write(f"{args.bank} {date}\n{table_text(rows, DAY_COLUMNS)}\n")
    return 0
