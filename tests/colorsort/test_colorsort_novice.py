"""The compiled novice DFS (_novice.c) against its reference, the Python port of the JS engine's
`solve`: the same pours, the same node counts, the same truncation, on deals of every shape the
generator makes (duplicated colours, one or two empty tubes, capacities 2 to 8)."""

import pytest

from solvers.colorsort import jsengine, novice
from solvers.colorsort.jsrandom import rng

# (colours, capacity, duplicated colours, empty tubes): the generator's shapes and odd ones
SHAPES = ((4, 4, 0, 2), (4, 4, 4, 1), (5, 4, 0, 1), (6, 4, 2, 1), (3, 3, 3, 1), (8, 4, 0, 2),
          (5, 6, 1, 1), (2, 2, 0, 1), (3, 8, 0, 1), (11, 4, 4, 2))
LIMITS = (0, 1, 7, 60, 300)


def deals(per_shape: int):
    """Return (tubes, capacity) of `per_shape` JS deals of each shape."""
    return [(jsengine.deal_tubes(c, capacity, rng(f"novice:{s}:{k}"), d, e), capacity)
            for s, (c, capacity, d, e) in enumerate(SHAPES) for k in range(per_shape)]


def test_the_compiled_novice_is_built_by_the_install():
    """`pip install -e .` builds solvers/colorsort/_novice.c; without it grading and the
    generator fall back to the Python DFS, 30x slower, and these tests would compare it with
    itself."""
    assert novice.COMPILED


def test_the_compiled_novice_is_the_references_dfs_node_for_node():
    compared = solved = truncated = 0
    for tubes, capacity in deals(6):
        for limit in LIMITS:
            expected = jsengine.solve(tubes, capacity, limit)
            assert novice.solve(tubes, capacity, limit) == expected, (tubes, limit)
            compared += 1
            solved += expected.solved
            truncated += expected.truncated
    assert compared == 300 and solved > 50 and truncated > 50  # both endings compared


def test_the_sample_is_the_references_16_nodes_and_a_solved_deal_is_no_node():
    sample = [[3, 3, 2, 0], [2, 1, 1, 3], [0, 2, 3, 1], [2, 0, 1, 0], [], []]
    found = novice.solve(sample, 4)
    assert (found.solved, found.nodes, len(found.moves)) == (True, 16, 16)
    assert found.moves[:5] == ((0, 4), (0, 5), (1, 0), (2, 1), (0, 2))
    assert novice.solve([[1, 1], [0, 0], []], 2) == jsengine.DfsResult(True, (), 0, False)


def test_a_search_run_in_slices_ends_where_one_run_ends(monkeypatch):
    tubes, capacity = jsengine.deal_tubes(6, 4, rng("novice:slices"), 6, 1), 4
    whole = novice.solve(tubes, capacity, 5000)
    monkeypatch.setattr(novice, "SLICE_NODES", 3)
    assert whole.nodes > 3 * 4 * 4
    assert novice.solve(tubes, capacity, 5000) == whole
    assert novice.solve(tubes, capacity, 50) == jsengine.solve(tubes, capacity, 50)


@pytest.mark.slow
def test_the_compiled_novice_is_the_references_dfs_on_thousands_of_deals():
    for tubes, capacity in deals(150):
        for limit in (*LIMITS, 20000):
            assert novice.solve(tubes, capacity, limit) == jsengine.solve(tubes, capacity, limit)
