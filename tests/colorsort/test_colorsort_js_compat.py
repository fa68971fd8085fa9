"""The Python port against the reference's JS engine: same floats, deals and DFS results.

The reference's example holds without node; the comparisons run reference_engine.js (the
reference's code as printed) with node, and are skipped only where node is not installed.
"""

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from solvers.colorsort.jsengine import canon, deal_tubes, solve
from solvers.colorsort.jsrandom import first_code_units, rng

JS_ENGINE = Path(__file__).with_name("reference_engine.js")
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")
SAMPLE_TUBES = [[3, 3, 2, 0], [2, 1, 1, 3], [0, 2, 3, 1], [2, 0, 1, 0], [], []]


def run_js(requests: list[dict]) -> list:
    """Return the JS engine's answers to `requests` (see reference_engine.js)."""
    assert NODE is not None
    done = subprocess.run([NODE, str(JS_ENGINE)], input=json.dumps(requests), text=True,
                          capture_output=True, check=True, timeout=300)
    return json.loads(done.stdout)


def test_reference_sample_deals_the_references_tubes():
    assert deal_tubes(4, 4, rng("sample"), 0, 2) == SAMPLE_TUBES


def test_reference_sample_is_solved_in_16_moves_and_16_nodes_with_the_references_first_moves():
    found = solve(SAMPLE_TUBES, 4, 20000)
    assert (found.solved, found.nodes, found.truncated, len(found.moves)) == (True, 16, False, 16)
    assert found.moves[:5] == ((0, 4), (0, 5), (1, 0), (2, 1), (0, 2))
    assert solve(SAMPLE_TUBES, 4, 20000) == found  # the same call gives the same result


def test_a_solved_deal_takes_no_move_and_no_node():
    assert solve([[1, 1], [0, 0], []], 2).as_json() == {
        "solved": True, "moves": [], "nodes": 0, "truncated": False}


def test_the_node_limit_truncates_and_says_so_apart_from_no_solution():
    truncated = solve(SAMPLE_TUBES, 4, 5)
    assert (truncated.solved, truncated.truncated, truncated.nodes) == (False, True, 6)
    no_solution = solve([[0, 1], [1, 0]], 2)  # both tubes full, no pour is legal
    assert (no_solution.solved, no_solution.truncated, no_solution.nodes) == (False, False, 1)


def test_for_of_reads_the_first_utf16_unit_of_each_code_point():
    assert list(first_code_units("a\u00e9\U0001F600")) == [0x61, 0xE9, 0xD83D]
    assert list(first_code_units("\ud83d\ude00")) == [0xD83D]  # a pair written as two units
    assert list(first_code_units("\udc00\ud800")) == [0xDC00, 0xD800]  # lone surrogates


def test_canon_ignores_tube_order():
    assert canon([[1, 10], [], [0, 2]]) == canon([[0, 2], [1, 10], []]) == "|0,2|1,10"


def random_seed_text(rng_: random.Random) -> str:
    """Return a random seed string: ASCII, accents, CJK, astral characters, lone surrogates."""
    pools = [(0x20, 0x7E), (0xA0, 0x2FF), (0x3040, 0x9FFF), (0xD800, 0xDFFF),
             (0x1F300, 0x1FAFF), (0x10000, 0x10FFFF)]
    return "".join(chr(rng_.randint(*rng_.choice(pools))) for _ in range(rng_.randint(0, 12)))


SEED_TEXTS = ["", "sample", "0", "-1", "é", "日本語のシード", "😀", "\ud800", "a\udc00b",
              "\ud83d\ude00", "x" * 1000]


@needs_node
def test_floats_are_identical_to_the_last_bit_for_300_seed_strings():
    chooser = random.Random(4)
    seeds = SEED_TEXTS + [random_seed_text(chooser) for _ in range(289)]
    answers = run_js([{"floats": seed, "n": 64} for seed in seeds])
    for seed, numerators in zip(seeds, answers, strict=True):
        draw = rng(seed)
        assert [draw() * 4294967296 for _ in range(64)] == numerators, repr(seed)


@needs_node
def test_deals_and_dfs_results_are_identical_for_400_seeds_and_shapes():
    chooser = random.Random(7)
    requests = []
    for k in range(400):
        colors = chooser.randint(2, 9)
        requests.append({
            "deal": random_seed_text(chooser) if k % 2 else f"seed-{k}",
            "colors": colors, "capacity": chooser.randint(2, 6),
            "duplicates": chooser.randint(0, min(2, colors)), "empty": chooser.choice((1, 2)),
            "nodeLimit": chooser.choice((20000, 300, 40)),
        })
    outcomes = {"solved": 0, "no solution": 0, "truncated": 0}
    for request, answer in zip(requests, run_js(requests), strict=True):
        tubes = deal_tubes(request["colors"], request["capacity"], rng(request["deal"]),
                           request["duplicates"], request["empty"])
        assert tubes == answer["tubes"], request
        found = solve(tubes, request["capacity"], request["nodeLimit"]).as_json()
        assert found == answer["solve"], request
        outcomes["solved" if found["solved"] else
                 "truncated" if found["truncated"] else "no solution"] += 1
    assert min(outcomes.values()) >= 20, outcomes  # every kind of outcome was compared


@needs_node
def test_the_dfs_matches_on_hand_made_positions_with_ties_and_big_colour_numbers():
    positions = [
        ([[10, 11, 10], [11, 10, 11], [], []], 3),  # canon of two-digit colours
        ([[0, 0, 1], [1, 1, 0], [0, 1], []], 3),  # equal amounts: the stable order matters
        ([[0, 1, 0, 1], [1, 0, 1, 0], [], []], 4),
        ([[2, 2, 2, 2], [0, 1, 0, 1], [1, 0, 1, 0], [2, 2, 2, 2], []], 4),  # settled tubes
    ]
    requests = [{"solve": tubes, "capacity": cap, "nodeLimit": 20000} for tubes, cap in positions]
    for (tubes, cap), answer in zip(positions, run_js(requests), strict=True):
        assert solve(tubes, cap).as_json() == answer


@needs_node
def test_the_js_engine_itself_finds_no_solution_for_a_deal_that_16_pours_sort():
    """The counterexample to the reference's claim on its pruning (see test_colorsort_solvers)."""
    (answer,) = run_js([{"deal": "sweep-4004", "colors": 3, "capacity": 4, "duplicates": 3,
                         "empty": 1, "nodeLimit": 20000}])
    assert answer == {
        "tubes": [[2, 0, 2, 2], [0, 1, 1, 1], [2, 0, 1, 2], [0, 0, 0, 1], [0, 2, 1, 2],
                  [0, 1, 1, 2], []],
        "solve": {"solved": False, "moves": [], "nodes": 325, "truncated": False},
    }


@pytest.mark.slow
@needs_node
def test_floats_stay_identical_after_the_state_passes_two_to_the_53():
    """Past about 4.9 million draws the un-wrapped state no longer holds exact integers."""
    draws = 5_200_000
    script = (f"{JS_ENGINE.read_text().split('function answer')[0]}\n"
              f"const r = rng('sample'); let x = 0;"
              f"for (let k = 0; k < {draws}; k++) x = r();"
              f"const tail = []; for (let k = 0; k < 8; k++) tail.push(r() * 4294967296);"
              f"console.log(JSON.stringify(tail));")
    done = subprocess.run([NODE, "-e", script], text=True, capture_output=True, check=True)
    draw = rng("sample")
    for _ in range(draws):
        draw()
    assert [draw() * 4294967296 for _ in range(8)] == json.loads(done.stdout)
