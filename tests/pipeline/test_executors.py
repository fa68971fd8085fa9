"""The executors of a fill's works (pipeline.executors): the same results in this process, on the
warm pool and on a local Dask cluster; one decision of pool or not; an abandoned pool's workers
killed mid-work; a local cluster that serves no dashboard."""

import os
import socket
import time
import urllib.error
import urllib.request

import pytest

from pipeline.batches import Batch, Maker, Work
from pipeline.executors import DaskCluster, InProcess, ProcessPool, choose, open_executor
from pipeline.interrupts import Stopped
from pipeline.sizes import Size

WORKS = [Work((Batch(Size(4, 4), grade, 0, 6),)) for grade in ("count", "cycle", "duet")]


def outcomes(executor):
    """Return the outcomes of WORKS made on `executor` (spans left out: they say where)."""
    maker = Maker("slant", 5, {})
    return [pending.result().outcomes for pending in [executor.submit(maker, w) for w in WORKS]]


def test_the_pool_and_this_process_make_the_same_outcomes_and_the_pool_runs_elsewhere():
    here = outcomes(InProcess())
    with open_executor(2, None, 2) as pool:
        assert isinstance(pool, ProcessPool) and pool.workers == 2
        assert outcomes(pool) == here
        assert pool.submit(pid_of, None).result() != os.getpid()


def pid_of(_work):
    """Return the pid of the process a work runs in."""
    return os.getpid()


def test_one_decision_of_pool_or_not():
    assert isinstance(choose(1, None, 8), InProcess)
    assert isinstance(choose(4, None, 1), InProcess)  # a first plan of one work: no pool
    pool = choose(4, None, 3)
    try:
        assert isinstance(pool, ProcessPool) and pool.workers == 3  # no more than the works
    finally:
        pool.close()


def sleep_then_pid(seconds):
    """Sleep `seconds`, then return the pid (a work still running when abandoned)."""
    time.sleep(seconds)
    return os.getpid()


def test_an_abandoned_pool_kills_its_workers_mid_work():
    with pytest.raises(Stopped), open_executor(2, None, 2) as pool:
        pids = {pool.submit(pid_of, None).result() for _ in range(8)}
        pool.submit(sleep_then_pid, 600)
        raise Stopped(2)
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pids and not any(alive(pid) for pid in pids)


def alive(pid):
    """Return True when process `pid` runs (not gone, not a zombie)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def listening(port):
    """Return True when something accepts connections on 127.0.0.1:`port`."""
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.flow
def test_a_local_dask_cluster_makes_the_same_outcomes_and_serves_no_dashboard():
    here = outcomes(InProcess())
    was_listening = listening(8787)
    cluster = DaskCluster("local:2")
    try:
        assert cluster.workers == 2
        assert listening(8787) == was_listening  # nothing of ours took the dashboard's port
        link = cluster.cluster.dashboard_link  # the scheduler's HTTP server, on a free port
        assert ":8787/" not in link
        for page in ("status", "health", "info/main/workers.html", "metrics"):
            with pytest.raises(urllib.error.HTTPError, match="404"):
                urllib.request.urlopen(link.replace("status", page), timeout=10)
        assert outcomes(cluster) == here
    finally:
        cluster.close()
