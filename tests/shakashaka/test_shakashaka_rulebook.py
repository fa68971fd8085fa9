"""The lattice-table reading of a complete board agrees with the flood-fill rulebook: on every
board of the reference's exhaustive sweeps and on every small change of real solutions."""

import itertools
import os
import random

import pytest

from generators import GenerationSpec
from generators.shakashaka import generate
from solvers import get_genre
from solvers.shakashaka.board import BLACK, ShakaPuzzle, ShakaSolution
from solvers.shakashaka.propagation import BLACK_DOMAIN, context, is_solution
from solvers.shakashaka.rulebook import check

SHAKA = get_genre("shakashaka")
SWEEP_SCALE = float(os.environ.get("PUZZLEBANK_SWEEP_SCALE", "0.1"))
STRIDE = max(1, round(1 / SWEEP_SCALE))


def layout(width: int, height: int, black) -> ShakaPuzzle:
    """Return the board with these black cells and no numbers."""
    return ShakaPuzzle(width, height, tuple(black), (None,) * (width * height))


def readings(puzzle: ShakaPuzzle, cells) -> tuple[bool, bool]:
    """Return (the lattice tables accept the board, the rulebook accepts it)."""
    table = is_solution(context(puzzle), [1 << s for s in cells] + [BLACK_DOMAIN])
    rulebook = not check(puzzle, ShakaSolution(puzzle.width, puzzle.height, tuple(cells)))
    return table, rulebook


def sweep(width: int, height: int, boards) -> tuple[int, int, list]:
    """Return (boards read, legal boards, disagreements) over `boards` of cell states."""
    read, legal, disagree = 0, 0, []
    puzzles: dict[tuple, ShakaPuzzle] = {}
    for cells in boards:
        black = tuple(s == BLACK for s in cells)
        if black not in puzzles:
            puzzles[black] = layout(width, height, black)
        table, rulebook = readings(puzzles[black], cells)
        read += 1
        legal += rulebook
        if table != rulebook:
            disagree.append(cells)
    return read, legal, disagree


def test_all_625_placements_on_the_empty_2x2_agree_and_2_are_legal():
    assert sweep(2, 2, itertools.product(range(5), repeat=4)) == (625, 2, [])


def test_all_46656_boards_with_placements_on_2x3_agree_and_46_are_legal():
    assert sweep(3, 2, itertools.product(range(6), repeat=6)) == (46656, 46, [])


@pytest.mark.sweep
def test_all_1953125_placements_on_the_empty_3x3_agree_and_3_are_legal():
    boards = itertools.islice(itertools.product(range(5), repeat=9), 0, None, STRIDE)
    read, legal, disagree = sweep(3, 3, boards)
    assert disagree == []
    assert read == -(-5**9 // STRIDE)
    if STRIDE == 1:
        assert legal == 3


@pytest.mark.slow
def test_all_10077696_boards_with_placements_on_3x3_agree_and_328_are_legal():
    assert sweep(3, 3, itertools.product(range(6), repeat=9)) == (6**9, 328, [])


def changes(solution: ShakaSolution):
    """Yield every board that differs from `solution` in one cell, or in two cells that share a
    lattice point (orthogonal or diagonal neighbours); black is one of the six states a cell
    can change to or from, so the layout changes with the board."""
    w, h, cells = solution.width, solution.height, list(solution.cells)
    for k in range(w * h):
        for s in range(6):
            if s != cells[k]:
                yield (*cells[:k], s, *cells[k + 1:])
    for a in range(w * h):
        ra, ca = divmod(a, w)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            r, c = ra + dr, ca + dc
            if not (0 <= r < h and 0 <= c < w):
                continue
            b = r * w + c
            for sa, sb in itertools.product(range(6), repeat=2):
                if sa != cells[a] and sb != cells[b]:
                    changed = list(cells)
                    changed[a], changed[b] = sa, sb
                    yield tuple(changed)


def change_sweep(sizes, boards_per_size: int, stride: int) -> tuple[int, int, list]:
    """Return (boards read, legal, disagreements) over the changes of generated solutions."""
    read = legal = 0
    disagree: list = []
    for size in sizes:
        found = seed = 0
        while found < boards_per_size:
            candidate = generate(random.Random(seed), GenerationSpec(size, size))
            seed += 1
            if candidate is None:
                continue
            found += 1
            boards = itertools.islice(changes(candidate.solution), 0, None, stride)
            n, ok, bad = sweep(size, size, boards)
            read, legal, disagree = read + n, legal + ok, disagree + bad
    return read, legal, disagree


def test_one_and_two_cell_changes_of_two_6x6_solutions_agree():
    read, legal, disagree = change_sweep([6], 2, 1)
    assert disagree == []
    assert read == 2 * (36 * 5 + (2 * 6 * 5 + 2 * 5 * 5) * 25)
    assert legal > 0  # the boundary: some changed boards are legal too


@pytest.mark.sweep
def test_one_and_two_cell_changes_of_8_solutions_of_each_size_agree():
    read, legal, disagree = change_sweep([6, 8, 10], 8, STRIDE)
    assert disagree == []
    assert 0 < legal < read / 20


@pytest.mark.sweep
def test_random_placements_on_black_heavy_5x5_boards_agree():
    rng = random.Random(400)
    boards = []
    for _ in range(round(100_000 * SWEEP_SCALE)):
        boards.append(tuple(BLACK if rng.random() < 0.4 else rng.randrange(5) for _ in range(25)))
    assert sweep(5, 5, boards)[2] == []


def test_the_rulebook_names_wrong_numbers_bad_regions_and_wrong_black_cells():
    puzzle = SHAKA.parse("1..,...,...")
    plain = SHAKA.parse_solution("#..,...,...", puzzle)
    violations = SHAKA.check(puzzle, plain)
    assert "cell (0, 0): number 1, 0 triangles around it" in violations
    assert "the white region at cell (0, 1) is not a rectangle" in violations
    assert len(violations) == 2
    diamond_corner = SHAKA.parse_solution("#12,14.,...", puzzle)
    assert any("not a rectangle" in v for v in SHAKA.check(puzzle, diamond_corner))
    moved = SHAKA.parse_solution(".#.,...,...", puzzle)
    assert SHAKA.check(puzzle, moved) == ["cell (0, 0): black in the puzzle, state 0",
                                          "cell (0, 1): white in the puzzle, state 5"]
    assert SHAKA.check(SHAKA.parse("..,.."), plain) == ["solution is 3x3, puzzle is 2x2"]


def test_the_rulebook_accepts_upright_and_tilted_rectangles_and_points_of_contact():
    puzzle = SHAKA.parse("....,....,....,....")
    for text in ("....,....,....,....", "12..,43..,..12,..43", "..12,1243,4.2.,.43.",
                 ".12.,1..2,4..3,.43."):
        assert SHAKA.check(puzzle, SHAKA.parse_solution(text, puzzle)) == [], text
    puzzle = SHAKA.parse(".#,#.")
    assert SHAKA.check(puzzle, SHAKA.parse_solution(".#,#.", puzzle)) == []
