"""Explanations at bank sizes: trace bytes per row, CPU time to explain a puzzle (beside the
time to grade it, measured on the same puzzle in the same loop), and the score's spread per grade.

Run: python bench/bench_explain.py [--puzzles 10] [--genres slant araf ...]. Prints one line per
(genre, size, grade): n, trace bytes (median, max), explain ms and grade ms (median, p90),
score median [min..max]. Puzzles come from the genre's generator with seeds 0, 1, ...
"""

import argparse
import random
import statistics

from timing import summary, timed

from generators import Candidate, GenerationSpec, get_generator
from generators.colorsort import preset_spec
from solvers import get_explainer, get_genre
from solvers.core.explain import encode, score

SIZES = {"slant": ((7, 7), (10, 10)), "shakashaka": ((8, 8), (10, 10)), "araf": ((6, 6), (8, 8)),
         "chesspy": ((6, 6), (8, 8)), "colorsort": (None,)}
COLORSORT_PRESET = {"easy": "4x4", "medium": "7x4", "hard": "11x4-duplicate",
                    "expert": "14x6-duplicates"}
# The grades the generators reach at these sizes (Shakashaka's clues and parity, Chesspy's zero
# and Araf's search do not come out of 300 seeds).
GRADES = {"slant": ("count", "cycle", "duet", "probe"), "shakashaka": ("tips", "reflex", "search"),
          "araf": ("cell", "ration"), "chesspy": ("number", "board", "type"),
          "colorsort": ("easy", "medium", "hard", "expert")}
SEEDS = 300


def spec_of(genre: str, size: tuple[int, int] | None, grade: str) -> GenerationSpec:
    if genre == "colorsort":
        return preset_spec(COLORSORT_PRESET[grade], grade)
    assert size is not None
    return GenerationSpec(*size, grade)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--puzzles", type=int, default=10)
    parser.add_argument("--genres", nargs="+", default=list(SIZES))
    args = parser.parse_args()
    print(f"{'genre':10s} {'size':6s} {'grade':8s} {'n':>3s}  trace bytes (median/max)   "
          f"explain ms{'':24s}grade ms{'':26s}score median [min..max]")
    for name in args.genres:
        genre, explainer, generator = get_genre(name), get_explainer(name), get_generator(name)
        for size in SIZES[name]:
            for grade in GRADES[name]:
                sizes, explain_ms, grade_ms, scores = [], [], [], []
                for seed in range(SEEDS):
                    made = generator.generate(random.Random(seed), spec_of(name, size, grade))
                    if not isinstance(made, Candidate):
                        continue
                    trace, ms = timed(explainer.explain, made.puzzle, made.solution)
                    _, graded_ms = timed(genre.grade, made.puzzle)
                    width = genre.dimensions(made.puzzle)[0]
                    sizes.append(len(encode(trace, width).encode()))
                    explain_ms.append(ms)
                    grade_ms.append(graded_ms)
                    scores.append(score(trace, explainer.weights).value)
                    if len(scores) == args.puzzles:
                        break
                shown = "x".join(map(str, size)) if size else "preset"
                if not scores:
                    print(f"{name:10s} {shown:6s} {grade:8s} {0:3d}  (no puzzle in {SEEDS} seeds)")
                    continue
                print(f"{name:10s} {shown:6s} {grade:8s} {len(scores):3d}  "
                      f"{statistics.median(sizes):8.0f} / {max(sizes):6d}   "
                      f"{summary(explain_ms)}   {summary(grade_ms)}   "
                      f"{statistics.median(scores):6.0f} [{min(scores)}..{max(scores)}]",
                      flush=True)


if __name__ == "__main__":
    main()
