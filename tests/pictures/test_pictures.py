"""SVG pictures of every genre: the marks players expect in the right number and place, the same
bytes every time, and show --svg (valid SVG with a size, and a solution picture that shows more
than the puzzle, for every genre: tests/contract/test_pictures.py)."""

import importlib
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from solvers import GENRE_NAMES
from solvers.core import svg

NS = "{http://www.w3.org/2000/svg}"

# A known puzzle and its solution per genre (each solution checked below against the rulebook).
KNOWN = {
    "slant": ("...0.,.4...,2...2,.....,.1.0.", "\\/\\/,/\\\\\\,\\\\//,///\\"),
    "shakashaka": ("2...1.,...3..,..4...,3.....,......,...1..",
                   "#12.#.,1.3#12,43#1.3,#1243.,1.3.12,43.#43"),
    "araf": ("4 5 7 . .,. . . . .,3 . . . 8,. . . . .,. . 10 5 7",
             "0 1 1 1 1,0 0 0 1 1,2 2 0 0 0,2 3 3 3 3,2 2 2 3 3"),
    "chesspy": ("R1B1N1:1....,0..2.,...0.,...00,1.0.1", ".RB..,.....,.....,..N..,....."),
    "colorsort": ("4:3320,2113,0231,2010,,", "2>4 1>2 1>4 2>5 2>1 0>2 3>2 3>4 3>2 0>3 1>3 0>5"),
}


def get_genre(name: str):
    """Return a genre's record straight from its package (registered or not yet)."""
    return importlib.import_module(f"solvers.{name}").GENRE


def drawn(genre_name: str, with_solution: bool) -> tuple[str, ET.Element]:
    """Return the picture of the genre's known puzzle (with its solution or not), parsed."""
    genre = get_genre(genre_name)
    text, solution_text = KNOWN[genre_name]
    puzzle = genre.parse(text)
    solution = genre.parse_solution(solution_text, puzzle) if with_solution else None
    picture = genre.picture(puzzle, solution)
    return picture, ET.fromstring(picture)


def marks(root: ET.Element, tag: str, cls: str) -> list[ET.Element]:
    """Return the elements `tag` of class `cls`, in document order."""
    return [node for node in root.iter(NS + tag) if node.get("class") == cls]


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_known_solutions_are_valid(name):
    genre = get_genre(name)
    puzzle = genre.parse(KNOWN[name][0])
    assert genre.check(puzzle, genre.parse_solution(KNOWN[name][1], puzzle)) == []


def test_every_registered_genre_draws_pictures():
    assert set(GENRE_NAMES) <= set(KNOWN)
    assert all(get_genre(name).picture is not None for name in GENRE_NAMES)


def test_slant_clues_sit_in_circles_on_the_vertices_and_the_solution_adds_16_diagonals():
    _, puzzle = drawn("slant", False)
    _, solved = drawn("slant", True)
    clues = marks(puzzle, "text", "clue")
    assert [clue.text for clue in clues] == ["0", "4", "2", "2", "1", "0"]
    circles = marks(puzzle, "circle", "clue-circle")
    # vertex (0, 3) is at x = 18 + 3 * 36, y = 18; the 4 at vertex (1, 1)
    assert [(c.get("cx"), c.get("cy")) for c in circles[:2]] == [("126", "18"), ("54", "54")]
    assert marks(puzzle, "line", "diagonal") == []
    diagonals = marks(solved, "line", "diagonal")
    assert len(diagonals) == 16
    # cell (0, 0) is '\': top-left to bottom-right; cell (0, 1) is '/': bottom-left to top-right
    ends = [tuple(d.get(a) for a in ("x1", "y1", "x2", "y2")) for d in diagonals[:2]]
    assert ends == [("18", "18", "54", "54"), ("54", "54", "90", "18")]


def test_shakashaka_black_cells_carry_white_numbers_and_the_solution_has_22_triangles():
    _, puzzle = drawn("shakashaka", False)
    _, solved = drawn("shakashaka", True)
    assert len(marks(puzzle, "rect", "black")) == 6
    numbers = marks(puzzle, "text", "number")
    assert [n.text for n in numbers] == ["2", "1", "3", "4", "3", "1"]
    assert {n.get("fill") for n in numbers} == {svg.PAPER}
    assert marks(puzzle, "polygon", "triangle") == []
    triangles = marks(solved, "polygon", "triangle")
    assert len(triangles) == 22
    # r0c1 is '1' (right angle NW), r0c2 is '2' (NE): cells at x = 54 and x = 90
    assert [t.get("points") for t in triangles[:2]] == ["54,18 90,18 54,54",
                                                        "90,18 126,18 126,54"]


def test_araf_numbers_stand_in_their_cells_and_the_rooms_get_17_thick_walls():
    _, puzzle = drawn("araf", False)
    _, solved = drawn("araf", True)
    assert [n.text for n in marks(puzzle, "text", "number")] == [
        "4", "5", "7", "3", "8", "10", "5", "7"]
    assert marks(puzzle, "line", "wall") == []
    walls = marks(solved, "line", "wall")
    assert len(walls) == 17
    assert {w.get("stroke-width") for w in walls} == {str(svg.THICK)}
    # the first wall parts room 0 (cell r0c0) from room 1 (r0c1): the line x = 54 from y 18 to 54
    assert tuple(walls[0].get(a) for a in ("x1", "y1", "x2", "y2")) == ("54", "18", "54", "54")


def test_chesspy_board_is_checkered_with_numbers_and_the_solution_places_three_glyphs():
    _, puzzle = drawn("chesspy", False)
    _, solved = drawn("chesspy", True)
    squares = [node for node in puzzle.iter(NS + "rect") if node.get("class") is None
               and node.get("width") == str(svg.CELL)]
    assert len(squares) == 25
    assert len({s.get("fill") for s in squares}) == 2
    assert squares[0].get("fill") != squares[1].get("fill")
    assert len(marks(puzzle, "text", "number")) == 9
    assert marks(puzzle, "text", "piece") == []
    assert [p.text for p in marks(solved, "text", "piece")] == ["♖", "♗", "♘"]
    assert marks(puzzle, "text", "inventory")[0].text == "♖ 1   ♗ 1   ♘ 1"


def test_colorsort_tubes_hold_coloured_layers_and_the_solution_ends_sorted():
    _, puzzle = drawn("colorsort", False)
    _, solved = drawn("colorsort", True)
    assert len(marks(puzzle, "rect", "tube")) == 6
    layers = marks(puzzle, "rect", "layer")
    assert len(layers) == 16
    assert len({layer.get("fill") for layer in layers}) == 4
    assert len(marks(solved, "rect", "tube")) == 12
    end = marks(solved, "rect", "layer")[16:]
    assert sorted(layer.find(NS + "title").text for layer in end) == sorted(
        f"colour {c}" for c in "0123" for _ in range(4))
    captions = [c.text for c in marks(solved, "text", "caption")]
    assert captions == ["12 pours:", "sorted"]
    assert " ".join(p.text for p in marks(solved, "text", "pours")).split() == \
        KNOWN["colorsort"][1].split()


def test_colorsort_replay_stops_at_an_illegal_pour_and_says_so():
    genre = get_genre("colorsort")
    puzzle = genre.parse(KNOWN["colorsort"][0])
    root = ET.fromstring(genre.picture(puzzle, genre.parse_solution("2>4 4>4 0>5", puzzle)))
    assert [c.text for c in marks(root, "text", "caption")] == [
        "3 pours:", "after 1 pours (the next is not legal)"]


def test_the_same_puzzle_gives_the_same_bytes_in_another_process():
    script = ("from solvers import get_genre\n"
              "g = get_genre('shakashaka')\n"
              f"p = g.parse({KNOWN['shakashaka'][0]!r})\n"
              f"print(g.picture(p, g.parse_solution({KNOWN['shakashaka'][1]!r}, p)), end='')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "7"}, check=True)
    assert done.stdout == drawn("shakashaka", True)[0]


def test_svg_numbers_and_escapes_are_written_one_way():
    assert [svg.number(v) for v in (12, 4.5, 0.1 + 0.2, -0.001, 1 / 3)] == [
        "12", "4.5", "0.3", "0", "0.33"]
    assert svg.escape("<a & \"b\" 'c'>") == "&lt;a &amp; &quot;b&quot; &#39;c&#39;&gt;"
    assert svg.element("line", class_="wall", stroke_width=3, x=None) == \
        '<line class="wall" stroke-width="3"/>'
    assert ET.fromstring(svg.document(10, 10, [svg.text(5, 5, "<&>", size=4)], "a < b")
                         ).find(NS + "text").text == "<&>"


def test_show_svg_writes_the_puzzle_or_with_solve_its_solution(cli, tmp_path):
    text = KNOWN["slant"][0]
    status, out, _ = cli("show", "slant", text, "--svg", tmp_path / "p.svg")
    assert (status, out) == (0, f"{tmp_path / 'p.svg'}\n")
    assert marks(ET.parse(tmp_path / "p.svg").getroot(), "line", "diagonal") == []
    assert cli("show", "slant", text, "--solve", "--svg", tmp_path / "s.svg")[0] == 0
    assert len(marks(ET.parse(tmp_path / "s.svg").getroot(), "line", "diagonal")) == 16


def test_show_svg_into_a_missing_folder_is_one_line_and_status_2(cli, tmp_path):
    status, _, err = cli("show", "slant", KNOWN["slant"][0], "--svg",
                             tmp_path / "no" / "p.svg")
    assert status == 2
    assert err.startswith("puzzlebank: ") and err.count("\n") == 1


def test_colorsort_draws_each_of_its_36_colours_in_its_own_hex_colour():
    genre = get_genre("colorsort")
    one_each = genre.parse("1:" + ",".join("0123456789abcdefghijklmnopqrstuvwxyz"))
    root = ET.fromstring(genre.picture(one_each, None))
    fills = [layer.get("fill") for layer in marks(root, "rect", "layer")]
    assert len(set(fills)) == 36
    assert all(re.fullmatch(r"#[0-9a-f]{6}", fill) for fill in fills)
