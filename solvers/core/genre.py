"""The genre contract: the one face every genre shows the pipeline.

Like the `game` struct of Simon Tatham's puzzle collection, a `Genre` is a record of functions
that a genre module fills in; the pipeline and the banks never branch on a genre's name.
Vocabulary: a *puzzle* is a genre's frozen board value, a *solution* its frozen answer value,
a *level* a rule name of the genre's ladder (or its index), *rules* a set of rule names.
"""

import hashlib
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from solvers.core.errors import PuzzleFormatError
from solvers.core.limits import Limits
from solvers.core.puzzlink import PuzzlinkCodec, split_url
from solvers.core.results import (
    AMBIGUOUS,
    GRADED,
    NEEDS_SEARCH,
    NO_SOLUTION,
    Count,
    Deduction,
    Grade,
)

Puzzle = Any
Solution = Any


@dataclass(frozen=True, eq=False)
class Genre:
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
      grade_with               None, or a genre's own grading function (puzzle) -> Grade for a
                               genre graded by measurements rather than by its deduction ladder
      solve_view               None, or (text) -> the dict `puzzlebank solve --json` prints, for
                               a genre whose report is not about counting solutions
      picture                  None, or picture(puzzle, solution) -> a standalone SVG document
                               of the puzzle, with the solution drawn in unless it is None
      puzzlink                 None, or the genre's PuzzlinkCodec (pid, puzzle -> URL, URL ->
                               puzzle) for a genre puzz.link knows; see to_puzzlink/from_puzzlink
      limits                   the largest board and longest text `parse` and `from_puzzlink`
                               take (solvers/core/limits.py); None for no limits
    """

    name: str
    ladder: tuple[str, ...]
    parse: Callable[[str], Puzzle]
    format: Callable[[Puzzle], str]
    parse_solution: Callable[[str, Puzzle], Solution]
    format_solution: Callable[[Solution], str]
    check: Callable[[Puzzle, Solution], list[str]]
    deduce_with: Callable[[Puzzle, frozenset[str]], Deduction]
    count_ladder: Callable[[Puzzle, frozenset[str], int, int | None], Count]
    counters: Mapping[str, Callable[[Puzzle, int], Count]]
    images: Callable[[Puzzle], Iterable[str]]
    dimensions: Callable[[Puzzle], tuple[int, int]]
    clue_count: Callable[[Puzzle], int]
    draw: Callable[[Puzzle, Solution | None], str]
    independent: str = "cpsat"
    grade_with: Callable[[Puzzle], Grade] | None = None
    solve_view: Callable[[str], dict] | None = None
    picture: Callable[[Puzzle, Solution | None], str] | None = None
    puzzlink: PuzzlinkCodec | None = None
    limits: Limits | None = None

    @property
    def engines(self) -> tuple[str, ...]:
        """Return the names `count` takes: "ladder" and the genre's other counters."""
        return ("ladder", *self.counters)

    def to_puzzlink(self, puzzle: Puzzle) -> str | None:
        """Return the puzz.link URL of `puzzle`, or None for a genre puzz.link does not know."""
        return None if self.puzzlink is None else self.puzzlink.to_url(puzzle)

    def from_puzzlink(self, url: str) -> Puzzle:
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

    def rules_up_to(self, level: str | int | None = None, skip: Collection[str] = ()) -> frozenset:
        """Return the rule names of the ladder up to `level` (default: all), less `skip`."""
        top = len(self.ladder) - 1 if level is None else self.level_index(level)
        unknown = set(skip) - set(self.ladder)
        if unknown:
            raise ValueError(f"{self.name} has no rules {sorted(unknown)} to skip")
        return frozenset(self.ladder[: top + 1]) - frozenset(skip)

    def deduce(
        self, puzzle: Puzzle, level: str | int | None = None, *, skip: Collection[str] = ()
    ) -> Deduction:
        """Return the fixpoint of the ladder up to `level` (default: the top), less `skip`."""
        return self.deduce_with(puzzle, self.rules_up_to(level, skip))

    def count(
        self,
        puzzle: Puzzle,
        limit: int = 2,
        engine: str = "ladder",
        *,
        level: str | int | None = None,
        max_nodes: int | None = None,
    ) -> Count:
        """Return how many solutions `engine` finds, stopping at `limit` (see `Count`)."""
        if engine == "ladder":
            return self.count_ladder(puzzle, self.rules_up_to(level), limit, max_nodes)
        if engine in self.counters:
            return self.counters[engine](puzzle, limit)
        raise ValueError(f"{self.name} has no counting engine {engine!r} "
                         f"(engines: {', '.join(self.engines)})")

    def grade(self, puzzle: Puzzle) -> Grade:
        """Return the lowest ladder level whose fixpoint solves `puzzle`, or why there is none.

        A genre with its own `grade_with` is graded by that instead.
        """
        if self.grade_with is not None:
            return self.grade_with(puzzle)
        for index, name in enumerate(self.ladder):
            deduction = self.deduce(puzzle, index)
            if deduction.solved:
                return Grade(GRADED, name, index, deduction.steps, deduction.solution)
            if deduction.contradiction:
                return Grade(NO_SOLUTION)
        found = self.count(puzzle, limit=2)
        if found.count == 0:
            return Grade(NO_SOLUTION)
        if found.count == 1:
            return Grade(NEEDS_SEARCH, solution=found.solutions[0])
        return Grade(AMBIGUOUS)

    def puzzle_id(self, puzzle: Puzzle) -> str:
        """Return the puzzle's id: a hash of the least canonical text among its symmetric images."""
        least = min(self.images(puzzle))
        return hashlib.sha256(f"{self.name}:{least}".encode()).hexdigest()[:20]
