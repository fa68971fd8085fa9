"""A nightly five-genre spec built end to end by `puzzlebank build --spec`: where its wall time
goes, and the CPU a shipped puzzle costs per genre.

Run: python bench/bench_nightly.py [--per-grade 20] [--workers 2] [--plan-days 7].

The spec is bench_app_night's (one bank per genre, two sizes a genre, every reachable grade), with
`plan_days` so that the night ends with its calendar extensions, as `schedule --spec` runs it.
One `build --spec` process runs on a fresh root with no server running (so it starts its private
Prefect server, as a cron job's build does) and PREFECT_API_URL removed, with Prefect's task
logs on its console; each line it prints is timed as it arrives. Printed:

- wall seconds in all, and the fixed costs and their share of it: start (process start to the
  first flow run: imports, spec checks and the private server's start, which the CLI overlaps
  with the fork server's warm-up), imports alone (timed apart in a fresh interpreter, median of
  3) and a private server's start alone (timed apart, once), Prefect's own time per flow run
  (each bank's wall less its tasks'), the banks' plan, write and commit tasks, the calendar
  extensions, and the stop (last line to exit: the server's and the pool's shutdown);
- per genre: puzzles, the bank's wall seconds (its flow run to its outcome line), its fill and
  re-verification seconds, and CPU ms a shipped puzzle: the works' CPU (generate, grade, gate)
  plus the flow process's own during the fill (admission), from the manifest's timeline (a
  flow process that used at least the works' CPU ran them itself: theirs is taken out of it);
- CPU seconds of the whole process tree (os.wait4: the build, its server, its pool).
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from bench_app_night import GENRES, PUZZLEBANK, spec_text

TASK_DONE = re.compile(r"Task run '([a-z-]+?)-[0-9a-f]+' - Finished in state")
STAGES = ("plan", "fill", "write", "re-verify", "commit")
IMPORTS = ("import time; t = time.perf_counter(); import pipeline.cli, pipeline.nightly, "
           "pipeline.flows, pipeline.schedule, solvers.slant, solvers.shakashaka, solvers.araf, "
           "solvers.chesspy, solvers.colorsort; print(time.perf_counter() - t)")


def import_seconds() -> float:
    """Return the median wall seconds of importing the build's modules in a fresh interpreter."""
    times = [float(subprocess.run([sys.executable, "-c", IMPORTS], check=True, text=True,
                                  capture_output=True).stdout) for _ in range(3)]
    return statistics.median(times)


def server_seconds(root: Path) -> float:
    """Return the wall seconds a private Prefect server of `root` takes to answer (started in a
    fresh interpreter with no PREFECT_API_URL, timed once its module is imported)."""
    code = ("import sys, time; from pipeline.server import local_server; t = time.perf_counter()\n"
            "with local_server(sys.argv[1]):\n    print(time.perf_counter() - t)")
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"}
    root.mkdir(parents=True, exist_ok=True)
    return float(subprocess.run([sys.executable, "-c", code, str(root)], check=True, text=True,
                                capture_output=True, env=env).stdout)


def night(spec: Path, root: Path) -> tuple[float, float, list[tuple[float, str]]]:
    """Run `build --spec` (exit 0 or the test of the numbers is void); return its wall seconds,
    its process tree's CPU seconds and its printed lines, each with its second since start."""
    env = {k: v for k, v in os.environ.items() if k != "PREFECT_API_URL"} | {
        "PREFECT_LOGGING_LEVEL": "INFO", "PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL": "INFO"}
    start = time.perf_counter()
    process = subprocess.Popen([PUZZLEBANK, "build", "--spec", str(spec), "--root", str(root)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env=env)
    assert process.stdout is not None
    lines = [(time.perf_counter() - start, line.rstrip("\n")) for line in process.stdout]
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit("build --spec failed:\n" + "\n".join(line for _, line in lines[-30:]))
    return wall, usage.ru_utime + usage.ru_stime, lines


def manifest_stats(root: Path, bank: str) -> dict[str, float]:
    """Return the bank's version-0 build statistics: rows, fill seconds, works' and flow's CPU."""
    from banks import BankStore

    manifest = BankStore(root).snapshot(bank, 0).manifest()
    stats = manifest.build_stats
    timeline = stats.get("timeline", {})
    works, parent = timeline.get("task_cpu", 0.0), timeline.get("parent_cpu", 0.0)
    if parent >= works:  # the works ran in the flow's own process (a first plan of one work)
        parent -= works
    return {"rows": manifest.row_count, "fill": stats["fill_seconds"], "task_cpu": works,
            "parent_cpu": parent}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-grade", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--plan-days", type=int, default=7)
    parser.add_argument("--log", type=Path, help="write the build's lines there, each timed")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    imports = import_seconds()
    with tempfile.TemporaryDirectory() as folder:
        server = server_seconds(Path(folder) / "alone")
        spec, root = Path(folder) / "app.toml", Path(folder) / "root"
        spec.write_text(spec_text(args.per_grade, args.workers, args.plan_days))
        wall, cpu, lines = night(spec, root)
        stats = {genre: manifest_stats(root, genre) for genre in GENRES}
    if args.log:
        args.log.write_text("".join(f"{at:8.2f} {line}\n" for at, line in lines))
    runs = [at for at, line in lines if line.startswith("prefect run: ")]
    outcomes = {genre: at for at, line in lines for genre in GENRES
                if line.startswith(f"{genre}: published version ")}
    calendars = [at for at, line in lines if ": calendar planned through" in line]
    assert len(outcomes) == len(GENRES) and len(calendars) == len(GENRES), "\n".join(
        line for _, line in lines if "published" in line or "calendar" in line)
    stage: dict[str, float] = defaultdict(float)
    per_bank: list[dict[str, float]] = []
    mark = runs[0]
    bank_stages: dict[str, float] = {}
    for at, line in lines:
        if (found := TASK_DONE.search(line)) and found.group(1) in STAGES:
            stage[found.group(1)] += at - mark
            bank_stages[found.group(1)] = at - mark
            mark = at
        elif line.startswith("prefect run: "):
            mark = at
        if any(line.startswith(f"{genre}: published version ") for genre in GENRES):
            per_bank.append(bank_stages)
            bank_stages = {}
    start = runs[0]
    banks = max(outcomes.values()) - start
    flow_runs = banks - sum(stage.values())  # Prefect's own per flow run, between the tasks
    calendar = max(calendars) - max(outcomes.values())
    stop = wall - lines[-1][0]
    print(f"nightly five-genre build --spec, {args.per_grade} per grade, {args.workers} workers, "
          f"plan_days {args.plan_days}: {wall:.1f} s wall, {cpu:.1f} s CPU (process tree); "
          f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after")
    fixed = {"start (imports, server, warm-up)": start, "  imports alone (timed apart)": imports,
             "  server start alone (timed apart)": server, "flow runs (Prefect, between tasks)":
             flow_runs, "plan tasks": stage["plan"], "write tasks": stage["write"],
             "commit tasks": stage["commit"], "calendar extensions": calendar, "stop": stop}
    for name, seconds in fixed.items():
        print(f"  {name:34s} {seconds:7.1f} s  {100 * seconds / wall:5.1f}%")
    total_fixed = sum(v for k, v in fixed.items() if not k.startswith("  "))
    print(f"  {'fixed costs in all':34s} {total_fixed:7.1f} s  {100 * total_fixed / wall:5.1f}%")
    print(f"  {'fill tasks':34s} {stage['fill']:7.1f} s  {100 * stage['fill'] / wall:5.1f}%")
    print(f"  {'re-verify tasks':34s} {stage['re-verify']:7.1f} s  "
          f"{100 * stage['re-verify'] / wall:5.1f}%")
    print(f"{'genre':11s} {'sizes':9s} {'puzzles':>7s} {'bank s':>7s} {'fill s':>7s} "
          f"{'verify s':>8s} {'CPU ms/puzzle':>13s} {'(works':>7s} {'+ flow)':>7s}")
    previous = start
    for (genre, sizes), own in zip(GENRES.items(), per_bank, strict=True):
        got = stats[genre]
        works, flow = (1000 * got["task_cpu"] / got["rows"], 1000 * got["parent_cpu"] / got["rows"])
        print(f"{genre:11s} {'+'.join(sizes):9s} {int(got['rows']):7d} "
              f"{outcomes[genre] - previous:7.1f} {got['fill']:7.1f} "
              f"{own.get('re-verify', 0.0):8.1f} {works + flow:13.1f} {works:7.1f} {flow:7.1f}")
        previous = outcomes[genre]
    puzzles = int(sum(got["rows"] for got in stats.values()))
    print(f"all        {puzzles:7d} puzzles, {1000 * cpu / puzzles:.1f} ms CPU a puzzle for the "
          f"whole process tree, {1000 * wall / puzzles:.1f} ms wall")


if __name__ == "__main__":
    main()
