"""Contract: a genre's picture is a well-formed SVG document, with and without the solution."""

import xml.etree.ElementTree as ElementTree

import pytest

from solvers import GENRE_NAMES, get_genre
from tests.contract.boards import generated_boards, tiny_boards

PICTURED = [name for name in GENRE_NAMES if get_genre(name).picture is not None]
SVG = "{http://www.w3.org/2000/svg}svg"


@pytest.mark.parametrize("name", PICTURED)
def test_the_picture_is_well_formed_svg_and_draws_the_solution(name):
    genre = get_genre(name)
    assert genre.picture is not None
    pairs = [(b.puzzle, b.solution) for b in generated_boards(name)]
    pairs += [(b.puzzle, b.examples[0] if b.examples else None) for b in tiny_boards(name)[:30]]
    for puzzle, solution in pairs:
        bare = genre.picture(puzzle, None)
        assert ElementTree.fromstring(bare).tag == SVG, genre.format(puzzle)
        if solution is not None:
            drawn = genre.picture(puzzle, solution)
            assert ElementTree.fromstring(drawn).tag == SVG, genre.format(puzzle)
            assert drawn != bare
