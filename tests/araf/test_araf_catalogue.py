"""Araf room enumerator, screens and catalogue: the counts that would expose a lost or doubled
room, and two independent enumerators that must agree room for room."""

import random
from functools import cache

import pytest

from generators.araf import random_rooms, tight_board
from solvers import get_genre
from solvers.araf.board import CLOSED, DIAGONAL, STRICT, ArafPuzzle, neighbours
from solvers.araf.brute import candidate_rooms
from solvers.araf.catalogue import build, catalogue, pair_rooms, same_catalogue
from solvers.araf.connected import connected_sets
from solvers.araf.screens import BLOCKED, NO_SIZE, SURVIVES, TOO_FAR, census, screen

ARAF = get_genre("araf")
A001168 = (1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446)


def test_sets_grown_from_one_cell_are_the_fixed_polyominoes_up_to_size_10():
    """A set whose first cell (row-major) is the root, on a board wide enough for any shape:
    each fixed polyomino appears exactly once (OEIS A001168)."""
    n = len(A001168)
    width, height, root = 2 * n - 1, n, n - 1
    after_root = ((1 << (width * height)) - 1) & ~((1 << root) - 1)
    by_size = [0] * (n + 1)
    for _, size in connected_sets(neighbours(width, height), root, after_root, n):
        by_size[size] += 1
    assert tuple(by_size[1:]) == A001168


def partitions(width: int, height: int, smallest: int = 1, largest: int | None = None) -> int:
    """Return how many ways the board cuts into edge-connected rooms of smallest..largest cells:
    the first free cell's room is every connected set grown from it over the free cells."""
    touching = neighbours(width, height)
    full = (1 << (width * height)) - 1
    largest = largest or width * height

    @cache
    def ways(owned: int) -> int:
        if owned == full:
            return 1
        free = full & ~owned
        root = (free & -free).bit_length() - 1
        return sum(ways(owned | room) for room, size in
                   connected_sets(touching, root, free, largest) if size >= smallest)

    return ways(0)


@pytest.mark.parametrize(
    ("width", "height", "every", "two_to_five"),
    [(2, 2, 12, 3), (3, 3, 1434, 118), (4, 3, 27780, 1020), (3, 4, 27780, 1020),
     (4, 4, 1691690, 21190)],
)
def test_board_partitions_into_connected_rooms_match_the_reference(width, height, every,
                                                                   two_to_five):
    assert partitions(width, height) == every
    assert partitions(width, height, 2, 5) == two_to_five


def test_the_target_distance_prunes_no_room_that_holds_the_target():
    rng = random.Random(3)
    for _ in range(40):
        w, h = rng.randint(3, 6), rng.randint(3, 6)
        blockers = sum(1 << k for k in range(w * h) if rng.random() < 0.3)
        p, q = rng.sample([k for k in range(w * h) if not blockers >> k & 1], 2)
        lo, hi = rng.randint(2, 4), rng.randint(4, 9)
        allowed = ((1 << (w * h)) - 1) & ~blockers
        plain = {cells for cells, size in connected_sets(neighbours(w, h), p, allowed, hi)
                 if size >= lo and cells >> q & 1}
        pruned = pair_rooms(w, h, False, blockers, p, q, lo, hi)
        assert len(pruned) == len(set(pruned))
        assert set(pruned) == plain


def random_board(rng: random.Random, w: int, h: int) -> ArafPuzzle:
    """Return drawn rooms with tight numbers, each number then nudged by -2..+3 (at least 1)."""
    numbers, _ = tight_board(rng, w, h, random_rooms(rng, w, h, rng.randint(3, 5)))
    return ArafPuzzle(w, h, tuple(None if n is None else max(1, n + rng.randint(-2, 3))
                                  for n in numbers))


@pytest.mark.parametrize("reading", [STRICT, CLOSED, DIAGONAL])
def test_catalogue_and_the_brute_grower_find_the_same_rooms(reading):
    rng = random.Random(8)
    for _ in range(25):
        puzzle = random_board(rng, rng.randint(2, 5), rng.randint(2, 5))
        catalogue = build(puzzle, reading)
        assert len(set(catalogue.rooms)) == len(catalogue.rooms)
        assert sorted(catalogue.rooms) == sorted(candidate_rooms(puzzle, reading))


def test_the_screens_never_drop_a_room_the_enumerator_would_find():
    rng = random.Random(9)
    for _ in range(40):
        puzzle = random_board(rng, rng.randint(3, 6), rng.randint(3, 6))
        screened, unscreened = build(puzzle), build(puzzle, screened=False)
        assert (screened.pairs, screened.rooms) == (unscreened.pairs, unscreened.rooms)


def test_each_screen_kills_the_pair_it_is_named_for():
    puzzle = ARAF.parse("1 7 4,. . .,. . 3")  # numbered cells 0, 1, 2 and 8
    verdicts = screen(puzzle, STRICT)
    assert verdicts[2, 8] == NO_SIZE  # 4 and 3: nothing strictly between
    assert verdicts[0, 8] == TOO_FAR  # 1 and 3: 4 steps apart, a room of 2 cells spans 1
    assert verdicts[0, 2] == BLOCKED  # 1 and 4: 2 steps over the 7, 4 around it; 3 cells span 2
    assert verdicts[0, 1] == verdicts[1, 2] == verdicts[1, 8] == SURVIVES
    assert census(puzzle, STRICT) == {"pairs": 6, NO_SIZE: 1, TOO_FAR: 1, BLOCKED: 1,
                                      SURVIVES: 3}


def test_equal_and_adjacent_numbers_never_share_a_room_but_do_when_misread_as_closed():
    puzzle = ARAF.parse("2 . 3,. . .")
    assert build(puzzle).rooms == ()
    assert ARAF.count(puzzle, 2, "brute").count == 0
    closed = build(puzzle, CLOSED)
    assert {cells.bit_count() for cells in closed.rooms} == {3}  # 2..3 cells, 3 to reach


def test_comparing_only_the_pairs_of_a_changed_number_agrees_with_whole_catalogues():
    rng = random.Random(17)
    outcomes = {True: 0, False: 0}
    for _ in range(150):
        w, h = rng.randint(3, 6), rng.randint(3, 6)
        numbers, _ = tight_board(rng, w, h, random_rooms(rng, w, h, 5))
        before = ArafPuzzle(w, h, tuple(numbers))
        k = rng.choice([k for k, n in enumerate(numbers) if n is not None])
        numbers[k] = max(1, numbers[k] + rng.choice((-1, 1, 2)))
        after = ArafPuzzle(w, h, tuple(numbers))
        first, second = catalogue(before), catalogue(after)
        same = (first.pairs, first.rooms) == (second.pairs, second.rooms)
        assert same_catalogue(before, after) == same
        outcomes[same] += 1
    assert min(outcomes.values()) >= 10, outcomes


def test_the_explainers_tables_on_the_kernels_catalogue_are_the_rules_tables():
    from solvers.araf.explain import board_tables
    from solvers.araf.rules import tables

    rng = random.Random(11)
    for _ in range(40):
        w, h = rng.randint(2, 8), rng.randint(2, 8)
        puzzle = random_board(rng, w, h)
        assert board_tables(puzzle) == tables(puzzle), ARAF.format(puzzle)
