"""Builds on Dask: `--dask local:N` gives the same bank as the default runner, and leaves no
process behind; `--dask` choices are checked before anything starts."""

import contextlib
import os
from pathlib import Path

import pytest

from banks import BankStore
from pipeline.cli import main
from pipeline.executors import parse_dask

BANK = "dasky"
SPEC = ("--genre", "slant", "--size", "5x5", "--per-grade", "1", "--seed", "7",
        "--boards-per-task", "16")


def children():
    """Return the pids of this process's direct children but multiprocessing's resource tracker
    (one per process, started with the first spawned worker; it exits with this process)."""
    found = set()
    for task in Path(f"/proc/{os.getpid()}/task").iterdir():
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):  # a thread that ended
            found.update(int(pid) for pid in (task / "children").read_text().split())
    return {pid for pid in found if not tracker(pid)}


def tracker(pid):
    """Return True when process `pid` is multiprocessing's resource tracker or fork server (one
    each per process; they live as long as it)."""
    try:
        line = Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return False
    return b"multiprocessing.resource_tracker" in line or b"multiprocessing.forkserver" in line


def file_hashes(root):
    """Return {file name: sha256} of the bank's first build as its manifest lists them."""
    return {entry["path"]: entry["sha256"]
            for entry in BankStore(root).snapshot(BANK).manifest(0).files}


@pytest.fixture(scope="module")
def built(prefect_api, tmp_path_factory):
    """Return (default root, dask root, children before, children after the Dask build).

    Built here, not under a test's captured output: the first build imports the flows, which
    binds Prefect's console handler to the stderr of that moment (see test_flows.built).
    """
    default, dask = (tmp_path_factory.mktemp(name) for name in ("default", "dask"))
    assert main(["build", BANK, *SPEC, "--root", str(default)]) == 0
    before = children()
    assert main(["build", BANK, *SPEC, "--root", str(dask), "--dask", "local:2"]) == 0
    return default, dask, before, children()


@pytest.mark.flow
@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads /proc")
def test_a_two_worker_local_cluster_builds_the_same_bytes_and_leaves_no_process(cli, built):
    default, dask, before, after = built
    assert after <= before  # the cluster's scheduler and workers are gone

    parts = {root: sorted((root / BANK).glob("*.parquet")) for root in (default, dask)}
    assert parts[default] and [path.read_bytes() for path in parts[default]] == [
        path.read_bytes() for path in parts[dask]]
    assert file_hashes(default) == file_hashes(dask)
    manifests = [BankStore(root).snapshot(BANK).manifest(0) for root in (default, dask)]
    assert manifests[0].logical_sha256 == manifests[1].logical_sha256
    assert manifests[0].build_stats["attempts"] == manifests[1].build_stats["attempts"]

    verify = cli("verify", BANK, "--root", dask, "--dask", "local:1")
    assert verify.status == 0, verify.err
    assert "passed, 4 rows re-verified" in verify.out


def test_local_means_one_worker_per_core_and_addresses_are_normalised():
    assert parse_dask("local") == f"local:{os.cpu_count()}"
    assert parse_dask(" local:03 ") == "local:3"
    assert parse_dask("tcp://scheduler:8786") == "tcp://scheduler:8786"
    assert parse_dask("tcp://[::1]:8786") == "tcp://[::1]:8786"


@pytest.mark.parametrize("choice, reason", [
    ("local:0", "the worker count N of local:N must be a whole number >= 1"),
    ("local:two", "the worker count N of local:N must be a whole number >= 1"),
    ("tcp://scheduler", "a scheduler address is tcp://HOST:PORT, with a port in 1..65535"),
    ("tcp://:8786", "a scheduler address is tcp://HOST:PORT, with a port in 1..65535"),
    ("tcp://scheduler:99999", "a scheduler address is tcp://HOST:PORT, with a port in 1..65535"),
    ("remote", "expected local, local:N or tcp://HOST:PORT"),
])
def test_a_bad_dask_choice_is_one_line_and_status_2(cli, tmp_path, choice, reason):
    run = cli("build", BANK, *SPEC, "--root", tmp_path, "--dask", choice)
    assert run.status == 2
    assert run.err.count("\n") == 1
    assert f"argument --dask: {choice!r}: {reason}" in run.err
    assert not (tmp_path / ".prefect").exists()


def test_a_scheduler_that_does_not_answer_is_one_line_and_status_2_before_any_server(
    cli, tmp_path
):
    from pipeline.server import free_port

    address = f"tcp://127.0.0.1:{free_port()}"
    run = cli("build", BANK, *SPEC, "--root", tmp_path, "--dask", address)
    assert run.status == 2
    assert run.err.count("\n") == 1 and f"--dask {address}: no Dask scheduler answers" in run.err
    assert not (tmp_path / ".prefect").exists()
