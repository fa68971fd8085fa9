"""Color Sort generator: deals by the reference's JS engine, climbed toward a wanted grade, kept
when both solvers sort them.

Vocabulary: a *shape* is what a deal is made of (colours, capacity, duplicate colours, empty
tubes); a *deal seed* is the string the JS engine's `rng` is seeded with, drawn from the
generator's random.Random, so a front end can deal the same tubes with the JS engine; a *climb*
moves a deal toward a grade's range of novice nodes (grades.node_range) by swapping units, a
swap kept when it comes no farther from the range; a *rejection* is a deal thrown away, counted
by its reason (REJECTION_REASONS).
GenerationSpec: width = colours, height = capacity, grade = the wanted grade name or None,
options = {"duplicates": 0, "empty_tubes": 2, "attempts": 40} (the JS defaults for the first
two). PRESETS names some deal shapes (colours x capacity, then what differs from the JS defaults;
bench/bench_colorsort.py prints the grades their deals measure before any climb); `preset_spec`
turns one into a GenerationSpec.
"""

import math
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

from generators.commands import Command, Option
from generators.core import Candidate, GenerationSpec, Generator, aimed
from solvers.colorsort import GENRE, novice
from solvers.colorsort.board import LIMITS, MAX_TUBES, ColorSortPuzzle, from_tubes
from solvers.colorsort.counters import dfs_exhaustion_proves, dfs_result, optimal_result
from solvers.colorsort.grades import Measurements, node_range
from solvers.colorsort.grading import measure
from solvers.colorsort.jsengine import DEFAULT_NODE_LIMIT, Tubes, deal_tubes, solve
from solvers.colorsort.jsrandom import rng as js_rng
from solvers.colorsort.optimal import SOLVABLE, UNKNOWN
from solvers.colorsort.optimal import UNSOLVABLE as NO_SOLUTION_FOUND

VERSION = "colorsort-3"
DEFAULT_ATTEMPTS = 40

# The reference's DFS judges first, as the JS generator does. Where it ends without a solution (the
# JS generator's "unsolvable"), the deal is UNSOLVABLE when that is proved (by the DFS for a deal
# without duplicated colours, else by the optimal solver) and DFS_MISSED when the optimal solver
# sorts it after all (the DFS's pruning of full one-colour tubes lost the solutions).
UNSOLVABLE = "unsolvable"
DFS_MISSED = "dfs-missed"
TRUNCATED = "truncated"  # the reference's DFS reached its node limit
OPTIMAL_UNKNOWN = "optimal-unknown"  # the optimal solver reached its state cap where asked
SOLVERS_DISAGREE = "solvers-disagree"  # the DFS solved it, the optimal solver proved it cannot
OFF_GRADE = "off-grade"  # sorted by both, graded, but not the grade asked for
REJECTION_REASONS = (UNSOLVABLE, DFS_MISSED, TRUNCATED, OPTIMAL_UNKNOWN, SOLVERS_DISAGREE,
                     OFF_GRADE)


@dataclass(frozen=True)
class DealShape:
    """What a deal is made of."""

    colors: int
    capacity: int
    duplicates: int = 0
    empty_tubes: int = 2

    def spec(self, grade: str | None = None) -> GenerationSpec:
        """Return the GenerationSpec of this shape, wanting `grade` (None: any)."""
        return GenerationSpec(self.colors, self.capacity, grade,
                              {"duplicates": self.duplicates, "empty_tubes": self.empty_tubes})


PRESETS = {
    "4x4": DealShape(colors=4, capacity=4, duplicates=0, empty_tubes=2),
    "7x4": DealShape(colors=7, capacity=4, duplicates=0, empty_tubes=2),
    "4x5-one-empty": DealShape(colors=4, capacity=5, duplicates=0, empty_tubes=1),
    "11x4-duplicate": DealShape(colors=11, capacity=4, duplicates=1, empty_tubes=2),
    "5x6-one-empty-duplicate": DealShape(colors=5, capacity=6, duplicates=1, empty_tubes=1),
    "14x6-duplicates": DealShape(colors=14, capacity=6, duplicates=2, empty_tubes=2),
    "10x8": DealShape(colors=10, capacity=8, duplicates=0, empty_tubes=2),
}


# The knobs per target grade, within the requested shape (colours x capacity): rows of (grade,
# most colours, most capacity, options); the first row of the target grade whose limits hold the
# deal's shape applies (none: the JS defaults). One empty tube instead of two, and colours dealt
# twice (`duplicate_share` of the colours, rounded), give the novice more dead ends: with them
# most deals of a shape start within or near the target's node range, where the climb (see
# `climb`) takes them the rest of the way (bench/bench_colorsort_bands.py prints the medians).
AIM_ROWS: tuple[tuple[str, int, int, Mapping[str, Any]], ...] = (
    ("medium", 6, 8, {"empty_tubes": 1, "duplicate_share": 0.5}),
    ("medium", 11, 8, {"duplicate_share": 0.4}),
    ("hard", 6, 8, {"empty_tubes": 1, "duplicate_share": 1.0}),
    ("hard", 8, 8, {"empty_tubes": 1, "duplicate_share": 0.5}),
    ("hard", 11, 8, {"duplicate_share": 0.4}),
    ("expert", 6, 8, {"empty_tubes": 1, "duplicate_share": 1.0}),
    ("expert", 11, 8, {"empty_tubes": 1, "duplicate_share": 0.5}),
)
CLIMB_SWAPS = 150  # swaps a climb tries before the deal is thrown away off-grade


def aim(spec: GenerationSpec) -> GenerationSpec:
    """Return `spec` with its target grade's knobs (AIM_ROWS) under its own options."""
    shape = shape_of(spec)
    row = next((options for grade, colours, capacity, options in AIM_ROWS
                if grade == spec.grade and shape.colors <= colours and shape.capacity <= capacity),
               None)
    return aimed(spec, {spec.grade: row}) if row and spec.grade else spec


def distance(nodes: int | None, grade: str) -> float:
    """Return how far a deal whose novice enters `nodes` nodes is from `grade`'s node range, as
    a ratio's logarithm (0.0 within it; inf when the novice cannot sort it, None)."""
    if nodes is None:
        return math.inf
    above, most = node_range(grade)
    if nodes <= above:
        return math.log((above + 1) / (nodes + 1))
    return math.log(nodes / most) if nodes > most else 0.0


def novice_nodes(tubes: Tubes, capacity: int, limit: int) -> int | None:
    """Return the nodes the reference's DFS enters to sort `tubes` (limit + 1 when it gives up
    at `limit`), None when it ends without sorting them."""
    found = novice.solve(tubes, capacity, limit)
    if found.solved:
        return found.nodes
    return limit + 1 if found.truncated else None


def finishes_a_tube(tubes: Tubes, capacity: int) -> bool:
    """Return whether a tube is full of one colour (the quality floor refuses such a deal)."""
    return any(len(tube) == capacity and len(set(tube)) == 1 for tube in tubes)


def climb(rng: random.Random, tubes: Tubes, capacity: int, grade: str) -> tuple[Tubes, int]:
    """Return the deal `tubes` moved toward `grade` and the swaps it kept: each of CLIMB_SWAPS
    times, two units of different colours in two tubes trade places, and the swap is kept when
    the novice's nodes come no farther from the grade's node range (`distance`) and no tube is
    finished; it stops within the range (a deal of fewer than two filled tubes is not moved).
    The novice is run to four times the range's top (at most the reference's limit), enough to
    tell how far above it a deal is."""
    tubes = [list(tube) for tube in tubes]
    limit = min(DEFAULT_NODE_LIMIT, 4 * node_range(grade)[1])
    far = distance(novice_nodes(tubes, capacity, limit), grade)
    filled = [t for t, tube in enumerate(tubes) if tube]
    kept = 0
    for _ in range(CLIMB_SWAPS if len(filled) > 1 else 0):
        if far == 0.0:
            break
        a, b = rng.sample(filled, 2)
        i, j = rng.randrange(len(tubes[a])), rng.randrange(len(tubes[b]))
        if tubes[a][i] == tubes[b][j]:
            continue
        tubes[a][i], tubes[b][j] = tubes[b][j], tubes[a][i]
        closer = distance(novice_nodes(tubes, capacity, limit), grade)
        if closer <= far and not finishes_a_tube(tubes, capacity):
            far, kept = closer, kept + 1
        else:
            tubes[a][i], tubes[b][j] = tubes[b][j], tubes[a][i]
    return tubes, kept


def preset_spec(name: str, grade: str | None = None) -> GenerationSpec:
    """Return the GenerationSpec of preset `name`, wanting `grade` (None: any)."""
    return PRESETS[name].spec(grade)


def shape_of(spec: GenerationSpec) -> DealShape:
    """Return the deal shape a spec asks for: the one place its size is read as colours x
    capacity (options default to the JS defaults; without `duplicates`, `duplicate_share` of
    the colours, rounded, are dealt twice)."""
    duplicates = round(spec.options.get("duplicate_share", 0) * spec.width)
    return DealShape(spec.width, spec.height, spec.options.get("duplicates", duplicates),
                     spec.options.get("empty_tubes", 2))


def deal(rng: random.Random, shape: DealShape) -> tuple[str, ColorSortPuzzle]:
    """Return a deal seed drawn from `rng` and the puzzle the JS engine deals from it."""
    deal_seed = f"{rng.getrandbits(64):016x}"
    tubes = deal_tubes(shape.colors, shape.capacity, js_rng(deal_seed), shape.duplicates,
                       shape.empty_tubes)
    return deal_seed, from_tubes(shape.capacity, tubes)


def deal_toward(rng: random.Random, shape: DealShape, grade: str | None,
                ) -> tuple[str, int, ColorSortPuzzle]:
    """Return the deal seed, the swaps the climb kept and the puzzle: the JS engine's deal,
    climbed toward `grade` (see `climb`) when one is wanted."""
    deal_seed, puzzle = deal(rng, shape)
    if grade is None:
        return deal_seed, 0, puzzle
    tubes, swaps = climb(rng, [list(tube) for tube in puzzle.tubes], shape.capacity, grade)
    return deal_seed, swaps, from_tubes(shape.capacity, tubes)


def sample(rng: random.Random, spec: GenerationSpec) -> ColorSortPuzzle:
    """Return an unfiltered deal of the spec's shape."""
    return deal(rng, shape_of(spec))[1]


@dataclass(frozen=True)
class Attempt:
    """The outcome of one `generate` call: the candidate (or None) and every rejection on the
    way, by reason (all of REJECTION_REASONS, zeros included)."""

    candidate: Candidate | None
    rejections: dict[str, int]


def rejection(puzzle: ColorSortPuzzle, grade_name: str | None) -> str | None:
    """Return why the generator throws `puzzle` away (one of REJECTION_REASONS), or None.

    The reference's DFS judges first, as the JS generator does; a deal both solvers sort is always
    graded, since the DFS then stayed within the last band's node limit.
    """
    dfs = dfs_result(puzzle, DEFAULT_NODE_LIMIT)
    if dfs.truncated:
        return TRUNCATED
    if not dfs.solved and dfs_exhaustion_proves(puzzle):
        return UNSOLVABLE
    optimal = optimal_result(puzzle)
    if optimal.status == UNKNOWN:
        return OPTIMAL_UNKNOWN
    if not dfs.solved:
        return DFS_MISSED if optimal.status == SOLVABLE else UNSOLVABLE
    if optimal.status == NO_SOLUTION_FOUND:
        return SOLVERS_DISAGREE
    if grade_name is not None and GENRE.grade(puzzle).name != grade_name:
        return OFF_GRADE
    return None


def attempt(rng: random.Random, spec: GenerationSpec) -> Attempt:
    """Deal (climbing toward spec.grade, see `deal_toward`) until a deal is kept or `attempts`
    deals are thrown away (see Attempt).

    A deal is kept when the reference's DFS sorts it within its default node limit, the optimal
    solver sorts it, and (with spec.grade) it grades as asked.
    """
    shape = shape_of(spec)
    rejected = Counter(dict.fromkeys(REJECTION_REASONS, 0))
    for _ in range(spec.options.get("attempts", DEFAULT_ATTEMPTS)):
        deal_seed, swaps, puzzle = deal_toward(rng, shape, spec.grade)
        reason = rejection(puzzle, spec.grade)
        if reason:
            rejected[reason] += 1
            continue
        grade = GENRE.grade(puzzle)
        measured = measure(puzzle)
        assert isinstance(measured, Measurements), "a kept deal is sorted by both solvers"
        measurements = {
            "deal_seed": deal_seed,
            "swaps": swaps,
            **asdict(shape),
            **measured.as_json(),
            "grade": grade.name,
            "rejections": dict(rejected),
        }
        return Attempt(Candidate(puzzle, grade.solution, measurements, grade), dict(rejected))
    return Attempt(None, dict(rejected))


def generate(rng: random.Random, spec: GenerationSpec) -> Candidate | str:
    """Deal once (with the target grade's knobs, see AIM_ROWS, and climbed toward it, see
    `climb`): return the kept deal with its
    shortest solution and measurements, or the reason the deal was thrown away (one of
    REJECTION_REASONS), so that a bank build, which makes one attempt per seed, counts
    unsolvable and truncated deals apart.

    The measurements hold the deal seed and shape (to re-deal with the JS engine; a deal with
    `swaps` above 0 was climbed from that deal), the grading measurements and the grade.
    `attempt` deals until one is kept.
    """
    spec = aim(spec)
    outcome = attempt(rng, replace(spec, options={**spec.options, "attempts": 1}))
    if outcome.candidate is not None:
        return outcome.candidate
    return next(reason for reason, n in outcome.rejections.items() if n)


def js_deal(seed: str, colors: int, capacity: int, duplicates: int = 0, empty: int = 2,
            node_limit: int = DEFAULT_NODE_LIMIT) -> dict[str, Any]:
    """Return what the JS engine gives for these arguments, computed by the Python port:
    {"tubes": [[colour, ...], ...], "solve": {"solved", "moves": [[i, j], ...], "nodes",
    "truncated"}} (ValueError when `duplicates` exceeds `colors`, or the deal is past the
    genre's limits)."""
    problem = LIMITS.size_problem(colors, capacity)
    if problem:
        raise ValueError(problem)
    if colors + min(duplicates, colors) + empty > MAX_TUBES:
        raise ValueError(f"a colorsort deal has at most {MAX_TUBES} tubes")
    tubes = deal_tubes(colors, capacity, js_rng(seed), duplicates, empty)
    return {"tubes": tubes, "solve": solve(tubes, capacity, node_limit).as_json()}


DEAL = Command(
    "colorsort-deal", "deal and solve a Color Sort board as the published JS engine does",
    (Option("--seed", help="the seed string the JS engine takes"),
     Option("--colors", minimum=1), Option("--capacity", minimum=1),
     Option("--duplicates", minimum=0, default=0), Option("--empty", minimum=0, default=2),
     Option("--node-limit", minimum=1, default=DEFAULT_NODE_LIMIT)),
    js_deal,
)

GENERATOR = Generator(genre=GENRE, version=VERSION, generate=generate, sample=sample,
                      commands=(DEAL,))
