"""`puzzlebank quality BANK`: per bucket, the medians of the rows' quality measures beside the
reference's numbers; each row carries its measures in the `quality` column, and verify
recomputes them and names the floor's reasons for junk a bank holds."""

import json
import statistics
from typing import Any

import pytest

from generators import GenerationSpec
from generators.shakashaka import numbers_of as shaka_numbers_of
from generators.shakashaka import with_numbers
from pipeline.admission import admit, derived_columns, verify_rows
from solvers import get_genre
from solvers.core.genre import Genre

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


def numbers_of(row: dict[str, Any], every: bool = False) -> tuple[int | None, ...]:
    """Return the numbers a Shakashaka row shows (with `every`, those of its whole solution on
    every black cell), None where there is none."""
    genre = get_genre("shakashaka")
    puzzle = genre.parse(row["puzzle"])
    if not every:
        return tuple(puzzle.numbers)
    return shaka_numbers_of(puzzle, genre.parse_solution(row["solution"], puzzle))


def junk_row(row: dict[str, Any], genre: Genre[Any, Any], text: str) -> dict[str, Any]:
    """Return `row` carrying the puzzle `text` (graded by its genre) and its derived columns."""
    puzzle = genre.parse(text)
    grade = genre.grade(puzzle)
    return row | derived_columns(genre, puzzle, grade.solution, grade)


@pytest.mark.flow
def test_verify_of_a_bank_holding_junk_exits_2_naming_each_rows_reason(cli, tmp_path, bank,
                                                                        publish_rows,
                                                                        prefect_api):
    """A triangle-less Shakashaka, a one-piece 5x5 Chesspy and a real Shakashaka puzzle with
    one number more, published beside it: `puzzlebank verify` names them."""
    _, rows = bank
    shaka, chess = get_genre("shakashaka"), get_genre("chesspy")
    real = next(row for row in rows if None in numbers_of(row))
    chess_row = next(r for seed in range(20)
                     if isinstance(r := admit("chesspy", GenerationSpec(5, 5, "type"), seed),
                                   dict))
    triangle_less = junk_row(real, shaka, "#0#,0.0,#0#")
    one_piece = junk_row(chess_row, chess, "R1B0N0:.1111,1....,1....,1....,1....")
    shown, every = numbers_of(real), numbers_of(real, every=True)
    more = next(k for k, n in enumerate(shown) if n is None and every[k] is not None)
    puzzle = shaka.parse(real["puzzle"])
    near = junk_row(real, shaka, shaka.format(with_numbers(puzzle, [
        every[k] if k == more else n for k, n in enumerate(shown)])))
    publish_rows(tmp_path, "junk", [real, triangle_less, one_piece, near])
    run = cli("verify", "junk", "--root", tmp_path)
    assert run.status == 2 and run.err.count("\n") == 1, run.err
    assert f"{triangle_less['id']}: below the floor: triangles 0 < 1" in run.out
    assert f"{one_piece['id']}: below the floor: pieces 1 < 2" in run.out
    assert (f"{near['id']}: the same puzzle to a player as {real['id']}" in run.out
            or f"{real['id']}: the same puzzle to a player as {near['id']}" in run.out)
    assert f"{real['id']}: fails" not in run.out
