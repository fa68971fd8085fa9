"""An app's night: one `build --spec` of a five-genre spec (two sizes a genre, N per grade) in one
process and one flow run, against the same five genres built by five `build` commands one after
another (each its own process and, without a running server, its own private Prefect server).

Run: python bench/bench_app_night.py [--per-grade N] [--rounds N] [--workers N] [--singles-first].
Each round builds both into fresh roots, alternating which goes first; prints wall seconds of
each and their ratio, then the medians. PREFECT_API_URL is removed, as an operator's shell has it.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GENRES = {  # genre: its sizes, each with every reachable grade
    "slant": ["4x4", "5x5"],
    "shakashaka": ["6x6", "8x8"],
    "araf": ["4x4", "6x6"],
    "chesspy": ["4x4", "5x5"],  # 3x3 runs short of number puzzles at 20 a grade
    "colorsort": ["4x4", "6x4"],
}
PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))


def spec_text(per_grade: int, workers: int, plan_days: int = 0) -> str:
    """Return the five-genre spec file, one bank per genre (each planning `plan_days` of its
    calendar after its build when not 0)."""
    parts = []
    plan = f"plan_days = {plan_days}\n" if plan_days else ""
    for genre, sizes in GENRES.items():
        parts.append(f"[banks.{genre}]\nworkers = {workers}\n{plan}[[banks.{genre}.genres]]\n"
                     f'genre = "{genre}"\nsizes = {sizes!r}\nper_grade = {per_grade}\n')
    return "\n".join(parts).replace("'", '"')


def timed(command: list[str]) -> float:
    """Return the wall seconds of a command that must exit 0."""
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"}
    start = time.perf_counter()
    subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-grade", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--singles-first", action="store_true",
                        help="start with the five builds (rounds alternate from there)")
    args = parser.parse_args()
    nights, singles = [], []
    with tempfile.TemporaryDirectory() as folder:
        spec = Path(folder) / "app.toml"
        spec.write_text(spec_text(args.per_grade, args.workers))
        for n in range(args.rounds):
            def night(n: int = n) -> float:
                return timed([PUZZLEBANK, "build", "--spec", str(spec), "--root",
                              f"{folder}/night{n}"])

            def single(n: int = n) -> float:
                total = 0.0
                for genre, sizes in GENRES.items():
                    total += timed([PUZZLEBANK, "build", genre, "--genre", genre,
                                    *[f"--size={s}" for s in sizes],
                                    "--per-grade", str(args.per_grade), "--workers",
                                    str(args.workers), "--root", f"{folder}/single{n}"])
                return total

            order = (night, single) if (n + args.singles_first) % 2 == 0 else (single, night)
            times = {fn.__name__: fn() for fn in order}
            nights.append(times["night"])
            singles.append(times["single"])
            print(f"round {n + 1}: build --spec {times['night']:.1f} s, five builds "
                  f"{times['single']:.1f} s, ratio {times['night'] / times['single']:.2f}",
                  flush=True)
    print(f"median: build --spec {statistics.median(nights):.1f} s, five builds "
          f"{statistics.median(singles):.1f} s, ratio "
          f"{statistics.median(nights) / statistics.median(singles):.2f}")


if __name__ == "__main__":
    main()
