"""Facts about reading a version back: any change on disk is caught and the file is named."""

import dataclasses

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from banks import BankIntegrityError
from banks.digest import file_sha256
from banks.manifest import write_manifest
from banks.parts import write_part


@pytest.fixture
def version_dir(store, rows, stage):
    """Return the folder of a staged 3-part version of bank "demo"."""
    version = stage(store, "demo", rows(30), rows_per_file=10)
    return store.version_dir("demo", version)


def integrity_error(store) -> str:
    """Return the one-line message read_version raises for demo v0001."""
    with pytest.raises(BankIntegrityError) as caught:
        store.read_version("demo", 1)
    assert "\n" not in str(caught.value)
    return str(caught.value)


def test_a_flipped_byte_in_a_part_file_is_caught_naming_that_file(store, version_dir):
    path = version_dir / "part-00001.parquet"
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))
    message = integrity_error(store)
    assert str(path) in message and "sha256" in message


def test_a_rewritten_cell_with_a_fixed_up_file_hash_is_caught_by_the_logical_hash(
    store, version_dir
):
    path = version_dir / "part-00002.parquet"
    table = pq.read_table(path)
    puzzles = table.column("puzzle").to_pylist()
    puzzles[3] = puzzles[3][::-1] + "x"
    table = table.set_column(9, table.schema.field("puzzle"), pa.array(puzzles, pa.string()))
    write_part(table, path)
    manifest = store.manifest("demo", 1)
    files = [
        dict(entry, sha256=file_sha256(path), bytes=path.stat().st_size)
        if entry["path"] == path.name
        else entry
        for entry in manifest.files
    ]
    write_manifest(version_dir / "_manifest.json", dataclasses.replace(manifest, files=files))
    assert "logical_sha256" in integrity_error(store)


def test_a_missing_or_extra_part_file_is_caught_naming_it(store, version_dir):
    extra = version_dir / "part-00003.parquet"
    extra.write_bytes((version_dir / "part-00000.parquet").read_bytes())
    assert str(extra) in integrity_error(store)
    extra.unlink()
    missing = version_dir / "part-00000.parquet"
    missing.unlink()
    message = integrity_error(store)
    assert str(missing) in message and "missing" in message


def test_a_truncated_part_file_is_caught_by_its_size(store, version_dir):
    path = version_dir / "part-00000.parquet"
    path.write_bytes(path.read_bytes()[:-10])
    assert str(path) in integrity_error(store) and "bytes" in integrity_error(store)


@pytest.mark.parametrize("text", ["", "{not json", "[]", '{"bank": "demo"}'])
def test_an_unreadable_manifest_is_an_integrity_error(store, version_dir, text):
    (version_dir / "_manifest.json").write_text(text)
    assert "_manifest.json" in integrity_error(store)


def test_a_manifest_of_another_version_is_caught(store, rows, stage, version_dir):
    store.record_verification("demo", 1, "passed", {})
    stage(store, "demo", rows(3, start=100))
    (store.version_dir("demo", 2) / "_manifest.json").write_bytes(
        (version_dir / "_manifest.json").read_bytes()
    )
    with pytest.raises(BankIntegrityError, match="manifest is for 'demo' v0001"):
        store.read_version("demo", 2)
