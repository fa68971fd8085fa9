"""The bank-reading commands on a Delta bank: history, time travel, one build's rows, and the
refusal, in one line with status 2, of a bank whose files or log were changed."""

import json
import re
import shutil

import pytest

from banks.commits import log_path
from generators import GenerationSpec
from pipeline.admission import admit

BANK = "two"


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory, publish_rows):
    """Return (root, first build's rows, second's) of a bank committed straight by BankStore."""
    rows = [outcome for grade in ("count", "cycle") for seed in range(6)
            if isinstance(outcome := admit("slant", GenerationSpec(4, 4, grade), seed), dict)]
    rows = list({row["id"]: row for row in rows}.values())
    first, second = rows[: len(rows) // 2], rows[len(rows) // 2 :]
    root = tmp_path_factory.mktemp("banks")
    publish_rows(root, BANK, first)
    publish_rows(root, BANK, second)
    return root, first, second


@pytest.fixture
def copy(two_builds, tmp_path):
    """Return a fresh copy of the two-build bank's root, to change."""
    shutil.copytree(two_builds[0], tmp_path / "root")
    return tmp_path / "root"


def ids(run) -> set[str]:
    """Return the ids of a JSON query's rows."""
    return {row["id"] for row in json.loads(run.out)}


def test_query_reads_every_build_or_one_build_or_the_bank_as_it_was(cli, two_builds):
    root, first, second = two_builds
    query = ("query", BANK, "--root", root, "--format", "json")
    assert ids(cli(*query)) == {row["id"] for row in first + second}
    assert ids(cli(*query, "--build", "1")) == {row["id"] for row in second}
    assert ids(cli(*query, "--version", "0")) == {row["id"] for row in first}
    assert {row["build"] for row in json.loads(cli(*query).out)} == {0, 1}
    late = cli(*query, "--version", "2")
    assert late.status == 2 and "has no version 2 (versions 0 to 1)" in late.err


def test_history_lists_each_version_with_its_build_rows_and_verification(cli, two_builds):
    root, first, second = two_builds
    run = cli("history", BANK, "--root", root)
    assert run.status == 0, run.err
    header, *lines = run.out.splitlines()
    assert header.split() == ["version", "when", "build", "rows", "buckets", "verification"]
    assert [line.split()[0] for line in lines] == ["0", "1"]
    assert [int(line.split()[3]) for line in lines] == [len(first), len(second)]
    assert all(line.endswith("  passed") for line in lines)  # committed with an empty report


def flip_a_byte(root) -> str:
    """Flip a byte in the middle of the bank's first data file; return its name."""
    part = sorted((root / BANK).glob("part-*.parquet"))[0]
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 0x01
    part.write_bytes(bytes(data))
    return part.name


READS = [
    ("query", BANK),
    ("history", BANK),
    ("export", BANK, "--out", "{tmp}/out"),
    ("gallery", BANK, "--out", "{tmp}/page.html"),
    ("verify", BANK),
    ("show", BANK, "{row_id}"),
]


@pytest.mark.parametrize("command", READS, ids=lambda command: command[0])
@pytest.mark.parametrize("tamper", ["flip", "delete", "truncate", "log", "garbled"])
def test_every_read_command_refuses_a_tampered_bank_in_one_line(cli, copy, two_builds, tmp_path,
                                                                command, tamper):
    _, first, _ = two_builds
    part = sorted((copy / BANK).glob("part-*.parquet"))[0]
    if tamper == "flip":
        named = flip_a_byte(copy)
    elif tamper == "delete":
        part.unlink()
        named = part.name
    elif tamper == "truncate":
        part.write_bytes(part.read_bytes()[:100])
        named = part.name
    elif tamper == "garbled":
        entry = log_path(copy / BANK, 1)
        entry.write_text(entry.read_text().replace('"add":', '"add" '))
        named = entry.name
    else:
        entry = log_path(copy / BANK, 0)
        entry.write_text(re.sub(r'"row_count":(\d+)', r'"row_count":1\1', entry.read_text()))
        named = entry.name
    args = [arg.format(tmp=tmp_path, row_id=first[0]["id"]) for arg in command]
    run = cli(*args, "--root", copy)
    assert run.status == 2, run.out
    assert run.err.count("\n") == 1 and named in run.err
    assert "Traceback" not in run.err + run.out
    assert not (copy / ".prefect").exists()  # refused before any server started


def test_a_parquet_file_dropped_in_the_bank_is_not_read(cli, copy, two_builds):
    _, first, second = two_builds
    first_part = sorted((copy / BANK).glob("part-*.parquet"))[0]
    shutil.copy(first_part, copy / BANK / "extra.parquet")
    shutil.copy(first_part, copy / BANK / "part-0123456789abcdef-00000.parquet")
    run = cli("query", BANK, "--root", copy, "--format", "json")
    assert run.status == 0 and ids(run) == {row["id"] for row in first + second}


def test_a_root_holding_an_old_layout_bank_is_one_line(cli, tmp_path):
    (tmp_path / BANK / "v0001").mkdir(parents=True)
    (tmp_path / BANK / "LATEST").write_text("v0001\n")
    for command in (("query", BANK), ("history", BANK)):
        run = cli(*command, "--root", tmp_path)
        assert run.status == 2 and run.err.count("\n") == 1
        assert "old folder layout" in run.err
