"""Every grade on demand: a default build with --per-grade 1 publishes one puzzle of every grade
the genre's reachability table says is reachable at the size, and each row regrades to exactly
its bucket's grade. CI builds the cheaper size of four genres (about 45 s; Araf's cheapest,
6x6, takes 30 s alone and its 4x4 build is in test_flows.py); the rest run under `slow`.
Two boards a task (not the default 64), so a full bucket's task wastes little."""

import pytest

from banks import BankStore
from generators.reachability import load
from solvers import get_genre

pytestmark = pytest.mark.flow

SLOW = pytest.mark.slow
BUILDS = [
    ("slant", "5x5"), pytest.param("slant", "7x7", marks=SLOW),
    ("shakashaka", "6x6"), pytest.param("shakashaka", "8x8", marks=SLOW),
    pytest.param("araf", "6x6", marks=SLOW), pytest.param("araf", "8x8", marks=SLOW),
    ("chesspy", "4x4"), pytest.param("chesspy", "6x6", marks=SLOW),
    ("colorsort", "6x4"), pytest.param("colorsort", "8x4", marks=SLOW),
]


@pytest.mark.parametrize(("genre", "size"), BUILDS)
def test_a_default_build_publishes_every_reachable_grade_each_regraded_exactly(
    cli, tmp_path, prefect_api, genre, size
):
    grades = load(genre).reachable(size)
    assert grades
    run = cli("build", "g", "--genre", genre, "--size", size, "--per-grade", "1",
              "--seed", "20261201", "--boards-per-task", "2", "--root", tmp_path)
    assert run.status == 0, run.out + run.err
    snapshot = BankStore(tmp_path).snapshot("g")
    assert snapshot.manifest(0).buckets == {f"{size}/{grade}": 1 for grade in grades}
    rules = get_genre(genre)
    rows = snapshot.read().to_pylist()
    assert sorted(row["grade"] for row in rows) == sorted(grades)
    assert all(rules.grade(rules.parse(row["puzzle"])).name == row["grade"] for row in rows)
