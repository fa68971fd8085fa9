"""Contract: a genre's picture is a well-formed, self-contained SVG document with a size, and
the solution adds to the puzzle's picture."""

import xml.etree.ElementTree as ElementTree

import pytest

from solvers import GENRE_NAMES, get_genre
from tests.contract.boards import generated_boards, tiny_boards

PICTURED = [name for name in GENRE_NAMES if get_genre(name).picture is not None]
SVG = "{http://www.w3.org/2000/svg}svg"


@pytest.mark.parametrize("name", PICTURED)
def test_the_picture_is_well_formed_svg_and_the_solution_adds_to_it(name):
    genre = get_genre(name)
    assert genre.picture is not None
    pairs = [(b.puzzle, b.solution) for b in generated_boards(name)]
    pairs += [(b.puzzle, b.examples[0] if b.examples else None) for b in tiny_boards(name)[:30]]
    drawn_solutions = 0
    for puzzle, solution in pairs:
        bare = genre.picture(puzzle, None)
        assert_svg(bare)
        if solution is not None:
            drawn = genre.picture(puzzle, solution)
            assert_svg(drawn)
            added = len(list(ElementTree.fromstring(drawn).iter())) - len(
                list(ElementTree.fromstring(bare).iter()))
            assert added >= 0  # a one-room Araf, an all-black Shakashaka adds no mark
            drawn_solutions += added > 0
    assert drawn_solutions >= 10


def assert_svg(picture: str) -> None:
    """Assert `picture` parses as XML to an svg root with a positive size and links nowhere."""
    root = ElementTree.fromstring(picture)
    assert root.tag == SVG
    assert float(root.get("width", "0")) > 0 and float(root.get("height", "0")) > 0
    assert "href" not in picture
