"""Chesspy generator: the reference's recipe, its stage table, a day's set of stages from a date.

Vocabulary: a *placement* is a solution (pieces on cells); its *full board* numbers every empty
cell with the attacks on it; an *attempt* makes one placement and thins its numbers:
  1. draw the piece count and types (two types at least whenever there are two pieces or more;
     no knights before stage 10, at least one on stages 10-13) and their cells;
  2. number every empty cell;
  3. remove numbers one at a time in random order, keeping a removal while the rules up to the
     stage's highest rule still solve the board;
  4. put back a few of the removed numbers (the stage's `put_back` range);
  5. for a piece that attacks no number, put back one removed number it attacks (so the last
     piece is never found by counting alone);
  6. accept the board if one run of the whole ladder solves it within the stage's step range
     and uses no rule above the stage's highest rule.
A *stage* (one row of STAGE_TABLE) repeats attempts from a random source seeded by the date,
the stage number and a shift: ATTEMPTS attempts, then the shift goes up by one, and an accepted
board must also have exactly one solution by the independent counter (CP-SAT).
`puzzlebank daily chesspy DATE` prints `daily_lines(daily_set(DATE))`.
"""

import datetime
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from generators.core import Aims, Candidate, GenerationSpec, Generator, aimed
from solvers.chesspy import GENRE
from solvers.chesspy.board import (
    BISHOP,
    EMPTY,
    KNIGHT,
    PIECES,
    ROOK,
    ChesspyPuzzle,
    ChesspySolution,
    geometry,
    inventory_text,
)
from solvers.chesspy.quality import STAGES
from solvers.chesspy.rules import LADDER, trace_with
from solvers.core.targeting import remove_while

VERSION = "chesspy-3"
ATTEMPTS = 300
MAX_SHIFTS = 50

# The reference's stage table, as data. A row covers stages first..last on the days it names
# ("every" day, or "sunday": on Sundays that row replaces the every-day row of those stages).
# pieces, steps and put_back are inclusive [low, high] ranges; knights is "none", "required"
# (at least one) or "allowed"; highest_rule is the highest ladder rule a board may use.
STAGE_TABLE: tuple[Mapping[str, Any], ...] = (
    {"first": 1, "last": 2, "days": "every", "size": 3, "pieces": [1, 2], "knights": "none",
     "steps": [1, 8], "highest_rule": "board", "put_back": [1, 2]},
    {"first": 3, "last": 5, "days": "every", "size": 4, "pieces": [2, 2], "knights": "none",
     "steps": [2, 10], "highest_rule": "board", "put_back": [1, 2]},
    {"first": 6, "last": 9, "days": "every", "size": 5, "pieces": [2, 3], "knights": "none",
     "steps": [4, 12], "highest_rule": "board", "put_back": [1, 2]},
    {"first": 10, "last": 13, "days": "every", "size": 5, "pieces": [3, 3],
     "knights": "required", "steps": [6, 14], "highest_rule": "board", "put_back": [1, 2]},
    {"first": 14, "last": 17, "days": "every", "size": 6, "pieces": [3, 4],
     "knights": "allowed", "steps": [6, 16], "highest_rule": "type", "put_back": [1, 2]},
    {"first": 18, "last": 20, "days": "every", "size": 6, "pieces": [4, 5],
     "knights": "allowed", "steps": [8, 18], "highest_rule": "type", "put_back": [0, 0]},
    {"first": 18, "last": 20, "days": "sunday", "size": 7, "pieces": [5, 6],
     "knights": "allowed", "steps": [18, 30], "highest_rule": "type", "put_back": [0, 0]},
)


@dataclass(frozen=True)
class Recipe:
    """What one attempt makes: board size, piece-count range, knight policy, put-back range,
    the highest rule allowed and the step range (None: any)."""

    width: int
    height: int
    pieces: tuple[int, int]
    knights: str = "allowed"
    put_back: tuple[int, int] = (0, 0)
    highest_rule: str = LADDER[-1]
    steps: tuple[int, int] | None = None


@dataclass(frozen=True)
class Made:
    """An accepted attempt: the puzzle, its placement, the solver's steps, rule_steps and
    highest rule (a ladder index), and the attempt's measurements."""

    puzzle: ChesspyPuzzle
    solution: ChesspySolution
    steps: int
    rule_steps: dict[str, int]
    highest: int
    measurements: dict[str, Any]


def stage_row(day: datetime.date, stage: int) -> Mapping[str, Any]:
    """Return the STAGE_TABLE row for `stage` on `day` (a Sunday row wins on Sundays)."""
    rows = [row for row in STAGE_TABLE if row["first"] <= stage <= row["last"]]
    sunday = [row for row in rows if row["days"] == "sunday"]
    if day.weekday() == 6 and sunday:
        return sunday[0]
    every = [row for row in rows if row["days"] == "every"]
    if not every:
        raise ValueError(f"no stage {stage} in the Chesspy stage table")
    return every[0]


def stage_numbers() -> range:
    """Return the stage numbers of every day's set."""
    return range(1, max(row["last"] for row in STAGE_TABLE) + 1)


def recipe_of(row: Mapping[str, Any]) -> Recipe:
    """Return the Recipe of a stage-table row."""
    return Recipe(row["size"], row["size"], tuple(row["pieces"]), row["knights"],
                  tuple(row["put_back"]), row["highest_rule"], tuple(row["steps"]))


# ---- one attempt -------------------------------------------------------------------------

def random_placement(rng: random.Random, recipe: Recipe) -> ChesspySolution:
    """Return random pieces on random cells: the count from the recipe's range, the types drawn
    again until two types mix (for two pieces or more) and the knight policy holds."""
    count = rng.randint(*recipe.pieces)
    kinds = (ROOK, BISHOP) if recipe.knights == "none" else PIECES
    while True:
        types = [rng.choice(kinds) for _ in range(count)]
        if count >= 2 and len(set(types)) < 2:
            continue
        if recipe.knights == "required" and KNIGHT not in types:
            continue
        break
    cells = [EMPTY] * (recipe.width * recipe.height)
    for k, piece in zip(rng.sample(range(len(cells)), count), types, strict=True):
        cells[k] = piece
    return ChesspySolution(recipe.width, recipe.height, tuple(cells))


def numbers_of(placement: ChesspySolution) -> list[int | None]:
    """Return the full board's numbers: the attacks on every empty cell (None under a piece)."""
    geo = geometry(placement.width, placement.height)
    pieces = [(k, p) for k, p in enumerate(placement.cells) if p != EMPTY]
    return [None if p != EMPTY else sum(geo.attacks[q][k] >> j & 1 for j, q in pieces)
            for k, p in enumerate(placement.cells)]


def inventory_of(placement: ChesspySolution) -> tuple[int, int, int]:
    """Return (rooks, bishops, knights) of a placement."""
    rooks, bishops, knights = (placement.cells.count(p) for p in PIECES)
    return rooks, bishops, knights


def lowest_rule(puzzle: ChesspyPuzzle) -> str:
    """Return the lowest ladder level whose fixpoint alone solves `puzzle` (which must be
    solved by the whole ladder): the rule it needs, where the grade is the rule the run uses."""
    return next(name for name in LADDER
                if trace_with(puzzle, frozenset(LADDER[: LADDER.index(name) + 1]),
                              keep_steps=False).deduction.solved)


def put_numbers_back(rng: random.Random, placement: ChesspySolution, full: list[int | None],
                     numbers: list[int | None], how_many: tuple[int, int]) -> tuple[int, int]:
    """Put back a random `how_many` of the removed numbers, then one number attacked by each
    piece that attacks none (steps 4-5 of the module comment), in place; return how many were
    put back at random and how many pieces attacked no number."""
    removed = [k for k, n in enumerate(numbers) if n is None and full[k] is not None]
    put_back = min(rng.randint(*how_many), len(removed))
    for k in rng.sample(removed, put_back):
        numbers[k] = full[k]
    geo = geometry(placement.width, placement.height)
    idle_pieces = 0
    for j, piece in enumerate(placement.cells):
        if piece == EMPTY:
            continue
        reach = geo.attacks[piece][j]
        attacked = [k for k, n in enumerate(full) if n is not None and reach >> k & 1]
        if not any(numbers[k] is not None for k in attacked):
            idle_pieces += 1
            if attacked:
                k = rng.choice(attacked)
                numbers[k] = full[k]
    return put_back, idle_pieces


def attempt(rng: random.Random, recipe: Recipe) -> Made | None:
    """Return one attempt's board if it meets the recipe (steps 1-6 of the module comment)."""
    placement = random_placement(rng, recipe)
    inventory = inventory_of(placement)
    full = numbers_of(placement)
    if any(n is not None and n > 9 for n in full):
        return None
    w, h = recipe.width, recipe.height
    level = LADDER.index(recipe.highest_rule)
    rules = frozenset(LADDER[: level + 1])

    def puzzle(numbers: list[int | None]) -> ChesspyPuzzle:
        return ChesspyPuzzle(w, h, inventory, tuple(numbers))

    def keeps(numbers: list[int | None]) -> bool:
        return trace_with(puzzle(numbers), rules, keep_steps=False).deduction.solved

    if not keeps(full):
        return None
    numbers, checks = remove_while(rng, full, keeps)
    put_back, idle_pieces = put_numbers_back(rng, placement, full, numbers, recipe.put_back)
    final = puzzle(numbers)
    trace = trace_with(final, frozenset(LADDER), keep_steps=False)
    deduction = trace.deduction
    solution = deduction.solution
    if solution is None or trace.highest > level:  # unsolved by the rules, or too hard
        return None
    if recipe.steps is not None and not recipe.steps[0] <= deduction.steps <= recipe.steps[1]:
        return None
    measurements = {
        "numbers": GENRE.clue_count(final),
        "free_cells": sum(n is None for n in final.numbers),
        "removal_checks": checks,
        "put_back": put_back,
        "idle_pieces": idle_pieces,
        "steps": deduction.steps,
        "rule_steps": dict(deduction.rule_steps),
        "highest_rule": LADDER[max(trace.highest, 0)],
        "lowest_rule": lowest_rule(final),
    }
    return Made(final, solution, deduction.steps, dict(deduction.rule_steps),
                max(trace.highest, 0), measurements)


# ---- the day's set -----------------------------------------------------------------------

@dataclass(frozen=True)
class StageBoard:
    """One stage of a day's set: the board, its grade, and what it took to make it."""

    day: datetime.date
    stage: int
    made: Made
    attempts: int
    shift: int

    @property
    def text(self) -> str:
        """Return the puzzle's canonical text."""
        return GENRE.format(self.made.puzzle)

    def line(self) -> str:
        """Return the stage as one line of `puzzlebank daily chesspy` (see `daily_lines`)."""
        puzzle, made = self.made.puzzle, self.made
        inventory = inventory_text(puzzle.inventory)[:-1]
        return (f"{self.stage:2d}  {puzzle.width}x{puzzle.height}  {inventory}  "
                f"{made.steps:2d} steps  rule {made.highest + 1} {LADDER[made.highest]:<6}  "
                f"{self.text}")


def stage_rng(day: datetime.date, stage: int, shift: int) -> random.Random:
    """Return the random source of `stage` on `day` after `shift` shifts (a str seed: the
    same on every machine and Python version)."""
    return random.Random(f"chesspy:{day.isoformat()}:{stage}:{shift}")


def make_stage(day: datetime.date, stage: int) -> StageBoard:
    """Return the board of `stage` on `day`: the first attempt that meets the stage's row and
    that the independent counter finds unique, ATTEMPTS attempts to a shift."""
    recipe = recipe_of(stage_row(day, stage))
    tried = 0
    for shift in range(MAX_SHIFTS):
        rng = stage_rng(day, stage, shift)
        for _ in range(ATTEMPTS):
            tried += 1
            made = attempt(rng, recipe)
            if made is not None and GENRE.count(made.puzzle, 2, GENRE.independent).count == 1:
                return StageBoard(day, stage, made, tried, shift)
    raise RuntimeError(f"no Chesspy board for stage {stage} on {day} "
                       f"in {MAX_SHIFTS} x {ATTEMPTS} attempts")


def daily_set(day: datetime.date) -> list[StageBoard]:
    """Return the full set of stages of `day`, the same on every machine, every time."""
    return [make_stage(day, stage) for stage in stage_numbers()]


def daily_lines(boards: list[StageBoard]) -> str:
    """Return the day's set as text, one line per stage:
    stage, size, inventory, steps, highest rule (number and name), puzzle text, e.g.
    ' 1  3x3  R1B1N0   5 steps  rule 3 board   R1B1N0:...'."""
    return "\n".join(board.line() for board in boards)


# ---- the bank pipeline's face ------------------------------------------------------------

def _size_rows(width: int, height: int) -> list[Mapping[str, Any]]:
    return [row for row in STAGE_TABLE if row["size"] == width == height]


def default_pieces(width: int, height: int) -> tuple[int, int]:
    """Return the piece-count range the stage table gives a square size (the union of its
    rows), else about one piece per 8-12 cells."""
    rows = _size_rows(width, height)
    if rows:
        return min(r["pieces"][0] for r in rows), max(r["pieces"][1] for r in rows)
    low = max(1, round(width * height / 12))
    return low, max(low, round(width * height / 8))


# The knobs per target grade (the grade is the highest rule a run uses). `number`: the sweep gives
# `board` its turn before `number` looks again, so a board the numbers alone could finish often
# ends on `board`; fewer pieces (`pieces_scale` of the size's range, never below the floor's
# fewest), no knights and a few numbers put back let `number` finish within its pass. `zero`
# has no row: the zero rule only takes piece types away from cells, never places a piece, so no
# board with a piece ends on it.
AIMS: Aims = {
    "number": {"pieces_scale": 0.6, "put_back": [2, 5], "knights": "none"},
}


def scaled(pieces: tuple[int, int], scale: float, least: int = 1) -> tuple[int, int]:
    """Return a piece-count range times `scale`, rounded, at least `least` pieces."""
    low = max(least, round(pieces[0] * scale))
    return low, max(low, round(pieces[1] * scale))


def floor_steps(width: int, height: int) -> tuple[int, int] | None:
    """Return the step range the quality floor asks at a size (solvers/chesspy/quality.py),
    None where it asks none."""
    row = STAGES.get((width, height))
    return None if row is None else (row[2], row[3])


def _range(value, default: tuple[int, int]) -> tuple[int, int]:
    if value is None:
        return default
    if isinstance(value, int):
        return value, value
    low, high = value
    return int(low), int(high)


def recipe_for(spec: GenerationSpec) -> Recipe:
    """Return the Recipe of a bank spec. Options (defaults for bank builds in brackets):
    pieces   int or [low, high]  [the stage table's range for the size, see default_pieces,
                                   times pieces_scale [1.0], at least the floor's fewest]
    knights  "none" | "allowed" | "required"   ["allowed"]
    put_back [low, high] removed numbers put back   [[0, 0]: minimal boards]
    steps    [low, high] or None    [the floor's range at the size, else None: any]
    spec.grade, when given, is both the highest rule the removal may lean on and the grade
    the board must reach exactly, and its AIMS row sets the options the spec leaves out;
    without it any grade is kept.
    """
    options = aimed(spec, AIMS).options
    steps = options.get("steps", floor_steps(spec.width, spec.height))
    least = STAGES.get((spec.width, spec.height), (1,))[0]
    pieces = scaled(default_pieces(spec.width, spec.height), options.get("pieces_scale", 1.0),
                    least)
    return Recipe(
        spec.width, spec.height,
        _range(options.get("pieces"), pieces),
        options.get("knights", "allowed"),
        _range(options.get("put_back"), (0, 0)),
        spec.grade or LADDER[-1],
        None if steps is None else _range(steps, (0, 0)),
    )


def generate(rng: random.Random, spec: GenerationSpec) -> Candidate | None:
    """Return one attempt's board for the bank as a Candidate, or None (see `recipe_for`).

    The board is solved by the rules, so unique; the bank confirms it with both counters.
    """
    made = attempt(rng, recipe_for(spec))
    if made is None or (spec.grade is not None and LADDER[made.highest] != spec.grade):
        return None
    return Candidate(made.puzzle, made.solution, made.measurements, GENRE.grade(made.puzzle))


def sample(rng: random.Random, spec: GenerationSpec) -> ChesspyPuzzle:
    """Return an unfiltered random board: a placement (pieces as in `recipe_for`) with each
    number of its full board kept with probability `density` (default 0.5)."""
    placement = random_placement(rng, recipe_for(spec))
    density = spec.options.get("density", 0.5)
    numbers = [n if n is not None and rng.random() < density else None
               for n in numbers_of(placement)]
    return ChesspyPuzzle(spec.width, spec.height, inventory_of(placement), tuple(numbers))


def daily(day: datetime.date) -> str:
    """Return the day's full set of stages as lines of text (see `daily_lines`)."""
    return daily_lines(daily_set(day))


GENERATOR = Generator(
    genre=GENRE, version=VERSION, generate=generate, sample=sample, daily=daily
)
