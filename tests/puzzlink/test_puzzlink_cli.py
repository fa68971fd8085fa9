"""puzz.link URLs at the edges: solve and show read them; bank rows carry them."""

import json

import pytest

from banks import BankStore
from generators import GenerationSpec
from pipeline.admission import admit, verify_rows
from solvers import get_genre

GOKIGEN = "https://puzz.link/p?gokigen/4/4/iaegcgcj6a"
GOKIGEN_TEXT = "...0.,.4...,2...2,.....,.1.0."
ARAF = "https://puzz.link/p?araf/5/5/457m3i8ma57"


def test_solve_reads_a_url_as_it_reads_the_puzzles_text(cli):
    status, out, _ = cli("solve", "slant", GOKIGEN, "--json")
    _, from_text, _ = cli("solve", "slant", GOKIGEN_TEXT, "--json")
    assert status == 0
    assert json.loads(out) == json.loads(from_text)
    assert json.loads(out)["solution"] == "\\/\\/,/\\\\\\,\\\\//,///\\"


def test_solve_takes_the_genre_from_a_url_given_in_its_place(cli):
    status, out, _ = cli("solve", ARAF, "--json")
    report = json.loads(out)
    assert status == 0
    assert json.loads(cli("solve", "araf/5/5/457m3i8ma57", "--json")[1]) == report
    assert (report["genre"], report["counts"]) == ("araf", {"ladder": 1, "cpsat": 1})
    assert report["solution"] == "0 1 1 1 1,0 0 0 1 1,2 2 0 0 0,2 3 3 3 3,2 2 2 3 3"


def test_show_draws_the_puzzle_of_a_url(cli):
    slant = get_genre("slant")
    status, out, _ = cli("show", "slant", GOKIGEN)
    assert status == 0
    assert out == slant.draw(slant.parse(GOKIGEN_TEXT), None) + "\n"


BAD_URLS = {
    "another genre's URL": (("solve", "shakashaka", GOKIGEN), "'gokigen' puzzle, not 'shakashaka'"),
    "a genre without puzz.link": (("solve", "chesspy", GOKIGEN), "chesspy has no puzz.link form"),
    "an unknown pid": (("solve", "https://puzz.link/p?lits/4/4/00"),
                       "no genre here reads puzz.link 'lits' puzzles"),
    "a malformed URL in place of the genre": (("solve", "https://puzz.link/p?gokigen/4"),
                                              "is not a puzz.link URL"),
    "a malformed body to show": (("show", "slant", "https://puzz.link/p?gokigen/1/1/#"),
                                 "'#' is not a puzz.link cell code"),
}


@pytest.mark.parametrize(("args", "says"), BAD_URLS.values(), ids=BAD_URLS.keys())
def test_a_url_that_cannot_be_read_is_one_line_and_status_2(cli, args, says):
    status, out, err = cli(*args)
    assert status == 2
    assert err.startswith("puzzlebank: ") and err.count("\n") == 1
    assert says in err
    assert "Traceback" not in out + err


def first_row(genre, width, height, grade):
    """Return the first admitted row of seeds 0, 1, ... for a small spec."""
    spec = GenerationSpec(width, height, grade)
    return next(row for seed in range(60) if isinstance(row := admit(genre, spec, seed), dict))


@pytest.fixture(scope="module")
def stored_rows(tmp_path_factory, publish_rows):
    """Return the rows of a published bank of Slant, Araf and Chesspy rows, read from disk."""
    rows = [first_row("slant", 4, 4, "cycle"), first_row("araf", 5, 5, "cell"),
            first_row("chesspy", 5, 5, "number")]
    root = tmp_path_factory.mktemp("banks")
    publish_rows(root, "mixed", rows)
    return BankStore(root).snapshot("mixed").read().to_pylist()


def test_bank_rows_carry_the_url_of_their_puzzle_and_null_for_other_genres(stored_rows):
    by_genre = {row["genre"]: row for row in stored_rows}
    assert by_genre["chesspy"]["puzzlink"] is None
    for name in ("slant", "araf"):
        genre, row = get_genre(name), by_genre[name]
        assert row["puzzlink"] == genre.to_puzzlink(genre.parse(row["puzzle"]))
        assert genre.format(genre.from_puzzlink(row["puzzlink"])) == row["puzzle"]
    assert by_genre["slant"]["puzzlink"].startswith("https://puzz.link/p?gokigen/4/4/")


def test_re_verification_catches_a_wrong_puzzlink(stored_rows):
    assert verify_rows(stored_rows) == []
    row = next(row for row in stored_rows if row["genre"] == "slant")
    problems = verify_rows([dict(row, puzzlink=None)])
    assert problems == [f"{row['id']}: puzzlink is None, recomputed {row['puzzlink']!r}"]
