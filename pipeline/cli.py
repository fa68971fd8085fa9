"""The puzzlebank command line: build, verify and read puzzle banks; solve, draw, explain puzzles.

It also measures what the generators reach (grades, bench).

Exit status (the README's table): 0 done; 1 a build that published nothing (short buckets or
failed re-verification, report printed); 2 bad arguments or input, or an expected failure (a
bank that fails `verify`, a missing bank, an unwritable root, a full disk): one line on stderr,
written by pipeline/failures.py, never a traceback; 3 `build` found its spec and seed already
published (nothing built; 0 with --ok-if-published); 130 (SIGINT) or 143 (SIGTERM) stopped, with
one line. Heavy imports wait for
the command that needs them: Prefect only for build, schedule and verify (once the server's
url is set), banks only for bank commands, polars only for those that read rows with it. The
program starts at pipeline/program.py, which handles SIGINT and SIGTERM first. The parser class
and the argument types are in pipeline/arguments.py; the commands are in
pipeline/commands/, one module per concern.
"""

import contextlib
import gc
import importlib.metadata
import os
import sys
from collections.abc import Sequence

from pipeline.arguments import InputError, Parser
from pipeline.bankspec import SpecError
from pipeline.commands import (
    building,
    capacity,
    days,
    playing,
    puzzles,
    quality,
    reading,
    serving,
    verify,
)
from pipeline.commands.common import Run
from pipeline.commands.genres import add_genre_commands, wanted
from pipeline.failures import complain, os_error_text
from pipeline.interrupts import Stopped, say
from pipeline.server import ServerError
from solvers.core import PuzzleFormatError, StaleKernelError, UnknownGenreError
from solvers.core.deadline import OutOfTime

COMMANDS = (  # each adds its command, in the order --help lists them
    building.add_build, serving.add_schedule, verify.add_verify, reading.add_history,
    reading.add_query, quality.add_quality, reading.add_export, days.add_calendar, days.add_day,
    puzzles.add_solve, reading.add_show, reading.add_gallery, playing.add_play, puzzles.add_daily,
    puzzles.add_hint, serving.add_server, puzzles.add_ladder_report, capacity.add_grades,
    capacity.add_bench,
)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return its exit status (see the module comment).

    Called as the program (`argv` None), it freezes the heap before returning, since the process
    exits next: the exit then skips collecting every module Prefect, Delta and the genres loaded
    (about 1 s of a build, measured in bench/bench_fixed_cost.py); exit handlers still run and
    the standard streams are still flushed."""
    status = run_command(argv)
    if argv is None:
        gc.freeze()
    return status


def run_command(argv: Sequence[str] | None) -> int:
    """Run one command; return its exit status. After a stop, its one line is the last thing
    the program writes: run as the program (`argv` None), it ends at once."""
    try:
        args = make_parser(sys.argv[1:] if argv is None else argv).parse_args(argv)
        status: int = args.run(args)
        return status
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else 0
    except Stopped as stop:
        say(f"puzzlebank: {stop}: {stop.outcome}")
        if argv is None:
            os._exit(128 + stop.signum)
        return 128 + stop.signum
    except KeyboardInterrupt:
        complain("interrupted")
        return 130
    except BrokenPipeError:  # the reader of stdout went away (`puzzlebank query ... | head`)
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except (InputError, PuzzleFormatError, UnknownGenreError, ServerError, SpecError,
            OutOfTime, StaleKernelError) as error:
        complain(str(error) or type(error).__name__)
        return 2
    except OSError as error:
        complain(os_error_text(error))
        return 2


def make_parser(argv: Sequence[str] | None = None) -> Parser:
    """Return the parser of every command; each sets `run` to its command function. The
    genres' extra commands are in it unless `argv` names one of the CLI's own commands."""
    assert __doc__ is not None
    parser = Parser(prog="puzzlebank", description=__doc__.splitlines()[0].removesuffix("."))
    parser.add_argument("--version", action="version",
                        version=f"puzzlebank {importlib.metadata.version('puzzlebank')}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, run: Run, help_text: str) -> Parser:
        sub: Parser = commands.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(run=run)
        return sub

    for add in COMMANDS:
        add(command)
    if wanted(argv, commands.choices):
        add_genre_commands(command)
    return parser
