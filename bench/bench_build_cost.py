"""The fixed cost of a build against a running server (issue 25): this checkout against another,
interleaved, and the part of it that is not Prefect's own import.

Run: python bench/bench_build_cost.py [--rounds 7] [--baseline CHECKOUT] [--no-trace]
CHECKOUT is another checkout of the project (e.g. `git worktree add --detach /tmp/before main`)
with its compiled kernels built in place (`python setup.py build_ext --inplace` with this venv's
Python). Every program runs with this venv's Python and its checkout first on the module path.
The script runs the root's `puzzlebank server` (pipeline.server.serve), as an operator does, and in
each round, for each checkout one after the other:
- a one-puzzle build (Slant 4x4, the count grade, one puzzle) as a process of its own, which finds
  the server through the root: its wall seconds and the CPU seconds of it and its children;
- `import prefect.flows` alone in a fresh process: its CPU seconds.
Prints each checkout's medians: wall, CPU, the import alone, and *ours*: the build's CPU (and wall)
less the import alone (what a build costs beyond importing Prefect); then the ratios of the
medians and the median of the rounds' paired CPU differences; the load average at the start and
end. Last (unless --no-trace), where one build of this checkout spends its time:
bench/trace_build.py's steps, with their CPU and API requests.
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pipeline.server import serve

HERE = Path(__file__).resolve().parent
TINY = ("--genre", "slant", "--size", "4x4", "--grade", "count", "--per-grade", "1")
PROGRAM = "import sys; from pipeline.program import main; sys.exit(main())"
IMPORT_PREFECT = ("import time; started = time.process_time(); import prefect.flows; "
                  "print(time.process_time() - started)")
SERVER_VARIABLES = ("PREFECT_API_URL", "PREFECT_HOME")  # the build finds the root's server


def environment(checkout: Path) -> dict[str, str]:
    """Return the environment of a process that runs `checkout`'s code: it first on the module
    path (and not the working folder, which `python -c` would put before it), the server found
    through the root as from an operator's shell."""
    env = {name: value for name, value in os.environ.items() if name not in SERVER_VARIABLES}
    return env | {"PYTHONPATH": str(checkout), "PYTHONSAFEPATH": "1"}


def children_cpu() -> float:
    """Return the CPU seconds of this process's finished children and their descendants."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def build(checkout: Path, root: Path, bank: str, seed: int) -> tuple[float, float]:
    """Run the one-puzzle build of `bank` with `checkout`'s code; return its wall seconds and
    the CPU seconds of its process tree. It must exit 0."""
    cpu = children_cpu()
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PROGRAM, "build", bank, *TINY, "--seed",
                           str(seed), "--root", str(root)], capture_output=True, text=True,
                          env=environment(checkout))
    wall = time.perf_counter() - started
    assert done.returncode == 0, done.stdout + done.stderr
    return wall, children_cpu() - cpu


def import_alone(checkout: Path) -> float:
    """Return the CPU seconds of `import prefect.flows` in a fresh process."""
    done = subprocess.run([sys.executable, "-c", IMPORT_PREFECT], capture_output=True,
                          text=True, check=True, env=environment(checkout))
    return float(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--baseline", type=Path, help="another checkout, measured alongside")
    parser.add_argument("--no-trace", action="store_true", help="skip the traced build")
    args = parser.parse_args()
    checkouts = {"this": HERE.parent}
    if args.baseline:
        checkouts["baseline"] = args.baseline.resolve()
    print(f"load average at start: {os.getloadavg()}", flush=True)
    with tempfile.TemporaryDirectory() as temp, serve(Path(temp)) as url:
        print(f"server {url}; {args.rounds} rounds", flush=True)
        seen: dict[str, dict[str, list[float]]] = {
            name: {"wall": [], "cpu": [], "import": []} for name in checkouts}
        for turn in range(args.rounds):
            order = list(checkouts.items())
            for name, checkout in order if turn % 2 == 0 else order[::-1]:
                wall, cpu = build(checkout, Path(temp), f"{name}{turn}", turn)
                alone = import_alone(checkout)
                for what, value in (("wall", wall), ("cpu", cpu), ("import", alone)):
                    seen[name][what].append(value)
                print(f"round {turn + 1} {name:8s}: wall {wall:.2f} s, CPU {cpu:.2f} s, "
                      f"`import prefect.flows` alone {alone:.2f} CPU s; load "
                      f"{os.getloadavg()[0]:.1f}", flush=True)
        medians = {name: {what: statistics.median(values) for what, values in seen[name].items()}
                   for name in checkouts}
        for name, one in medians.items():
            print(f"{name:8s} (medians of {args.rounds}): wall {one['wall']:.2f} s, CPU "
                  f"{one['cpu']:.2f} s, import alone {one['import']:.2f} s; ours (less the "
                  f"import): CPU {one['cpu'] - one['import']:.2f} s, wall "
                  f"{one['wall'] - one['import']:.2f} s")
        if "baseline" in medians:
            this, before = medians["this"], medians["baseline"]
            paired = statistics.median(one - other for one, other in
                                       zip(seen["this"]["cpu"], seen["baseline"]["cpu"],
                                           strict=True))
            print(f"this / baseline: wall {this['wall'] / before['wall']:.2f}, CPU "
                  f"{this['cpu'] / before['cpu']:.2f}, ours CPU "
                  f"{(this['cpu'] - this['import']) / (before['cpu'] - before['import']):.2f}; "
                  f"median of the rounds' CPU differences this - baseline {paired:+.2f} s")
        print(f"load average at end: {os.getloadavg()}", flush=True)
        if not args.no_trace:
            subprocess.run([sys.executable, str(HERE / "trace_build.py"), "build", "traced", *TINY,
                            "--root", temp], env=environment(HERE.parent), check=True)


if __name__ == "__main__":
    main()
