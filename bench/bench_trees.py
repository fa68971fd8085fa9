"""Two source trees side by side: `puzzlebank bench` run in each, alternately, medians compared.

Run: python bench/bench_trees.py BEFORE AFTER --rounds 6 -- araf --size 10x10 --puzzles 8
BEFORE and AFTER are source trees with their kernels built in place (a worktree of an older
commit: `git worktree add --detach DIR COMMIT`, then `python setup.py build_ext --inplace` in
DIR). Each round runs `puzzlebank bench ARGS...` once per tree, each in a fresh process with
that tree first on the path, the order flipped every other round (a shared machine's load
drifts); it prints every run's line, then each tree's median CPU ms per graded puzzle and the
ratio AFTER / BEFORE; with `--stages` among the bench's arguments, the same per stage too.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys

FIGURE = re.compile(r"([\d.]+) CPU ms per graded puzzle")
STAGE = re.compile(r"^(\S.*?)\s+([\d.]+)\s+[\d.]+%$", re.MULTILINE)  # a --stages table row


def run(tree: str, bench: list[str]) -> tuple[float, dict[str, float]]:
    """Return the CPU ms per graded puzzle `puzzlebank bench` prints when run from `tree`, and
    the CPU ms per graded puzzle of each stage its --stages table prints (none without it)."""
    code = f"import sys; from pipeline.cli import main; sys.exit(main({['bench', *bench]!r}))"
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": tree}, check=False)
    found = FIGURE.search(done.stdout)
    if not found:
        sys.exit(f"bench failed in {tree}: {done.stderr.strip()[-300:]}")
    print(f"{tree}: {done.stdout.strip().splitlines()[0]}", flush=True)
    return float(found.group(1)), {name: float(ms) for name, ms in STAGE.findall(done.stdout)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("bench", nargs="+", help="puzzlebank bench's arguments (after --)")
    args = parser.parse_args()
    spent: dict[str, list[float]] = {args.before: [], args.after: []}
    staged: dict[str, dict[str, list[float]]] = {args.before: {}, args.after: {}}
    for turn in range(args.rounds):
        trees = [args.before, args.after]
        for tree in trees if turn % 2 == 0 else trees[::-1]:
            total, stages = run(tree, args.bench)
            spent[tree].append(total)
            for name, ms in stages.items():
                staged[tree].setdefault(name, []).append(ms)
    medians = {tree: statistics.median(ms) for tree, ms in spent.items()}
    for tree, ms in medians.items():
        print(f"{tree}: median {ms:.1f} CPU ms per graded puzzle ({1000 / ms:.2f} per second)")
    print(f"after / before: {medians[args.after] / medians[args.before]:.3f}")
    for name, before in staged[args.before].items():
        after = staged[args.after].get(name)
        if after:
            b, a = statistics.median(before), statistics.median(after)
            ratio = f"{a / b:.3f}" if b else "-"
            print(f"  {name:22} median {b:8.2f} -> {a:8.2f} ms per graded puzzle  "
                  f"after / before {ratio}")


if __name__ == "__main__":
    main()
