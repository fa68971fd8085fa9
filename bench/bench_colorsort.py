"""Color Sort speed and grade spread: kept deals per second and grades per preset, and the
optimal solver's time and positions at 8, 12 and 14 colours, on one core.

Run: nice -n 10 python bench/bench_colorsort.py [--deals N] [--boards N]. Times are CPU
milliseconds; a *kept* deal is one `generate` returns (any grade); the rejections are summed
over all the deals thrown away on the way.
"""

import argparse
import random
import statistics
from collections import Counter
from collections.abc import Sequence

from timing import timed

from generators.colorsort import PRESETS, REJECTION_REASONS, DealShape, attempt, deal
from solvers.colorsort.grades import LADDER
from solvers.colorsort.optimal import solve_optimal


def spread(values: Sequence[float]) -> str:
    """Return 'min / median / p90 / max' of `values`."""
    p90 = statistics.quantiles(values, n=10, method="inclusive")[-1] if len(values) > 1 \
        else values[0]
    return (f"{min(values):g} / {statistics.median(values):g} / {p90:.4g} / "
            f"{max(values):g}")


def presets(deals: int) -> None:
    """Print, per preset, kept deals per second, rejections, grades and measurement spreads."""
    for name, shape in PRESETS.items():
        grades: Counter[str] = Counter()
        rejected: Counter[str] = Counter()
        measured: dict[str, list[float]] = {"optimal_pours": [], "dfs_nodes": []}
        total_ms = 0.0
        for index in range(deals):
            outcome, ms = timed(attempt, random.Random(f"bench:{name}:{index}"), shape.spec())
            total_ms += ms
            rejected.update(outcome.rejections)
            if outcome.candidate:
                m = outcome.candidate.measurements
                grades[m["grade"]] += 1
                for key, values in measured.items():
                    values.append(m[key])
        kept = sum(grades.values())
        print(f"{name} {shape}: {kept} kept of {deals} calls, "
              f"{1000 * kept / total_ms:.2f} kept deals/s")
        print("  rejections  " + ", ".join(f"{r} {rejected[r]}" for r in REJECTION_REASONS))
        print("  grades      " + ", ".join(f"{g} {grades[g]}" for g in LADDER))
        for key, values in measured.items():
            if values:
                print(f"  {key:12s} min/median/p90/max {spread(values)}")


def optimal_solver(boards: int) -> None:
    """Print the optimal solver's CPU time and positions on deals of 8, 12 and 14 colours."""
    for shape in (DealShape(8, 4), DealShape(12, 4), DealShape(14, 4), DealShape(14, 6, 2, 2)):
        times: list[float] = []
        states: list[int] = []
        statuses: Counter[str] = Counter()
        for index in range(boards):
            _, puzzle = deal(random.Random(f"bench-optimal:{index}"), shape)
            result, ms = timed(solve_optimal, puzzle)
            times.append(ms)
            states.append(result.states)
            statuses[result.status] += 1
        print(f"optimal {shape}: {dict(statuses)}")
        print(f"  ms      min/median/p90/max {spread([round(t, 1) for t in times])}")
        print(f"  states  min/median/p90/max {spread(states)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="generate calls per preset")
    parser.add_argument("--boards", type=int, default=30, help="deals per optimal-solver row")
    args = parser.parse_args()
    presets(args.deals)
    optimal_solver(args.boards)


if __name__ == "__main__":
    main()
