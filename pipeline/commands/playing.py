"""`play`: write the play page of a bank's puzzles (pipeline/play.py), those of a bank version."""

import argparse

from pipeline.commands.common import Register, bank_errors, bank_options, version_options


def add_play(command: Register) -> None:
    """Add `play`."""
    play = command("play", cmd_play,
                   "write a static HTML page on which to play a bank version's puzzles")
    bank_options(play)
    version_options(play)
    play.add_argument("--out", metavar="FILE", required=True, help="the page to write")


def cmd_play(args: argparse.Namespace) -> int:
    """Write the play page; print where it went and how many puzzles it holds."""
    from pipeline.play import version_page, write_page

    with bank_errors():
        text, count = version_page(args.root, args.bank, args.version)
    path = write_page(text, args.out)
    print(f"{path}: {count} puzzles")
    return 0
