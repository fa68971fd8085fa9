"""Chesspy stages and difficulty signals: what each stage costs to make, and what correlates.

Run: python bench/bench_chesspy.py [--days 28] [--start 2026-11-01] [--boards 300].
Part 1 makes the full daily set of `days` consecutive dates and prints, per stage-table row:
attempts per accepted board (mean, max), CPU ms per board (median, p90), the steps
distribution and the highest-rule distribution. Part 2 takes `boards` bank boards (sizes
3x3..7x7, no step or rule filter) and prints Spearman rank correlations between board size and
the solver's signals, and against two search-effort proxies (there are no clear times here).
"""

import argparse
import collections
import datetime
import random
import statistics
import time

from generators.chesspy import STAGE_TABLE, generate, make_stage, stage_numbers, stage_row
from generators.core import GenerationSpec
from solvers import get_genre
from solvers.chesspy.rules import LADDER, trace_with

CHESSPY = get_genre("chesspy")


def row_label(row) -> str:
    days = "" if row["days"] == "every" else f" ({row['days']})"
    return f"{row['first']:>2}-{row['last']:<2} {row['size']}x{row['size']}{days}"


def stages(days: int, start: datetime.date) -> None:
    """Print part 1: per stage-table row, the cost and the grades of its boards."""
    per_row: dict[str, list] = collections.defaultdict(list)
    total_ms = 0.0
    for offset in range(days):
        day = start + datetime.timedelta(days=offset)
        for stage in stage_numbers():
            begin = time.process_time()
            board = make_stage(day, stage)
            spent_ms = 1000 * (time.process_time() - begin)
            total_ms += spent_ms
            per_row[row_label(stage_row(day, stage))].append((board, spent_ms))
    print(f"{days} daily sets from {start} ({total_ms / 1000 / days:.2f} CPU s a day)")
    print(f"{'stages':<20}{'boards':>7}{'attempts':>10}{'max':>6}{'ms med':>8}{'p90':>8}"
          f"{'steps min/med/max':>19}   highest rule 1/2/3/4")
    for row in STAGE_TABLE:
        label = row_label(row)
        made = per_row.get(label)
        if not made:
            continue
        attempts = [board.attempts for board, _ in made]
        ms = [m for _, m in made]
        steps = [board.made.steps for board, _ in made]
        highest = collections.Counter(board.made.highest for board, _ in made)
        p90 = statistics.quantiles(ms, n=10, method="inclusive")[-1] if len(ms) > 1 else ms[0]
        print(f"{label:<20}{len(made):>7}{statistics.mean(attempts):>10.2f}{max(attempts):>6}"
              f"{statistics.median(ms):>8.1f}{p90:>8.1f}"
              f"{min(steps):>8}/{statistics.median(steps):g}/{max(steps)}".ljust(75)
              + "   " + "/".join(str(highest.get(i, 0)) for i in range(len(LADDER))))


def ranks(values: list[float]) -> list[float]:
    """Return the ranks of `values` (ties share their mean rank)."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in order[i : j + 1]:
            result[k] = (i + j) / 2
        i = j + 1
    return result


def spearman(xs: list[float], ys: list[float]) -> float:
    """Return the Spearman rank correlation of two equally long lists."""
    return statistics.correlation(ranks(xs), ranks(ys))


def signals(boards: int) -> None:
    """Print part 2: rank correlations between size, the solver's signals and effort proxies."""
    rng = random.Random(7)
    rows: list[dict[str, int]] = []
    while len(rows) < boards:
        size = rng.choice((3, 4, 5, 6, 7))
        candidate = generate(rng, GenerationSpec(size, size))
        if candidate is None:
            continue
        puzzle = candidate.puzzle
        trace = trace_with(puzzle, frozenset(LADDER), keep_steps=False)
        lowest = next(i for i in range(len(LADDER)) if CHESSPY.deduce(puzzle, i).solved)
        rows.append({
            "cells": size * size,
            "pieces": puzzle.pieces,
            "numbers": CHESSPY.clue_count(puzzle),
            "steps": trace.deduction.steps,
            "highest": trace.highest + 1,
            "lowest": lowest + 1,
            "rule3+4 steps": sum(trace.deduction.rule_steps.get(r, 0) for r in LADDER[2:]),
            "guesses@number": CHESSPY.count(puzzle, 2, level="number").nodes,
            "brute nodes": CHESSPY.count(puzzle, 2, "brute").nodes,
        })
    names = list(rows[0])
    print(f"\n{boards} bank boards (3x3..7x7 at random, defaults of generate, no filter)")
    by_size = collections.defaultdict(list)
    for row in rows:
        by_size[row["cells"]].append(row)
    print(f"{'size':>5}{'boards':>7}{'steps med':>10}{'steps IQR':>11}   highest 1/2/3/4"
          "   highest > lowest")
    for cells in sorted(by_size):
        group = by_size[cells]
        steps = [r["steps"] for r in group]
        q = statistics.quantiles(steps, n=4, method="inclusive") if len(steps) > 1 \
            else [steps[0]] * 3
        highest = collections.Counter(r["highest"] for r in group)
        above = sum(r["highest"] > r["lowest"] for r in group)
        side = int(cells ** 0.5)
        print(f"{side}x{side:<3}{len(group):>7}{statistics.median(steps):>10g}"
              f"{q[0]:>6g}-{q[2]:<4g}   "
              + "/".join(str(highest.get(i, 0)) for i in range(1, len(LADDER) + 1)).ljust(18)
              + f"{above}/{len(group)}")
    print("\nSpearman rank correlations")
    print(" " * 16 + "".join(f"{name:>15}" for name in names))
    for a in names:
        coefficients = [spearman([r[a] for r in rows], [r[b] for r in rows]) for b in names]
        print(f"{a:<16}" + "".join(f"{c:>15.2f}" for c in coefficients))
    for cells_size in sorted(by_size):
        group = by_size[cells_size]
        if len(group) < 20:
            continue
        within = {proxy: spearman([r["steps"] for r in group], [r[proxy] for r in group])
                  for proxy in ("guesses@number", "brute nodes", "numbers")}
        side = int(cells_size ** 0.5)
        print(f"within {side}x{side}: steps vs " +
              ", ".join(f"{k} {v:.2f}" for k, v in within.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=28)
    parser.add_argument("--start", type=datetime.date.fromisoformat,
                        default=datetime.date(2026, 11, 1))
    parser.add_argument("--boards", type=int, default=300)
    args = parser.parse_args()
    stages(args.days, args.start)
    signals(args.boards)


if __name__ == "__main__":
    main()
