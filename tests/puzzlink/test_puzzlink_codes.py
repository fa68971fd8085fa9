"""The shared puzz.link pieces: the URL frame, run letters, and the four and hex cell codes."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solvers.core import PuzzleFormatError
from solvers.core.puzzlink import (
    QUESTION,
    decode_four,
    decode_hex,
    encode_four,
    encode_hex,
    looks_like_url,
    make_url,
    open_url,
    split_url,
)

SHAKASHAKA_EXAMPLE = [0, None, QUESTION, None, None,
                      None, None, None, None, 4,
                      None, 2, None, None, None]  # fmt: skip
GOKIGEN_EXAMPLE = [1, None, None, None,
                   None, None, 4, None,
                   None, None, None, 0]  # fmt: skip
ARAF_EXAMPLE = [3, 20, None, None,
                None, 300, None, QUESTION]  # fmt: skip


def test_the_shakashaka_example_is_5_l9cg_in_the_four_code():
    assert encode_four(SHAKASHAKA_EXAMPLE) == "5.l9cg"
    assert decode_four("5.l9cg", 15) == SHAKASHAKA_EXAMPLE


def test_the_gokigen_example_is_bieha_with_the_last_number_skipping_past_the_end():
    assert encode_four(GOKIGEN_EXAMPLE) == "bieha"
    assert decode_four("bieha", 12) == GOKIGEN_EXAMPLE


def test_the_araf_example_with_a_question_mark_round_trips_and_ends_in_a_slash():
    assert encode_hex(ARAF_EXAMPLE) == "3-14i+12cg."
    assert decode_hex("3-14i+12cg.", 8) == ARAF_EXAMPLE
    url = make_url("araf", 4, 2, encode_hex(ARAF_EXAMPLE))
    assert url == "https://puzz.link/p?araf/4/2/3-14i+12cg./"
    link = split_url(url)
    assert (link.pid, link.cols, link.rows, link.body) == ("araf", 4, 2, "3-14i+12cg.")


def test_runs_of_more_than_20_empty_cells_take_several_letters():
    assert encode_four([None] * 45) == "zzk"
    assert encode_hex([None] * 40 + [15]) == "zzf"
    assert decode_four("zzk", 45) == [None] * 45


def test_a_body_ending_in_a_letter_or_digit_gets_no_slash():
    assert make_url("gokigen", 3, 2, "bieha") == "https://puzz.link/p?gokigen/3/2/bieha"
    assert make_url("shakashaka", 1, 1, ".") == "https://puzz.link/p?shakashaka/1/1/./"


@pytest.mark.parametrize("url", [
    "https://puzz.link/p?gokigen/3/2/bieha",
    "http://puzz.link/p?gokigen/3/2/bieha",
    "https://pzv.jp/p.html?gokigen/3/2/bieha",
    "http://pzv.jp/p.html?gokigen/3/2/bieha/",
    "gokigen/3/2/bieha",
    "  https://puzz.link/p?gokigen/3/2/bieha\n",
    "puzz.link/p?gokigen/3/2/bieha",
])
def test_the_site_forms_and_a_bare_path_all_read_the_same(url):
    assert split_url(url) == split_url("https://puzz.link/p?gokigen/3/2/bieha")


MALFORMED_URLS = {
    "another site": "https://example.com/p?gokigen/3/2/bieha",
    "no size": "https://puzz.link/p?gokigen/bieha",
    "width not a number": "https://puzz.link/p?gokigen/x/2/bieha",
    "zero rows": "https://puzz.link/p?gokigen/3/0/bieha",
    "extra part": "https://puzz.link/p?gokigen/3/2/bieha/more",
    "empty": "",
}


@pytest.mark.parametrize("url", MALFORMED_URLS.values(), ids=MALFORMED_URLS.keys())
def test_a_malformed_url_is_one_line_error(url):
    with pytest.raises(PuzzleFormatError) as caught:
        split_url(url)
    assert "\n" not in str(caught.value)


def test_a_url_of_another_pid_names_both():
    with pytest.raises(PuzzleFormatError, match="'araf' puzzle, not 'gokigen'"):
        open_url("https://puzz.link/p?araf/4/2/3-14i+12cg./", "gokigen")


MALFORMED_BODIES = {
    "short": ("bieh", 12, "gives 11 of the board's 12 cells"),
    "long": ("biehag", 12, "runs past the board's 12 cells"),
    "run past the end": ("biez", 12, "runs past"),
    "unknown code": ("bi#ha", 12, "'#' is not a puzz.link cell code"),
    "hex letter in the four code": ("f", 1, "'f' is not"),
}


@pytest.mark.parametrize(("body", "count", "says"), MALFORMED_BODIES.values(),
                         ids=MALFORMED_BODIES.keys())
def test_a_malformed_four_code_body_says_where(body, count, says):
    with pytest.raises(PuzzleFormatError, match=says):
        decode_four(body, count)


@pytest.mark.parametrize(("body", "says"), [
    ("-1", "'-' needs 2 hex digits, found '1'"),
    ("+1g2", "'+' needs 3 hex digits"),
    ("-1Ag", "'-' needs 2 hex digits"),
    ("5", "gives 1 of the board's 2 cells"),
])
def test_a_malformed_hex_body_says_what_is_wrong(body, says):
    with pytest.raises(PuzzleFormatError, match=re.escape(says)):
        decode_hex(body, 2)


def test_a_number_past_4095_has_no_hex_code():
    assert encode_hex([4095]) == "+fff"
    with pytest.raises(PuzzleFormatError, match="4096 in cell 1 is past 4095"):
        encode_hex([None, 4096])


def test_urls_are_told_from_puzzle_texts():
    assert looks_like_url("https://puzz.link/p?gokigen/3/2/bieha")
    assert looks_like_url("pzv.jp/p.html?gokigen/3/2/bieha")
    assert looks_like_url("gokigen/3/2/bieha") and looks_like_url("https://example.com/p?x")
    assert not looks_like_url("1.1,...,1.1")
    assert not looks_like_url("4 5 7 . .,. . . . .")


FOUR_CELLS = st.lists(st.one_of(st.none(), st.none(), st.integers(0, 4), st.just(QUESTION)),
                      min_size=1, max_size=80)
HEX_CELLS = st.lists(st.one_of(st.none(), st.none(), st.integers(0, 4095), st.just(QUESTION)),
                     min_size=1, max_size=80)


@given(FOUR_CELLS)
def test_any_four_code_cells_round_trip(cells):
    assert decode_four(encode_four(cells), len(cells)) == cells


@given(HEX_CELLS)
def test_any_hex_code_cells_round_trip(cells):
    assert decode_hex(encode_hex(cells), len(cells)) == cells


@given(st.text(max_size=12), st.integers(1, 30))
def test_any_body_either_decodes_to_the_board_or_is_a_format_error(body, count):
    for decode in (decode_four, decode_hex):
        try:
            assert len(decode(body, count)) == count
        except PuzzleFormatError as error:
            assert "\n" not in str(error)
