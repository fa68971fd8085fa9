"""The `puzzlebank` program: stops handled from its first instruction, then the command line.

The console script calls `main`, which sets up pipeline/stops.py's handlers before it imports
the command line (pipeline/cli.py, whose modules take a few tenths of a second to load, and the
command's own, up to seconds), so a signal at any moment after Python started ends the program in
one line. Tests and other callers that run commands in their own process call pipeline.cli.main.
"""

from pipeline.stops import stop_at_once


def main() -> int:
    """Run the command of the program's arguments; return its exit status (pipeline/cli.py)."""
    stop_at_once()
    from pipeline.cli import main as run_command_line

    return run_command_line()
