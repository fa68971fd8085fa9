"""The day documents: what a front end fetches for a day, and what it fetches only to check."""

from banks.daydocs import DAY_FIELDS, day_document, solutions_document

ROW = {
    "id": "0123456789abcdef0123", "genre": "slant", "size": "2x2", "width": 2, "height": 2,
    "grade": "count", "grade_level": 0, "score": 12, "puzzle": "...,.4.,...", "puzzlink": None,
    "solution": "\\/,/\\", "trace": "t1|0 4:0=\\ 1=/ 2=/ 3=\\", "seed": 7,
}


def test_a_day_document_gives_no_puzzle_away():
    document = day_document("app", "2026-12-03", [ROW])
    (puzzle,) = document["puzzles"]
    assert document["date"] == "2026-12-03" and document["bank"] == "app"
    assert set(puzzle) == set(DAY_FIELDS)
    assert "solution" not in puzzle and "trace" not in puzzle


def test_a_solutions_document_holds_what_check_and_hints_need_in_the_days_order():
    other = {**ROW, "id": "f" * 20, "solution": "//,//"}
    document = solutions_document("app", "2026-12-03", [other, ROW])
    assert [entry["id"] for entry in document["solutions"]] == ["f" * 20, ROW["id"]]
    assert document["solutions"][1] == {"id": ROW["id"], "genre": "slant",
                                        "solution": ROW["solution"], "trace": ROW["trace"]}
