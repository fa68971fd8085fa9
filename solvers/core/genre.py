"""The genre contract: the one face every genre shows the pipeline.

Like the `game` struct of Simon Tatham's puzzle collection, a `Genre` is a record of functions
that a genre package fills in; the pipeline and the banks never branch on a genre's name.
Vocabulary: a *puzzle* (type P) is a genre's frozen board value, a *solution* (type S) its frozen
answer value, a *level* a rule name of the genre's ladder (or its index), *rules* a set of rule
names. How a genre grades and what its counters count are strategies (grading.py, counting.py),
not hooks. The registry of genres is solvers/__init__.py.
"""

import hashlib
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from solvers.core.counting import Counting
from solvers.core.errors import PuzzleFormatError
from solvers.core.grading import SEARCH, Grading, MeasuredBands
from solvers.core.limits import Limits
from solvers.core.puzzlink import PuzzlinkCodec, split_url
from solvers.core.quality import Floor
from solvers.core.results import Count, Deduction, Grade
from solvers.core.stages import GRADE, stage

P = TypeVar("P")
S = TypeVar("S")


@dataclass(frozen=True, eq=False)
class Genre(Generic[P, S]):
    """A genre's rules, texts, ladder and counters, as the pipeline sees them.

    Members a genre fills in:
      name, ladder             e.g. "slant", ("count", "cycle", "duet", "probe")
      parse / format           canonical one-line text <-> puzzle (PuzzleFormatError on bad text)
      parse_solution / format_solution   the same for a solution of a given puzzle
      check(puzzle, solution)  rulebook violations, [] when the solution is valid
      deduce_with(puzzle, rules)         fixpoint of the named rules -> Deduction
      count_ladder(puzzle, rules, limit, max_nodes)  propagate with rules, then branch -> Count
      counters                 the other engines by name, e.g. {"cpsat": f, "brute": g}, each
                               f(puzzle, limit) -> Count; they share no rule code with the ladder
      independent              the engine the bank admits a puzzle with, beside the ladder
      images(puzzle)           canonical texts of the puzzle's symmetric images
      dimensions(puzzle)       (width, height) as the bank stores them
      clue_count(puzzle)       how many clues the puzzle shows
      draw(puzzle, solution)   a multi-line text picture (solution may be None)
      grading                  how `grade` works: LowestSolvingLevel(), HighestRuleUsed(sweep)
                               or MeasuredBands(measure, bands) (solvers/core/grading.py)
      counting                 what the counters count: Unique() or Solvable(solvability)
                               (solvers/core/counting.py)
      picture                  None, or picture(puzzle, solution) -> a standalone SVG document
                               of the puzzle, with the solution drawn in unless it is None
      puzzlink                 None, or the genre's PuzzlinkCodec (pid, puzzle -> URL, URL ->
                               puzzle) for a genre puzz.link knows; see to_puzzlink/from_puzzlink
      limits                   the largest board and longest text `parse` and `from_puzzlink`
                               take (solvers/core/limits.py); None for no limits
      quality                  the genre's quality floor: its measures, bounds beside the
                               reference's numbers, conventions, unreachable grades and kin
                               (solvers/core/quality.py)
    """

    name: str
    ladder: tuple[str, ...]
    parse: Callable[[str], P]
    format: Callable[[P], str]
    parse_solution: Callable[[str, P], S]
    format_solution: Callable[[S], str]
    check: Callable[[P, S], list[str]]
    deduce_with: Callable[[P, frozenset[str]], Deduction[S]]
    count_ladder: Callable[[P, frozenset[str], int, int | None], Count[S]]
    counters: Mapping[str, Callable[[P, int], Count[S]]]
    images: Callable[[P], Iterable[str]]
    dimensions: Callable[[P], tuple[int, int]]
    clue_count: Callable[[P], int]
    draw: Callable[[P, S | None], str]
    grading: Grading[P, S]
    counting: Counting[P, S]
    independent: str = "cpsat"
    picture: Callable[[P, S | None], str] | None = None
    puzzlink: PuzzlinkCodec[P] | None = None
    limits: Limits | None = None
    quality: Floor[P, S] = field(default_factory=Floor)

    def __post_init__(self) -> None:
        """Refuse a record whose ladder and grading disagree: SEARCH anywhere but at the top,
        or measured bands that are not the ladder's levels in order."""
        if SEARCH in self.ladder[:-1]:
            raise ValueError(f"{self.name}: {SEARCH!r} may only be the top of the ladder")
        if isinstance(self.grading, MeasuredBands):
            names = tuple(band.name for band in self.grading.bands)
            if names != self.ladder:
                raise ValueError(f"{self.name}: bands {names} are not the ladder {self.ladder}")

    @property
    def rule_levels(self) -> tuple[str, ...]:
        """Return the ladder without its exact-search top level, if it has one (grading.py)."""
        return self.ladder[:-1] if self.ladder[-1:] == (SEARCH,) else self.ladder

    @property
    def engines(self) -> tuple[str, ...]:
        """Return the names `count` takes: "ladder" and the genre's other counters."""
        return ("ladder", *self.counters)

    def to_puzzlink(self, puzzle: P) -> str | None:
        """Return the puzz.link URL of `puzzle`, or None for a genre puzz.link does not know."""
        return None if self.puzzlink is None else self.puzzlink.to_url(puzzle)

    def from_puzzlink(self, url: str) -> P:
        """Return the puzzle of a puzz.link URL; PuzzleFormatError when the genre has no
        puzz.link form, the URL is for another genre, or it is malformed, too long or of a board
        past the genre's limits (both checked before the body is read)."""
        if self.puzzlink is None:
            raise PuzzleFormatError(f"{self.name} has no puzz.link form")
        if self.limits is not None:
            link = split_url(self.limits.check_text(url))
            self.limits.check_size(link.cols, link.rows)
        return self.puzzlink.from_url(url)

    def level_index(self, level: str | int) -> int:
        """Return the ladder position of `level` (a rule name or an index); ValueError if none."""
        if isinstance(level, int) and 0 <= level < len(self.ladder):
            return level
        if level in self.ladder:
            return self.ladder.index(level)
        raise ValueError(f"{self.name} has no ladder level {level!r} (levels: {self.ladder})")

    def rules_up_to(self, level: str | int | None = None, skip: Collection[str] = ()
                   ) -> frozenset[str]:
        """Return the rule names of the ladder up to `level` (default: all), less `skip`."""
        top = len(self.ladder) - 1 if level is None else self.level_index(level)
        unknown = set(skip) - set(self.ladder)
        if unknown:
            raise ValueError(f"{self.name} has no rules {sorted(unknown)} to skip")
        return frozenset(self.ladder[: top + 1]) - frozenset(skip)

    def deduce(
        self, puzzle: P, level: str | int | None = None, *, skip: Collection[str] = ()
    ) -> Deduction[S]:
        """Return the fixpoint of the ladder up to `level` (default: the top), less `skip`."""
        return self.deduce_with(puzzle, self.rules_up_to(level, skip))

    def count(
        self,
        puzzle: P,
        limit: int = 2,
        engine: str = "ladder",
        *,
        level: str | int | None = None,
        max_nodes: int | None = None,
    ) -> Count[S]:
        """Return how many solutions `engine` finds, stopping at `limit` (see `Count`); what a
        count means, and whether `limit` matters, is the genre's `counting` (counting.py)."""
        if engine == "ladder":
            return self.count_ladder(puzzle, self.rules_up_to(level), limit, max_nodes)
        if engine in self.counters:
            return self.counters[engine](puzzle, limit)
        raise ValueError(f"{self.name} has no counting engine {engine!r} "
                         f"(engines: {', '.join(self.engines)})")

    def grade(self, puzzle: P) -> Grade[S]:
        """Return where `puzzle` sits on the ladder, by the genre's `grading` strategy, or why
        it has no grade (see Grade)."""
        with stage(GRADE):
            return self.grading.grade(self, puzzle)

    def below_floor(self, puzzle: P, solution: S, grade: str | None) -> list[str]:
        """Return why `puzzle` with `solution`, graded `grade`, is below the genre's quality
        floor, [] when it is a real puzzle (see solvers/core/quality.py)."""
        return self.quality.reasons(self, puzzle, solution, grade)

    def puzzle_id(self, puzzle: P) -> str:
        """Return the puzzle's id: a hash of the least canonical text among its symmetric images."""
        return self.id_of_images(self.images(puzzle))

    def id_of_images(self, images: Iterable[str]) -> str:
        """Return the id of the puzzle whose symmetric images' canonical texts are `images`."""
        return hashlib.sha256(f"{self.name}:{min(images)}".encode()).hexdigest()[:20]
