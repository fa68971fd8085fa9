"""Color Sort grades against measures a player feels (issue 24): per measured size and grade, the
medians of what the generator ships, and how far each grade's median is above the grade below.

The measures: `pours`, the shortest solution's pours (the optimal solver); `novice`, the pours a
greedy novice makes (the reference's DFS: the biggest pour first, never back to a position seen,
undoing out of a dead end; its nodes); `undone`, the novice's pours off its final path (novice
minus the DFS solution's pours: the dead ends it walked into). A grade *separates* on a measure
when its median is at least SEPARATION times the median of the grade below.

The grades are defined by `novice` (solvers/colorsort/grades.py), so that is the measure that
must separate; `pours` and `undone` are printed beside it.

Run: nice -n 10 python bench/bench_colorsort_bands.py [--deals 50] [--attempts 400] [--expert].
Expert buckets cost seconds a puzzle and are left out unless --expert.
"""

import argparse
import random
import statistics
from collections.abc import Sequence

from timing import timed

from generators.colorsort import GENERATOR
from generators.core import Candidate
from generators.reachability import load
from pipeline.sizes import Size
from solvers.colorsort.grades import LADDER

SEPARATION = 1.10
MEASURES = ("pours", "novice", "undone")

Deal = dict[str, float]


def felt(measurements: dict[str, float]) -> Deal:
    """Return the felt measures of a kept deal's generator measurements."""
    return {"pours": measurements["optimal_pours"], "novice": measurements["dfs_nodes"],
            "undone": measurements["dfs_nodes"] - measurements["dfs_pours"]}


def collect(size: str, grade: str, deals: int, attempts: int) -> tuple[list[Deal], int, float]:
    """Return up to `deals` felt measures of deals generated for (size, grade), the attempts
    made and their CPU ms."""
    found: list[Deal] = []
    spec = Size.parse(size).spec(grade)
    total = 0.0
    for index in range(attempts):
        made, ms = timed(GENERATOR.generate, random.Random(f"bands:{size}:{grade}:{index}"), spec)
        total += ms
        if isinstance(made, Candidate):
            found.append(felt(made.measurements))
            if len(found) == deals:
                return found, index + 1, total
    return found, attempts, total


def table(title: str, by_grade: dict[str, list[Deal]]) -> list[str]:
    """Print one table of medians per grade with the ratio to the grade below; return the
    "grade/measure" pairs that do not separate."""
    print(f"  {title}")
    misses = []
    below: dict[str, float] | None = None
    for grade in LADDER:
        deals = by_grade.get(grade, [])
        if not deals:
            continue
        medians = {m: statistics.median(d[m] for d in deals) for m in MEASURES}
        cells = []
        for m in MEASURES:
            cell = f"{m} {medians[m]:7.1f}"
            if below is not None:
                ratio = medians[m] / below[m] if below[m] else float("inf") * medians[m]
                separates = ratio >= SEPARATION if below[m] else medians[m] > 0
                cell += f" (x{ratio:.2f}{'' if separates else ' !'})" if below[m] \
                    else f" ({'above 0' if separates else '0 again !'})"
                if not separates:
                    misses.append(f"{grade}/{m}")
            cells.append(cell)
        print(f"    {grade:7s} n={len(deals):3d}  " + "  ".join(cells))
        below = medians
    return misses


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="graded deals per bucket")
    parser.add_argument("--attempts", type=int, default=400, help="most generate calls a bucket")
    parser.add_argument("--expert", action="store_true", help="measure expert buckets too")
    args = parser.parse_args(argv)
    reach = load("colorsort")
    for size in reach.sizes():
        by_grade: dict[str, list[Deal]] = {}
        for measure in reach.at(size):
            if not measure.reachable or (measure.grade == "expert" and not args.expert):
                continue
            deals, attempts, ms = collect(size, measure.grade, args.deals, args.attempts)
            by_grade[measure.grade] = deals
            print(f"{size} {measure.grade}: {len(deals)} of {attempts} attempts, "
                  f"{ms / max(len(deals), 1):.0f} ms a deal")
        misses = table("by the grades' novice node ranges", by_grade)
        print(f"  do not separate: {', '.join(misses) or 'none'}")


if __name__ == "__main__":
    main()
