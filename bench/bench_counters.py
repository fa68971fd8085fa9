"""The independent CP-SAT counters, old against new: CPU time per count to 2 on stored samples.

Run: python bench/bench_counters.py [--baseline REV] [--rounds 3] [SAMPLE ...]. A sample is a
file in bench/samples/ named <genre>_<W>x<H>.txt, one generated puzzle text per line (write a
new one with --write GENRE SIZE N: the first N graded puzzles of seeds 1, 2, ...). The baseline
is the genre's counter module as git holds it at REV, loaded beside the work tree's; each puzzle
is counted by both in turn, `--rounds` times, and both must give the same count, truncation and
solution set. Prints medians and p90s of CPU milliseconds and the ratio of the medians.
"""

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import summary, timed

from generators import Candidate, GenerationSpec, get_generator
from solvers import get_genre

SAMPLES = Path(__file__).with_name("samples")
DEFAULT = ("slant_7x7", "slant_10x10", "shakashaka_6x6", "shakashaka_8x8", "shakashaka_10x10")


def baseline_counter(genre: str, rev: str):
    """Return count_cpsat of solvers/<genre>/cpsat.py as git holds it at `rev`."""
    source = subprocess.run(["git", "show", f"{rev}:solvers/{genre}/cpsat.py"], check=True,
                            capture_output=True, text=True).stdout
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"baseline_{genre}_cpsat.py"
        path.write_text(source)
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return module.count_cpsat


def write_sample(genre: str, size: int, n: int) -> Path:
    """Write the first n graded puzzles of seeds 1, 2, ... of a size x size bucket; return the
    file."""
    shown, generator, seed = get_genre(genre), get_generator(genre), 0
    texts: list[str] = []
    while len(texts) < n:
        seed += 1
        candidate = generator.generate(random.Random(seed), GenerationSpec(size, size))
        if isinstance(candidate, Candidate):
            texts.append(shown.format(candidate.puzzle))
    path = SAMPLES / f"{genre}_{size}x{size}.txt"
    path.write_text("\n".join(texts) + "\n")
    return path


def compare(name: str, rev: str, rounds: int) -> None:
    """Print old and new CPU ms per count to 2 on one sample, checking they agree."""
    genre = name.split("_")[0]
    shown = get_genre(genre)
    old, new = baseline_counter(genre, rev), shown.counters["cpsat"]
    puzzles = [shown.parse(line) for line in (SAMPLES / f"{name}.txt").read_text().splitlines()]
    times: dict[str, list[float]] = {"old": [], "new": []}
    calls: dict[str, list[int]] = {"old": [], "new": []}
    for turn in range(rounds):
        for i, puzzle in enumerate(puzzles):
            order = ("old", "new") if (i + turn) % 2 == 0 else ("new", "old")
            counts = {}
            for which in order:
                count, ms = timed(old if which == "old" else new, puzzle, 2)
                counts[which] = count
                times[which].append(ms)
                calls[which].append(count.nodes)
            a, b = counts["old"], counts["new"]
            assert (a.count, a.truncated, set(a.solutions)) == \
                   (b.count, b.truncated, set(b.solutions)), (name, shown.format(puzzle))
    for which in ("old", "new"):
        print(f"{name:18s} {which} {summary(times[which])}   "
              f"median solver calls {statistics.median(calls[which])}")
    ratio = statistics.median(times["old"]) / statistics.median(times["new"])
    print(f"{name:18s} {len(puzzles)} puzzles x {rounds}: new is {ratio:.1f}x faster (medians)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("samples", nargs="*", default=DEFAULT)
    parser.add_argument("--baseline", default="61bce07", help="git revision of the old counters")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--write", nargs=3, metavar=("GENRE", "SIZE", "N"))
    args = parser.parse_args()
    if args.write:
        genre, size, n = args.write
        print(write_sample(genre, int(size), int(n)))
        sys.exit(0)
    print(f"baseline {args.baseline}, load average {os.getloadavg()[0]:.1f} at start")
    for name in args.samples:
        compare(name, args.baseline, args.rounds)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
