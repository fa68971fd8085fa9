"""The timeline of one CLI command, a build usually: wall-clock stamps at each step (issue 13).

Run: python bench/trace_build.py build demo --genre slant --size 5x5 --per-grade 3 --root R
(any `puzzlebank` arguments; against a running server when PREFECT_API_URL is set or the root's
`puzzlebank server` runs). It runs the command in a child process of its own, as the program
(pipeline.cli.main with no arguments), with its steps wrapped to note the time on entry (<) and
exit (>): the CLI's imports, the server reached and the flow's imports (preheat), the flow's start
(announce), the bank's lock and reads, the executor, the plan, the fill, the staging (write), the
re-verification, the commit, the flow's end, the log drain, main's return; then it prints each
stamp's seconds from the child's start and from the stamp before, the child's CPU seconds since
the stamp before (a busy machine skews them less) and the Prefect API requests sent since (by
any thread of the child, through httpx), and the child's exit last; then the CPU seconds of the
child and of its children until main returned, and the API requests by method and path.
"""

import contextlib
import json
import resource
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

CHILD = "--child"
MARK = "TRACE "
STAMPS: list[tuple[str, float, float]] = []  # (step, wall time, the process's CPU seconds)
REQUESTS: list[tuple[float, str]] = []  # (wall time, "METHOD /path" with ids as {id})


def stamp(name: str) -> None:
    """Note that `name` happens now."""
    STAMPS.append((name, time.time(), time.process_time()))


def count_requests() -> None:
    """Note every request the process's httpx clients send (Prefect's API client)."""
    import httpx

    def noted(send: Callable[..., Any]) -> Callable[..., Any]:
        def sending(self: Any, request: httpx.Request, *args: Any, **kwargs: Any) -> Any:
            path = "/".join("{id}" if len(part) == 36 and part.count("-") == 4 else part
                            for part in request.url.path.split("/"))
            REQUESTS.append((time.time(), f"{request.method} {path}"))
            return send(self, request, *args, **kwargs)
        return sending

    httpx.Client.send = noted(httpx.Client.send)  # type: ignore[method-assign]
    httpx.AsyncClient.send = noted(httpx.AsyncClient.send)  # type: ignore[method-assign]


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
            count_requests()
            stamp_flows()
            yield url

    session.local_server = stamped_server
    sys.argv = ["puzzlebank", *argv]
    status = cli.main()
    stamp("main returned")
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = {"this process": time.process_time(),
           "its children (fork server, workers, git)": children.ru_utime + children.ru_stime}
    print(MARK + json.dumps({"stamps": STAMPS, "cpu": cpu, "requests": REQUESTS}),
          file=sys.stderr, flush=True)
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
    traced: dict[str, Any] = next((json.loads(line) for line in marked),
                                  {"stamps": [], "cpu": {}, "requests": []})
    before, cpu_before = started, 0.0
    requests = [when for when, _ in traced["requests"]]
    for name, when, cpu in traced["stamps"]:
        sent = sum(before <= at < when for at in requests)
        print(f"{name:32s} {when - started:8.3f} s  (+{when - before:.3f})  CPU "
              f"+{cpu - cpu_before:.3f}  requests {sent}")
        before, cpu_before = when, cpu
    print(f"{'process exit':32s} {ended - started:8.3f} s  (+{ended - before:.3f})")
    for whose, seconds in traced["cpu"].items():
        print(f"CPU of {whose} until main returned: {seconds:.2f} s")
    print(f"Prefect API requests: {len(requests)}")
    for path, count in Counter(path for _, path in traced["requests"]).most_common():
        print(f"    {count:3d} {path}")
    print(done.stdout, end="")
    print("\n".join(line for line in done.stderr.splitlines() if not line.startswith(MARK)),
          file=sys.stderr)
    sys.exit(done.returncode)


if __name__ == "__main__":
    main()
