"""The command line's argument handling: a Parser whose errors are one-line InputErrors, and the
argparse types that check and normalise each kind of value (a size, a count, a worker count, a
port, a bank name, a seed, a --dask choice, a cron string, a time zone, a date, a range of
days). An argparse type raises ArgumentTypeError, which the Parser turns into the one line the
user sees; a value is echoed as an excerpt (solvers/core/excerpt.py), never whole."""

import argparse
import datetime
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NoReturn

from pipeline.sizes import Size
from solvers.core.excerpt import excerpt

MAX_COUNT = 10**9  # the largest count an option takes (--per-grade, --budget, --limit...)
MAX_WORKERS = 256
MAX_BANK_NAME = 100  # characters: a bank's folder and its versions' paths stay well inside
# the file system's 255-character names


class InputError(Exception):
    """Bad arguments or input; str() is the one line the user sees."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one-line InputErrors instead of usage dumps, and whose
    options may come after its positional arguments (`solve slant --json TEXT`)."""

    intermixing = False
    has_commands = False  # a parser of subcommands parses as argparse does

    def add_subparsers(self, **kwargs: Any) -> Any:
        """Add subcommands as argparse does, noting that this parser has them."""
        self.has_commands = True
        return super().add_subparsers(**kwargs)

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("puzzlebank").strip()
        raise InputError(f"{command}: {message}" if command else message)

    def parse_known_args(  # type: ignore[override]  # only ever given an argparse.Namespace
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Parse like parse_known_intermixed_args (which calls back here for each pass)."""
        if self.intermixing or self.has_commands:
            return super().parse_known_args(args, namespace)
        self.intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self.intermixing = False


def size_arg(text: str) -> Size:
    """argparse type: a "WxH" size (e.g. "5X5" reads as 5x5)."""
    try:
        return Size.parse(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def number_in(text: str, least: int, most: int) -> int:
    """Return the whole number `text` writes (ASCII digits) when least <= it <= most; else
    ArgumentTypeError saying what was expected."""
    digits = text.strip().lstrip("0") or "0"
    if not (digits.isascii() and digits.isdecimal() and len(digits) <= len(str(most))
            and least <= int(digits) <= most):
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a whole number from {least} "
                                         f"to {most}")
    return int(digits)


def number_arg(least: int, most: int) -> Callable[[str], int]:
    """Return the argparse type of a whole number from `least` to `most` (number_in)."""
    return partial(number_in, least=least, most=most)


whole_arg = number_arg(0, MAX_COUNT)
count_arg = number_arg(1, MAX_COUNT)
workers_arg = number_arg(1, MAX_WORKERS)  # worker processes
port_arg = number_arg(1, 65535)  # a TCP port


def bank_arg(text: str) -> str:
    """argparse type: a bank name of at most MAX_BANK_NAME characters (the bank store checks
    which characters it may hold)."""
    if len(text) > MAX_BANK_NAME:
        raise argparse.ArgumentTypeError(f"bank name {excerpt(text)} is longer than "
                                         f"{MAX_BANK_NAME} characters")
    return text


def seed_arg(text: str) -> int:
    """argparse type: an integer seed, -2**63 to 2**64 - 1."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed {excerpt(text)} is not an integer") from None
    if not -(2**63) <= seed < 2**64:
        raise argparse.ArgumentTypeError(f"seed {excerpt(text)} is not within -2**63..2**64-1")
    return seed


def dask_arg(text: str) -> str:
    """argparse type: a --dask choice, normalised (see pipeline.executors.parse_dask)."""
    from pipeline.executors import parse_dask

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
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not a date (YYYY-MM-DD)") from None


def days_arg(text: str) -> tuple[datetime.date, datetime.date]:
    """argparse type: a range of days FROM..TO, both YYYY-MM-DD and included, FROM <= TO."""
    first, dots, last = text.partition("..")
    if not dots:
        raise argparse.ArgumentTypeError(f"{excerpt(text)} is not FROM..TO "
                                         f"(YYYY-MM-DD..YYYY-MM-DD)")
    days = date_arg(first), date_arg(last)
    if days[0] > days[1]:
        raise argparse.ArgumentTypeError(f"{excerpt(text)}: FROM is after TO")
    return days
