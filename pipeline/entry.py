"""The `puzzlebank` program's entry: stop signals handled from its first instruction.

Before anything heavy is imported (the genres' C extensions, Prefect, polars: about a second),
SIGINT and SIGTERM end the process at once with one line (pipeline.interrupts, first phase);
then pipeline.cli runs the command.
"""

from pipeline.interrupts import exit_on_signals

exit_on_signals()


def main() -> int:
    """Run the command line (pipeline.cli.main) as the program; return its exit status."""
    from pipeline.cli import main as run

    return run()
