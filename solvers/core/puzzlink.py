"""puzz.link URLs: the frame every genre shares and the two cell codes our genres use.

Vocabulary: a *URL* is https://puzz.link/p?<pid>/<cols>/<rows>/<body> (width first); the *pid*
names the genre on puzz.link (Slant is "gokigen"); the *body* encodes a list of *cells* read row
by row from the top-left, each None (empty), an int (a number) or QUESTION (a '.' in the body:
a '?' clue, or Shakashaka's black cell without a number). A *run* letter 'g'-'z' stands for
1-20 empty cells. The *four* code writes numbers 0-4 and lets a number swallow the one or two
empty cells after it ('5'-'9', 'a'-'e'); the *hex* code writes numbers 0-4095 as '0'-'f',
'-' + 2 hex digits or '+' + 3 hex digits. Malformed input raises PuzzleFormatError.
"""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from solvers.core.errors import PuzzleFormatError
from solvers.core.excerpt import excerpt

P = TypeVar("P")
QUESTION = "?"
Cell = int | str | None

PREFIX = "https://puzz.link/p?"
URL_RE = re.compile(r"(?:(?:https?://)?(?:puzz\.link/p|pzv\.jp/p\.html)\?)?"
                    r"([a-z0-9]+)/([0-9]{1,4})/([0-9]{1,4})/([^/]*)/?")
RUNS = "ghijklmnopqrstuvwxyz"  # RUNS[n - 1] stands for n empty cells
MAX_RUN = len(RUNS)
FOUR = "0123456789abcde"  # FOUR[n + 5 * skipped]: number n, then `skipped` empty cells
HEX = "0123456789abcdef"
HEX_FORMS = ((16, ""), (256, "-"), (4096, "+"))  # below limit: marker + len(marker)+1 digits


@dataclass(frozen=True)
class PuzzlinkCodec(Generic[P]):
    """A genre's face on puzz.link: its pid, puzzle -> URL, URL -> puzzle.

    to_url raises PuzzleFormatError for a puzzle the site cannot show; from_url raises it for a
    URL of another pid, a malformed body, or cells the genre's text cannot hold.
    """

    pid: str
    to_url: Callable[[P], str]
    from_url: Callable[[str], P]


@dataclass(frozen=True)
class Link:
    """The parts of a puzz.link URL."""

    pid: str
    cols: int
    rows: int
    body: str


def looks_like_url(text: str) -> bool:
    """Return True when `text` is meant as a URL (of any site) or a bare puzz.link path rather
    than a canonical puzzle text (no puzzle text holds a '/')."""
    text = text.strip()
    return text.startswith(("http://", "https://")) or URL_RE.fullmatch(text) is not None


def make_url(pid: str, cols: int, rows: int, body: str) -> str:
    """Return the puzz.link URL; a body ending in neither a letter nor a digit gets a '/'."""
    end = "" if body[-1:].isalnum() else "/"
    return f"{PREFIX}{pid}/{cols}/{rows}/{body}{end}"


def split_url(url: str) -> Link:
    """Return the parts of a URL: https://puzz.link/p?..., http://, pzv.jp/p.html?... (the
    scheme may be left out) or a bare <pid>/<cols>/<rows>/<body>."""
    found = URL_RE.fullmatch(url.strip())
    if not found:
        raise PuzzleFormatError(f"{excerpt(url)} is not a puzz.link URL "
                                f"({PREFIX}<pid>/<cols>/<rows>/<body>)")
    pid, cols, rows, body = found.groups()
    if int(cols) < 1 or int(rows) < 1:
        raise PuzzleFormatError(f"a puzz.link board of {cols} x {rows} cells is empty")
    return Link(pid, int(cols), int(rows), body)


def open_url(url: str, pid: str) -> Link:
    """Return the parts of a URL that must be for `pid`; PuzzleFormatError if it is not."""
    link = split_url(url)
    if link.pid != pid:
        raise PuzzleFormatError(f"the URL is a puzz.link {link.pid!r} puzzle, not {pid!r}")
    return link


def run_letters(count: int) -> str:
    """Return the run letters for `count` empty cells (20 to a letter)."""
    full, rest = divmod(count, MAX_RUN)
    return RUNS[-1] * full + (RUNS[rest - 1] if rest else "")


def encode_four(cells: Sequence[Cell]) -> str:
    """Return the four-code body of `cells` (numbers 0-4): a number takes the skip form for the
    empty cells after it (up to 2, counting cells past the end as empty)."""
    out: list[str] = []
    empties = 0
    k = 0
    while k < len(cells):
        cell = cells[k]
        k += 1
        if cell is None:
            empties += 1
            continue
        out.append(run_letters(empties))
        empties = 0
        if isinstance(cell, str):  # QUESTION, the one text a cell holds
            out.append(".")
            continue
        skipped = 0
        while skipped < 2 and (k >= len(cells) or cells[k] is None):
            skipped += 1
            k += 1
        out.append(FOUR[cell + 5 * skipped])
    out.append(run_letters(empties))
    return "".join(out)


def encode_hex(cells: Sequence[Cell]) -> str:
    """Return the hex-code body of `cells`; PuzzleFormatError for a number past 4095."""
    out: list[str] = []
    empties = 0
    for k, cell in enumerate(cells):
        if cell is None:
            empties += 1
            continue
        out.append(run_letters(empties))
        empties = 0
        out.append("." if isinstance(cell, str) else hex_number(cell, k))
    out.append(run_letters(empties))
    return "".join(out)


def hex_number(n: int, k: int) -> str:
    """Return the hex code of number n (in cell k, named in the error when n is too large)."""
    for limit, marker in HEX_FORMS:
        if 0 <= n < limit:
            return marker + format(n, "x").rjust(len(marker) + 1, "0")
    raise PuzzleFormatError(f"number {n} in cell {k} is past 4095, the largest puzz.link writes")


def decode_four(body: str, count: int) -> list[Cell]:
    """Return the `count` cells of a four-code body (the inverse of encode_four)."""
    cells: list[Cell] = []
    for i, ch in enumerate(body):
        start = len(cells)
        if ch in FOUR:
            skipped, n = divmod(FOUR.index(ch), 5)
            cells += [n] + [None] * min(skipped, count - start - 1)
        elif ch == ".":
            cells.append(QUESTION)
        else:
            cells += run_cells(ch, i)
        check_fits(cells, count, i, ch)
    return complete(cells, count)


def decode_hex(body: str, count: int) -> list[Cell]:
    """Return the `count` cells of a hex-code body (the inverse of encode_hex)."""
    cells: list[Cell] = []
    i = 0
    while i < len(body):
        ch, first = body[i], i
        i += 1
        if ch in HEX:
            cells.append(HEX.index(ch))
        elif ch in "-+":
            width = 2 if ch == "-" else 3
            digits = body[i : i + width]
            if len(digits) < width or any(d not in HEX for d in digits):
                raise PuzzleFormatError(f"body position {first}: {ch!r} needs {width} hex "
                                        f"digits, found {digits!r}")
            cells.append(int(digits, 16))
            i += width
        elif ch == ".":
            cells.append(QUESTION)
        else:
            cells += run_cells(ch, first)
        check_fits(cells, count, first, ch)
    return complete(cells, count)


def run_cells(ch: str, i: int) -> list[None]:
    """Return the empty cells of run letter `ch` at body position i; PuzzleFormatError if `ch`
    is no code at all."""
    if ch not in RUNS:
        raise PuzzleFormatError(f"body position {i}: {ch!r} is not a puzz.link cell code")
    return [None] * (RUNS.index(ch) + 1)


def check_fits(cells: list[Cell], count: int, i: int, ch: str) -> None:
    """Raise PuzzleFormatError when the code `ch` at body position i ran past the board's
    `count` cells (only a number's skipped empty cells may fall past the end)."""
    if len(cells) > count:
        raise PuzzleFormatError(f"body position {i}: {ch!r} runs past the board's {count} cells")


def complete(cells: list[Cell], count: int) -> list[Cell]:
    """Return `cells` when the body gave all `count` of them; PuzzleFormatError if it fell short."""
    if len(cells) < count:
        raise PuzzleFormatError(f"the body gives {len(cells)} of the board's {count} cells")
    return cells


def refuse_questions(cells: list[Cell], cols: int, what: str) -> list[int | None]:
    """Return `cells` (numbers and None) when none is a '?'; else PuzzleFormatError naming the
    first one's row and column and `what` a '?' would be (e.g. "a '?' vertex clue has no Slant
    text")."""
    numbers: list[int | None] = []
    for k, cell in enumerate(cells):
        if isinstance(cell, str):  # QUESTION, the one text a cell holds
            r, c = divmod(k, cols)
            raise PuzzleFormatError(what, row=r, col=c)
        numbers.append(cell)
    return numbers
