"""Facts about builds: one writer at a time, leftovers cleared, a build published once, failed
builds discarded with their report kept."""

import fcntl
import os
import subprocess
import sys
import textwrap

import polars as pl
import pytest

from banks import BankBusyError, BankError, lock, rows_to_table
from banks.commits import log_path
from banks.lock import LOCK_NAME

HOLD = textwrap.dedent("""
    import sys, time
    from banks import BankStore
    with BankStore(sys.argv[1]).writer("demo"):
        print("held", flush=True)
        time.sleep(60)
""")


def holder(root) -> subprocess.Popen:
    """Return a process that holds bank demo's lock, once it says it does."""
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(root)], stdout=subprocess.PIPE,
                             text=True)
    assert child.stdout is not None and child.stdout.readline() == "held\n"
    return child


def test_a_second_writer_is_refused_naming_the_holder_and_kill_9_frees_the_lock(store, rows):
    child = holder(store.root)
    try:
        busy = f"'demo' is being built by pid {child.pid}"
        with pytest.raises(BankBusyError, match=busy), store.writer("demo"):
            pass
        assert store.busy("demo") == child.pid
    finally:
        child.kill()
        child.wait()
    assert store.busy("demo") is None
    with store.writer("demo") as writer:
        assert writer.parent is None


def test_a_writer_is_not_refused_for_a_probe_that_holds_the_lock_a_moment(store, monkeypatch):
    """A probe (BankStore.busy, of a status check) takes and drops the lock, writing no pid: a
    builder that meets it tries again (here the probe lets go at the builder's first retry)
    instead of failing; one that meets a holder with no pid past PROBE_GRACE is refused."""
    store.bank_dir("demo").mkdir(parents=True)
    probe = os.open(store.bank_dir("demo") / LOCK_NAME, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(probe, fcntl.LOCK_EX)
        retries = []
        monkeypatch.setattr(lock.time, "sleep",
                            lambda _: retries.append(fcntl.flock(probe, fcntl.LOCK_UN)))
        with store.writer("demo"):
            assert store.busy("demo") == os.getpid()
        assert len(retries) == 1
        fcntl.flock(probe, fcntl.LOCK_EX)
        monkeypatch.setattr(lock, "PROBE_GRACE", 0.0)
        with pytest.raises(BankBusyError, match="being built by another process"), \
                store.writer("demo"):
            pass
    finally:
        os.close(probe)


def test_a_waiting_writer_gets_the_lock_when_the_holder_dies(store):
    child = holder(store.root)
    killer = subprocess.Popen([sys.executable, "-c",
                               f"import os, time; time.sleep(0.3); os.kill({child.pid}, 9)"])
    with store.writer("demo", wait=True):
        assert child.wait(timeout=10) == -9
    killer.wait()


def test_a_reader_never_takes_the_lock(store, rows, publish):
    publish(store, "demo", rows(6))
    child = holder(store.root)
    try:
        assert store.snapshot("demo").read().num_rows == 6
    finally:
        child.kill()
        child.wait()


def test_a_dead_builds_data_files_are_removed_and_committed_ones_kept(
    store, rows, write, publish
):
    publish(store, "demo", rows(10))
    committed = {path.name: path.read_bytes() for path in store.bank_dir("demo").glob("*.parquet")}
    pending = write(store, "demo", rows(5, start=20))
    stray = store.bank_dir("demo") / "notes.parquet"  # not a build's file: never touched
    stray.write_bytes(b"x")
    assert len(list(store.bank_dir("demo").glob("part-*"))) == 2
    publish(store, "demo", rows(5, start=30))
    names = {path.name for path in store.bank_dir("demo").glob("part-*")}
    assert not any(pending.manifest.build_id in name for name in names)
    assert all(store.bank_dir("demo").joinpath(n).read_bytes() == b for n, b in committed.items())
    assert stray.exists() and store.snapshot("demo").read().num_rows == 15


def test_a_build_of_the_same_spec_is_found_committed(store, rows, publish):
    publish(store, "demo", rows(4), spec={"seed": 1})
    publish(store, "demo", rows(4, start=4), spec={"seed": 2})
    with store.writer("demo") as writer:
        assert writer.published_as({"seed": 1}).version == 0
        assert writer.published_as({"seed": 2}).version == 1
        assert writer.published_as({"seed": 3}) is None
        assert writer.build_id({"seed": 3}) != writer.build_id({"seed": 1})


def test_shipped_ids_are_every_committed_row_and_a_repeat_is_refused_at_commit(
    store, rows, publish
):
    publish(store, "demo", rows(6))
    publish(store, "demo", rows(6, start=6), rows_per_file=4)
    with store.writer("demo") as writer:
        assert writer.shipped_ids() == {row["id"] for row in rows(12)}
        pending = writer.write(rows_to_table(rows(3, start=10)), spec={"again": 1},
                               code_version={}, build_stats={}, created_at="x")
        with pytest.raises(BankError, match="already holds puzzle"):
            writer.commit(pending, {})
    assert store.latest("demo") == 1


def test_a_failed_build_is_discarded_with_its_report_kept_and_nothing_committed(
    store, rows, publish
):
    publish(store, "demo", rows(4))
    with store.writer("demo") as writer:
        pending = writer.write(rows_to_table(rows(4, start=4)), spec={"bad": 1},
                               code_version={}, build_stats={}, created_at="x")
        path = writer.discard(pending, {"problem_count": 1, "problems": ["x: ambiguous"]})
    assert path == store.bank_dir("demo") / "_builds" / f"{pending.manifest.build_id}.json"
    assert not list(store.bank_dir("demo").glob(f"part-{pending.manifest.build_id}-*"))
    assert store.latest("demo") == 0
    [failed] = store.failed_builds("demo")
    assert failed.status == "failed" and failed.verification["report"]["problem_count"] == 1


def test_versions_count_from_0_and_time_travel_reads_each(store, rows, publish):
    assert [publish(store, "demo", rows(3, start=3 * k)) for k in range(3)] == [0, 1, 2]
    folder = str(store.bank_dir("demo"))
    assert [pl.read_delta(folder, version=v).height for v in range(3)] == [3, 6, 9]
    assert pl.scan_delta(folder).collect().height == 9
    assert store.snapshot("demo", 1).read().num_rows == 6
    with pytest.raises(BankError, match="no version 7"):
        store.snapshot("demo", 7)
    with pytest.raises(BankError, match="no bank 'other'"):
        store.snapshot("other")


def test_an_old_layout_bank_is_one_clear_line(store):
    folder = store.bank_dir("old")
    (folder / "v0001").mkdir(parents=True)
    (folder / "LATEST").write_text("v0001\n")
    with pytest.raises(BankError, match="old folder layout"):
        store.snapshot("old")


FAULT_BUILD = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[2])
    from conftest import make_rows
    from banks import BankStore, rows_to_table
    store = BankStore(sys.argv[1])
    with store.writer("demo") as writer:
        spec = {"build": "second"}
        if writer.published_as(spec):
            print("already", flush=True)
            raise SystemExit(0)
        pending = writer.write(rows_to_table(make_rows(12, start=100)), spec=spec,
                               code_version={}, build_stats={}, created_at="x", rows_per_file=5)
        writer.read_pending(pending)
        writer.commit(pending, {"recounted": 12})
        print("committed", flush=True)
""")


@pytest.mark.parametrize("step", ["written", "verified", "committing", "committed"])
def test_a_build_killed_at_any_step_loses_nothing_and_its_retry_publishes_once(
    store, rows, publish, step
):
    publish(store, "demo", rows(10))
    first = store.snapshot("demo").read()
    folder = os.path.dirname(__file__)
    run = [sys.executable, "-c", FAULT_BUILD, str(store.root), folder]
    died = subprocess.run(run, env=os.environ | {"PUZZLEBANK_FAULT": step},
                          capture_output=True, text=True)
    assert died.returncode == 97, died.stderr
    committed = step == "committed"
    assert store.latest("demo") == (1 if committed else 0)
    assert store.snapshot("demo", 0).read().equals(first)  # the committed rows are intact
    visible = store.snapshot("demo").read().num_rows
    assert visible == (22 if committed else 10)  # no uncommitted row is visible
    retry = subprocess.run(run, capture_output=True, text=True)
    assert retry.returncode == 0, retry.stderr
    assert retry.stdout == ("already\n" if committed else "committed\n")
    ids = store.snapshot("demo").read().column("id").to_pylist()
    assert len(ids) == len(set(ids)) == 22
    assert store.latest("demo") == 1
    assert len(list(store.bank_dir("demo").glob("part-*"))) == 1 + 3
    assert not log_path(store.bank_dir("demo"), 2).exists()


def test_a_signal_during_an_uninterruptible_step_waits_until_the_step_is_done():
    import signal

    from banks.durable import uninterruptible

    seen = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: seen.append(signum))
    try:
        with uninterruptible():
            os.kill(os.getpid(), signal.SIGTERM)
            inside = list(seen)
        after = list(seen)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert inside == [] and after == [signal.SIGTERM]
