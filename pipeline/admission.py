"""Admission: the bank's gate for one generated puzzle, and the same gate run again on bank rows.

Vocabulary: an *outcome* is what one seed gives, a Row when the puzzle is admitted or a
Rejection when it is not (pipeline/outcomes.py). A row has the bank's columns (see banks.schema).
A puzzle is admitted only when the ladder counter and the genre's independent counter (e.g.
CP-SAT) both count exactly one solution, the rulebook `check` accepts the generator's solution
and the genre grades the puzzle. (With one solution and a valid one in hand, they are the same;
the counters' own solutions are not compared, as a genre may count "solvable" as one, e.g. a
Color Sort deal whose solvers find different move sequences.)

A build runs the gate in two stages: `contend` (generate; the candidate carries its grade, and a
graded puzzle is unique by the ladder, so nothing is counted: the cheap part) gives a
*contender*, and `confirm` (the independent count and `check`) runs only for the contenders a
bucket will take. `admit` is the two in a row. A contender whose bucket is sure to take it if it
passes may be confirmed at once, in the task that made it: a *confirmed* one carries its verdict.
"""

import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from banks.pictures import PictureKey
from generators import Candidate, GenerationSpec, get_generator
from pipeline.outcomes import DerivedColumns, Rejection, Row
from pipeline.sizes import Size
from pipeline.tracing import explanation_columns
from solvers import get_genre
from solvers.core import GRADED, Genre, Grade, PuzzleFormatError, UnknownGenreError
from solvers.core.quality import KinIndex
from solvers.core.stages import CHECK, GENERATE, INDEPENDENT_COUNT, TRACE, stage

NO_CANDIDATE = Rejection("no-candidate")
COUNTER_DISAGREE = Rejection("counter-disagree")
COUNT_TRUNCATED = Rejection("count-truncated")
NO_SOLUTION = Rejection("no-solution")
AMBIGUOUS = Rejection("ambiguous")
CHECK_FAILED = Rejection("check-failed")
BELOW_FLOOR = Rejection("below-floor")
# An ungraded puzzle is refused with its grade status, e.g. Rejection("needs-search").


@dataclass(frozen=True)
class Contender:
    """A generated puzzle that passed the first stage: graded (so unique by the ladder).

    `row` is the bank row it becomes once confirmed; `puzzle` and `solution` are its values,
    carried so the second stage need not parse the row's texts; `kin` its kin keys (a bank
    holds one puzzle of a kin, see solvers/core/quality.py).
    """

    row: Row
    puzzle: Any
    solution: Any
    kin: frozenset[str] = frozenset()

    @property
    def bucket(self) -> tuple[Size, str]:
        """Return the (size, grade) bucket the contender would fill."""
        return Size(self.row["width"], self.row["height"]), self.row["grade"]


@dataclass(frozen=True)
class Confirmed:
    """A contender with its second-stage verdict (None: it passed), given where it was made."""

    contender: Contender
    verdict: Rejection | None


def admit(genre_name: str, spec: GenerationSpec, seed: int) -> Row | Rejection:
    """Return the bank row of the puzzle the genre's generator makes from `seed`, or why not:
    `contend`, then `confirm` (see both)."""
    outcome = contend(genre_name, spec, seed)
    if isinstance(outcome, Rejection):
        return outcome
    return confirm(genre_name, outcome) or outcome.row


def contend(genre_name: str, spec: GenerationSpec, seed: int) -> Contender | Rejection:
    """Return the contender the genre's generator makes from `seed`, or why there is none.

    The generator gets random.Random(seed); the rejection reasons are NO_CANDIDATE (the
    generator gave up without saying why), the generator's own reason when it gives one, the
    grade status of an ungraded candidate (e.g. AMBIGUOUS, NO_SOLUTION, "needs-search"), or
    BELOW_FLOOR for a puzzle below the genre's quality floor (solvers/core/quality.py). The
    candidate's grade is the genre's (the generator graded it); a graded puzzle was solved by
    sound rules, so the ladder counter would count exactly one solution and is not run.
    """
    genre, generator = get_genre(genre_name), get_generator(genre_name)
    with stage(GENERATE):
        candidate = generator.generate(random.Random(seed), spec)
    if not isinstance(candidate, Candidate):
        return Rejection(candidate) if candidate else NO_CANDIDATE
    grade = candidate.grade
    if grade.status != GRADED or grade.name is None or grade.level is None:
        return Rejection(grade.status)
    if genre.below_floor(candidate.puzzle, candidate.solution, grade.name):
        return BELOW_FLOOR
    with stage(TRACE):
        explained = explanation_columns(genre, candidate.puzzle, candidate.solution)
    if isinstance(explained, Rejection):
        return explained
    row: Row = {
        **derived_columns(genre, candidate.puzzle, candidate.solution, grade),
        **explained,
        "grade": grade.name,  # as derived_columns gives them, known now to be set
        "grade_level": grade.level,
        "seed": seed,
        "generator_version": generator.version,
        "measurements": json.dumps(candidate.measurements, sort_keys=True, separators=(",", ":")),
    }
    kin = genre.quality.kin(genre, candidate.puzzle, candidate.solution)
    return Contender(row, candidate.puzzle, candidate.solution, kin)


def confirm(genre_name: str, contender: Contender) -> Rejection | None:
    """Return why the bank must refuse a contender after all, or None when it may take it.

    The genre's independent counter must count exactly one solution without giving up
    (COUNTER_DISAGREE, COUNT_TRUNCATED) and `check` must accept the solution (CHECK_FAILED).
    """
    genre = get_genre(genre_name)
    with stage(INDEPENDENT_COUNT):
        independent = genre.count(contender.puzzle, limit=2, engine=genre.independent)
    if independent.count != 1:
        return COUNTER_DISAGREE
    if independent.truncated:
        return COUNT_TRUNCATED
    with stage(CHECK):
        problems = genre.check(contender.puzzle, contender.solution)
    if problems:
        return CHECK_FAILED
    return None


def rejection(
    genre: Genre[Any, Any], puzzle: Any, solution: Any, grade: Grade[Any]
) -> Rejection | None:
    """Return why the bank must refuse `puzzle` with `solution`, or None when it may take it.

    The ladder counter and the genre's independent counter must each count exactly one solution
    (stopping at two) without giving up; `check` must accept `solution`; `grade` must be GRADED;
    the puzzle must not be below the genre's quality floor (BELOW_FLOOR).
    """
    ladder = genre.count(puzzle, limit=2, engine="ladder")
    independent = genre.count(puzzle, limit=2, engine=genre.independent)
    if ladder.count != independent.count:
        return COUNTER_DISAGREE
    if ladder.count > 1:
        return AMBIGUOUS
    if ladder.truncated or independent.truncated:
        return COUNT_TRUNCATED
    if ladder.count == 0:
        return NO_SOLUTION
    if genre.check(puzzle, solution):
        return CHECK_FAILED
    if grade.status != GRADED:
        return Rejection(grade.status)
    if genre.below_floor(puzzle, solution, grade.name):
        return BELOW_FLOOR
    return None


def derived_columns(
    genre: Genre[Any, Any], puzzle: Any, solution: Any, grade: Grade[Any]
) -> DerivedColumns:
    """Return the row columns that follow from the puzzle, its solution and its grade alone
    (puzzlink is None for a genre puzz.link does not know; quality is the genre's quality-floor
    measures as compact JSON text, keys sorted)."""
    size = Size(*genre.dimensions(puzzle))
    return {
        "id": genre.puzzle_id(puzzle),
        "genre": genre.name,
        "width": size.width,
        "height": size.height,
        "size": str(size),
        "grade": grade.name,
        "grade_level": grade.level,
        "steps": grade.steps,
        "clues": genre.clue_count(puzzle),
        "puzzle": genre.format(puzzle),
        "solution": genre.format_solution(solution),
        "puzzlink": genre.to_puzzlink(puzzle),
        "quality": json.dumps(genre.quality.measure(puzzle, solution), sort_keys=True,
                              separators=(",", ":")),
    }


def verify_rows(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Return the problems found by re-admitting bank rows, each line naming its row id.

    Every row's puzzle and solution are parsed from their texts, recounted with both counters,
    rechecked and regraded, and the columns `derived_columns` and `explanation_columns` give
    (the trace and the score among them) are recomputed and compared;
    an id seen twice is a problem too. An empty list means every row passed.
    """
    problems: list[str] = []
    ids: Counter[str] = Counter()
    for row in rows:
        ids[row["id"]] += 1
        problems.extend(f"{row['id']}: {problem}" for problem in row_problems(row))
    problems.extend(f"{rid}: appears {n} times" for rid, n in sorted(ids.items()) if n > 1)
    return problems


def kin_index(rows: Iterable[Mapping[str, Any]]) -> KinIndex:
    """Return the kin keys of bank rows, each owned by its row's id (a row that does not parse
    has none: verify reports it)."""
    index = KinIndex()
    for row in rows:
        kin = row_kin(row)
        if kin is not None:
            index.add(kin, row["id"])
    return index


def row_kin(row: Mapping[str, Any]) -> frozenset[str] | None:
    """Return the kin keys of a stored row's puzzle and solution, None when they do not parse
    or its genre is unknown."""
    try:
        genre = get_genre(row["genre"])
        puzzle = genre.parse(row["puzzle"])
        return genre.quality.kin(genre, puzzle, genre.parse_solution(row["solution"], puzzle))
    except (UnknownGenreError, PuzzleFormatError):
        return None


def row_picture(genre_name: str, puzzle_text: str, solution_text: str) -> str | None:
    """Return a stored row's likeness (its solution up to the board's symmetries, for a genre
    whose floor has one), None when its genre has none or its texts do not parse."""
    try:
        genre = get_genre(genre_name)
        if genre.quality.likeness is None:
            return None
        puzzle = genre.parse(puzzle_text)
        return genre.quality.likeness(puzzle, genre.parse_solution(solution_text, puzzle))
    except (UnknownGenreError, PuzzleFormatError):
        return None


def picture_key(genres: Iterable[str]) -> PictureKey | None:
    """Return the picture key a bank's store checks when a build of `genres` commits
    (banks.pictures): the likeness of those of them whose floor has one; None when none has.
    Only a build's genres are loaded (Chesspy's brings CP-SAT's model and pandas, about 0.5 s):
    its new rows are of them, so a row of another genre can never show their pictures."""
    likened = frozenset(name for name in genres if get_genre(name).quality.likeness is not None)
    return PictureKey(likened, row_picture) if likened else None


def kin_problems(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Return "ID: the same puzzle to a player as ID2" for each row kin to an earlier one of
    `rows` (a near-duplicate: the same up to symmetry with one clue more or less; or, for a
    genre with a likeness, the same solution up to symmetry). A row with the same id as an
    earlier one is verify_rows' to report, not this."""
    index = KinIndex()
    problems: list[str] = []
    for row in rows:
        kin = row_kin(row)
        if kin is None:
            continue
        holder = index.holder(kin)
        if holder is not None and holder != row["id"]:
            problems.append(f"{row['id']}: the same puzzle to a player as {holder}")
        index.add(kin, row["id"])
    return problems


def row_problems(row: Mapping[str, Any]) -> list[str]:
    """Return what is wrong with one stored bank row (see verify_rows), without its id."""
    try:
        genre = get_genre(row["genre"])
        puzzle = genre.parse(row["puzzle"])
        solution = genre.parse_solution(row["solution"], puzzle)
    except UnknownGenreError as error:
        return [str(error)]
    except PuzzleFormatError as error:
        return [f"does not parse: {error}"]
    grade = genre.grade(puzzle)
    reason = rejection(genre, puzzle, solution, grade)
    problems = [f"fails admission: {reason}"] if reason else []
    if reason == BELOW_FLOOR:
        problems.extend(f"below the floor: {why}"
                        for why in genre.below_floor(puzzle, solution, grade.name))
    recomputed: dict[str, object] = dict(derived_columns(genre, puzzle, solution, grade))
    explained = explanation_columns(genre, puzzle, solution)
    if isinstance(explained, Rejection):
        problems.append(f"fails admission: {explained}")
    else:
        recomputed |= explained
    problems.extend(
        f"{column} is {row[column]!r}, recomputed {value!r}"
        for column, value in recomputed.items()
        if row[column] != value
    )
    return problems
