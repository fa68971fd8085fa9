"""puzz.link URLs of Slant ("gokigen"), Shakashaka and Araf: the issue's worked examples, three
published puzzles solved by both counters, and random puzzles round-tripping text -> URL -> text."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import get_genre
from solvers.core import PuzzleFormatError
from solvers.slant.board import max_clue

SLANT, SHAKASHAKA, ARAF = (get_genre(name) for name in ("slant", "shakashaka", "araf"))


def test_the_shakashaka_example_round_trips_exactly():
    # its 4 at r1c4 sits on an edge cell with 3 neighbours: well formed, but no solution
    text = "0.#..,....4,.2..."
    url = "https://puzz.link/p?shakashaka/5/3/5.l9cg"
    assert SHAKASHAKA.to_puzzlink(SHAKASHAKA.parse(text)) == url
    assert SHAKASHAKA.format(SHAKASHAKA.from_puzzlink(url)) == text
    assert SHAKASHAKA.count(SHAKASHAKA.from_puzzlink(url), 2).count == 0


def test_the_gokigen_example_round_trips_exactly():
    text = "1...,..4.,...0"
    url = "https://puzz.link/p?gokigen/3/2/bieha"
    assert SLANT.to_puzzlink(SLANT.parse(text)) == url
    assert SLANT.format(SLANT.from_puzzlink(url)) == text


def test_the_araf_example_without_its_question_mark_round_trips_and_with_it_is_refused():
    text = "3 20 . .,. 300 . ."
    url = "https://puzz.link/p?araf/4/2/3-14i+12ch"
    assert ARAF.to_puzzlink(ARAF.parse(text)) == url
    assert ARAF.format(ARAF.from_puzzlink(url)) == text
    with pytest.raises(PuzzleFormatError, match=r"row 1, column 3: a '\?' number has no Araf"):
        ARAF.from_puzzlink("https://puzz.link/p?araf/4/2/3-14i+12cg./")


PUBLISHED = {
    "gokigen": (SLANT, "https://puzz.link/p?gokigen/4/4/iaegcgcj6a",
                "...0.,.4...,2...2,.....,.1.0.", "\\/\\/,/\\\\\\,\\\\//,///\\"),
    "shakashaka": (SHAKASHAKA, "https://puzz.link/p?shakashaka/6/6/cgbhdhegdrb",
                   "2...1.,...3..,..4...,3.....,......,...1..",
                   "#12.#.,1.3#12,43#1.3,#1243.,1.3.12,43.#43"),
    "araf": (ARAF, "https://puzz.link/p?araf/5/5/457m3i8ma57",
             "4 5 7 . .,. . . . .,3 . . . 8,. . . . .,. . 10 5 7",
             "0 1 1 1 1,0 0 0 1 1,2 2 0 0 0,2 3 3 3 3,2 2 2 3 3"),  # ABBBB|AAABB|CCAAA|CDDDD|CCCDD
}


@pytest.mark.parametrize(("genre", "url", "text", "answer"), PUBLISHED.values(),
                         ids=PUBLISHED.keys())
def test_a_published_puzzle_has_exactly_the_given_solution_by_both_counters(
        genre, url, text, answer):
    puzzle = genre.from_puzzlink(url)
    assert genre.format(puzzle) == text
    assert genre.to_puzzlink(puzzle) == url
    for engine in ("ladder", genre.independent):
        found = genre.count(puzzle, 2, engine=engine)
        assert (found.count, found.truncated) == (1, False), engine
        assert genre.format_solution(found.solutions[0]) == answer, engine
    assert genre.check(puzzle, genre.parse_solution(answer, puzzle)) == []


def test_the_site_forms_of_a_url_give_the_same_puzzle():
    path = "gokigen/4/4/iaegcgcj6a"
    puzzles = {SLANT.format(SLANT.from_puzzlink(prefix + path)) for prefix in (
        "https://puzz.link/p?", "http://puzz.link/p?", "http://pzv.jp/p.html?", "")}
    assert puzzles == {PUBLISHED["gokigen"][2]}


REFUSED = {
    "another genre's URL": (SLANT, "https://puzz.link/p?araf/5/5/457m3i8ma57",
                            "'araf' puzzle, not 'gokigen'"),
    "a question-mark vertex": (SLANT, "https://puzz.link/p?gokigen/1/1/.i", "'?' vertex clue"),
    "a run past the board's end": (SHAKASHAKA, "https://puzz.link/p?shakashaka/2/1/3h",
                                   "past"),
    "an araf 0": (ARAF, "https://puzz.link/p?araf/2/1/0g", "'0' is neither"),
    "a malformed body": (ARAF, "https://puzz.link/p?araf/2/1/-1", "needs 2 hex digits"),
    "a genre without a puzz.link form": (get_genre("chesspy"),
                                         "https://puzz.link/p?gokigen/1/1/j",
                                         "chesspy has no puzz.link form"),
}


@pytest.mark.parametrize(("genre", "url", "says"), REFUSED.values(), ids=REFUSED.keys())
def test_a_url_that_cannot_be_our_puzzle_is_a_one_line_format_error(genre, url, says):
    with pytest.raises(PuzzleFormatError) as caught:
        genre.from_puzzlink(url)
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)


def test_an_araf_number_past_4095_has_no_url():
    with pytest.raises(PuzzleFormatError, match="4096 in cell 1 is past 4095"):
        ARAF.to_puzzlink(ARAF.parse("1 4096"))


def test_genres_puzz_link_does_not_know_have_no_url():
    assert get_genre("chesspy").puzzlink is None and get_genre("colorsort").puzzlink is None
    assert get_genre("chesspy").to_puzzlink(object()) is None


SIDES = st.integers(1, 7)


@st.composite
def slant_texts(draw):
    width, height = draw(SIDES), draw(SIDES)
    rows = ["".join(draw(st.sampled_from("." * 4 + "01234"[: max_clue(width, height, r, c) + 1]))
                    for c in range(width + 1)) for r in range(height + 1)]
    return ",".join(rows)


@st.composite
def shakashaka_texts(draw):
    width, height = draw(SIDES), draw(SIDES)

    def most(r, c):
        return sum(0 <= r + dr < height and 0 <= c + dc < width
                   for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))

    rows = ["".join(draw(st.sampled_from("...." + "#" + "01234"[: most(r, c) + 1]))
                    for c in range(width)) for r in range(height)]
    return ",".join(rows)


@st.composite
def araf_texts(draw):
    width, height = draw(SIDES), draw(SIDES)
    number = st.one_of(st.just("."), st.just("."), st.integers(1, 30).map(str),
                       st.integers(1, 4095).map(str))
    return ",".join(" ".join(draw(number) for _ in range(width)) for _ in range(height))


@pytest.mark.parametrize(("genre", "texts", "pid"), [
    (SLANT, slant_texts(), "gokigen"),
    (SHAKASHAKA, shakashaka_texts(), "shakashaka"),
    (ARAF, araf_texts(), "araf"),
], ids=["slant", "shakashaka", "araf"])
def test_random_puzzles_round_trip_text_url_text(genre, texts, pid):
    @settings(max_examples=150, deadline=None)
    @given(texts)
    def round_trip(text):
        puzzle = genre.parse(text)
        url = genre.to_puzzlink(puzzle)
        width, height = genre.dimensions(puzzle)
        assert url.startswith(f"https://puzz.link/p?{pid}/{width}/{height}/")
        assert genre.format(genre.from_puzzlink(url)) == text

    round_trip()


@pytest.mark.parametrize("genre", [SLANT, SHAKASHAKA, ARAF], ids=["slant", "shakashaka", "araf"])
def test_any_mangled_url_is_a_puzzle_or_a_format_error(genre):
    @settings(max_examples=200, deadline=None)
    @given(st.text(alphabet="0123456789abcdefghijklmnopqrstuvwxyz.-+/?#", max_size=16),
           st.sampled_from(["gokigen", "shakashaka", "araf", "lits"]),
           st.integers(0, 4), st.integers(0, 4))
    def mangled(body, pid, cols, rows):
        try:
            puzzle = genre.from_puzzlink(f"https://puzz.link/p?{pid}/{cols}/{rows}/{body}")
        except PuzzleFormatError as error:
            assert "\n" not in str(error)
        else:
            assert genre.puzzlink.pid == pid
            assert genre.dimensions(puzzle) == (cols, rows)

    mangled()
