"""What an operator sees of a build: the outcome line of a published version, and a build run
that fails recorded in the bank, `history` listing it with its reason."""

import pytest

pytestmark = pytest.mark.flow

SPEC = ("--genre", "slant", "--size", "4x4", "--per-grade", "1", "--grade", "count",
        "--grade", "cycle", "--seed", "3")


def test_a_published_build_ends_with_its_outcome_line(cli, prefect_api, tmp_path):
    run = cli("build", "night", *SPEC, "--root", tmp_path)
    assert run.status == 0, run.err
    assert run.out.splitlines()[-1] == "night: published version 0: 2 puzzles in 2 buckets"


def test_a_build_run_that_fails_is_in_history_with_its_reason(cli, prefect_api, tmp_path):
    (tmp_path / "night" / ".lock").mkdir(parents=True)  # the bank's lock cannot be opened
    run = cli("build", "night", *SPEC, "--root", tmp_path, "--wait")
    assert run.status == 2 and run.err.count("\n") == 1
    assert "night/.lock: cannot open the bank's lock (Is a directory)" in run.err
    history = cli("history", "night", "--root", tmp_path)
    assert history.status == 0, history.err
    (_, line) = history.out.splitlines()
    assert "run failed: " in line and line.endswith(".lock: cannot open the bank's lock (Is a "
                                                    "directory)")
