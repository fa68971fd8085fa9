"""No process outlives a build: the pool's fork server and workers die with a CLI killed with
SIGKILL at any moment, from the pool's first instant on, and a build that ends, normally or
not, leaves no child and no zombie behind."""

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.cli import main
from pipeline.forkserver import PARENT_ENV

pytestmark = [pytest.mark.flow,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")]

PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))
SPEC = ("--genre", "slant", "--size", "10x10", "--grade", "count", "--per-grade", "150", "--seed",
        "3", "--workers", "2")  # a first plan of 2+ works: a pool of two (see executors.choose)


def state(pid):
    """Return the State letter of process `pid` ("Z" for a zombie), or None when it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return next(line.split()[1] for line in status.splitlines() if line.startswith("State:"))


def pool_of(cli):
    """Return the pids of the live processes started for the pool of the CLI process `cli`
    (the fork server, its workers, multiprocessing's resource tracker): they carry its pid in
    PARENT_ENV."""
    marker = f"{PARENT_ENV}={cli}".encode()
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdecimal() and int(entry.name) != cli:
            with contextlib.suppress(OSError):
                if marker in (entry / "environ").read_bytes().split(b"\0") and state(
                        entry.name) not in (None, "Z"):
                    found.add(int(entry.name))
    return found


def forked_workers(pool):
    """Return the members of `pool` whose parent is also in `pool` (workers of the fork server)."""
    def parent(pid):
        with contextlib.suppress(OSError):
            return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    return {pid for pid in pool if parent(pid) in pool}


def children():
    """Return (live children, zombie children) of this process, multiprocessing's resource
    tracker and fork server left out (one each per process, they live as long as it)."""
    found = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            found.update(int(pid) for pid in (task / "children").read_text().split())
    found = {pid for pid in found if not any(
        name in Path(f"/proc/{pid}/cmdline").read_bytes()
        for name in (b"resource_tracker", b"multiprocessing.forkserver"))}
    return {pid for pid in found if state(pid) != "Z"}, {pid for pid in found if state(pid) == "Z"}


@pytest.mark.parametrize("moment", ["at once", "after 0.2 s", "after 0.5 s", "with workers"])
def test_a_cli_killed_with_sigkill_takes_its_pool_with_it(prefect_api, tmp_path, moment):
    build = subprocess.Popen([PUZZLEBANK, "build", "kill", *SPEC, "--root", str(tmp_path)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not (pool := pool_of(build.pid)) and build.poll() is None:
        assert time.monotonic() < deadline, "no pool process appeared"
    if moment == "with workers":
        while not forked_workers(pool := pool_of(build.pid)) and build.poll() is None:
            assert time.monotonic() < deadline, "no worker appeared"
    elif moment != "at once":
        time.sleep(float(moment.split()[1]))
    build.send_signal(signal.SIGKILL)
    assert build.wait() == -signal.SIGKILL, "the build ended before it could be killed"
    deadline = time.monotonic() + 60
    while (left := pool_of(build.pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pool and not left, f"pool processes {left} outlived the killed build"


def test_a_build_with_two_workers_leaves_no_child_and_no_zombie(prefect_api, tmp_path):
    before, _ = children()
    assert main(["build", "ends", *SPEC, "--root", str(tmp_path)]) == 0
    after, zombies = children()
    assert after <= before and not zombies


def test_a_pool_whose_work_fails_leaves_no_child_and_no_zombie():
    from pipeline.batches import Batch, Maker, Work
    from pipeline.executors import open_executor
    from pipeline.sizes import Size
    from solvers.core import UnknownGenreError

    before, _ = children()
    with pytest.raises(UnknownGenreError, match="nonesuch"), open_executor(2, None, 2) as pool:
        pool.submit(Maker("nonesuch", 0, {}), Work((Batch(Size(4, 4), "count", 0, 1),))).result()
    after, zombies = children()
    assert after <= before and not zombies
