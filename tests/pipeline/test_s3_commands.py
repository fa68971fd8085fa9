"""The commands on a root in an S3 bucket (a real SeaweedFS, see the s3_server fixture): real
builds publish there, two at once both finish with no id shipped twice, a build killed at any
step publishes once when run again, and every read command works on it or, on a tampered object,
refuses in one line."""

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import polars as pl
import pytest

from banks import BankStore

pytestmark = pytest.mark.flow

BANK = "cloud"
PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))
SPEC = ("--genre", "slant", "--size", "4x4", "--per-grade", "1", "--boards-per-task", "8")


@pytest.fixture
def root(s3_server, prefect_api) -> str:
    """Return an empty root of its own in the session's bucket."""
    return f"s3://puzzles/cli-{uuid.uuid4().hex[:12]}"


def build(root: str, seed: int, fault: str | None = None) -> subprocess.Popen[str]:
    """Start `puzzlebank build` of the bank in `root` as a process of its own (a spec already
    published is exit 0 too)."""
    env = os.environ | ({"PUZZLEBANK_FAULT": fault} if fault else {})
    return subprocess.Popen([PUZZLEBANK, "build", BANK, *SPEC, "--seed", str(seed), "--root",
                             root, "--ok-if-published"], env=env, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def finished(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    """Wait for the process; return its exit status, stdout and stderr."""
    out, err = process.communicate(timeout=300)
    return process.returncode, out, err


def shipped(root: str) -> list[str]:
    """Return every id the bank holds, once per row."""
    return BankStore(root).snapshot(BANK).read().column("id").to_pylist()


def test_builds_publish_to_s3_and_every_read_command_works_there(cli, root, tmp_path):
    assert cli("build", BANK, *SPEC, "--seed", "1", "--root", root).status == 0
    assert cli("build", BANK, *SPEC, "--seed", "2", "--root", root).status == 0
    first = json.loads(cli("query", BANK, "--root", root, "--format", "json",
                           "--version", "0").out)
    every = json.loads(cli("query", BANK, "--root", root, "--format", "json").out)
    assert len(every) > len(first) > 0
    history = cli("history", BANK, "--root", root).out.splitlines()
    assert [line.split()[0] for line in history[1:]] == ["0", "1"]
    out = f"{root}-export"
    assert cli("export", BANK, "--root", root, "--out", out, "--public-url",
               "https://cdn.example.org/p").status == 0
    place = BankStore(out).location.place(BANK)
    index = json.loads(place.read("index.json"))
    assert index["rows"] == len(every)
    assert all(b["url"].startswith(f"https://cdn.example.org/p/{BANK}/") for b in
               index["buckets"])
    assert cli("calendar", BANK, "--root", root, "--from", "2025-01-01",
               "--through", "2025-01-01").status == 0
    assert cli("export", BANK, "--root", root, "--out", out, "--days",
               "2025-01-01..2025-01-01").status == 0
    days = json.loads(place.read("days.json"))
    assert [day["date"] for day in days["days"]] == ["2025-01-01"]
    assert b"<html" in place.read("days/2025-01-01.html").lower()
    assert cli("verify", BANK, "--root", root).status == 0
    assert cli("show", BANK, every[0]["id"][:8], "--root", root).status == 0
    table = BankStore(root).place(BANK)
    frame = pl.scan_delta(table.uri, storage_options=table.storage_options).collect()
    assert sorted(frame["id"]) == sorted(row["id"] for row in every)


def test_two_builds_started_together_both_finish_and_no_id_ships_twice(root):
    outcomes = [finished(p) for p in (build(root, 1), build(root, 2))]
    assert [status for status, _, _ in outcomes] == [0, 0], outcomes
    ids = shipped(root)
    assert len(ids) == len(set(ids))
    assert BankStore(root).latest(BANK) == 1


def test_a_build_killed_after_its_commit_then_run_again_commits_exactly_once(root):
    # (every step, over disk and S3 alike, with a lighter writer: tests/banks/test_stores.py)
    status, _, err = finished(build(root, 1, fault="committed"))
    assert status == 97, err
    status, out, err = finished(build(root, 1))
    assert status == 0, err
    assert "already published as version 0" in out
    assert BankStore(root).latest(BANK) == 0
    ids = shipped(root)
    assert len(ids) == len(set(ids)) > 0


def test_a_tampered_object_is_refused_by_every_read_command_in_one_line(cli, root, tmp_path):
    assert cli("build", BANK, *SPEC, "--seed", "1", "--root", root).status == 0
    store = BankStore(root)
    place, name = store.place(BANK), store.snapshot(BANK).names[0]
    some_id = store.snapshot(BANK).read().column("id")[0].as_py()
    data = place.read(name)
    tampered = {"overwritten": data[:100] + bytes([data[100] ^ 0xFF]) + data[101:],
                "truncated": data[: len(data) // 2], "deleted": None}
    for how, changed in tampered.items():
        if changed is None:
            place.delete(name)
        else:
            place.write(name, changed)
        for args in (("query", BANK), ("history", BANK), ("export", BANK, "--out", tmp_path),
                     ("verify", BANK), ("show", BANK, some_id[:8]),
                     ("gallery", BANK, "--out", tmp_path / "g.html")):
            run = cli(*args, "--root", root)
            assert run.status == 2, (how, args, run.err)
            assert run.err.count("\n") == 1 and name in run.err, (how, args, run.err)
        place.write(name, data)
    assert cli("query", BANK, "--root", root).status == 0


def test_a_spec_files_storage_options_reach_every_process_of_its_build(root, tmp_path):
    """A process with no AWS_* variable builds a spec into a bucket named only by the spec
    file's storage_options (its flow, its re-verification and its calendar reach the store)."""
    settings = {variable: os.environ[variable] for variable in
                ("AWS_ENDPOINT_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION")}
    spec = tmp_path / "app.toml"
    spec.write_text(
        "[storage_options]\n"
        f'aws_endpoint = "{settings["AWS_ENDPOINT_URL"]}"\n'
        f'aws_access_key_id = "{settings["AWS_ACCESS_KEY_ID"]}"\n'
        f'aws_secret_access_key = "{settings["AWS_SECRET_ACCESS_KEY"]}"\n'
        f'aws_region = "{settings["AWS_REGION"]}"\n'
        'allow_http = "true"\n'
        f"[banks.{BANK}]\nseed = 3\nplan_days = 1\n"
        '[[banks.cloud.genres]]\ngenre = "slant"\nsizes = ["4x4"]\nper_grade = 1\n',
        encoding="utf-8")
    env = {name: value for name, value in os.environ.items() if not name.startswith("AWS_")}
    done = subprocess.run([PUZZLEBANK, "build", "--spec", str(spec), "--root", root], env=env,
                          text=True, capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"{BANK}: published version 0" in done.stdout
    assert len(shipped(root)) > 0 and "calendar" in done.stdout
    blind = subprocess.run([PUZZLEBANK, "history", BANK, "--root", root], env=env, text=True,
                           capture_output=True, timeout=120)
    assert blind.returncode == 2 and len(blind.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("compute", [("--workers", "2"), ("--dask", "local:2")])
def test_a_parallel_build_publishes_to_s3_and_verifies(cli, root, compute):
    """The pool's or Dask's workers (never forked from a process that used deltalake) make the
    rows; the parent writes, reads back and commits to the bucket."""
    assert cli("build", BANK, *SPEC, "--seed", "5", *compute, "--root", root).status == 0
    assert len(shipped(root)) > 0
    assert cli("verify", BANK, "--root", root).status == 0
