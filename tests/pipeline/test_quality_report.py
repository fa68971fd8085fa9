"""`puzzlebank quality BANK`: per bucket, the medians of the rows' quality measures beside the
reference's numbers; each row carries its measures in the `quality` column, and verify
recomputes them."""

import json
import statistics

import pytest

from generators import GenerationSpec
from pipeline.admission import admit, verify_rows
from solvers import get_genre

BANK = "floor"


@pytest.fixture(scope="module")
def bank(tmp_path_factory, publish_rows):
    """Return (root, rows) of a Shakashaka bank of 6x6 tips and reflex rows."""
    rows = [outcome for grade in ("tips", "reflex") for seed in range(4)
            if isinstance(outcome := admit("shakashaka", GenerationSpec(6, 6, grade), seed),
                          dict)]
    rows = list({row["id"]: row for row in rows}.values())
    root = tmp_path_factory.mktemp("banks")
    publish_rows(root, BANK, rows)
    return root, rows


def test_a_row_carries_the_floors_measures_and_verify_recomputes_them(bank):
    _, rows = bank
    genre = get_genre("shakashaka")
    row = rows[0]
    puzzle = genre.parse(row["puzzle"])
    measures = json.loads(row["quality"])
    assert measures == genre.quality.measure(puzzle, genre.parse_solution(row["solution"],
                                                                          puzzle))
    assert measures["black"] == sum(ch != "." for ch in row["puzzle"].replace(",", ""))
    assert verify_rows([row]) == []
    changed = row | {"quality": json.dumps(measures | {"triangles": 0})}
    assert any(p.startswith(f"{row['id']}: quality is ") for p in verify_rows([changed]))


def test_quality_prints_each_buckets_medians_beside_the_reference(cli, bank):
    root, rows = bank
    run = cli("quality", BANK, "--root", root, "--json")
    assert run.status == 0, run.err
    reports = json.loads(run.out)
    assert [(r["genre"], r["size"], r["grade"]) for r in reports] == [
        ("shakashaka", "6x6", "tips"), ("shakashaka", "6x6", "reflex")]
    for report in reports:
        mine = [json.loads(row["quality"]) for row in rows if row["grade"] == report["grade"]]
        assert report["rows"] == len(mine)
        assert report["measures"]["triangles"] == statistics.median(m["triangles"] for m in mine)
        assert report["reference"] == {"black": 6.0, "black_share": 0.1667, "numbers": 1.7}
    text = cli("quality", BANK, "--root", root)
    assert text.status == 0
    header, first, _ = text.out.splitlines()
    assert header.split() == ["genre", "size", "grade", "rows", "medians", "(reference)"]
    assert "black 9 (6.0)" in first and "black_share" in first and "triangles" in first
    missing = cli("quality", "nonesuch", "--root", root)
    assert missing.status == 2 and missing.err.count("\n") == 1
