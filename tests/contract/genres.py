"""The contract suite's one table of per-genre knowledge: everything the suite must know about a
genre that the genre record does not say.

Vocabulary: a *case* is a genre's row of the table; a *layout* says where a genre's text keeps
its cells (so the suite can corrupt, change or turn one cell of any genre's text); a *tiny
board* is a board from the genre generator's `sample` at a tiny spec, small enough that its
*reference* (every solution, by the brute counter, or for a genre that counts solvable-or-not,
whether an exhaustive search over every move sorts it) is cheap.
A new genre adds one row to CASES; every contract test then runs on it.
"""

import random
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from generators import GenerationSpec, get_generator
from solvers import get_genre

Puzzle = Any
Solution = Any
Grid = list[list[str]]


class Counting(Enum):
    """What a genre's counters count: every solution (a puzzle is unique when there is one), or
    whether the puzzle can be solved at all (Color Sort: a count is 1 when solvable, never more,
    and the solutions it returns are one way each, not every way)."""

    UNIQUE = "unique"
    SOLVABLE = "solvable"


@dataclass(frozen=True)
class Layout:
    """Where a text keeps its cells: an optional head up to and including `head_end` (e.g. the
    "4:" of a Color Sort deal), then rows split by `rows` (None: the text is one row, and a
    PuzzleFormatError names no row), each row's cells split by `cells` ("": one character each).
    """

    rows: str | None = ","
    cells: str = ""
    head_end: str | None = None

    def split(self, text: str) -> tuple[str, Grid]:
        """Return (head, rows of cells) of `text`."""
        head = ""
        if self.head_end is not None and self.head_end in text:
            cut = text.index(self.head_end) + len(self.head_end)
            head, text = text[:cut], text[cut:]
        lines = [text] if self.rows is None else text.split(self.rows)
        return head, [self._cells(line) for line in lines]

    def _cells(self, line: str) -> list[str]:
        if not line:
            return []
        return list(line) if self.cells == "" else line.split(self.cells)

    def join(self, head: str, grid: Grid) -> str:
        """Return the text of `head` and rows of cells (the inverse of `split`)."""
        lines = [self.cells.join(row) for row in grid]
        return head + ("".join(lines) if self.rows is None else self.rows.join(lines))

    def where(self, row: int, col: int) -> tuple[int | None, int]:
        """Return the (row, col) a PuzzleFormatError names for the cell at row, col."""
        return (None if self.rows is None else row), col

    def positions(self, text: str) -> list[tuple[int, int]]:
        """Return the (row, col) of every cell of `text`."""
        return [(r, c) for r, row in enumerate(self.split(text)[1]) for c in range(len(row))]

    def with_cell(self, text: str, row: int, col: int, value: str) -> str:
        """Return `text` with the cell at row, col replaced by `value`."""
        head, grid = self.split(text)
        grid[row][col] = value
        return self.join(head, grid)

    def one_cell_changes(self, text: str) -> list[str]:
        """Return every text that differs from `text` in one cell, set to another value the
        text already uses."""
        values = sorted({cell for row in self.split(text)[1] for cell in row})
        return [self.with_cell(text, r, c, value) for r, c in self.positions(text)
                for value in values if value != self.split(text)[1][r][c]]


def dihedral(layout: Layout) -> Callable[[str], list[str]]:
    """Return the function giving the 8 turns and mirror images of a rectangular grid text."""

    def images(text: str) -> list[str]:
        head, grid = layout.split(text)
        found = []
        for _ in range(4):
            grid = [list(row) for row in zip(*grid[::-1], strict=True)]  # a quarter turn
            found += [layout.join(head, grid), layout.join(head, [row[::-1] for row in grid])]
        return found

    return images


def tubes_reordered_and_renamed(layout: Layout) -> Callable[[str], list[str]]:
    """Return the function giving a deal's images under reversed tube order and under each
    colour renamed to the next colour the deal uses."""

    def images(text: str) -> list[str]:
        head, tubes = layout.split(text)
        used = sorted({unit for tube in tubes for unit in tube})
        renamed = dict(zip(used, used[1:] + used[:1], strict=True))
        return [layout.join(head, tubes[::-1]),
                layout.join(head, [[renamed[unit] for unit in tube] for tube in tubes])]

    return images


def one_pour_short(layout: Layout) -> Callable[[str], list[str]]:
    """Return the function giving a pour sequence less its last pour (none for no pours): a
    shortest sequence is never sorted before its last pour."""

    def changes(text: str) -> list[str]:
        pours = layout.split(text)[1][0]
        return [layout.join("", [pours[:-1]])] if pours else []

    return changes


def bitmask_keeps(domains: tuple, puzzle: Puzzle, solution: Solution) -> bool:
    """Return whether every cell's bitmask domain holds the solution's value there."""
    return all(domain & value for domain, value in zip(domains, solution.cells, strict=True))


def bit_index_keeps(domains: tuple, puzzle: Puzzle, solution: Solution) -> bool:
    """Return whether every cell's domain has the bit of the solution's state there set."""
    return all(domain >> state & 1 for domain, state in
               zip(domains, solution.cells, strict=True))


def araf_keeps(domains: tuple, puzzle: Puzzle, solution: Solution) -> bool:
    """Return whether every cell's candidate owners hold the number pair of its room."""
    from solvers.araf.deduce import solution_owners

    return all(pair in owners for owners, (pair,) in
               zip(domains, solution_owners(puzzle, solution), strict=True))


def sorts_by_some_pours(puzzle: Puzzle) -> bool:
    """Return whether some sequence of legal pours sorts the deal: a breadth-first search over
    every position reachable by any pour (tubes as a sorted tuple), no pruning, no bound."""
    capacity = puzzle.capacity

    def done(tubes: tuple) -> bool:
        return all(not t or (len(t) == capacity and len(set(t)) == 1) for t in tubes)

    start = tuple(sorted(puzzle.tubes))
    seen, frontier = {start}, deque([start])
    while frontier:
        tubes = frontier.popleft()
        if done(tubes):
            return True
        for i, source in enumerate(tubes):
            for j, target in enumerate(tubes):
                if i == j or not source or len(target) == capacity or (
                        target and target[-1] != source[-1]):
                    continue
                moved = 0
                while (moved < len(source) and source[-1 - moved] == source[-1]
                       and len(target) + moved < capacity):
                    moved += 1
                after = list(tubes)
                after[i], after[j] = source[: len(source) - moved], target + source[-1:] * moved
                key = tuple(sorted(after))
                if key not in seen:
                    seen.add(key)
                    frontier.append(key)
    return False


@dataclass(frozen=True)
class Case:
    """A genre's row of the contract table.

    tiny(rng)          a tiny board: `sampled` from the generator at a tiny spec where its
                       samples have none, one and many solutions often enough, else drawn here
    counting           what the counters count (Counting)
    puzzle, solution   the layouts of the puzzle and solution texts
    symmetries(text)   puzzle texts of symmetric images, built from the text alone
    changes(text)      solution texts one cell away from a solution's, each refused by `check`
                       when the puzzle is unique
    keeps(domains, puzzle, solution)  whether a fixpoint's domains still allow the solution;
                       None for a genre whose fixpoint has no per-cell domains (Color Sort)
    generated          specs `generate` makes small puzzles from, for admission and grading
    """

    tiny: Callable[[random.Random], Puzzle]
    counting: Counting
    puzzle: Layout
    solution: Layout
    symmetries: Callable[[str], list[str]]
    changes: Callable[[str], list[str]]
    keeps: Callable[[tuple, Puzzle, Solution], bool] | None
    generated: tuple[GenerationSpec, ...]


GRID = Layout()
TOKENS = Layout(cells=" ")
HEADED = Layout(head_end=":")
POURS = Layout(rows=None, cells=" ")


Options = Callable[[random.Random], dict[str, Any]]


def sampled(name: str, widths: tuple[int, int], heights: tuple[int, int],
            options: Options) -> Callable[[random.Random], Puzzle]:
    """Return the function drawing a board from the genre generator's `sample` at a spec of a
    random width and height in the inclusive ranges and `options(rng)` (drawn again while the
    sample cannot meet its spec, a ValueError)."""

    def tiny(rng: random.Random) -> Puzzle:
        while True:
            spec = GenerationSpec(rng.randint(*widths), rng.randint(*heights),
                                  options=options(rng))
            try:
                return get_generator(name).sample(rng, spec)
            except ValueError:
                continue

    return tiny


def shakashaka_tiny(rng: random.Random) -> Puzzle:
    """Return a board of at most 4x4 with at most 5 white cells (the brute counter reads
    5^whites boards), often a white 2x2 block (the source of ambiguity), numbered from a random
    filling where it has one, a random share of the numbers shown. Its samples cannot serve:
    a random layout with a filling and few white cells nearly always has one solution."""
    from generators.shakashaka import numbers_of
    from solvers.shakashaka.board import ShakaPuzzle

    w, h = rng.randint(1, 4), rng.randint(1, 4)
    cells = w * h
    whites = set(rng.sample(range(cells), rng.randint(0, min(5, cells))))
    if w > 1 and h > 1 and rng.random() < 0.5:
        r, c = rng.randrange(h - 1), rng.randrange(w - 1)
        whites = {r * w + c, r * w + c + 1, (r + 1) * w + c, (r + 1) * w + c + 1}
        if rng.random() < 0.3:
            whites.add(rng.randrange(cells))
    black = tuple(k not in whites for k in range(cells))
    layout = ShakaPuzzle(w, h, black, (None,) * cells)
    fillings = get_genre("shakashaka").count(layout, 50).solutions
    numbers = list(numbers_of(layout, rng.choice(fillings))) if fillings else [None] * cells
    shown = rng.random()
    return ShakaPuzzle(w, h, black, tuple(n if rng.random() < shown else None for n in numbers))


def _specs(width: int, height: int, grades: Iterable[str | None]) -> tuple[GenerationSpec, ...]:
    return tuple(GenerationSpec(width, height, grade) for grade in grades)


CASES: dict[str, Case] = {
    "slant": Case(
        tiny=sampled("slant", (2, 4), (2, 4), lambda rng: {"density": rng.uniform(0.2, 1.0)}),
        counting=Counting.UNIQUE, puzzle=GRID, solution=GRID, symmetries=dihedral(GRID),
        changes=GRID.one_cell_changes, keeps=bitmask_keeps,
        generated=_specs(4, 4, (None, "count", "cycle", "duet")),
    ),
    "araf": Case(
        tiny=sampled("araf", (2, 4), (2, 4), lambda rng: {
            "max_room": rng.randint(3, 4), "widenings": rng.randint(0, 3)}),
        counting=Counting.UNIQUE, puzzle=TOKENS, solution=TOKENS, symmetries=dihedral(TOKENS),
        changes=TOKENS.one_cell_changes, keeps=araf_keeps,
        generated=_specs(4, 4, (None, "cell", "ration")),
    ),
    "shakashaka": Case(
        tiny=shakashaka_tiny,
        counting=Counting.UNIQUE, puzzle=GRID, solution=GRID, symmetries=dihedral(GRID),
        changes=GRID.one_cell_changes, keeps=bit_index_keeps,
        generated=_specs(4, 4, (None, "tips", "reflex")),
    ),
    "chesspy": Case(
        tiny=sampled("chesspy", (2, 4), (2, 4), lambda rng: {
            "pieces": rng.randint(1, 3), "density": rng.random()}),
        counting=Counting.UNIQUE, puzzle=HEADED, solution=GRID, symmetries=dihedral(HEADED),
        changes=GRID.one_cell_changes, keeps=bitmask_keeps,
        generated=_specs(4, 4, (None, "number", "board", "type")),
    ),
    "colorsort": Case(
        tiny=sampled("colorsort", (2, 4), (2, 3), lambda rng: {
            "duplicates": rng.randint(0, 1), "empty_tubes": rng.randint(0, 2)}),
        counting=Counting.SOLVABLE, puzzle=HEADED, solution=POURS,
        symmetries=tubes_reordered_and_renamed(HEADED), changes=one_pour_short(POURS),
        keeps=None, generated=_specs(4, 4, (None, "easy")),
    ),
}
