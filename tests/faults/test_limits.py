"""Each genre's limits: the largest board still reads, anything past it (a 200x200 board, a
10 MB line, a 10 MB URL body) is refused in one line before any work, and the README says so."""

from pathlib import Path

import pytest

from solvers import GENRE_NAMES, get_genre

README = Path(__file__).parents[2] / "README.md"
TEN_MB = 10 * 2**20

# The canonical text of each genre's largest board, every clue as long as it can be written.
LARGEST = {
    "slant": ",".join(["4" * 65] * 65),
    "shakashaka": ",".join(["#" * 64] * 64),
    "araf": ",".join([" ".join(["999999999"] * 40)] * 40),
    "chesspy": "R9B9N9:" + ",".join(["9" * 26] * 26),
    "colorsort": "64:" + ",".join([c * 64 for c in "0123456789abcdefghijklmnopqrstuvwxyz"] * 2
                                  + [""] * 8),
}
# A board one past the limit in width, whose text is short.
WIDER = {
    "slant": "." * 66 + "," + "." * 66,
    "shakashaka": "." * 65,
    "araf": " ".join(["."] * 41),
    "chesspy": "R0B0N0:" + "." * 27,
    "colorsort": "65:0",
}


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_the_largest_board_of_every_genre_reads_within_its_text_limit(name):
    genre = get_genre(name)
    puzzle = genre.parse(LARGEST[name])
    assert genre.dimensions(puzzle) == (genre.limits.width, genre.limits.height)
    assert len(LARGEST[name]) <= genre.limits.text


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_board_one_past_the_limit_is_refused_naming_the_limit(cli, name):
    run = cli("solve", name, WIDER[name])
    assert run.status == 2 and run.one_error_line()
    assert "at most" in run.err or "the most a colorsort tube holds" in run.err


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_200x200_board_is_refused_in_one_short_line(cli, name):
    big = ",".join(["." * 200] * 200) if name != "araf" else ",".join([" ".join("." * 200)] * 200)
    run = cli("solve", name, big)
    assert run.status == 2 and run.one_error_line()
    assert "at most" in run.err or "expected" in run.err
    assert len(run.err) < 400


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_a_10_mb_line_is_refused_by_the_text_limit_and_echoed_as_an_excerpt(cli, name):
    run = cli("solve", name, "1" * TEN_MB)
    assert run.status == 2 and run.one_error_line()
    assert f"a {name} text has at most {get_genre(name).limits.text} characters (this one has " \
           f"{TEN_MB})" in run.err
    assert len(run.err) < 400


@pytest.mark.parametrize("pid", ["gokigen", "shakashaka", "araf"])
def test_a_10_mb_url_body_is_refused_before_it_is_read(cli, pid):
    run = cli("solve", f"https://puzz.link/p?{pid}/10/10/" + "g" * TEN_MB)
    assert run.status == 2 and run.one_error_line()
    assert "text has at most" in run.err and len(run.err) < 400


@pytest.mark.parametrize("pid", ["gokigen", "shakashaka", "araf"])
def test_a_url_of_a_200x200_board_is_refused_before_its_body_is_decoded(cli, pid):
    run = cli("solve", f"https://puzz.link/p?{pid}/200/200/" + "z" * 2000)
    assert run.status == 2 and run.one_error_line()
    assert "board is at most" in run.err and "(this one is 200x200)" in run.err


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_build_and_ladder_report_refuse_a_size_past_the_limit_before_any_work(cli, tmp_path, name):
    build = cli("build", "b", "--genre", name, "--size", "200x200", "--per-grade", "1",
                "--root", tmp_path)
    report = cli("ladder-report", name, "--size", "200x200", "--boards", "1")
    for run in (build, report):
        assert run.status == 2 and run.one_error_line()
        assert f"a {name} board is at most {get_genre(name).limits.board()}" in run.err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_the_readme_states_every_genres_limits(name):
    limits = get_genre(name).limits
    assert f"| {name} | {limits.board()} | {limits.text} |" in README.read_text()


def test_colorsort_deal_refuses_a_deal_past_the_limits(cli):
    run = cli("colorsort-deal", "--seed", "s", "--colors", "1000000", "--capacity", "4")
    assert run.status == 2 and run.one_error_line()
    assert "a colorsort board is at most 36x64 colours x capacity" in run.err
