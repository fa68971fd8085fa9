"""Dask task runners for `--dask`: a LocalCluster of N worker processes, or an existing cluster.

Vocabulary: a *choice* is the normalised `--dask` text, "local:N" or "tcp://HOST:PORT"; it is
what the flows take as a parameter (plain text, so a deployment can store it). Neither Prefect
nor Dask is imported until a runner is made: the CLI checks a choice before its server is up.
"""

import os
import socket
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prefect.task_runners import TaskRunner

LOCAL, TCP = "local", "tcp://"
LOCAL_CONFIG = {  # for a LocalCluster's workers, which get this config from their nannies
    "distributed.worker.multiprocessing-method": "forkserver",
    # Dask's statistical profiler samples every thread's stack every 10 ms: it made a build's
    # tasks take about 30% more CPU than in the process pool
    "distributed.worker.profile.enabled": False,
    # the clocks of an idle cluster of 2 workers: 1.3-1.4 CPU seconds in 15 s with the defaults,
    # 0.25 with these (the event loop's blocking check every 20 ms in every process: 0.8 of it;
    # the memory monitor every 100 ms: 0.35; the system monitor, for a dashboard there is not:
    # 0.2). A loop blocked longer than tick.limit is still reported, and the memory limits
    # still met, up to a second later.
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
}
DASK_FORMS = "local, local:N or tcp://HOST:PORT"


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


def dask_runner(choice: str) -> "TaskRunner":
    """Return a DaskTaskRunner for a choice of parse_dask.

    local:N starts a LocalCluster of N single-threaded worker processes on 127.0.0.1 at the
    first task, with no dashboard (the scheduler's health endpoint takes 8787, or any free port
    if that is taken), and closes it, workers included, when the runner exits; tcp://...
    connects to a running scheduler and leaves its cluster alone. The local workers are forks
    of the warm fork server (Dask's own "forkserver" start method, see pipeline.forkserver),
    started now: each comes up with Prefect, Dask and the genres imported, where a spawned one
    imported them itself at its first task (seconds, inside the build's fill); the caller
    stops the fork server when the runner is done (see flows.running).
    """
    import dask
    from prefect_dask.task_runners import DaskTaskRunner

    from pipeline import forkserver
    from pipeline.dask_warm import WarmDaskTaskRunner

    choice = parse_dask(choice)
    if choice.startswith(TCP):
        return DaskTaskRunner(address=choice)
    forkserver.preheat()
    dask.config.set(LOCAL_CONFIG)
    workers = int(choice.removeprefix(f"{LOCAL}:"))
    return WarmDaskTaskRunner(cluster_class="distributed.LocalCluster", cluster_kwargs={
        "n_workers": workers, "threads_per_worker": 1, "processes": True,
        "host": "127.0.0.1", "dashboard_address": None,
    })
