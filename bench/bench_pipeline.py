"""Pipeline speed and waste, side by side in one run (issues 13 and 25's targets).

Run: python bench/bench_pipeline.py [--per-grade 125] [--rounds 3] [--skip-serial]
Every build is a `puzzlebank` process of its own, against one Prefect server this script runs
(so a build's fixed cost is what an operator with `puzzlebank server` pays), except the demo
build, which starts its private server as the README's first command does. The builds with 1
and 2 workers and on Dask are interleaved, `--rounds` times each, and every number below is the
median over the rounds. Prints:
- the speed-up of 2 workers over 1 on a CPU-bound Slant build (7x7 and 10x10, every grade,
  --per-grade each: 1,000 puzzles by default) beside the speed-up a pure-Python CPU burn of
  the same length gets from 2 processes, measured right after each 1-worker build, and their
  ratio (target >= 0.95), and each round's (and their median: the machine's speed drifts between
  rounds, so the medians of fills and burns may come from different rounds), with the ratio of
  the tasks' CPU seconds in the two builds (the same boards: above 1, each cost more with 2
  workers); Dask local:2 against the process pool (target within 5%); the README's demo spec
  with 2 and 1 workers (2 must not be slower);
- attempts per admitted puzzle against a serial stop-when-full run of the same streams (target
  <= 1.25x) and independent counts per admitted puzzle (target <= 1.1);
- the fixed cost of a build against a running server: its wall time less generation and
  re-verification (target <= 2 s), and a one-puzzle build's wall and CPU seconds beside the CPU
  seconds of `import prefect.flows` alone in a fresh process; the demo build's wall time from
  a cold start (target < 45 s on 2 idle cores); verify seconds per 1,000 Slant rows with 2
  workers, on the big build's rows (target <= 15 s), and with 1 worker for comparison;
- where each build's fill seconds went (pipeline.timeline): when the first task started, the
  workers' busy share, the tail (a worker idle at the end), CPU of the tasks, of the parent, of
  the build's process tree and of the Prefect server; --spans prints every task's span;
- the load average at the start and at the end, since the machine may not be idle.
Builds with 1 and 2 workers and on Dask must give byte-identical part files; checked too.
"""

import argparse
import hashlib
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import psutil

from banks import BankStore
from generators import GenerationSpec
from pipeline.admission import admit
from pipeline.batches import STREAM_BLOCK
from pipeline.seeds import derive_seed
from pipeline.server import local_server
from pipeline.timeline import summary

PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))
GRADES = ("count", "cycle", "duet", "probe")
BIG = ("--genre", "slant", "--size", "7x7", "--size", "10x10", "--seed", "2024")
DEMO = ("--genre", "slant", "--size", "5x5", "--size", "7x7", "--per-grade", "3", "--seed", "1")
TINY = ("--genre", "slant", "--size", "4x4", "--grade", "count", "--per-grade", "1")
IMPORT_PREFECT = ("import time; started = time.process_time(); import prefect.flows; "
                  "print(time.process_time() - started)")


def cli(*args: str, env: dict[str, str] | None = None) -> float:
    """Run `puzzlebank ARGS`; return its wall seconds (it must exit 0)."""
    started = time.perf_counter()
    done = subprocess.run([PUZZLEBANK, *args], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return time.perf_counter() - started


def children_cpu() -> float:
    """Return the CPU seconds of this process's finished children and all their descendants."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def server_cpu() -> float:
    """Return the CPU seconds the processes this one runs (the Prefect server) used so far."""
    return sum(sum(child.cpu_times()[:2]) for child in psutil.Process().children(recursive=True))


def build(root: Path, spec: tuple[str, ...], *runner: str) -> dict:
    """Build bank "b" into `root`; return {wall, stats, verify_seconds, digest, cpu, server}:
    `cpu` the CPU seconds of the build's process tree, `server` those of the Prefect server
    meanwhile."""
    cpu, server = children_cpu(), server_cpu()
    wall = cli("build", "b", *spec, "--root", str(root), *runner)
    cpu, server = children_cpu() - cpu, server_cpu() - server
    manifest = BankStore(root).snapshot("b").manifest(0)
    parts = sorted((root / "b").glob("part-*.parquet"))
    digest = hashlib.sha256(b"".join(path.read_bytes() for path in parts)).hexdigest()[:16]
    return {"wall": wall, "stats": manifest.build_stats, "digest": digest,
            "verify_seconds": manifest.verification["report"]["seconds"], "cpu": cpu,
            "server": server}


def timeline_line(run: dict) -> str:
    """Return where a build's fill seconds went (its manifest's timeline, see
    pipeline.timeline): first task's start, workers' busy share, tail, CPU of the tasks, of the
    parent, of the build's whole process tree and of the server."""
    line = run["stats"]["timeline"]
    return (f"first task at {line['first_start']:.2f} s, busy {line['busy_share']:.0%} of "
            f"{line['workers']} workers, tail {line['tail']:.2f} s, lag median "
            f"{line['lag_median']:.2f} s; CPU: tasks {line['task_cpu']:.1f} s, parent "
            f"{line['parent_cpu']:.1f} s, build process tree {run['cpu']:.1f} s, server "
            f"{run['server']:.1f} s")


def burn(n: int) -> int:
    """Spin the CPU in pure Python for n steps; return a checksum."""
    total = 0
    for i in range(n):
        total = (total + i * i) % 1000003
    return total


def burn_speedup(seconds: float) -> float:
    """Return how much faster 2 processes burn `seconds` of pure-Python CPU than 1 process."""
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(burn, [1000, 1000]))  # both workers up
        started = time.perf_counter()
        pool.submit(burn, 1_000_000).result()
        steps = int(1_000_000 * seconds / (time.perf_counter() - started))
        started = time.perf_counter()
        pool.submit(burn, steps).result()
        one = time.perf_counter() - started
        started = time.perf_counter()
        list(pool.map(burn, [steps // 2, steps // 2]))
        two = time.perf_counter() - started
    return one / two


def serial_attempts(sizes: list[str], per_grade: int, master: int) -> int:
    """Return the attempts of a serial run: each bucket's stream, board by board, until full."""
    attempts, seen = 0, set()
    for size in sizes:
        width, height = (int(n) for n in size.split("x"))
        for grade in GRADES:
            board = kept = 0
            while kept < per_grade:
                seed = derive_seed(master, size, grade, board // STREAM_BLOCK, board % STREAM_BLOCK)
                row = admit("slant", GenerationSpec(width, height, grade), seed)
                board += 1
                if isinstance(row, dict) and row["id"] not in seen:
                    seen.add(row["id"])
                    kept += 1
            attempts += board
    return attempts


RUNNERS = {"x1": ("--workers", "1"), "x2": ("--workers", "2"), "dask2": ("--dask", "local:2")}


def cpu_of(run: dict) -> float:
    """Return the CPU seconds of a build's generation tasks (its timeline's task CPU): the same
    boards in every build, so their ratio between builds shows how much more each board cost
    (2 workers share the cores' caches, and the machine's speed drifts between builds)."""
    return float(run["stats"]["timeline"]["task_cpu"])


def median(values: list[float]) -> float:
    """Return the median of some measurements."""
    return statistics.median(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-grade", type=int, default=125)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-serial", action="store_true", help="skip the serial count")
    parser.add_argument("--spans", action="store_true", help="print every task's span")
    args = parser.parse_args()
    big = (*BIG, "--per-grade", str(args.per_grade))
    print(f"load average at start: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as temp, local_server(Path(temp) / "server") as url:
        print(f"server {url}", flush=True)
        runs: dict[str, list[dict]] = {name: [] for name in RUNNERS}
        burns: list[float] = []
        for turn in range(args.rounds):
            for name, runner in RUNNERS.items():
                run = build(Path(temp) / f"{name}-{turn}", big, *runner)
                runs[name].append(run)
                stats = run["stats"]
                print(f"round {turn + 1} build {name:5s}: {stats['accepted']} puzzles, "
                      f"{stats['attempts']} attempts, {stats['tasks']} tasks, fill "
                      f"{stats['fill_seconds']:.1f} s, process {run['wall']:.1f} s, verify "
                      f"{run['verify_seconds']:.1f} s; load {os.getloadavg()[0]:.1f}", flush=True)
                print(f"    {timeline_line(run)}", flush=True)
                if args.spans:
                    print(summary(stats["timeline"]["spans"]), flush=True)
                if name == "x1":
                    burns.append(burn_speedup(stats["fill_seconds"]))
                    print(f"round {turn + 1} CPU burn x2/x1: {burns[-1]:.2f}", flush=True)

        def fill(name: str) -> float:
            return median([run["stats"]["fill_seconds"] for run in runs[name]])

        def wall(name: str) -> float:
            return median([run["wall"] for run in runs[name]])

        burn2 = median(burns)
        speedup = fill("x1") / fill("x2")
        print(f"speed-up x2/x1 (fill): {speedup:.2f}; CPU burn x2/x1: {burn2:.2f}; "
              f"ratio {speedup / burn2:.2f} (target >= 0.95)")
        paired = []
        for turn, (one, two, burned) in enumerate(zip(runs["x1"], runs["x2"], burns, strict=True)):
            each = one["stats"]["fill_seconds"] / two["stats"]["fill_seconds"]
            paired.append(each / burned)
            print(f"    round {turn + 1}: speed-up {each:.2f}, burn {burned:.2f}, ratio "
                  f"{each / burned:.2f}; the same tasks' CPU x2/x1 "
                  f"{cpu_of(two) / cpu_of(one):.2f}")
        print(f"    median of the rounds' ratios (each round's builds and burn side by side): "
              f"{median(paired):.2f}")
        whole = wall("x1") / wall("x2")
        print(f"speed-up x2/x1 (whole process): {whole:.2f}; ratio to burn {whole / burn2:.2f}")
        print(f"dask local:2 / process pool x2 (fill): {fill('dask2') / fill('x2'):.2f}; whole "
              f"process {wall('dask2') / wall('x2'):.2f} (target within 1.05)")
        for name in RUNNERS:
            lines = [run["stats"]["timeline"] for run in runs[name]]
            print(f"timeline {name:5s} (medians): first task at "
                  f"{median([line['first_start'] for line in lines]):.2f} s, busy "
                  f"{median([line['busy_share'] for line in lines]):.0%}, tail "
                  f"{median([line['tail'] for line in lines]):.2f} s, task CPU "
                  f"{median([line['task_cpu'] for line in lines]):.1f} s, parent CPU "
                  f"{median([line['parent_cpu'] for line in lines]):.1f} s, server CPU per build "
                  f"{median([run['server'] for run in runs[name]]):.1f} s")
        digests = {run["digest"] for name in RUNNERS for run in runs[name]}
        print(f"part files identical x1 / x2 / dask, every round: {len(digests) == 1}")
        x2 = runs["x2"]
        fixed = median([run["wall"] - run["stats"]["fill_seconds"] - run["verify_seconds"]
                        for run in x2])
        print(f"fixed cost of the x2 build against a running server: {fixed:.1f} s "
              f"(process wall less fill and re-verification; target <= 2 s)")
        tiny: dict[str, list[float]] = {"wall": [], "cpu": [], "import": []}
        for turn in range(max(3, args.rounds)):
            cpu = children_cpu()
            tiny["wall"].append(cli("build", f"t{turn}", *TINY, "--seed", str(turn), "--root",
                                    str(Path(temp) / "tiny")))
            tiny["cpu"].append(children_cpu() - cpu)
            tiny["import"].append(float(subprocess.run(
                [sys.executable, "-c", IMPORT_PREFECT], capture_output=True, text=True,
                check=True).stdout))
        print(f"fixed cost of a one-puzzle build against the running server: wall "
              f"{median(tiny['wall']):.1f} s, CPU {median(tiny['cpu']):.1f} s (target <= 2 s); "
              f"`import prefect.flows` alone: {median(tiny['import']):.2f} CPU s "
              f"(median of {len(tiny['wall'])})", flush=True)
        rows = x2[0]["stats"]["accepted"]
        inside = median([run["verify_seconds"] for run in x2])
        print(f"re-verify in the x2 build: {inside * 1000 / rows:.1f} s per 1000 rows "
              f"({rows} rows; target <= 15 s)")
        verify: dict[str, list[float]] = {"2": [], "1": []}
        for _ in range(args.rounds):
            for workers in verify:
                verify[workers].append(cli("verify", "b", "--root", str(Path(temp) / "x2-0"),
                                           "--workers", workers))
        print(f"verify command, whole process: 2 workers {median(verify['2']):.1f} s = "
              f"{median(verify['2']) * 1000 / rows:.1f} s per 1000 rows (target <= 15 s); "
              f"1 worker {median(verify['1']):.1f} s ({rows} rows)")
        print(f"independent counts per admitted puzzle: "
              f"{x2[0]['stats']['confirmed'] / rows:.3f} (target <= 1.1)", flush=True)
        if not args.skip_serial:
            serial = serial_attempts(["7x7", "10x10"], args.per_grade, 2024)
            print(f"attempts: {x2[0]['stats']['attempts']} against {serial} serial "
                  f"stop-when-full = {x2[0]['stats']['attempts'] / serial:.3f}x (target <= 1.25)",
                  flush=True)
        demo: dict[str, list[float]] = {"1": [], "2": []}
        for _ in range(max(2, args.rounds)):
            for workers in demo:
                root = Path(tempfile.mkdtemp(dir=temp))
                demo[workers].append(cli("build", "demo", *DEMO, "--workers", workers,
                                         "--root", str(root)))
        print(f"demo spec against the server: x1 {median(demo['1']):.1f} s, x2 "
              f"{median(demo['2']):.1f} s (median of {len(demo['1'])}; x2 must not be slower)",
              flush=True)
    cold = Path(tempfile.mkdtemp())
    env = {name: value for name, value in os.environ.items() if name != "PREFECT_API_URL"}
    seconds = cli("build", "demo", *DEMO, "--workers", "2", "--root", str(cold), env=env)
    print(f"README demo build, cold (private server): {seconds:.1f} s (target < 45 s idle); "
          f"load average now {os.getloadavg()}")


if __name__ == "__main__":
    main()
