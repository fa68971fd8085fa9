"""The timeline of one CLI command, a build usually: wall-clock stamps at each step (issue 13).

Run: python bench/trace_build.py build demo --genre slant --size 5x5 --per-grade 3 --root R
(any `puzzlebank` arguments; against a running server when PREFECT_API_URL is set or the root's
`puzzlebank server` runs). It runs the command in a child process of its own, as the program
(pipeline.cli.main with no arguments), with its steps wrapped to note the time on entry (<) and
exit (>): the CLI's imports, the server reached and the flow's imports (preheat), the flow's start
(announce), the bank's lock and reads, the executor, the plan, the fill, the staging (write), the
re-verification, the commit, the flow's end, the log drain, main's return; then it prints each
stamp's seconds from the child's start and from the stamp before, and the child's exit last;
then the CPU seconds of the child and of its children until main returned (a busy machine skews
them less than the stamps).
"""

import contextlib
import json
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

CHILD = "--child"
MARK = "TRACE "
STAMPS: list[tuple[str, float]] = []


def stamp(name: str) -> None:
    """Note that `name` happens now."""
    STAMPS.append((name, time.time()))


def wrap(owner: Any, name: str, label: str) -> None:
    """Replace owner.name by a function that stamps its entry and its exit."""
    function: Callable[..., Any] = getattr(owner, name)

    def stamped(*args: Any, **kwargs: Any) -> Any:
        stamp(f"{label} <")
        try:
            return function(*args, **kwargs)
        finally:
            stamp(f"{label} >")

    setattr(owner, name, stamped)


def stamp_flows() -> None:
    """Wrap the stages of pipeline.flows, the run's announcement and drain, and the bank writer."""
    from banks import store
    from pipeline import flows, runs, session

    for name in ("build_one", "plan", "fill", "write", "verify", "commit", "verify_version"):
        wrap(flows, name, name)
    wrap(runs, "announce", "announce")
    wrap(session, "drain", "drain")
    for name in ("write", "read_pending", "commit", "shipped_ids"):
        wrap(store.BankWriter, name, f"writer.{name}")
    open_executor = flows.open_executor

    @contextlib.contextmanager
    def stamped_executor(*args: Any) -> Iterator[Any]:
        stamp("executor start <")
        with open_executor(*args) as entered:
            stamp("executor start >")
            try:
                yield entered
            finally:
                stamp("executor stop <")
        stamp("executor stop >")

    flows.open_executor = stamped_executor  # type: ignore[assignment]


def child(argv: list[str]) -> None:
    """Run the command as the program, with its steps stamped; print the stamps on stderr."""
    stamp("python up")
    from pipeline import cli, session

    stamp("cli imported")
    local_server = session.local_server

    @contextlib.contextmanager
    def stamped_server(*args: Any, **kwargs: Any) -> Iterator[str]:
        stamp("server wanted")
        with local_server(*args, **kwargs) as url:
            stamp("server reached, flow imported")
            stamp_flows()
            yield url

    session.local_server = stamped_server
    sys.argv = ["puzzlebank", *argv]
    status = cli.main()
    stamp("main returned")
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = {"this process": time.process_time(),
           "its children (fork server, workers, git)": children.ru_utime + children.ru_stime}
    print(MARK + json.dumps({"stamps": STAMPS, "cpu": cpu}), file=sys.stderr, flush=True)
    sys.exit(status)


def main() -> None:
    if sys.argv[1:2] == [CHILD]:
        child(sys.argv[2:])
        return
    started = time.time()
    done = subprocess.run([sys.executable, __file__, CHILD, *sys.argv[1:]], capture_output=True,
                          text=True)
    ended = time.time()
    marked = (line.removeprefix(MARK) for line in done.stderr.splitlines() if line.startswith(MARK))
    traced: dict[str, Any] = next((json.loads(line) for line in marked), {"stamps": [], "cpu": {}})
    before = started
    for name, when in [*traced["stamps"], ("process exit", ended)]:
        print(f"{name:32s} {when - started:8.3f} s  (+{when - before:.3f})")
        before = when
    for whose, seconds in traced["cpu"].items():
        print(f"CPU of {whose} until main returned: {seconds:.2f} s")
    print(done.stdout, end="")
    print("\n".join(line for line in done.stderr.splitlines() if not line.startswith(MARK)),
          file=sys.stderr)
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
