"""Contract: a puzzle's id is the same for every symmetric image of it, and only for those."""

import pytest

from solvers import GENRE_NAMES, get_genre
from tests.contract.boards import generated_boards, tiny_boards
from tests.contract.genres import CASES


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_symmetric_image_has_the_puzzles_id_and_images(name):
    """The images are built here from the text (turned and mirrored grids; for Color Sort,
    tubes reordered and colours renamed), not by the genre's `images`."""
    genre, case = get_genre(name), CASES[name]
    puzzles = [b.puzzle for b in tiny_boards(name)] + [b.puzzle for b in generated_boards(name)]
    for puzzle in puzzles:
        images = set(genre.images(puzzle))
        for text in case.symmetries(genre.format(puzzle)):
            image = genre.parse(text)
            assert genre.puzzle_id(image) == genre.puzzle_id(puzzle), (genre.format(puzzle), text)
            assert set(genre.images(image)) == images


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_every_text_of_images_is_canonical_and_names_the_same_puzzle(name):
    genre = get_genre(name)
    for board in tiny_boards(name)[:50]:
        for text in genre.images(board.puzzle):
            image = genre.parse(text)
            assert genre.format(image) == text
            assert genre.puzzle_id(image) == genre.puzzle_id(board.puzzle)


@pytest.mark.parametrize("name", GENRE_NAMES)
def test_puzzles_that_are_not_images_of_each_other_have_other_ids(name):
    genre = get_genre(name)
    by_id: dict[str, set[str]] = {}
    for board in tiny_boards(name):
        by_id.setdefault(genre.puzzle_id(board.puzzle), set()).add(min(genre.images(board.puzzle)))
    assert all(len(least) == 1 for least in by_id.values())
    assert len(by_id) >= len(tiny_boards(name)) // 2
