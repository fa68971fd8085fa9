"""Contract: the quality floor (solvers/core/quality.py, issue 24). Every genre's generated rows
pass it; hand-made junk of each genre (a triangle-less Shakashaka, a one-piece 5x5 Chesspy, a
Color Sort deal with a finished tube) is refused at admission and by `verify`; a near-duplicate
(the same puzzle with one clue fewer, turned) is refused by the quotas and reported by verify; a
puzzle whose puzz.link URL reads back as another is below the floor."""

import dataclasses
from typing import Any

import pytest

import pipeline.admission as admission
from banks import BankError, BankStore, rows_to_table
from pipeline.quotas import NEAR_DUPLICATE, Quotas
from pipeline.sizes import Size
from solvers import GENRE_NAMES, get_genre
from solvers.chesspy.board import ChesspyPuzzle, ChesspySolution
from tests.contract.boards import generated_boards
from tests.contract.gate import contended

JUNK = {  # genre -> (puzzle text, why it is junk)
    "shakashaka": ("#0#,0.0,#0#", "triangles 0 < 1"),
    "chesspy": ("R1B0N0:.1111,1....,1....,1....,1....", "pieces 1 < 2"),
    "colorsort": ("4:3320,2113,0231,2010,4444,,", "finished 1 > 0"),
}


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_generated_rows_pass_the_floor(name):
    genre = get_genre(name)
    for board in generated_boards(name):
        assert genre.below_floor(board.puzzle, board.solution, board.row["grade"]) == []


@pytest.mark.parametrize("name", sorted(JUNK))
def test_junk_is_refused_at_admission_and_by_verify(name, monkeypatch):
    genre = get_genre(name)
    text, why = JUNK[name]
    puzzle = genre.parse(text)
    grade = genre.grade(puzzle)
    solution = grade.solution
    assert grade.name is not None and genre.check(puzzle, solution) == []
    assert any(reason.startswith(why) for reason in genre.below_floor(puzzle, solution,
                                                                      grade.name))
    assert contended(monkeypatch, name, puzzle, solution) == admission.BELOW_FLOOR
    assert admission.rejection(genre, puzzle, solution, grade) == admission.BELOW_FLOOR
    row = {**generated_boards(name)[0].row,
           **admission.derived_columns(genre, puzzle, solution, grade)}
    problems = admission.verify_rows([row])
    assert f"{row['id']}: fails admission: below-floor" in problems
    assert any(p.startswith(f"{row['id']}: below the floor: {why}") for p in problems)


def one_clue_fewer_turned(name: str) -> tuple[Any, Any]:
    """Return a generated row and a row of its puzzle with its first clue taken away, turned a
    quarter (texts only: kin reads nothing else)."""
    genre = get_genre(name)
    board = generated_boards(name)[0]
    less = next(iter(genre.quality.variants(board.puzzle)))
    turned = sorted(genre.images(less))[-1]
    return board.row, board.row | {"id": "near", "puzzle": turned}


@pytest.mark.parametrize("name", ["slant", "shakashaka", "araf", "chesspy"])
def test_a_near_duplicate_is_refused_by_the_quotas_and_reported_by_verify(name):
    genre = get_genre(name)
    row, near = one_clue_fewer_turned(name)
    assert genre.puzzle_id(genre.parse(near["puzzle"])) != row["id"]
    assert admission.kin_problems([row, near]) == [f"near: the same puzzle to a player as "
                                                  f"{row['id']}"]
    assert admission.kin_problems([near, row]) == [f"{row['id']}: the same puzzle to a player "
                                                  f"as near"]
    bucket = (Size(row["width"], row["height"]), row["grade"])
    quotas = Quotas([bucket], 5, (), admission.kin_index([row]))
    kin = admission.row_kin(near)
    assert kin is not None
    contender = admission.Contender(near, None, None, kin)
    quotas.offer(bucket, contender)
    assert quotas.rejections == {NEAR_DUPLICATE: 1}


def solution_mirrored(row: dict[str, Any]) -> dict[str, Any]:
    """Return a Chesspy row of another puzzle whose solution is `row`'s mirrored (ids and
    texts only: kin and pictures read nothing else)."""
    genre = get_genre("chesspy")
    puzzle = genre.parse(row["puzzle"])
    solution = genre.parse_solution(row["solution"], puzzle)
    w, h = solution.width, solution.height
    mirrored = ChesspySolution(w, h, tuple(solution.cells[r * w + (w - 1 - c)]
                                           for r in range(h) for c in range(w)))
    full = ChesspyPuzzle(w, h, puzzle.inventory, tuple(
        None if cell != 1 else 0 for cell in mirrored.cells))  # other numbers, same picture
    return row | {"id": "other", "puzzle": genre.format(full),
                  "solution": genre.format_solution(mirrored)}


def test_two_chesspy_boards_with_one_solution_turned_are_the_same_to_a_player():
    row = generated_boards("chesspy")[0].row
    other = solution_mirrored(row)
    assert admission.kin_problems([row, other]) == [
        f"other: the same puzzle to a player as {row['id']}"]


def test_the_store_refuses_at_commit_a_chesspy_row_whose_solution_picture_it_holds(tmp_path):
    """The fill's kin index reads the committed rows once; a build that committed since (in a
    bucket, builds overlap) is caught by the store's own check at commit."""
    row = generated_boards("chesspy")[0].row
    other = solution_mirrored(row)
    store = BankStore(tmp_path)
    picture = admission.picture_key(["slant", "chesspy"])
    assert picture is not None and picture.genres == {"chesspy"}
    assert admission.picture_key(["slant", "araf"]) is None
    for n, rows in enumerate(([row], [other])):
        with store.writer("demo", picture=picture) as writer:
            pending = writer.write(rows_to_table(rows), spec={"n": n}, code_version={},
                                   build_stats={}, created_at="x")
            if n == 0:
                writer.commit(pending, {})
                continue
            with pytest.raises(BankError, match=f"already holds the picture of puzzle other: "
                                                f"puzzle {row['id']} shows the same solution"):
                writer.commit(pending, {})
    assert store.latest("demo") == 0


@pytest.mark.parametrize("name", ["slant", "shakashaka", "araf"])
def test_a_puzzle_whose_puzzlink_url_reads_back_as_another_is_below_the_floor(name):
    genre = get_genre(name)
    board = generated_boards(name)[0]
    grade = board.row["grade"]
    assert genre.below_floor(board.puzzle, board.solution, grade) == []
    assert genre.puzzlink is not None

    def losing_a_clue(url: str) -> Any:  # a decoder that drops the first clue it reads
        return next(iter(genre.quality.variants(genre.from_puzzlink(url))))

    lossy = dataclasses.replace(genre, puzzlink=dataclasses.replace(genre.puzzlink,
                                                                    from_url=losing_a_clue))
    url = genre.to_puzzlink(board.puzzle)
    assert lossy.below_floor(board.puzzle, board.solution, grade) == [
        f"its puzz.link URL reads back as another puzzle: {url}"]
