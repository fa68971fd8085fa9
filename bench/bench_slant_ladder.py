"""Reproduce the Slant reference's ladder tables: incremental, ablation and the 10x10 density sweep.

Run: python bench/bench_slant_ladder.py [--boards 300] [--sweep-boards 150]. Boards are
unfiltered samples (random filling, clues kept at the density), as in the reference.
"""

import argparse
import time

from generators.ladder_report import measure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=300)
    parser.add_argument("--sweep-boards", type=int, default=150)
    args = parser.parse_args()
    for n in (5, 7, 10):
        start = time.perf_counter()
        report = measure("slant", n, n, args.boards, seed=0, options={"density": 0.75},
                         branchings=True)
        print(report.format())
        print(f"({time.perf_counter() - start:.1f} s)\n")
    print(f"10x10 density sweep, {args.sweep_boards} boards a point")
    print(f"{'density':>8} {'unique':>8} {'probe':>8} {'count':>8}")
    for step in range(11):
        density = round(0.55 + 0.04 * step, 2)
        report = measure("slant", 10, 10, args.sweep_boards, seed=1, options={"density": density})
        rates = (report.unique, report.incremental["probe"], report.incremental["count"])
        print(f"{density:8.2f}" + "".join(f" {100 * rate:7.1f}%" for rate in rates))


if __name__ == "__main__":
    main()
