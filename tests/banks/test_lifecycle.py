"""Facts about a version's life: leftovers cleared, publish rules, reject, shipped ids."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from banks import BankError


def snapshot(folder: Path) -> dict[str, bytes]:
    """Return every file under `folder` by relative path, with its bytes."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def dead_pid() -> int:
    """Return the pid of a process that has already exited."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_stage_clears_dead_builds_and_leaves_published_versions_and_latest_alone(
    store, rows, stage, publish
):
    publish(store, "demo", rows(10))
    publish(store, "demo", rows(10, start=10))
    bank = store.bank_dir("demo")
    before = {name: snapshot(bank / name) for name in ("v0001", "v0002")}
    latest = (bank / "LATEST").read_bytes()
    assert stage(store, "demo", rows(5, start=20)) == 3  # pending, its build "died"
    dead = bank / f".staging-v0004-{dead_pid()}"
    dead.mkdir()
    (dead / "part-00000.parquet").write_bytes(b"half a file")

    assert stage(store, "demo", rows(5, start=30)) == 3
    assert not dead.exists()
    assert store.manifest("demo", 3).row_count == 5
    assert store.read_version("demo", 3).column("id").to_pylist() == sorted(
        row["id"] for row in rows(5, start=30)
    )
    assert {name: snapshot(bank / name) for name in ("v0001", "v0002")} == before
    assert (bank / "LATEST").read_bytes() == latest == b"v0002\n"


def test_stage_keeps_a_live_builds_folder_and_a_passed_version_above_latest(
    store, rows, stage, publish
):
    publish(store, "demo", rows(4))
    stage(store, "demo", rows(4, start=4))
    store.record_verification("demo", 2, "passed", {})
    live = store.bank_dir("demo") / f".staging-v0009-{os.getppid()}"
    live.mkdir()
    assert stage(store, "demo", rows(4, start=8)) == 3
    assert live.exists() and store.versions("demo") == [1, 2, 3]


def test_stage_moves_a_failed_version_above_latest_to_rejected(store, rows, stage):
    stage(store, "demo", rows(4))
    store.record_verification("demo", 1, "failed", {"ambiguous": ["x"]})
    assert stage(store, "demo", rows(4, start=4)) == 1
    kept = store.bank_dir("demo") / "_rejected" / "v0001-1"
    assert (kept / "_manifest.json").exists()


def test_publish_refuses_a_version_that_did_not_pass(store, rows, stage):
    stage(store, "demo", rows(4))
    with pytest.raises(BankError, match="'pending'; only a passed version"):
        store.publish("demo", 1)
    store.record_verification("demo", 1, "failed", {})
    with pytest.raises(BankError, match="'failed'; only a passed version"):
        store.publish("demo", 1)
    assert store.latest("demo") is None
    assert not (store.bank_dir("demo") / "LATEST").exists()


def test_latest_never_moves_backwards(store, rows, stage, publish):
    stage(store, "demo", rows(4))
    store.record_verification("demo", 1, "passed", {})
    publish(store, "demo", rows(4, start=4))
    assert store.latest("demo") == 2
    with pytest.raises(BankError, match="backwards"):
        store.publish("demo", 1)
    store.publish("demo", 2)  # publishing LATEST again changes nothing
    assert store.latest("demo") == 2
    assert store.published("demo") == [1, 2]


def test_a_published_versions_verification_is_final(store, rows, publish):
    publish(store, "demo", rows(4))
    with pytest.raises(BankError, match="published"):
        store.record_verification("demo", 1, "failed", {})
    assert store.manifest("demo", 1).status == "passed"


def test_record_verification_rewrites_only_the_verification(store, rows, stage):
    stage(store, "demo", rows(4))
    before = store.manifest("demo", 1)
    store.record_verification("demo", 1, "passed", {"recounted": 4}, checked_at="2025-01-02")
    after = store.manifest("demo", 1)
    assert after.verification == {
        "status": "passed",
        "checked_at": "2025-01-02",
        "report": {"recounted": 4},
    }
    assert after.files == before.files and after.created_at == before.created_at
    with pytest.raises(BankError, match="not one of"):
        store.record_verification("demo", 1, "ok", {})


def test_reject_keeps_each_failed_copy_for_inspection(store, rows, stage):
    for n in (1, 2):
        stage(store, "demo", rows(4, start=10 * n))
        store.record_verification("demo", 1, "failed", {"try": n})
        target = store.reject("demo", 1)
        assert target == store.bank_dir("demo") / "_rejected" / f"v0001-{n}"
    assert store.versions("demo") == []
    stage(store, "demo", rows(4))
    with pytest.raises(BankError, match="only a failed version"):
        store.reject("demo", 1)


def test_shipped_ids_span_every_published_version_and_nothing_else(store, rows, stage, publish):
    publish(store, "demo", rows(6))
    publish(store, "demo", rows(6, start=6), rows_per_file=4)
    stage(store, "demo", rows(6, start=12))
    assert store.shipped_ids("demo") == {row["id"] for row in rows(12)}
    assert store.published("demo") == [1, 2]


def test_an_unknown_bank_or_version_is_a_bank_error(store, rows, publish):
    assert store.versions("nothing") == [] and store.latest("nothing") is None
    assert store.published("nothing") == [] and store.shipped_ids("nothing") == set()
    publish(store, "demo", rows(3))
    with pytest.raises(BankError, match="no version v0007"):
        store.manifest("demo", 7)
    with pytest.raises(BankError, match="no version v0007"):
        store.read_version("demo", 7)


def test_a_failed_version_below_latest_is_not_published(store, rows, stage):
    stage(store, "demo", rows(4))
    store.record_verification("demo", 1, "passed", {})
    stage(store, "demo", rows(4, start=4))
    store.record_verification("demo", 2, "passed", {})
    store.record_verification("demo", 1, "failed", {"late": "recount found two solutions"})
    store.publish("demo", 2)
    assert store.published("demo") == [2]
    assert store.shipped_ids("demo") == {row["id"] for row in rows(4, start=4)}
