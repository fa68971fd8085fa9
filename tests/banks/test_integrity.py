"""Facts about reading a bank: any change to its data files or its log is caught, in one line
naming the file, and a file no commit added is never read."""

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from banks import BankError, BankIntegrityError, scan
from banks.commits import log_path
from banks.digest import file_sha256
from banks.parts import write_part


@pytest.fixture
def bank(store, rows, publish) -> Path:
    """Return the folder of bank "demo": two builds, the second in 3 data files."""
    publish(store, "demo", rows(8))
    publish(store, "demo", rows(30, start=8), rows_per_file=10)
    return store.bank_dir("demo")


def part(store, version: int, n: int) -> Path:
    """Return the path of data file n of build `version`."""
    return store.bank_dir("demo") / store.snapshot("demo").manifest(version).files[n]["path"]


def integrity_error(store, version=None, read=False) -> str:
    """Return the one-line message a checked read of demo raises."""
    with pytest.raises(BankIntegrityError) as caught:
        snapshot = store.snapshot("demo", version)
        if read:
            snapshot.read()
    assert "\n" not in str(caught.value)
    return str(caught.value)


def test_a_flipped_byte_is_caught_naming_the_file_even_after_a_cached_check(store, bank):
    scan(store.root, "demo").collect()  # checks and remembers every file
    path = part(store, 1, 1)
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))
    message = integrity_error(store)
    assert str(path) in message and "sha256" in message
    assert "sha256" in integrity_error(store, version=1)


def test_an_edited_puzzle_is_caught_by_the_file_hash(store, bank):
    path = part(store, 1, 2)
    table = pq.read_table(path)
    puzzles = table.column("puzzle").to_pylist()
    puzzles[3] = puzzles[3][::-1] + "x"
    write_part(table.set_column(9, table.schema.field("puzzle"), pa.array(puzzles)), path)
    assert str(path) in integrity_error(store)


def test_a_deleted_or_truncated_file_is_caught_naming_it(store, bank):
    gone, cut = part(store, 1, 0), part(store, 0, 0)
    gone.unlink()
    assert f"{gone}: data file is missing" in integrity_error(store)
    assert "missing" in integrity_error(store, version=1)
    cut.write_bytes(b"")
    assert f"{cut}: 0 bytes" in integrity_error(store, version=0)


def test_an_extra_parquet_file_in_the_folder_is_never_read(store, bank, rows):
    first = part(store, 0, 0)
    (bank / "part-0000000000000000-00000.parquet").write_bytes(first.read_bytes())
    (bank / "dropped.parquet").write_bytes(first.read_bytes())
    assert scan(store.root, "demo").collect().height == 38
    assert store.snapshot("demo").read().num_rows == 38


def edit_log(store, version: int, edit) -> None:
    """Rewrite log entry `version` of demo, passing each action (a dict) through `edit`."""
    path = log_path(store.bank_dir("demo"), version)
    actions = [edit(json.loads(line)) for line in path.read_text().splitlines()]
    path.write_text("".join(json.dumps(action) + "\n" for action in actions))


def test_an_edited_add_in_the_latest_log_entry_is_caught_by_its_manifest(store, bank):
    def grow(action):
        if "add" in action:
            action["add"]["size"] += 1
        return action

    edit_log(store, 1, grow)
    message = integrity_error(store)
    assert "00000000000000000001.json" in message


def test_an_edited_older_log_entry_is_caught_by_the_next_commit(store, bank):
    def recount(action):
        if "commitInfo" in action:
            action["commitInfo"]["puzzlebank"]["row_count"] = 9
        return action

    edit_log(store, 0, recount)
    assert "00000000000000000000.json: log entry was changed" in integrity_error(store)
    store.snapshot("demo", 0)  # version 0 alone has no later commit to vouch for it


def test_a_forged_file_and_manifest_in_the_latest_entry_are_caught_by_the_row_hash(store, bank):
    path = part(store, 1, 2)
    table = pq.read_table(path)
    clues = pa.array([n + 1 for n in table.column("clues").to_pylist()], pa.int32())
    write_part(table.set_column(8, table.schema.field("clues"), clues), path)

    def forge(action):
        if "add" in action and action["add"]["path"] == path.name:
            action["add"]["size"] = path.stat().st_size
        if "commitInfo" in action:
            for entry in action["commitInfo"]["puzzlebank"]["files"]:
                if entry["path"] == path.name:
                    entry.update(sha256=file_sha256(path), bytes=path.stat().st_size)
        return action

    edit_log(store, 1, forge)
    assert "changed after it was committed" in integrity_error(store)  # the head's sha256
    head = {"version": 1, "log_sha256": file_sha256(log_path(bank, 1))}  # forged too
    (bank / "_head.json").write_text(json.dumps(head))
    assert "build 1: the rows differ" in integrity_error(store, read=True)


def test_a_log_entry_that_is_not_json_is_one_line(store, bank):
    log_path(bank, 1).write_text("{not json\n")
    with pytest.raises(BankError) as caught:
        store.snapshot("demo")
    assert "\n" not in str(caught.value) and str(bank) in str(caught.value)
