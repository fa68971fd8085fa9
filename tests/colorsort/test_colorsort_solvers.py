"""Color Sort solvers: the reference's DFS, the A* solver, a plain BFS and the replay validator
agree on which deals can be sorted, and the A* solver's pour counts are the least ones."""

import os
import random
from collections import Counter, deque

import pytest

from solvers import get_genre
from solvers.colorsort.board import ColorSortPuzzle, ColorSortSolution, from_tubes
from solvers.colorsort.jsengine import deal_tubes, solve
from solvers.colorsort.jsrandom import rng
from solvers.colorsort.optimal import SOLVABLE, UNKNOWN, UNSOLVABLE, solve_optimal
from solvers.core import NEEDS_SEARCH, Count

COLORSORT = get_genre("colorsort")
SWEEP_SCALE = float(os.environ.get("PUZZLEBANK_SWEEP_SCALE", "0.1"))


def least_pours_by_bfs(puzzle: ColorSortPuzzle) -> int | None:
    """Return the least number of pours that sorts `puzzle` by breadth-first search over every
    legal pour (no pruning, no bound), or None when no pour sequence sorts it."""
    capacity = puzzle.capacity

    def key(tubes):
        return tuple(sorted(tubes))

    def done(tubes):
        return all(not t or (len(t) == capacity and len(set(t)) == 1) for t in tubes)

    start = tuple(puzzle.tubes)
    if done(start):
        return 0
    seen, frontier = {key(start)}, deque([(start, 0)])
    while frontier:
        tubes, depth = frontier.popleft()
        for i, source in enumerate(tubes):
            for j, target in enumerate(tubes):
                if i == j or not source or len(target) == capacity or (
                        target and target[-1] != source[-1]):
                    continue
                moved = 0
                while (moved < len(source) and source[-1 - moved] == source[-1]
                       and len(target) + moved < capacity):
                    moved += 1
                after = list(tubes)
                after[i], after[j] = source[: len(source) - moved], target + source[-1:] * moved
                if done(after):
                    return depth + 1
                if key(after) not in seen:
                    seen.add(key(after))
                    frontier.append((tuple(after), depth + 1))
    return None


def random_small_deal(chooser: random.Random, index: int) -> ColorSortPuzzle:
    """Return a JS deal of 2-5 colours, capacity 2-4, at most 5 filled tubes (some colours
    duplicated), 0-2 empty tubes: small enough for the plain BFS."""
    colors, capacity = chooser.randint(2, 5), chooser.randint(2, 4)
    duplicates = chooser.randint(0, min(colors, 5 - colors)) if chooser.random() < 0.5 else 0
    empty = chooser.choice((0, 1, 1, 2, 2))
    tubes = deal_tubes(colors, capacity, rng(f"cross-check-{index}"), duplicates, empty)
    return from_tubes(capacity, tubes)


def has_duplicated_colour(puzzle: ColorSortPuzzle) -> bool:
    """Return whether some colour has more units than a tube holds."""
    units = [c for tube in puzzle.tubes for c in tube]
    return max(units.count(c) for c in set(units)) > puzzle.capacity


def assert_engines_agree(puzzle: ColorSortPuzzle) -> str:
    """Assert the three searches agree and every solution replays; return "solvable",
    "unsolvable", or, when the DFS's search ended without being a proof (a duplicated colour),
    "dfs-missed" (a solution exists) or "dfs-unproved" (none exists)."""
    dfs = COLORSORT.count(puzzle, 2, "ladder", max_nodes=10**6)
    optimal = COLORSORT.count(puzzle, 2, "optimal")
    least = least_pours_by_bfs(puzzle)
    text = COLORSORT.format(puzzle)
    assert not optimal.truncated and optimal.count == (least is not None), text
    if dfs.truncated:
        assert dfs.count == 0 and has_duplicated_colour(puzzle), text
        return "dfs-missed" if optimal.count else "dfs-unproved"
    assert dfs.count == optimal.count, text
    if least is None:
        return "unsolvable"
    (dfs_solution,), (shortest,) = dfs.solutions, optimal.solutions
    assert COLORSORT.check(puzzle, dfs_solution) == [], text
    assert COLORSORT.check(puzzle, shortest) == [], text
    assert len(shortest.moves) == least <= len(dfs_solution.moves), text
    if least:
        assert COLORSORT.check(puzzle, ColorSortSolution(shortest.moves[:-1])), text
    return "solvable"


def test_dfs_optimal_bfs_and_replay_agree_on_600_random_small_deals():
    chooser = random.Random(20261129)
    outcomes = Counter(assert_engines_agree(random_small_deal(chooser, k)) for k in range(600))
    assert outcomes["solvable"] >= 100 and outcomes["unsolvable"] >= 100, outcomes
    assert outcomes["dfs-missed"] <= 3, outcomes


def test_the_references_settled_tube_pruning_loses_every_solution_of_a_deal_with_duplicates():
    """The reference says skipping pours out of a full one-colour tube never changes whether a
    solution is found. Here the only solutions pour the settled 0000 (tube 3) away, onto two
    other 0 tops, to free a tube: the DFS ends without a solution and without reaching its
    node limit, while 16 pours sort the deal."""
    tubes = deal_tubes(3, 4, rng("sweep-4004"), 3, 1)
    puzzle = from_tubes(4, tubes)
    assert COLORSORT.format(puzzle) == "4:2022,0111,2012,0001,0212,0112,"
    dfs = solve(tubes, 4)
    assert (dfs.solved, dfs.nodes, dfs.truncated) == (False, 325, False)
    assert least_pours_by_bfs(puzzle) == 16
    shortest = solve_optimal(puzzle)
    assert len(shortest.moves) == 16 and shortest.moves[7:9] == ((3, 0), (3, 2))
    assert COLORSORT.check(puzzle, ColorSortSolution(shortest.moves)) == []
    assert COLORSORT.count(puzzle, 2, "ladder") == Count(0, (), 325, truncated=True)
    assert not COLORSORT.deduce(puzzle).contradiction
    assert COLORSORT.grade(puzzle).status == NEEDS_SEARCH


@pytest.mark.sweep
def test_the_dfs_never_finds_what_is_not_there_and_misses_only_with_duplicates():
    """Over 20000 small deals (duplicates often): a DFS solution means solvable; a DFS search
    ending without one means unsolvable whenever no colour is duplicated."""
    chooser = random.Random(99)
    misses = 0
    for k in range(round(20000 * SWEEP_SCALE)):
        colors = chooser.randint(2, 4)
        capacity = chooser.randint(2, 4)
        tubes = deal_tubes(colors, capacity, rng(f"sweep-{k}"), chooser.randint(0, colors),
                           chooser.choice((0, 1, 1, 2)))
        puzzle = from_tubes(capacity, tubes)
        dfs = solve(tubes, capacity, 10**6)
        optimal = solve_optimal(puzzle, 10**6)
        assert not dfs.truncated and optimal.status != UNKNOWN
        if dfs.solved != (optimal.status == SOLVABLE):
            assert optimal.status == SOLVABLE and has_duplicated_colour(puzzle)
            assert COLORSORT.count(puzzle, 2, "ladder").truncated
            misses += 1
    assert misses <= 20000 * SWEEP_SCALE / 1000  # rare: a handful per 20000 deals at most


def test_counts_say_solvable_proved_unsolvable_or_unknown():
    sample = COLORSORT.parse("4:3320,2113,0231,2010,,")
    for engine in COLORSORT.engines:
        found = COLORSORT.count(sample, 2, engine)
        assert (found.count, found.truncated, len(found.solutions)) == (1, False, 1)
    stuck = COLORSORT.parse("2:01,10")
    for engine in COLORSORT.engines:
        found = COLORSORT.count(stuck, 2, engine)
        assert (found.count, found.truncated, found.solutions) == (0, False, ())
    assert COLORSORT.deduce(stuck).contradiction
    gave_up = COLORSORT.count(sample, 2, "ladder", max_nodes=3)
    assert (gave_up.count, gave_up.truncated, gave_up.nodes) == (0, True, 4)


def test_the_optimal_solver_gives_up_past_its_state_cap():
    puzzle = COLORSORT.parse("4:3320,2113,0231,2010,,")
    assert solve_optimal(puzzle, state_cap=10).status == UNKNOWN
    assert solve_optimal(puzzle).status == SOLVABLE


def test_a_colour_that_cannot_fill_whole_tubes_is_unsolvable_at_once():
    # "4:001,1101,,", which parse refuses (test_colorsort_texts), built as a value
    puzzle = ColorSortPuzzle(4, ((0, 0, 1), (1, 1, 0, 1), (), ()))
    assert solve_optimal(puzzle).status == UNSOLVABLE
    dfs = COLORSORT.count(puzzle, 2, "ladder")
    assert (dfs.count, dfs.truncated) == (0, False)


def test_the_sample_needs_12_pours_at_least_and_the_dfs_takes_16():
    puzzle = COLORSORT.parse("4:3320,2113,0231,2010,,")
    assert least_pours_by_bfs(puzzle) == 12
    assert len(solve_optimal(puzzle).moves) == 12
    assert len(COLORSORT.count(puzzle).solutions[0].moves) == 16


@pytest.mark.parametrize(
    ("moves", "violation"),
    [
        ("0>0", "pour 0 (0>0): a tube cannot pour into itself"),
        ("4>0", "pour 0 (4>0): tube 4 is empty"),
        ("1>0", "pour 0 (1>0): tube 0 is full"),
        ("0>4 1>4", "pour 1 (1>4): colour 3 cannot go onto colour 0 (tube 4)"),
    ],
)
def test_the_rulebook_names_the_first_illegal_pour(moves, violation):
    puzzle = COLORSORT.parse("4:3320,2113,0231,2010,,")
    assert COLORSORT.check(puzzle, COLORSORT.parse_solution(moves, puzzle)) == [violation]


def test_the_rulebook_pours_as_much_as_fits_and_names_unsorted_tubes():
    puzzle = COLORSORT.parse("4:0011,111,00,111,")
    assert COLORSORT.check(puzzle, COLORSORT.parse_solution("0>1", puzzle)) == [
        "tube 0 is not sorted at the end: [0, 0, 1]", "tube 2 is not sorted at the end: [0, 0]",
        "tube 3 is not sorted at the end: [1, 1, 1]"]
    assert COLORSORT.check(puzzle, COLORSORT.parse_solution("0>1 0>3 2>0", puzzle)) == []
    assert COLORSORT.check(puzzle, ColorSortSolution(((0, 9),))) == [
        "pour 0 (0>9): there is no tube 9"]


def test_deduction_at_a_grade_is_the_dfs_within_that_grades_node_budget():
    for k in range(200):
        tubes = deal_tubes(9, 4, rng(f"deduce-{k}"), 1, 2)
        puzzle = from_tubes(4, tubes)
        nodes = solve(tubes, 4).nodes
        if 60 < nodes <= 600:
            break
    else:
        pytest.fail("no deal needing 61..600 DFS nodes")
    easy, medium = COLORSORT.deduce(puzzle, "easy"), COLORSORT.deduce(puzzle, "medium")
    assert (easy.solved, easy.contradiction, easy.steps) == (False, False, 61)
    assert medium.solved and medium.steps == nodes
    assert COLORSORT.check(puzzle, medium.solution) == []
    assert all(len(set(tube)) <= 1 for tube in medium.domains)
    stuck = COLORSORT.deduce(COLORSORT.parse("2:01,10"))
    assert stuck.contradiction and not stuck.solved
