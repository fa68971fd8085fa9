"""The capacity commands: `grades` prints a genre's reachability table, `bench` measures one
bucket on this machine; and the build's up-front bucket check. cli.py registers them
(`add_grades`, `add_bench`); both run in process, with no Prefect.

Vocabulary as in generators/reachability.py and pipeline/capacity.py.
"""

import argparse
import json
import sys
from collections.abc import Sequence

from pipeline.arguments import InputError, count_arg, seed_arg, size_arg
from pipeline.commands.common import Register, check_grade, check_size
from pipeline.commands.rendering import table_text
from pipeline.sizes import Size

ATTEMPTS_PER_PUZZLE = 100  # bench's attempt cap per wanted puzzle: a build's default budget
BENCH_PUZZLES = 10


def add_grades(command: Register) -> None:
    """Add `grades`."""
    grades = command("grades", cmd_grades,
                     "print which grades a genre's generator reaches per size, and their cost")
    grades.add_argument("genre", metavar="GENRE")
    grades.add_argument("--size", type=size_arg, help="WxH: that size only")
    grades.add_argument("--json", action="store_true",
                        help="a list of {size, grade, reachable, hit_rate, ms_per_puzzle}")


def add_bench(command: Register) -> None:
    """Add `bench`."""
    bench = command("bench", cmd_bench,
                    "make N graded puzzles of one bucket on one core; print CPU ms per puzzle")
    bench.add_argument("genre", metavar="GENRE")
    bench.add_argument("--size", type=size_arg, required=True)
    bench.add_argument("--grade", help="a ladder level (default: any grade)")
    bench.add_argument("--puzzles", type=count_arg, default=BENCH_PUZZLES)
    bench.add_argument("--seed", type=seed_arg, default=0)
    bench.add_argument("--stages", action="store_true",
                       help="also CPU ms per graded puzzle and share of each stage")
    bench.add_argument("--json", action="store_true", help="one JSON object")


def planned_buckets(genre: str, sizes: Sequence[Size], grades: Sequence[str] | None,
                    ) -> list[tuple[Size, str]]:
    """Return the build's buckets (pipeline.quotas.planned); InputError naming the reachable
    grades when a bucket is not reachable."""
    from generators.reachability import UnreachableError
    from pipeline.quotas import planned

    try:
        return planned(genre, sizes, grades)
    except UnreachableError as error:
        raise InputError(str(error)) from None


def cmd_grades(args: argparse.Namespace) -> int:
    """Print the genre's table (or one size of it) as text or JSON; 2 for an unmeasured size."""
    from generators.reachability import load, why_unreachable
    from solvers import get_genre

    get_genre(args.genre)
    table = load(args.genre)
    sizes = table.sizes()
    if args.size and str(args.size) not in sizes:
        raise InputError(f"{args.genre} has no measure at {args.size} "
                         f"(measured sizes: {', '.join(sizes) or 'none'})")
    measures = table.at(str(args.size)) if args.size else table.measures
    rows = [m.summary(why_unreachable(args.genre, m)) for m in measures]
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"{args.genre}: measured by bench/bench_reachability.py, seed {table.seed}, "
          f"commit {table.commit[:12]}, at most {table.max_attempts} attempts a bucket")
    shown = [{"size": r["size"], "grade": r["grade"],
              "reachable": "yes" if r["reachable"] else "no",
              "hit rate": f"{r['hit_rate']:.1%}",
              "ms/puzzle": "-" if r["ms_per_puzzle"] is None else f"{r['ms_per_puzzle']:.1f}",
              "why not": r["why"] or ""}
             for r in rows]
    print(table_text(shown, ("size", "grade", "reachable", "hit rate", "ms/puzzle", "why not")))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Make --puzzles graded puzzles of the bucket, every attempt paid; print the CPU cost.
    2 when the table says the bucket is unreachable; 1 when the attempt cap (ATTEMPTS_PER_PUZZLE
    per puzzle) ran out first (what was made is printed)."""
    from pipeline.capacity import run_bucket
    from solvers import get_genre

    genre = get_genre(args.genre)
    check_size(genre, args.size)
    if args.grade is not None:
        check_grade(genre, args.grade)
        planned_buckets(genre.name, [args.size], [args.grade])
    run = run_bucket(genre.name, args.size, args.grade, args.puzzles, args.seed,
                     ATTEMPTS_PER_PUZZLE * args.puzzles, args.stages)
    if args.json:
        print(json.dumps(run.as_json()))
    else:
        ms = run.cpu_ms_per_puzzle
        print(f"{genre.name} {args.size}/{args.grade or 'any grade'}: {run.graded} graded "
              f"puzzles in {run.attempts} attempts, "
              + ("none made" if ms is None else
                 f"{ms:.1f} CPU ms per graded puzzle ({run.graded_per_second:.2f} per second)"))
        if args.stages:
            shown = [{"stage": name, "ms/puzzle": "-" if ms is None else f"{ms:.2f}",
                      "share": f"{share:.1%}"} for name, ms, share in run.stage_rows()]
            print(table_text(shown, ("stage", "ms/puzzle", "share")))
    if run.graded < args.puzzles:
        print(f"puzzlebank: bench: made {run.graded} of {args.puzzles} in {run.attempts} "
              f"attempts", file=sys.stderr)
        return 1
    return 0
