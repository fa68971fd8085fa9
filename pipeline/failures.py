"""How a failure reaches the user: one line on stderr, "puzzlebank: ...", whatever went wrong.

Every error path of the command line ends here (`complain`), so the line is always one line,
never longer than MAX_LINE characters, with control characters escaped even where a message
quotes raw input; an input a message names should already be an excerpt
(solvers/core/excerpt.py), so it shows about 80 characters of it.
"""

import sys

from solvers.core.excerpt import clip, escape, excerpt

MAX_LINE = 240  # characters of an error line, whatever it quotes


def complain(message: str) -> None:
    """Print `message` as the one error line every failure gives: "puzzlebank: ...", with its
    whitespace runs made single spaces, control characters escaped and at most MAX_LINE
    characters (an input it quotes should already be an excerpt)."""
    line = escape(" ".join(message.split()))
    print(f"puzzlebank: {clip(line, MAX_LINE)}", file=sys.stderr, flush=True)


def os_error_text(error: OSError) -> str:
    """Return what went wrong with a file as one line: its reason, then the file's name as an
    excerpt (e.g. "No space left on device: '/srv/banks/demo/v0002/part-0.parquet'")."""
    reason = error.strerror or str(error) or type(error).__name__
    names = [str(name) for name in (error.filename, error.filename2) if name is not None]
    return reason + "".join(f": {excerpt(name)}" for name in names)


def reason_of(error: Exception) -> str:
    """Return why a run failed, in one line: a file error's os_error_text, else the error's
    text, else its type's name."""
    reason = os_error_text(error) if isinstance(error, OSError) else str(error)
    return reason or type(error).__name__
