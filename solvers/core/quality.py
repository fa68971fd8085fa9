"""The quality floor: what a unique, valid puzzle must still be to ship, a strategy of the genre
record beside `grading` and `counting`.

Vocabulary: a *measure* is a number the floor reads off a puzzle and its solution (black share,
triangles, pieces, steps, ...); a *bound* limits one measure at a board size and names the
reference number it comes from; a *reason* is one line saying why a puzzle is below the floor,
e.g. "triangles 0 < 1 (puzz.link: there are no triangles on the board)". The *conventions* are
what puzz.link's checker asks of an answer beyond the genre's rules (a genre that site knows also
has its URL read back to the same puzzle). A grade the floor calls *unreachable* can hold no real
puzzle at any size; its reason is what `grades` and a build's refusal say. A puzzle's *kin* are
the keys a bank holds once: its id, the ids of the puzzle less one clue (so the same puzzle with
one clue more or less is a near-duplicate) and, for a genre that asks it, a key of its solution
up to the board's symmetries (`likeness`).
"""

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from solvers.core.genre import Genre

P = TypeVar("P")
S = TypeVar("S")

Measures = dict[str, float]
"""A puzzle's measures by name (ints where they count things)."""

Reference = dict[str, float | str]
"""The reference's numbers at a size, by the measure they stand beside (a range as text)."""


@dataclass(frozen=True)
class Bound:
    """A limit on one measure: at least `least` and at most `most` (None: no limit on that
    side); `source` names the reference number it comes from."""

    measure: str
    least: float | None = None
    most: float | None = None
    source: str = ""

    def breach(self, measures: Mapping[str, float]) -> str | None:
        """Return the reason `measures` break this bound, or None when they keep it."""
        value = measures[self.measure]
        shown = round(value, 3)
        why = f" ({self.source})" if self.source else ""
        if self.least is not None and value < self.least:
            return f"{self.measure} {shown} < {self.least}{why}"
        if self.most is not None and value > self.most:
            return f"{self.measure} {shown} > {self.most}{why}"
        return None


def no_bounds(width: int, height: int) -> tuple[Bound, ...]:
    """Return no bounds: a floor that limits no measure."""
    return ()


def no_measures(puzzle: Any, solution: Any) -> Measures:
    """Return no measures."""
    return {}


def no_conventions(puzzle: Any, solution: Any) -> list[str]:
    """Return no convention broken."""
    return []


def no_variants(puzzle: Any) -> tuple[Any, ...]:
    """Return no variants: a genre without clues to take away."""
    return ()


def no_reference(width: int, height: int) -> Reference:
    """Return no reference numbers."""
    return {}


@dataclass(frozen=True)
class Floor(Generic[P, S]):
    """A genre's quality floor (see the module).

    measure(puzzle, solution)   the measures a row carries (its `quality` column)
    bounds(width, height)       the bounds at a size (data beside the reference's numbers)
    reference(width, height)    the reference's own numbers at a size, for the report
    conventions(puzzle, solution)   puzz.link's answer conventions the answer breaks
    unreachable                 grade -> why no real puzzle can hold that grade
    variants(puzzle)            the puzzle with one clue fewer, each way (near-duplicates)
    variant_ids(genre, puzzle)  None, or the ids of `variants(puzzle)` found faster (the same
                                ids as genre.puzzle_id of each)
    likeness(puzzle, solution)  None, or a key of the solution up to the board's symmetries
                                that a bank holds once
    """

    measure: Callable[[P, S], Measures] = no_measures
    bounds: Callable[[int, int], tuple[Bound, ...]] = no_bounds
    reference: Callable[[int, int], Reference] = no_reference
    conventions: Callable[[P, S], list[str]] = no_conventions
    unreachable: Mapping[str, str] = field(default_factory=dict)
    variants: Callable[[P], Iterable[P]] = no_variants
    variant_ids: Callable[["Genre[P, S]", P], Iterable[str]] | None = None
    likeness: Callable[[P, S], str] | None = None

    def reasons(self, genre: "Genre[P, S]", puzzle: P, solution: S, grade: str | None,
                measures: Mapping[str, float] | None = None) -> list[str]:
        """Return why `puzzle` with `solution`, graded `grade`, is below the floor: an
        unreachable grade, each bound its measures break, each convention its answer breaks,
        a puzz.link URL that does not read back; [] when it is a real puzzle."""
        found = []
        if grade is not None and grade in self.unreachable:
            found.append(f"grade {grade} holds no real puzzle: {self.unreachable[grade]}")
        measured = self.measure(puzzle, solution) if measures is None else measures
        width, height = genre.dimensions(puzzle)
        found.extend(reason for bound in self.bounds(width, height)
                     if (reason := bound.breach(measured)) is not None)
        found.extend(self.conventions(puzzle, solution))
        url = genre.to_puzzlink(puzzle)
        if url is not None and genre.from_puzzlink(url) != puzzle:
            found.append(f"its puzz.link URL reads back as another puzzle: {url}")
        return found

    def kin(self, genre: "Genre[P, S]", puzzle: P, solution: S) -> frozenset[str]:
        """Return the puzzle's kin keys (see the module): "=ID", "-ID" for each variant with one
        clue fewer, and "~KEY" for its likeness. Two puzzles are the same to a player when
        `related` says so of their keys."""
        keys = {"=" + genre.puzzle_id(puzzle)}
        variant_ids = (self.variant_ids(genre, puzzle) if self.variant_ids is not None
                       else map(genre.puzzle_id, self.variants(puzzle)))
        keys.update("-" + key for key in variant_ids)
        if self.likeness is not None:
            keys.add("~" + self.likeness(puzzle, solution))
        return frozenset(keys)


def related(kin: frozenset[str], held: Mapping[str, str]) -> str | None:
    """Return the owner `held` gives the first key that makes a puzzle with `kin` the same to a
    player as a held one (the same id, the same likeness, or one of the two is the other with
    one clue more), None when there is none. `held` maps kin keys to their puzzle's owner."""
    for key in sorted(kin):
        for twin in twins(key):
            if twin in held:
                return held[twin]
    return None


def twins(key: str) -> tuple[str, ...]:
    """Return the keys of a held puzzle that make it the same to a player as one with `key`:
    for its id, the same id or a held puzzle less one clue that is this puzzle; for the id of
    this puzzle less one clue, a held puzzle that is it; for a likeness, the same likeness."""
    kind, value = key[0], key[1:]
    if kind == "=":
        return key, "-" + value
    if kind == "-":
        return ("=" + value,)
    return (key,)


@dataclass
class KinIndex:
    """The kin keys of the puzzles a bank holds, each with its owner (e.g. the row's id)."""

    keys: dict[str, str] = field(default_factory=dict)

    def holder(self, kin: frozenset[str]) -> str | None:
        """Return the owner of a held puzzle that is the same to a player as one with `kin`,
        None when no held puzzle is."""
        return related(kin, self.keys)

    def add(self, kin: frozenset[str], owner: str) -> None:
        """Hold a puzzle's kin keys under `owner` (a key held already keeps its owner)."""
        for key in kin:
            self.keys.setdefault(key, owner)


def less_one_clue(clues: str) -> Callable[[Any], Iterator[Any]]:
    """Return variants(puzzle) for a puzzle dataclass whose field `clues` is a tuple with None
    where no clue is shown: each puzzle with one shown clue taken away."""

    def variants(puzzle: Any) -> Iterator[Any]:
        shown: tuple[Any, ...] = getattr(puzzle, clues)
        for k, value in enumerate(shown):
            if value is not None:
                yield replace(puzzle, **{clues: (*shown[:k], None, *shown[k + 1:])})

    return variants


def nearest_size(sizes: Iterable[tuple[int, int]], width: int, height: int) -> tuple[int, int]:
    """Return the size among `sizes` ((width, height) pairs) whose cell count is nearest to
    width x height (the smaller on a tie)."""
    cells = width * height
    return min(sizes, key=lambda size: (abs(size[0] * size[1] - cells), size))
