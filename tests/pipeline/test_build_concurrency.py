"""Builds as real processes against one bank: one writer at a time, readers never fail, and a
build that dies at any step is published exactly once when it runs again."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from banks import BankStore
from generators import GenerationSpec
from pipeline.admission import admit

pytestmark = pytest.mark.flow

BANK = "shared"
PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))
SPEC = ("--genre", "slant", "--size", "4x4", "--per-grade", "1", "--boards-per-task", "8")
LONG = ("--genre", "slant", "--size", "10x10", "--per-grade", "4")  # 16 puzzles: seconds of work


def build(root, seed, *extra, spec=SPEC, fault=None) -> subprocess.Popen:
    """Start `puzzlebank build` of the shared bank as a process of its own."""
    env = os.environ | ({"PUZZLEBANK_FAULT": fault} if fault else {})
    return subprocess.Popen([PUZZLEBANK, "build", BANK, *spec, "--seed", str(seed), "--root",
                             str(root), *extra], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def shipped(root) -> list[str]:
    """Return every id the bank holds, once per row."""
    return BankStore(root).snapshot(BANK).read().column("id").to_pylist()


@pytest.fixture
def seeded(tmp_path, publish_rows, prefect_api):
    """Return a root whose bank already holds one build of four 4x4 puzzles."""
    rows = [row for seed in range(8)
            if isinstance(row := admit("slant", GenerationSpec(4, 4, "count"), seed), dict)]
    publish_rows(tmp_path, BANK, rows[:4])
    return tmp_path


def held_by(root, process) -> bool:
    """Return True once `process` holds the bank's lock; False if it ended first."""
    while process.poll() is None:
        if BankStore(root).busy(BANK) == process.pid:
            return True
    return False


def test_a_build_started_while_another_runs_exits_2_naming_it_and_queries_never_fail(
    cli, seeded
):
    first = build(seeded, 1, spec=LONG)  # holds the lock for seconds: the reads below meet it
    assert held_by(seeded, first), first.stderr.read()
    second = cli("build", BANK, *SPEC, "--seed", "2", "--root", seeded)
    assert second.status == 2 and second.err.count("\n") == 1
    assert f"bank '{BANK}' is being built by pid {first.pid}" in second.err
    counts = set()
    while first.poll() is None:  # a reader during the build: the old bank or the new, whole
        run = cli("query", BANK, "--root", seeded, "--format", "csv")
        assert run.status == 0, run.err
        counts.add(len(run.out.splitlines()) - 1)
    assert first.wait() == 0, first.stderr.read()
    assert counts <= {4, 20} and 4 in counts, counts
    assert len(shipped(seeded)) == len(set(shipped(seeded))) == 20


def test_two_builds_that_wait_publish_one_after_the_other_with_no_repeated_puzzle(seeded):
    builds = [build(seeded, seed, "--wait") for seed in (1, 2)]
    for process in builds:
        _, err = process.communicate()
        assert process.returncode == 0, err
    assert BankStore(seeded).latest(BANK) == 2
    assert len(shipped(seeded)) == len(set(shipped(seeded))) == 12


@pytest.mark.parametrize("step", ["written", "committed"])
def test_a_build_killed_at_a_step_publishes_exactly_once_when_run_again(seeded, step):
    died = build(seeded, 1, fault=step)
    died.communicate()
    assert died.returncode == 97
    assert BankStore(seeded).latest(BANK) == (1 if step == "committed" else 0)
    again = build(seeded, 1, "--ok-if-published")
    out, err = again.communicate()
    assert again.returncode == 0, err
    assert ("already published as version 1" in out) == (step == "committed")
    assert BankStore(seeded).latest(BANK) == 1
    assert len(shipped(seeded)) == len(set(shipped(seeded))) == 8
    files = {path.name for path in (seeded / BANK).glob("part-*.parquet")}
    assert files == {entry["path"] for commit in BankStore(seeded).snapshot(BANK).commits
                     for entry in commit.manifest.files}
