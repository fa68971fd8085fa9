"""A genre's extra commands: what a generator module offers the command line beyond the
commands every genre has, as data the CLI turns into `puzzlebank NAME --option VALUE ...`.

Vocabulary: an *option* is one `--name VALUE` (a whole number from `minimum` up, or text when
`minimum` is None); a command's `run` takes the options as keyword arguments (dashes become
underscores) and returns a JSON-able value, which the CLI prints as one JSON line; ValueError
from it is bad input, reported in one line.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    """One `--name VALUE` of an extra command; `default` None makes it required."""

    name: str
    minimum: int | None = None
    default: int | str | None = None
    help: str | None = None

    @property
    def dest(self) -> str:
        """Return the keyword the option is passed to `run` as."""
        return self.name.removeprefix("--").replace("-", "_")


@dataclass(frozen=True)
class Command:
    """An extra command: its name, one-line help, options and the function it runs."""

    name: str
    help: str
    options: tuple[Option, ...]
    run: Callable[..., Any]
