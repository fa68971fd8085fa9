"""Color Sort positions: the puzzle and solution values, their texts, and their normal form.

Vocabulary: a *tube* is a tuple of colour numbers from the bottom up (the last is the top); the
*capacity* is how many units a tube holds; a *pour* (i, j) moves the top run of tube i onto tube
j. Colours 0..35 are written 0-9a-z. Puzzle text: "<capacity>:" then the tubes joined by ',',
e.g. "4:3320,2113,0231,2010,," (two empty tubes at the end). Solution text: the pours as "i>j"
separated by single spaces ("" for no pour). A capacity is 1..MAX_CAPACITY; each colour fills
whole tubes (its units are a multiple of the capacity). In errors, `row` is a tube (or, for a
solution, None) and `col` a unit in that tube (or the index of a pour).
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass

from solvers.core.errors import PuzzleFormatError
from solvers.core.limits import Limits, bounded_number

COLOUR_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz"
CHAR_COLOUR = {ch: c for c, ch in enumerate(COLOUR_CHARS)}
CAPACITY_PATTERN = re.compile(r"[1-9][0-9]*")
MAX_CAPACITY = 64
MAX_TUBES = 2 * len(COLOUR_CHARS) + 8  # every colour twice, and empty tubes to pour into
LIMITS = Limits("colorsort", len(COLOUR_CHARS), MAX_CAPACITY, 8192, unit="colours x capacity")
POUR_PATTERN = re.compile(r"(0|[1-9][0-9]*)>(0|[1-9][0-9]*)")

Tube = tuple[int, ...]


@dataclass(frozen=True)
class ColorSortPuzzle:
    """A deal: `tubes` bottom-to-top colour numbers, each at most `capacity` long."""

    capacity: int
    tubes: tuple[Tube, ...]


@dataclass(frozen=True)
class ColorSortSolution:
    """A sequence of pours (source tube, destination tube)."""

    moves: tuple[tuple[int, int], ...]


def from_tubes(capacity: int, tubes: Sequence[Sequence[int]]) -> ColorSortPuzzle:
    """Return the puzzle of a capacity and JS-style tube lists, checked as `parse` checks text."""
    texts = ("".join(_colour_char(c, t, k) for k, c in enumerate(tube))
             for t, tube in enumerate(tubes))
    return parse(f"{capacity}:" + ",".join(texts))


def _colour_char(colour: int, t: int, k: int) -> str:
    """Return the character of `colour`; PuzzleFormatError (tube t, unit k) when it has none."""
    if not isinstance(colour, int) or not 0 <= colour < len(COLOUR_CHARS):
        raise PuzzleFormatError(f"colour {colour!r} is not in 0..{len(COLOUR_CHARS) - 1}",
                                row=t, col=k)
    return COLOUR_CHARS[colour]


def parse(text: str) -> ColorSortPuzzle:
    """Return the puzzle of a canonical text "<capacity>:<tube>,<tube>,..." (see the module)."""
    if not isinstance(text, str):
        raise PuzzleFormatError(f"expected text, got {type(text).__name__}")
    text = LIMITS.check_text(text).strip()
    if not text:
        raise PuzzleFormatError("empty text")
    head, colon, body = text.partition(":")
    if not colon:
        raise PuzzleFormatError("expected '<capacity>:' before the tubes")
    if not CAPACITY_PATTERN.fullmatch(head):
        raise PuzzleFormatError(f"capacity {head!r} is not a positive whole number")
    capacity = bounded_number(head, MAX_CAPACITY, "the capacity", ", the most a colorsort "
                              "tube holds")
    tubes = []
    texts = body.split(",")
    if len(texts) > MAX_TUBES:
        raise PuzzleFormatError(f"a colorsort deal has at most {MAX_TUBES} tubes "
                                f"(this one has {len(texts)})")
    for t, chars in enumerate(texts):
        for k, ch in enumerate(chars):
            if ch not in CHAR_COLOUR:
                raise PuzzleFormatError(f"{ch!r} is not a colour (expected one of 0-9a-z)",
                                        row=t, col=k)
        if len(chars) > capacity:
            raise PuzzleFormatError(f"tube holds {len(chars)} units, capacity is {capacity}",
                                    row=t, col=capacity)
        tubes.append(tuple(CHAR_COLOUR[ch] for ch in chars))
    if not any(tubes):
        raise PuzzleFormatError("no colour in any tube")
    _check_whole_tubes(tubes, capacity)
    return ColorSortPuzzle(capacity, tuple(tubes))


def _check_whole_tubes(tubes: Sequence[Tube], capacity: int) -> None:
    """Raise PuzzleFormatError for the first colour whose units do not fill whole tubes: a sorted
    deal has every tube empty or full of one colour, so such a deal can never be sorted."""
    units: dict[int, int] = {}
    for tube in tubes:
        for colour in tube:
            units[colour] = units.get(colour, 0) + 1
    for colour, count in sorted(units.items()):
        if count % capacity:
            raise PuzzleFormatError(
                f"colour {COLOUR_CHARS[colour]!r} has {count} units, not a whole number of "
                f"tubes of {capacity}: the deal can never be sorted")


def format(puzzle: ColorSortPuzzle) -> str:
    """Return the canonical text of `puzzle`."""
    tubes = ",".join("".join(COLOUR_CHARS[c] for c in tube) for tube in puzzle.tubes)
    return f"{puzzle.capacity}:{tubes}"


def parse_solution(text: str, puzzle: ColorSortPuzzle) -> ColorSortSolution:
    """Return the pours of a solution text "i>j i>j ..." whose tubes exist in `puzzle`."""
    if not isinstance(text, str):
        raise PuzzleFormatError(f"expected text, got {type(text).__name__}")
    text = LIMITS.check_text(text).strip()
    moves = []
    for k, token in enumerate(text.split(" ") if text else ()):
        found = POUR_PATTERN.fullmatch(token)
        if not found:
            raise PuzzleFormatError(f"pour {token!r} is not written 'i>j'", col=k)
        last = len(puzzle.tubes) - 1
        i, j = (bounded_number(digits, last, "a tube's number", f", the last of the deal's "
                               f"{last + 1} tubes", col=k) for digits in found.groups())
        moves.append((i, j))
    return ColorSortSolution(tuple(moves))


def format_solution(solution: ColorSortSolution) -> str:
    """Return the canonical text of `solution`."""
    return " ".join(f"{i}>{j}" for i, j in solution.moves)


def colours(puzzle: ColorSortPuzzle) -> list[int]:
    """Return the colours present, ascending."""
    return sorted({c for tube in puzzle.tubes for c in tube})


def normal_form(puzzle: ColorSortPuzzle) -> ColorSortPuzzle:
    """Return the one image of `puzzle` shared by every tube order and colour renaming.

    It is the least (as a tuple of tubes) of all the tube orders with colours renamed 0, 1, ...
    in order of first appearance. Equal choices are all searched; a subproblem is remembered by
    the tubes left and the names already given to their colours.
    """
    memo: dict[tuple, tuple[Tube, ...]] = {}

    def least_order(left: tuple[Tube, ...], names: tuple[tuple[int, int], ...],
                    fresh: int) -> tuple[Tube, ...]:
        """Return the least renamed sequence of the tubes `left`, given colour `names` so far
        (pairs colour -> name, for the colours in `left`) and the next unused name `fresh`."""
        if not left:
            return ()
        key = (left, names, fresh)
        if key in memo:
            return memo[key]
        named = dict(names)
        options = []
        for index, tube in enumerate(left):
            if index and tube == left[index - 1]:
                continue  # the same tube again: the same choice
            given = dict(named)
            for c in tube:
                given.setdefault(c, fresh + len(given) - len(named))
            options.append((tuple(given[c] for c in tube), index, given))
        first = min(renamed for renamed, _, _ in options)
        tails = []
        for renamed, index, given in options:
            if renamed != first:
                continue
            rest = left[:index] + left[index + 1 :]
            present = {c for tube in rest for c in tube}
            kept = tuple(sorted((c, n) for c, n in given.items() if c in present))
            tails.append(least_order(rest, kept, fresh + len(given) - len(named)))
        memo[key] = (first, *min(tails))
        return memo[key]

    return ColorSortPuzzle(puzzle.capacity, least_order(tuple(sorted(puzzle.tubes)), (), 0))


def images(puzzle: ColorSortPuzzle) -> list[str]:
    """Return the canonical text of the normal form: every tube order and colour renaming of a
    puzzle has this same single image, so they share one id."""
    return [format(normal_form(puzzle))]


def dimensions(puzzle: ColorSortPuzzle) -> tuple[int, int]:
    """Return (colours, capacity): the bank's width x height for this genre."""
    return len(colours(puzzle)), puzzle.capacity


def clue_count(puzzle: ColorSortPuzzle) -> int:
    """Return the number of tubes, empty ones included (the genre has no clues; the tubes are
    what a player is shown)."""
    return len(puzzle.tubes)


def draw(puzzle: ColorSortPuzzle, solution: ColorSortSolution | None = None) -> str:
    """Return a text picture of the tubes side by side, top unit at the top, numbered below.

    With a solution, the pour count follows (the solution is not replayed here: see `check`).
    """
    rows = []
    for level in range(puzzle.capacity - 1, -1, -1):
        cells = (COLOUR_CHARS[t[level]] if level < len(t) else " " for t in puzzle.tubes)
        rows.append(" ".join(f"|{ch}|" for ch in cells))
    rows.append(" ".join(f"{t:^3}" for t in range(len(puzzle.tubes))).rstrip())
    if solution is not None:
        rows.append(f"{len(solution.moves)} pours: {format_solution(solution)}")
    return "\n".join(rows)
