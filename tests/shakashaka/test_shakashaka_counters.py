"""Shakashaka counters: the ladder (at every level), CP-SAT and brute force on the reference's
empty boards, complete fixpoints that need no judge, and the reference's search-size table
(every counter against the brute counter on random tiny boards: tests/contract)."""

import random
from functools import partial

import pytest

from generators import GenerationSpec, get_generator
from solvers import get_genre
from solvers.shakashaka.board import ShakaPuzzle
from solvers.shakashaka.propagation import Context, context, is_solution
from solvers.shakashaka.rules import WHOLE_RULE, judge_for, start
from solvers.shakashaka.search import search
from tests.contract.genres import shakashaka_tiny
from tests.counters import agreed_count

SHAKA = get_genre("shakashaka")
GENERATOR = get_generator("shakashaka")
LIMIT = 200


def agreed_solutions(puzzle: ShakaPuzzle, engines: tuple[str, ...] | None = None,
                     levels: tuple[str, ...] | None = None) -> int:
    """Assert the counters agree (tests/counters.py) and, the low levels searching with weak
    propagation so that large boards are counted from "tips" up, that even a truncated count
    finds the same solutions by every counter; return the count."""
    counts = agreed_count("shakashaka", puzzle, LIMIT, engines, levels)
    assert len({frozenset(found.solutions) for found in counts.values()}) == 1, \
        SHAKA.format(puzzle)
    return counts["ladder"].count


def test_every_complete_fixpoint_of_the_whole_rule_is_a_solution_so_it_needs_no_judge():
    """The ladder counter skips `is_solution` under clues + tips + reflex (rules.judge_for);
    judged all the same, every complete fixpoint its search reaches is a solution."""
    rng = random.Random(4)
    puzzles = [shakashaka_tiny(rng) for _ in range(200)]
    puzzles += [GENERATOR.sample(rng, GenerationSpec(6, 6, options={"numbers": 0.2}))
                for _ in range(20)]
    verdicts: list[bool] = []

    def judge(ctx: Context, dom: list[int]) -> bool:
        verdicts.append(is_solution(ctx, dom))
        return True

    for puzzle in puzzles:
        for rules in (frozenset(SHAKA.ladder), WHOLE_RULE):
            assert judge_for(puzzle, rules) is None
            search(start(puzzle, rules), LIMIT, judge=partial(judge, context(puzzle)))
    assert all(verdicts)
    assert len(verdicts) > 500  # complete fixpoints, many of them on ambiguous boards


@pytest.mark.parametrize(("size", "legal"), [(2, 2), (3, 3), (4, 23)])
def test_empty_boards_have_the_references_2_3_and_23_solutions_by_every_counter(size, legal):
    puzzle = SHAKA.parse(",".join(["." * size] * size))
    if size == 2:
        assert agreed_solutions(puzzle) == legal
    else:
        assert agreed_solutions(puzzle, ("ladder", "cpsat"), ("tips", "reflex", "search")) \
            == legal


def test_a_black_one_above_two_white_rows_has_one_filling_by_every_counter():
    for engine in SHAKA.engines:
        count = SHAKA.count(SHAKA.parse("#1,..,.."), 5, engine)
        assert (count.count, count.truncated) == (1, False)
        assert SHAKA.format_solution(count.solutions[0]) == "##,12,43"


def test_the_seeds_search_sizes_with_propagation_and_leaf_only():
    """The reference: 3x3 with 6 white cells and no solution, 0 nodes with propagation against
    19,531 leaf-only; 3x3 with 8 whites and 2 solutions, 3 against 488,281; 4x4 with 11 whites
    and 1 solution, 1 against 61,035,156. The reference counts the states that reach a consistent
    fixpoint (branchings plus solutions here); leaf-only search visits (5^(w+1) - 1) / 4."""
    for text, whites, solutions in (("##.,.#.,...", 6, 0), ("#..,...,...", 8, 2),
                                    ("###.,#...,...#,....", 11, 1)):
        puzzle = SHAKA.parse(text)
        found = SHAKA.count(puzzle, 10)
        assert text.count(".") == whites
        assert found.count == solutions
        assert found.nodes + found.count == {0: 0, 2: 3, 1: 1}[solutions]
    leaf_only = SHAKA.count(SHAKA.parse("##.,.#.,..."), 10, "brute")
    assert (leaf_only.count, leaf_only.nodes) == (0, 19_531)
    assert [(5 ** (w + 1) - 1) // 4 for w in (6, 8, 11)] == [19_531, 488_281, 61_035_156]


@pytest.mark.slow
def test_leaf_only_search_of_the_8_white_3x3_visits_488281_nodes():
    leaf_only = SHAKA.count(SHAKA.parse("#..,...,..."), 10, "brute")
    assert (leaf_only.count, leaf_only.nodes) == (2, 488_281)
