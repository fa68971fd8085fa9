"""The genres' extra commands (generators/commands.py) on the command line.

They come from the generator records of the registry, so the CLI names no genre. Finding them
imports every generator module (and their solvers), so the parser adds them only when the
command line may need them: no command word yet (help, usage), or a word that is not one of
the CLI's own commands.
"""

import argparse
import json
from collections.abc import Collection, Sequence
from functools import partial

from generators.commands import Command
from pipeline.arguments import MAX_COUNT, InputError, number_arg
from pipeline.commands.common import Register


def wanted(argv: Sequence[str] | None, own: Collection[str]) -> bool:
    """Return whether `argv` may name an extra command: None (build the whole parser), no
    command word, or a first word that is none of the CLI's `own` commands."""
    if argv is None:
        return True
    words = [word for word in argv if not word.startswith("-")]
    return not words or words[0] not in own


def add_genre_commands(command: Register) -> None:
    """Add every registered genre's extra commands through `command(name, run, help)`."""
    from generators import get_generator
    from solvers import GENRE_NAMES

    for name in GENRE_NAMES:
        for extra in get_generator(name).commands:
            sub = command(extra.name, partial(run_command, extra), extra.help)
            for option in extra.options:
                kind = str if option.minimum is None else number_arg(option.minimum, MAX_COUNT)
                sub.add_argument(option.name, type=kind, required=option.default is None,
                                 default=option.default, help=option.help)
            sub.add_argument("--json", action="store_true",
                             help="print the JSON object (the default)")


def run_command(extra: Command, args: argparse.Namespace) -> int:
    """Run an extra command and print its JSON line; its ValueError is bad input."""
    try:
        view = extra.run(**{option.dest: getattr(args, option.dest) for option in extra.options})
    except ValueError as error:
        raise InputError(f"{extra.name}: {error}") from None
    print(json.dumps(view))
    return 0
