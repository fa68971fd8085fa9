"""Facts about writing a version: reproducible part files, the manifest, reading back."""

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from banks import BANK_SCHEMA, BankError, BankStore, rows_to_table
from banks.errors import BankSchemaError
from banks.manifest import read_manifest, write_manifest


def part_bytes(store: BankStore, bank: str, version: int) -> dict[str, bytes]:
    """Return the version's part files by name."""
    folder = store.version_dir(bank, version)
    return {path.name: path.read_bytes() for path in sorted(folder.glob("part-*.parquet"))}


def test_the_same_rows_staged_in_two_roots_give_byte_identical_part_files(tmp_path, rows, stage):
    given = rows(50)
    first, second = BankStore(tmp_path / "a"), BankStore(tmp_path / "b")
    stage(first, "demo", given, rows_per_file=16)
    stage(second, "demo", given, rows_per_file=16, created_at="2030-06-01T12:00:00+00:00")
    files = part_bytes(first, "demo", 1)
    assert list(files) == [f"part-0000{i}.parquet" for i in range(4)]
    assert files == part_bytes(second, "demo", 1)


def test_the_order_and_chunking_of_the_input_rows_do_not_change_the_part_files(
    tmp_path, rows, stage
):
    table = rows_to_table(rows(50))
    reversed_in_chunks = pa.Table.from_batches(
        table.take(list(range(49, -1, -1))).to_batches(max_chunksize=7)
    )
    assert reversed_in_chunks.column("id").num_chunks > 1
    first, second = BankStore(tmp_path / "a"), BankStore(tmp_path / "b")
    stage(first, "demo", table, rows_per_file=20)
    stage(second, "demo", reversed_in_chunks, rows_per_file=20)
    assert part_bytes(first, "demo", 1) == part_bytes(second, "demo", 1)


def test_part_files_carry_the_schema_version_in_parquet_key_value_metadata(store, rows, stage):
    stage(store, "demo", rows(5))
    path = store.version_dir("demo", 1) / "part-00000.parquet"
    assert pq.read_metadata(path).metadata[b"puzzlebank.schema_version"] == b"3"


def test_the_manifest_records_files_buckets_and_the_parent_version(store, rows, stage, publish):
    publish(store, "demo", rows(8))
    version = stage(store, "demo", rows(10, start=8), rows_per_file=4)
    manifest = store.manifest("demo", version)
    assert (manifest.version, manifest.parent_version, manifest.row_count) == (2, 1, 10)
    assert manifest.status == "pending"
    assert [entry["rows"] for entry in manifest.files] == [4, 4, 2]
    assert sum(manifest.buckets.values()) == 10
    assert set(manifest.buckets) <= {"5x5/count", "5x5/cycle", "7x6/count", "7x6/cycle"}
    folder = store.version_dir("demo", version)
    for entry in manifest.files:
        assert (folder / entry["path"]).stat().st_size == entry["bytes"]
    text = (folder / "_manifest.json").read_text()
    assert text == json.dumps(json.loads(text), sort_keys=True, indent=2) + "\n"


def test_a_staged_version_reads_back_as_the_rows_that_went_in(store, rows, stage):
    given = rows(30)
    version = stage(store, "demo", given, rows_per_file=7)
    table = store.read_version("demo", version)
    assert table.schema == BANK_SCHEMA
    assert table.equals(rows_to_table(given))


def test_versions_count_up_and_no_staging_folder_is_left(store, rows, stage):
    assert stage(store, "demo", rows(3)) == 1
    store.record_verification("demo", 1, "passed", {})
    assert stage(store, "demo", rows(3, start=3)) == 2
    assert store.versions("demo") == [1, 2]
    assert sorted(path.name for path in store.bank_dir("demo").iterdir()) == ["v0001", "v0002"]


def test_an_empty_table_is_staged_as_one_empty_part_file(store, stage):
    version = stage(store, "demo", rows_to_table([]))
    assert [entry["rows"] for entry in store.manifest("demo", version).files] == [0]
    assert store.read_version("demo", version).num_rows == 0


def test_stage_refuses_a_table_that_is_not_the_bank_schema(store, rows, stage):
    table = rows_to_table(rows(3))
    with pytest.raises(BankSchemaError, match="'seed': expected uint64, got int64"):
        stage(
            store,
            "demo",
            table.set_column(11, "seed", table.column("seed").cast(pa.int64(), safe=False)),
        )
    with pytest.raises(BankSchemaError, match="columns"):
        stage(store, "demo", table.drop_columns(["clues"]))
    with pytest.raises(BankSchemaError, match="duplicate id"):
        stage(store, "demo", pa.concat_tables([table, table]))
    sizes = pa.array(["5x5"] * 3, pa.string())
    with pytest.raises(BankSchemaError, match="'size': '5x5' is not width x height"):
        stage(store, "demo", table.set_column(4, BANK_SCHEMA.field("size"), sizes))
    assert store.versions("demo") == []


def test_bank_names_that_are_not_plain_folder_names_are_refused(store, rows, stage):
    for name in ("", "../up", "a/b", ".hidden", "_rejected"):
        with pytest.raises(BankError, match="bank name"):
            stage(store, name, rows(1))


def test_a_manifest_rewrite_is_atomic_and_leaves_no_temp_file(store, rows, stage):
    stage(store, "demo", rows(3))
    path = store.version_dir("demo", 1) / "_manifest.json"
    manifest = read_manifest(path)
    write_manifest(path, manifest)
    assert read_manifest(path) == manifest
    assert sorted(p.name for p in path.parent.iterdir() if not p.name.startswith("part-")) == [
        "_manifest.json"
    ]
