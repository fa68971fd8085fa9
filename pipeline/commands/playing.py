"""`play`: write the play page (pipeline/play.py) of the puzzles a bank's calendar plans on a
day, or of a bank version's puzzles."""

import argparse

from pipeline.arguments import InputError, date_arg
from pipeline.commands.common import Register, bank_errors, bank_options, version_options


def add_play(command: Register) -> None:
    """Add `play`."""
    play = command("play", cmd_play, "write a static HTML page on which to play a day's "
                   "puzzles (or a bank version's)")
    bank_options(play)
    play.add_argument("--date", type=date_arg, metavar="DATE",
                      help="the puzzles the bank's calendar plans on this day (YYYY-MM-DD)")
    version_options(play)
    play.add_argument("--out", metavar="FILE", required=True, help="the page to write")


def cmd_play(args: argparse.Namespace) -> int:
    """Write the play page of --date's puzzles, or else of the bank version's; print where it
    went and how many puzzles it holds."""
    from pipeline.commands.days import planned_rows
    from pipeline.play import rows_page, version_page, write_page

    if args.date is not None and args.version is not None:
        raise InputError("play: --date or --version, not both")
    with bank_errors():
        if args.date is None:
            text, count = version_page(args.root, args.bank, args.version)
        else:
            rows = planned_rows(args.root, args.bank, args.date)
            text = rows_page(args.bank, str(args.date), f"{args.bank} {args.date}", rows)
            count = len(rows)
    path = write_page(text, args.out)
    print(f"{path}: {count} puzzles")
    return 0
