"""Facts about a bank that hold alike on disk and in an S3 bucket (a real SeaweedFS): builds
publish and read back, polars reads what we write, time travel, crashes at each step, overlapping
builds, tampered objects, the export, the dead build's files."""

import datetime
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pytest

from banks import BankError, BankIntegrityError, BankStore, rotation, rows_to_table, scan
from banks.dayexport import export_place
from banks.export import export_json
from banks.store import HEAD_NAME
from pipeline.history import history_text

HERE = os.path.dirname(__file__)


def test_a_build_publishes_and_polars_reads_it_with_the_storage_options(any_store, rows,
                                                                       publish):
    assert publish(any_store, "demo", rows(8)) == 0
    assert publish(any_store, "demo", rows(6, start=8), rows_per_file=4) == 1
    place = any_store.place("demo")
    frame = pl.scan_delta(place.uri, storage_options=place.storage_options)
    assert frame.collect().height == 14
    assert pl.read_delta(place.uri, version=0, storage_options=place.storage_options).height == 8
    assert sorted(scan(any_store.root, "demo").collect()["id"]) == sorted(r["id"] for r in
                                                                         rows(14))


def test_time_travel_reads_each_version(any_store, rows, publish):
    publish(any_store, "demo", rows(8))
    publish(any_store, "demo", rows(6, start=8))
    assert any_store.snapshot("demo", 0).read().num_rows == 8
    assert scan(any_store.root, "demo", 1, build=1).collect().height == 6
    assert "version" in history_text(any_store.root, "demo")
    with pytest.raises(BankError, match="no version 2"):
        any_store.snapshot("demo", 2)


def test_the_integrity_cache_remembers_a_checked_file_by_its_identity(any_store, rows,
                                                                      publish):
    publish(any_store, "demo", rows(8))
    any_store.snapshot("demo")
    place = any_store.place("demo")
    cache = json.loads(place.cache_file().read_text())
    (name,) = cache
    assert cache[name][:-1] == place.identity(name)  # [size, ETag] in a bucket


# On disk the builds wait for the bank's lock (one after the other); in a bucket they overlap.
FAULT_BUILD = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[2])
    from conftest import make_rows
    from banks import BankStore, rows_to_table
    store = BankStore(sys.argv[1])
    with store.writer("demo", wait=not sys.argv[1].startswith("s3://")) as writer:
        spec = {"build": sys.argv[3]}
        if writer.published_as(spec):
            print("already", flush=True)
            raise SystemExit(0)
        pending = writer.write(rows_to_table(make_rows(12, start=int(sys.argv[4]))), spec=spec,
                               code_version={}, build_stats={}, created_at="x", rows_per_file=5)
        writer.read_pending(pending)
        commit = writer.commit(pending, {"recounted": 12})
        print("committed", commit.version, flush=True)
""")


def build(store: BankStore, spec: str, start: int, **env: str) -> subprocess.Popen[str]:
    """Start a process that builds 12 rows from `start` as spec `spec` of bank demo."""
    return subprocess.Popen([sys.executable, "-c", FAULT_BUILD, str(store.root), HERE, spec,
                             str(start)], env=os.environ | env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finished(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """Wait for the process; return its exit status, stdout and stderr."""
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


def part_names(store: BankStore) -> set[str]:
    """Return the names of the bank's data files in its folder or prefix."""
    return {name for name in store.place("demo").names() if name.startswith("part-")}


@pytest.mark.parametrize("step", ["written", "verified", "committing", "committed"])
def test_a_build_killed_at_any_step_then_rerun_commits_exactly_once(any_store, rows, publish,
                                                                     step):
    publish(any_store, "demo", rows(10))
    status, _, err = finished(build(any_store, "second", 100, PUZZLEBANK_FAULT=step))
    assert status == 97, err
    assert any_store.latest("demo") == (1 if step == "committed" else 0)
    assert any_store.snapshot("demo").read().num_rows == (22 if step == "committed" else 10)
    status, out, err = finished(build(any_store, "second", 100))
    assert status == 0, err
    assert out == ("already\n" if step == "committed" else "committed 1\n")
    ids = any_store.snapshot("demo").read().column("id").to_pylist()
    assert len(ids) == len(set(ids)) == 22
    assert any_store.latest("demo") == 1
    assert part_names(any_store) == {e["path"] for c in any_store.snapshot("demo").commits
                                     for e in c.manifest.files}


def test_a_dead_builds_data_files_are_removed_by_the_next_build(any_store, rows, publish):
    publish(any_store, "demo", rows(10))
    status, _, err = finished(build(any_store, "dies", 200, PUZZLEBANK_FAULT="verified"))
    assert status == 97, err
    assert len(part_names(any_store)) == 1 + 3  # the dead build's files are still there
    status, out, err = finished(build(any_store, "other", 300))
    assert (status, out) == (0, "committed 1\n"), err
    assert len(part_names(any_store)) == 1 + 3  # theirs gone, the new build's in


def test_two_builds_started_together_both_finish_and_no_id_ships_twice(any_store, rows,
                                                                       publish):
    publish(any_store, "demo", rows(10))
    first, second = build(any_store, "a", 100), build(any_store, "b", 200)
    outcomes = sorted([finished(first), finished(second)])
    assert [status for status, _, _ in outcomes] == [0, 0], outcomes
    assert sorted(out for _, out, _ in outcomes) == ["committed 1\n", "committed 2\n"]
    ids = any_store.snapshot("demo").read().column("id").to_pylist()
    assert len(ids) == len(set(ids)) == 34


def test_an_overlapping_build_that_shipped_an_id_is_refused_naming_it(any_store, rows,
                                                                      publish):
    publish(any_store, "demo", rows(10))
    first, second = build(any_store, "a", 100), build(any_store, "b", 105)
    outcomes = [finished(first), finished(second)]
    won = [out for status, out, _ in outcomes if status == 0]
    lost = [err for status, _, err in outcomes if status != 0]
    assert won == ["committed 1\n"], outcomes
    assert "already holds puzzle" in lost[0].strip().splitlines()[-1]
    assert "shipped by version 1" in lost[0]
    assert any_store.latest("demo") == 1


def test_builds_of_the_same_spec_at_once_publish_it_once(any_store, rows, publish):
    publish(any_store, "demo", rows(10))
    outcomes = [finished(p) for p in (build(any_store, "same", 100),
                                      build(any_store, "same", 100))]
    assert all(status == 0 for status, _, _ in outcomes), outcomes
    assert sorted(out for _, out, _ in outcomes)[0] in ("already\n", "committed 1\n")
    assert any_store.latest("demo") == 1


def tamper(store: BankStore, how: str) -> str:
    """Overwrite, truncate or delete the first data file of bank demo; return its name."""
    place = store.place("demo")
    name = store.snapshot("demo").names[0]
    data = place.read(name)
    if how == "overwritten":
        place.write(name, data[:100] + bytes([data[100] ^ 0xFF]) + data[101:])
    elif how == "truncated":
        place.write(name, data[: len(data) // 2])
    else:
        place.delete(name)
    return name


READERS = {
    "snapshot": lambda store: store.snapshot("demo"),
    "scan": lambda store: scan(store.root, "demo").collect(),
    "rotation": lambda store: rotation(store.root, "demo", datetime.date(2025, 1, 1), 1),
    "history": lambda store: history_text(store.root, "demo"),
    "export": lambda store: export_json(store.root, "demo", Path(os.devnull).parent / "nowhere"),
}


@pytest.mark.parametrize("how", ["overwritten", "truncated", "deleted"])
def test_a_tampered_object_is_refused_by_every_reader_in_one_line(any_store, rows, publish,
                                                                  how):
    publish(any_store, "demo", rows(8))
    publish(any_store, "demo", rows(6, start=8))
    any_store.snapshot("demo")  # checked once: the cache must not hide the change
    name = tamper(any_store, how)
    for reader in READERS.values():
        with pytest.raises(BankIntegrityError) as caught:
            reader(any_store)
        assert name in str(caught.value) and "\n" not in str(caught.value)


def test_a_deleted_latest_log_entry_or_edited_head_is_noticed(any_store, rows, publish):
    publish(any_store, "demo", rows(8))
    publish(any_store, "demo", rows(6, start=8))
    place = any_store.place("demo")
    entry = "_delta_log/00000000000000000001.json"
    data = place.read(entry)
    place.delete(entry)
    with pytest.raises(BankIntegrityError, match="log entry is missing"):
        any_store.snapshot("demo")
    place.write(entry, data.replace(b"2025-01-01", b"2020-01-01"))
    with pytest.raises(BankIntegrityError, match="changed after it was committed"):
        any_store.snapshot("demo")
    place.write(entry, data)
    assert json.loads(place.read(HEAD_NAME))["version"] == 1
    assert any_store.snapshot("demo").version == 1


def test_the_export_writes_the_bucket_files_and_the_day_files_index_last(any_store, rows,
                                                                        publish, tmp_path):
    publish(any_store, "demo", rows(8))
    out = str(any_store.root) + "-export" if str(any_store.root).startswith("s3://") \
        else tmp_path / "export"
    export_json(any_store.root, "demo", out, public_url="https://cdn.example.org/puzzles")
    place = export_place(out, "demo")
    index = json.loads(place.read("index.json"))
    assert index["rows"] == 8
    for bucket in index["buckets"]:
        assert bucket["url"] == f"https://cdn.example.org/puzzles/demo/{bucket['file']}"
        assert len(json.loads(place.read(bucket["file"]))["puzzles"]) == bucket["count"]


def test_wait_is_refused_in_one_line_for_a_bucket(any_store, rows):
    if not str(any_store.root).startswith("s3://"):
        with any_store.writer("demo", wait=True) as writer:
            assert writer.parent is None
        return
    with pytest.raises(BankError, match="--wait has no meaning") as caught, \
            any_store.writer("demo", wait=True):
        pass
    assert "\n" not in str(caught.value)




def pending_of(writer, rows: list[dict], spec: str):
    """Write `rows` as spec `spec`'s build and read them back; return the pending build."""
    pending = writer.write(rows_to_table(rows), spec={"build": spec}, code_version={},
                           build_stats={}, created_at="x", rows_per_file=5)
    writer.read_pending(pending)
    return pending


def test_a_build_overtaken_in_a_bucket_commits_after_the_winner_with_new_files(s3_store, rows,
                                                                              publish):
    publish(s3_store, "demo", rows(10))
    with s3_store.writer("demo") as late:
        mine = pending_of(late, rows(12, start=100), "late")
        with s3_store.writer("demo") as early:
            early.commit(pending_of(early, rows(6, start=200), "early"), {})
        commit = late.commit(mine, {"recounted": 12})
    assert commit.version == 2 and commit.manifest.parent_version == 1
    table = s3_store.snapshot("demo").read()
    assert table.num_rows == 28
    assert set(table.filter(pc.is_in(table.column("id"), pa.array([r["id"] for r in
               rows(12, start=100)]))).column("build").to_pylist()) == {2}
    assert not {e["path"] for e in mine.manifest.files} & part_names(s3_store)


def test_a_build_overtaken_by_one_that_shipped_its_id_is_refused_naming_it(s3_store, rows,
                                                                         publish):
    publish(s3_store, "demo", rows(10))
    with s3_store.writer("demo") as late:
        mine = pending_of(late, rows(12, start=100), "late")
        with s3_store.writer("demo") as early:
            early.commit(pending_of(early, rows(6, start=108), "early"), {})
        with pytest.raises(BankError, match=r"already holds puzzle \w+ \(shipped by version 1\)"):
            late.commit(mine, {})
    assert s3_store.latest("demo") == 1


def test_a_build_overtaken_by_its_own_spec_publishes_once(s3_store, rows, publish):
    publish(s3_store, "demo", rows(10))
    with s3_store.writer("demo") as late:
        mine = pending_of(late, rows(12, start=100), "same")
        with s3_store.writer("demo") as early:
            early.commit(pending_of(early, rows(12, start=100), "same"), {})
        assert late.commit(mine, {}).version == 1
    assert s3_store.latest("demo") == 1
