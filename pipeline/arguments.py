"""The command line's argument handling: a Parser whose errors are one-line InputErrors, and the
argparse types that check and normalise each kind of value (a size, a count, a seed, a --dask
choice, a cron string, a time zone, a date). An argparse type raises ArgumentTypeError, which
the Parser turns into the one line the user sees."""

import argparse
import datetime
from collections.abc import Sequence
from typing import NoReturn

from pipeline.batches import parse_size


class InputError(Exception):
    """Bad arguments or input; str() is the one line the user sees."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one-line InputErrors instead of usage dumps, and whose
    options may come after its positional arguments (`solve slant --json TEXT`)."""

    intermixing = False

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("puzzlebank").strip()
        raise InputError(f"{command}: {message}" if command else message)

    def parse_known_args(
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Parse like parse_known_intermixed_args (which calls back here for each pass)."""
        if self.intermixing or self._subparsers is not None:
            return super().parse_known_args(args, namespace)
        self.intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self.intermixing = False


def size_arg(text: str) -> str:
    """argparse type: a "WxH" size, normalised (e.g. "5X5" -> "5x5")."""
    try:
        return "{}x{}".format(*parse_size(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def whole_arg(text: str) -> int:
    """argparse type: a whole number >= 0."""
    if not text.strip().isdecimal():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 0")
    return int(text)


def count_arg(text: str) -> int:
    """argparse type: a whole number >= 1."""
    if not text.strip().isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 1")
    return int(text)


def port_arg(text: str) -> int:
    """argparse type: a TCP port, 1..65535."""
    if not text.strip().isdecimal() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (1..65535)")
    return int(text)


def seed_arg(text: str) -> int:
    """argparse type: an integer seed."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {text!r} is not an integer") from None


def dask_arg(text: str) -> str:
    """argparse type: a --dask choice, normalised (see pipeline.runners.parse_dask)."""
    from pipeline.runners import parse_dask

    try:
        return parse_dask(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("--dask ")) from None


def cron_arg(text: str) -> str:
    """argparse type: a cron string Prefect accepts, e.g. "0 3 * * *"."""
    from pipeline.cron import check_cron

    try:
        return check_cron(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def timezone_arg(text: str) -> str:
    """argparse type: an IANA time zone name."""
    from pipeline.cron import check_timezone

    try:
        return check_timezone(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def date_arg(text: str) -> datetime.date:
    """argparse type: a calendar date written YYYY-MM-DD."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD)") from None
