"""Each genre's limits: the largest board still reads, anything past it (a 200x200 board, a
10 MB line, a 10 MB URL body) is refused in one line before any work, and the README says so."""

from pathlib import Path

import pytest

from solvers import GENRE_NAMES, get_genre
from tests.slow_inputs import COLORSORT_33_EMPTY

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
def test_build_ladder_report_and_bench_refuse_a_size_past_the_limit_before_any_work(cli, tmp_path,
                                                                                   name):
    build = cli("build", "b", "--genre", name, "--size", "200x200", "--per-grade", "1",
                "--root", tmp_path)
    report = cli("ladder-report", name, "--size", "200x200", "--boards", "1")
    bench = cli("bench", name, "--size", "200x200", "--puzzles", "1")
    for run in (build, report, bench):
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


# The numbers past a genre's limits, and where each limit is named (issue 30): every
# command that reads a puzzle or solution text refuses them in one line, before any work.
HUGE = "9" * 4400  # more digits than Python converts to an int at all
CHESSPY_ROWS = "11..1,0....,..0..,..0.0,..0.."
PAST_A_LIMIT = [
    (("solve", "chesspy", f"R1B0N9223372036854775807:{CHESSPY_ROWS}"),
     "the knight count is at most 25, the cells of a 5x5 board (this one has 19 digits)"),
    (("show", "chesspy", f"R1B0N18446744073709551616:{CHESSPY_ROWS}", "--solve"),
     "the knight count is at most 25, the cells of a 5x5 board (this one has 20 digits)"),
    (("hint", "chesspy", f"R26B0N0:{CHESSPY_ROWS}"),
     "the rook count is at most 25, the cells of a 5x5 board (this one is 26)"),
    (("solve", "colorsort", f"{HUGE}:0,,"),
     "the capacity is at most 64, the most a colorsort tube holds (this one has 4400 digits)"),
    (("show", "colorsort", f"{HUGE}:0,,"), "the capacity is at most 64"),
    (("hint", "colorsort", f"{HUGE}:0,,"), "the capacity is at most 64"),
    (("show", "colorsort", "2:01,10,,", "--solution", f"0>{HUGE}"),
     "a tube's number is at most 3, the last of the deal's 4 tubes (this one has 4400 digits)"),
    (("hint", "colorsort", "2:01,10,,", "--state", f"{HUGE}>1"), "a tube's number is at most 3"),
    (("grades", "slant", "--size", f"{HUGE}x3"), "is not WxH with positive whole numbers"),
    (("ladder-report", "slant", "--size", "3x3", "--boards", HUGE), "is not a whole number"),
]


@pytest.mark.parametrize(("args", "named"), PAST_A_LIMIT)
def test_a_number_past_its_limit_is_refused_in_one_line_naming_the_limit(cli, args, named):
    run = cli(*args)
    assert run.status == 2 and run.one_error_line()
    assert named in run.err and len(run.err) < 400


# A colour that cannot fill whole tubes (the deal of 5 units of each colour in tubes of 4,
# which the DFS wandered in for minutes): no pour ever sorts it, so every command that reads a
# deal refuses it at parse time, naming the colour and its count, instead of searching.
@pytest.mark.parametrize("args", [("solve", "colorsort", COLORSORT_33_EMPTY),
                                  ("show", "colorsort", COLORSORT_33_EMPTY, "--solve"),
                                  ("hint", "colorsort", COLORSORT_33_EMPTY)])
def test_a_deal_whose_colour_cannot_fill_whole_tubes_is_refused_before_any_search(cli, args):
    run = cli(*args)
    assert run.status == 2 and run.one_error_line()
    assert "colour '0' has 5 units, not a whole number of tubes of 4" in run.err
