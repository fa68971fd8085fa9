"""Facts about writing a build: reproducible data files, the manifest in its commit, reading
back."""

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from banks import BANK_SCHEMA, ROW_SCHEMA, BankError, BankStore, rows_to_table
from banks.commits import log_path
from banks.errors import BankSchemaError


def data_files(store: BankStore, bank: str) -> dict[str, bytes]:
    """Return the bank's data files by name, with their bytes."""
    return {path.name: path.read_bytes()
            for path in sorted(store.bank_dir(bank).glob("part-*.parquet"))}


def test_the_same_rows_written_in_two_roots_give_byte_identical_data_files(tmp_path, rows, publish):
    given = rows(50)
    first, second = BankStore(tmp_path / "a"), BankStore(tmp_path / "b")
    publish(first, "demo", given, rows_per_file=16)
    publish(second, "demo", given, rows_per_file=16, created_at="2030-06-01T12:00:00+00:00")
    files = data_files(first, "demo")
    assert len(files) == 4 and all(name.endswith(f"-0000{i}.parquet")
                                   for i, name in enumerate(files))
    assert files == data_files(second, "demo")


def test_the_order_and_chunking_of_the_input_rows_do_not_change_the_data_files(
    tmp_path, rows, publish
):
    table = rows_to_table(rows(50))
    reversed_in_chunks = pa.Table.from_batches(
        table.take(list(range(49, -1, -1))).to_batches(max_chunksize=7)
    )
    assert reversed_in_chunks.column("id").num_chunks > 1
    first, second = BankStore(tmp_path / "a"), BankStore(tmp_path / "b")
    publish(first, "demo", table, rows_per_file=20, spec={"same": 1})
    publish(second, "demo", reversed_in_chunks, rows_per_file=20, spec={"same": 1})
    assert data_files(first, "demo") == data_files(second, "demo")


def test_data_files_carry_the_schema_version_and_the_build_column(store, rows, publish):
    publish(store, "demo", rows(5))
    publish(store, "demo", rows(5, start=5))
    for path in store.snapshot("demo").files:
        assert pq.read_metadata(path).metadata[b"puzzlebank.schema_version"] == b"4"
    table = store.snapshot("demo").read()
    assert table.schema.equals(BANK_SCHEMA, check_metadata=False)
    assert sorted(table.column("build").to_pylist()) == [0] * 5 + [1] * 5


def test_the_commit_carries_the_manifest_files_buckets_parent_and_verification(
    store, rows, publish
):
    publish(store, "demo", rows(8))
    version = publish(store, "demo", rows(10, start=8), rows_per_file=4)
    commit = store.snapshot("demo").commits[version]
    manifest = commit.manifest
    assert (manifest.version, manifest.parent_version, manifest.row_count) == (1, 0, 10)
    assert manifest.status == "passed" and manifest.verification["report"] == {"recounted": 10}
    assert [entry["rows"] for entry in manifest.files] == [4, 4, 2]
    assert sum(manifest.buckets.values()) == 10
    assert set(manifest.buckets) <= {f"{genre}/{size}/{grade}" for genre in ("slant", "araf")
                                     for size in ("5x5", "7x6") for grade in ("count", "cycle")}
    for entry in manifest.files:
        path = store.bank_dir("demo") / entry["path"]
        assert path.stat().st_size == entry["bytes"]
        assert entry["path"].startswith(f"part-{manifest.build_id}-")
    logged = [json.loads(line) for line in log_path(store.bank_dir("demo"), 1).read_text()
              .splitlines()]
    info = next(action["commitInfo"] for action in logged if "commitInfo" in action)
    assert info["puzzlebank"]["logical_sha256"] == manifest.logical_sha256
    txn = next(action["txn"] for action in logged if "txn" in action)
    assert txn == {"appId": f"puzzlebank/{manifest.spec_key}", "version": 1}
    assert manifest.parent_log_sha256 == store.snapshot("demo").commits[0].log_sha256


def test_a_pending_build_reads_back_as_the_rows_that_went_in_and_is_invisible(
    store, rows, write, publish
):
    publish(store, "demo", rows(4))
    given = rows(30, start=4)
    pending = write(store, "demo", given, rows_per_file=7)
    with store.writer("demo") as writer:  # clears the uncommitted files: the build "died"
        assert not list(store.bank_dir("demo").glob(f"part-{pending.manifest.build_id}-*"))
        pending = writer.write(rows_to_table(given), spec={"again": 1}, code_version={},
                               build_stats={}, created_at="x", rows_per_file=7)
        table = writer.read_pending(pending)
        assert table.sort_by("id").drop_columns(["build"]).equals(
            rows_to_table(given).replace_schema_metadata(table.schema.metadata))
        assert store.snapshot("demo").read().num_rows == 4  # readers see only commits


def test_write_refuses_a_table_that_is_not_the_row_schema(store, rows):
    table = rows_to_table(rows(3))
    bad = [
        (table.set_column(11, "seed", pa.array([1, 2, 3], pa.int64())), "'seed': expected"),
        (table.drop_columns(["clues"]), "columns"),
        (pa.concat_tables([table, table]), "duplicate id"),
        (table.set_column(4, ROW_SCHEMA.field("size"), pa.array(["5x5"] * 3)),
         "'size': '5x5' is not width x height"),
    ]
    with store.writer("demo") as writer:
        for given, says in bad:
            with pytest.raises(BankSchemaError, match=says):
                writer.write(given, spec={}, code_version={}, build_stats={}, created_at="x")
    assert not list(store.bank_dir("demo").glob("*.parquet"))
    assert store.latest("demo") is None


def test_bank_names_that_are_not_plain_folder_names_are_refused(store, rows, publish):
    for name in ("", "../up", "a/b", ".hidden", "_builds", "x" * 101):
        with pytest.raises(BankError, match="bank name"):
            publish(store, name, rows(1))
