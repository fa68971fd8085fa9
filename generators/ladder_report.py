"""The ladder report: how much of a genre each rule solves, measured on unfiltered boards.

Vocabulary: *incremental* rates are the share of boards whose fixpoint at ladder level L (all
rules up to L) solves the board; *ablation* rates the share solved by the full ladder less one
rule; the *unique* rate the share with exactly one solution (the ceiling of any sound ladder);
*branchings* (on request) the median number of search nodes the ladder counter at each level
needs to count a board's solutions up to two. The levels measured are the genre's rule levels
(`Genre.rule_levels`): a ladder's exact-search top level (solvers/core/grading.py) is solved
exactly when the puzzle is unique, so it is the unique column, and ablating rules under it would
measure nothing.
Boards come from the genre generator's `sample`, not filtered by uniqueness or grade, so the
sample is not skewed by the property being measured.
"""

import random
import statistics
from dataclasses import dataclass

from generators import GenerationSpec, get_generator
from solvers import get_genre


@dataclass(frozen=True)
class LadderReport:
    """Rates (0..1) measured on `boards` boards of one genre and size."""

    genre: str
    width: int
    height: int
    boards: int
    ladder: tuple[str, ...]
    incremental: dict[str, float]
    ablation: dict[str, float]
    unique: float
    branchings: dict[str, float] | None = None

    def format(self) -> str:
        """Return the incremental and ablation tables as text, in the references' layout."""
        size = f"{self.width}x{self.height}"
        head = [self.ladder[0], *(f"+{name}" for name in self.ladder[1:]), "unique"]
        row = [*(self.incremental[name] for name in self.ladder), self.unique]
        ablated = [name for name in self.ladder[:-1]]
        ab_head = ["full", *(f"-{name}" for name in ablated)]
        ab_row = [self.ablation["full"], *(self.ablation[name] for name in ablated)]
        return "\n".join([
            f"{self.genre} {size}, {self.boards} boards",
            _table(["board", *head], [[size, *(_pct(x) for x in row)]]),
            "",
            _table(["board", *ab_head], [[size, *(_pct(x) for x in ab_row)]]),
            *([] if self.branchings is None else [
                "",
                _table(["median branchings to count to 2", *self.ladder],
                       [["", *(f"{self.branchings[name]:g}" for name in self.ladder)]]),
            ]),
        ])


def _pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def _table(head: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(cell)) for cell in column) for column in zip(head, *rows, strict=True)]
    lines = [head, *rows]
    return "\n".join("  ".join(str(c).rjust(w) for c, w in zip(line, widths, strict=True))
                     for line in lines)


def board_seed(seed: int, index: int) -> random.Random:
    """Return the random source of board `index` of a report seeded with `seed`."""
    return random.Random(f"ladder-report:{seed}:{index}")


def measure(
    genre: str,
    width: int,
    height: int,
    boards: int,
    seed: int = 0,
    options: dict | None = None,
    branchings: bool = False,
) -> LadderReport:
    """Return the incremental, ablation and unique rates over `boards` sampled boards, and the
    median branchings per level when `branchings` is asked for (a count at every level: for
    genres whose low levels are near brute force, small boards only)."""
    rules, sampler = get_genre(genre), get_generator(genre).sample
    ladder = rules.rule_levels
    top = ladder[-1]
    spec = GenerationSpec(width, height, options=options or {})
    solved = dict.fromkeys(ladder, 0)
    ablated = dict.fromkeys(("full", *ladder[:-1]), 0)
    unique = 0
    nodes: dict[str, list[int]] = {name: [] for name in ladder}
    for index in range(boards):
        puzzle = sampler(board_seed(seed, index), spec)
        for name in ladder:
            solved[name] += rules.deduce(puzzle, name).solved
            if branchings:
                nodes[name].append(rules.count(puzzle, limit=2, level=name).nodes)
        ablated["full"] += rules.deduce(puzzle, top).solved
        for name in ladder[:-1]:
            ablated[name] += rules.deduce(puzzle, top, skip=(name,)).solved
        unique += rules.count(puzzle, limit=2).count == 1
    return LadderReport(
        genre, width, height, boards, ladder,
        {name: n / boards for name, n in solved.items()},
        {name: n / boards for name, n in ablated.items()},
        unique / boards,
        {name: statistics.median(counts) for name, counts in nodes.items()} if branchings
        else None,
    )
