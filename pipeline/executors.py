"""Where a fill's and a re-verification's many short works run: one small seam, three places.

Vocabulary: an *executor* takes `submit(fn, work)` and gives back a *pending* value whose
`result()` is `fn(work)`; `abandon()` ends it at once on a stop (its workers killed mid-work),
`close()` ends it when done. The three: `InProcess` (a work runs in this process when its result
is asked for), `ProcessPool` (a concurrent.futures.ProcessPoolExecutor whose workers are forks
of the warm fork server, see pipeline.forkserver) and `DaskCluster` (a distributed.Client on a
LocalCluster of its own, or on a running scheduler's tcp:// address). Prefect is not here: the
works are plain functions, and the flow's tasks (pipeline.flows) hand them to an executor.
`open_executor` is the one place that decides pool or not. A Dask *choice* is the normalised
`--dask` text, "local:N" or "tcp://HOST:PORT" (`parse_dask`), what pipeline.jobs.Compute holds;
Dask is imported only when a DaskCluster starts, so the CLI checks a choice before its server.
"""

import contextlib
import os
import signal
import socket
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Generic, Protocol, TypeVar

from pipeline import forkserver

W = TypeVar("W")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)

LOCAL_DASK_CONFIG = {  # a LocalCluster's workers get this config from their nannies
    "distributed.worker.multiprocessing-method": "forkserver",
    # Dask's statistical profiler samples every thread's stack every 10 ms: about 30% more CPU
    "distributed.worker.profile.enabled": False,
    # an idle cluster's clocks: 1.3 CPU s in 15 s with the defaults, 0.25 with these
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    # no dashboard: the scheduler's HTTP server serves no page, on a free loopback port
    "distributed.scheduler.http.routes": [],
    "distributed.worker.http.routes": [],
}
NO_DASHBOARD = "127.0.0.1:0"  # the scheduler's HTTP server listens here (never on 8787)
LOCAL, TCP = "local", "tcp://"
DASK_FORMS = "local, local:N or tcp://HOST:PORT"


class Pending(Protocol[R_co]):
    """A submitted work's handle: concurrent.futures.Future, distributed.Future, or Deferred."""

    def result(self) -> R_co: ...


class Executor(Protocol):
    """Runs works: see the module."""

    workers: int

    def submit(self, fn: Callable[[W], R], work: W) -> Pending[R]: ...

    def abandon(self) -> None: ...

    def close(self) -> None: ...


class Deferred(Generic[R]):
    """A work to run in this process when its result is first asked for."""

    def __init__(self, fn: Callable[[W], R], work: W) -> None:
        self.run: Callable[[], R] | None = lambda: fn(work)
        self.value: R | None = None

    def result(self) -> R:
        """Return fn(work), run now the first time."""
        if self.run is not None:
            self.value, self.run = self.run(), None
        return self.value  # type: ignore[return-value]  # set above


class InProcess:
    """Runs each work in this process, in the order results are asked for."""

    workers = 1

    def submit(self, fn: Callable[[W], R], work: W) -> Pending[R]:
        """Return the work's Deferred."""
        return Deferred(fn, work)

    def abandon(self) -> None:
        """Nothing runs but in this thread, which the stop already left."""

    def close(self) -> None:
        """Nothing to end."""


def note_worker(pids: Any) -> None:
    """A pool worker's initializer: put its pid on the `pids` queue (see ProcessPool.abandon)."""
    pids.put(os.getpid())


class ProcessPool:
    """A ProcessPoolExecutor of `workers` forks of the warm fork server; works run in the
    order they were submitted (one queue)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        context = forkserver.context()
        self.pids = context.SimpleQueue()
        self.pool = ProcessPoolExecutor(workers, mp_context=context, initializer=note_worker,
                                        initargs=(self.pids,))

    def submit(self, fn: Callable[[W], R], work: W) -> Pending[R]:
        """Return the concurrent.futures.Future of fn(work) on the pool."""
        future: Future[R] = self.pool.submit(fn, work)
        return future

    def abandon(self) -> None:
        """Kill the workers mid-work and drop what is queued; wait for nothing."""
        while not self.pids.empty():
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pids.get(), signal.SIGKILL)
        self.pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Let the workers end, and wait for them."""
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskCluster:
    """A distributed.Client on a LocalCluster of `workers` single-threaded processes (forks
    of the warm fork server, no dashboard), or on the running scheduler at a tcp:// address."""

    def __init__(self, choice: str) -> None:
        import dask
        from distributed import Client, LocalCluster

        if choice.startswith("tcp://"):
            self.cluster = None
            self.client = Client(choice)  # type: ignore[no-untyped-call]
        else:
            dask.config.set(LOCAL_DASK_CONFIG)
            self.cluster = LocalCluster(  # type: ignore[no-untyped-call]
                n_workers=int(choice.partition(":")[2]), threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address=None,
                scheduler_kwargs={"dashboard_address": NO_DASHBOARD})
            self.client = Client(self.cluster)  # type: ignore[no-untyped-call]
        self.workers = len(self.client.scheduler_info(n_workers=-1)["workers"]) or 1

    def submit(self, fn: Callable[[W], R], work: W) -> Pending[R]:
        """Return the distributed.Future of fn(work)."""
        future: Pending[R] = self.client.submit(fn, work, pure=False)
        return future

    def abandon(self) -> None:
        """Drop the client (and the local cluster, its workers killed) without waiting."""
        with contextlib.suppress(Exception):
            self.close()

    def close(self) -> None:
        """Close the client, then the local cluster."""
        self.client.close()  # type: ignore[no-untyped-call]
        if self.cluster is not None:
            self.cluster.close()


def choose(workers: int, dask: str | None, works: int) -> Executor:
    """Return the executor for `workers` asked, a `dask` choice (parse_dask)
    and a first plan of `works` works: Dask when chosen; else a pool of no more workers than
    works when that is more than one (a pool costs seconds); else this process."""
    if dask:
        return DaskCluster(dask)
    started = min(workers, works)
    return ProcessPool(started) if started > 1 else InProcess()


@contextlib.contextmanager
def open_executor(workers: int, dask: str | None, works: int) -> Iterator[Executor]:
    """Yield the executor `choose` picks; on a stop (Stopped, KeyboardInterrupt) abandon it,
    else close it at the block's end."""
    from pipeline.interrupts import signal_of

    executor = choose(workers, dask, works)
    try:
        yield executor
    except BaseException as error:
        if signal_of(error) is not None:
            executor.abandon()
        else:
            executor.close()
        raise
    executor.close()


def parse_dask(text: str) -> str:
    """Return the choice `text` names ("local" means one worker per core); ValueError if none.

    local:N needs a whole N >= 1; tcp://HOST:PORT a host and a port in 1..65535.
    """
    text = text.strip()
    if text == LOCAL:
        return f"{LOCAL}:{os.cpu_count() or 1}"
    kind, colon, count = text.partition(":")
    if kind == LOCAL and colon:
        if not count.isdecimal() or int(count) < 1:
            raise ValueError(f"--dask {text!r}: the worker count N of local:N must be "
                             "a whole number >= 1")
        return f"{LOCAL}:{int(count)}"
    if text.startswith(TCP):
        host, colon, port = text.removeprefix(TCP).rpartition(":")
        if not (host and colon and port.isdecimal() and 1 <= int(port) <= 65535):
            raise ValueError(f"--dask {text!r}: a scheduler address is tcp://HOST:PORT, "
                             "with a port in 1..65535")
        return f"{TCP}{host}:{int(port)}"
    raise ValueError(f"--dask {text!r}: expected {DASK_FORMS}")


def check_reachable(choice: str, timeout: float = 5.0) -> None:
    """Return when a tcp:// choice's scheduler accepts a connection (at once for local:N);
    ConnectionError naming the address when it does not, so a build fails in one line."""
    if not choice.startswith(TCP):
        return
    host, _, port = choice.removeprefix(TCP).rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as error:
        raise ConnectionError(f"--dask {choice}: no Dask scheduler answers ({error})") from None
