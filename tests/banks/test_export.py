"""Facts about the JSON and Parquet export a front end loads."""

import json

import pyarrow.parquet as pq
import pytest

import banks.export
from banks import SCHEMA_VERSION, BankError, export_json


def test_seeds_are_strings_that_round_trip_a_uint64_past_2_to_the_63(
    store, rows, publish, tmp_path
):
    given = rows(12)
    given[5]["seed"] = 2**63 + 12345
    given[6]["seed"] = 2**64 - 1
    publish(store, "demo", given)
    folder = export_json(store.root, "demo", tmp_path / "out")
    seeds = {}
    for bucket in json.loads((folder / "index.json").read_text())["buckets"]:
        for puzzle in json.loads((folder / bucket["file"]).read_text())["puzzles"]:
            assert isinstance(puzzle["seed"], str)
            seeds[puzzle["id"]] = int(puzzle["seed"])
    assert seeds == {row["id"]: row["seed"] for row in given}
    assert seeds[given[5]["id"]] == 2**63 + 12345


def test_the_index_lists_every_bucket_and_each_file_holds_its_puzzles_sorted(
    store, rows, publish, tmp_path
):
    given = rows(40)
    publish(store, "demo", given)
    folder = export_json(store.root, "demo", tmp_path / "out")
    index = json.loads((folder / "index.json").read_text())
    assert (index["bank"], index["version"], index["schema_version"]) == ("demo", 0, SCHEMA_VERSION)
    assert index["rows"] == 40
    assert sum(bucket["count"] for bucket in index["buckets"]) == 40
    for bucket in index["buckets"]:
        assert bucket["file"] == f"{bucket['genre']}/{bucket['size']}/{bucket['grade']}.json"
        body = json.loads((folder / bucket["file"]).read_text())
        assert (body["genre"], body["size"], body["grade"]) == (
            bucket["genre"],
            bucket["size"],
            bucket["grade"],
        )
        ids = [puzzle["id"] for puzzle in body["puzzles"]]
        assert ids == sorted(ids) and len(ids) == bucket["count"]
        by_id = {row["id"]: row for row in given}
        for puzzle in body["puzzles"]:
            row = by_id[puzzle["id"]]
            assert puzzle["measurements"] == row["measurements"]
            assert puzzle["quality"] == row["quality"]
            assert puzzle["grade_level"] == bucket["grade_level"] == row["grade_level"]
            assert puzzle["puzzle"] == row["puzzle"]
            assert puzzle["puzzlink"] == row["puzzlink"]
    assert pq.read_table(folder / "bank.parquet").equals(store.snapshot("demo").read())


def test_a_new_export_replaces_the_old_one_whole(store, rows, publish, tmp_path):
    publish(store, "demo", rows(8, genres=("slant",)))
    out = tmp_path / "out"
    export_json(store.root, "demo", out)
    (out / "demo" / "stale.json").write_text("{}")
    publish(store, "demo", rows(8, start=8, genres=("araf",)))
    folder = export_json(store.root, "demo", out)
    index = json.loads((folder / "index.json").read_text())
    assert (index["version"], index["rows"]) == (1, 16)
    assert not (folder / "stale.json").exists() and (folder / "araf").exists()
    old = export_json(store.root, "demo", out, version=0)
    assert not (old / "araf").exists() and (old / "slant").exists()
    assert sorted(path.name for path in out.iterdir()) == ["demo"]


def test_a_failed_export_leaves_the_previous_one_untouched(
    store, rows, publish, tmp_path, monkeypatch
):
    publish(store, "demo", rows(8))
    out = tmp_path / "out"
    export_json(store.root, "demo", out)
    before = {p: p.read_bytes() for p in sorted((out / "demo").rglob("*")) if p.is_file()}

    def broken(*_):
        raise OSError("disk full")

    monkeypatch.setattr(banks.export, "write_part", broken)
    with pytest.raises(OSError, match="disk full"):
        export_json(store.root, "demo", out)
    assert {p: p.read_bytes() for p in sorted((out / "demo").rglob("*")) if p.is_file()} == before
    assert sorted(path.name for path in out.iterdir()) == ["demo"]


def test_an_uncommitted_build_is_not_exported(store, rows, write, tmp_path):
    write(store, "demo", rows(3))
    with pytest.raises(BankError, match="no bank 'demo'"):
        export_json(store.root, "demo", tmp_path / "out")
    assert not (tmp_path / "out" / "demo").exists()
