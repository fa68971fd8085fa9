"""The rough edges an operator met in the first hour, each pinned: a bank named like a genre,
a grade the bank's genres lack, JSON rows shaped like the export's, and history naming genres."""

import json
import os

import pytest

from banks import BankStore, rows_to_table
from generators import GenerationSpec
from pipeline.admission import admit


@pytest.fixture(scope="module")
def slant_bank(tmp_path_factory):
    """Return (root, rows) of a bank named "slant" holding real 4x4 Slant puzzles, committed
    with a one-genre build's spec (its manifest's bucket keys are "WxH/grade")."""
    rows = [outcome for seed in range(6)
            if isinstance(outcome := admit("slant", GenerationSpec(4, 4, "count"), seed), dict)]
    rows = list({row["id"]: row for row in rows}.values())
    root = tmp_path_factory.mktemp("banks")
    with BankStore(root).writer("slant") as writer:
        pending = writer.write(rows_to_table(rows), spec={"genre": "slant", "seed": 0},
                               code_version={}, build_stats={},
                               created_at="2025-01-01T00:00:00+00:00")
        writer.commit(pending, {})
    return root, rows


def test_show_reads_an_id_prefix_in_a_bank_named_like_a_genre(cli, slant_bank):
    root, rows = slant_bank
    prefix = rows[0]["id"][:6]
    run = cli("show", "slant", prefix, "--root", root, "--solve")
    assert run.status == 0, run.err
    assert run.out == cli("show", "slant", rows[0]["puzzle"], "--solution",
                          rows[0]["solution"]).out
    puzzle_text = cli("show", "slant", rows[0]["puzzle"], "--root", root)
    assert puzzle_text.status == 0, puzzle_text.err  # a puzzle text is still a puzzle text


def test_query_of_a_grade_no_genre_of_the_bank_has_is_one_line_and_exit_2(cli, slant_bank):
    root, _ = slant_bank
    run = cli("query", "slant", "--root", root, "--grade", "hard")
    assert run.status == 2 and run.out == ""
    assert run.err.count("\n") == 1
    assert "has no genre with a grade 'hard' (grades of its genres: slant: count" in run.err
    assert cli("query", "slant", "--root", root, "--grade", "count").status == 0


def test_query_json_gives_score_applications_as_an_object_as_export_does(cli, slant_bank):
    root, rows = slant_bank
    run = cli("query", "slant", "--root", root, "--format", "json")
    by_id = {row["id"]: row for row in rows}
    shown = json.loads(run.out)
    assert len(shown) == len(rows)
    for row in shown:
        assert row["score_applications"] == json.loads(by_id[row["id"]]["score_applications"])
        assert isinstance(row["score_applications"], dict)


def test_history_names_each_buckets_genre(cli, slant_bank):
    root, rows = slant_bank
    run = cli("history", "slant", "--root", root)
    assert run.status == 0, run.err
    assert f"slant/4x4/count {len(rows)}" in run.out


def test_history_lists_a_failed_run_with_its_reason_even_before_any_version(cli, tmp_path):
    from banks.runlog import record_failed_run

    record_failed_run(BankStore(tmp_path), "night", "cannot write in the root /srv: Read-only",
                      "http://127.0.0.1:4200/runs/1")
    run = cli("history", "night", "--root", tmp_path)
    assert run.status == 0, run.err
    (_, line) = run.out.splitlines()
    assert line.startswith("-") and line.endswith(
        "run failed: cannot write in the root /srv: Read-only")
    assert cli("history", "none", "--root", tmp_path).status == 2


def test_history_shows_a_run_in_progress_and_nothing_once_it_ended(cli, tmp_path):
    from banks.runlog import run_recorded

    place = BankStore(tmp_path).place("night")
    with run_recorded(place, "http://127.0.0.1:4200/runs/2"):
        run = cli("history", "night", "--root", tmp_path)
        assert run.status == 0, run.err
        (_, line) = run.out.splitlines()
        assert line.endswith(f"run in progress: started {line.split()[1]} (pid {os.getpid()}; "
                             "http://127.0.0.1:4200/runs/2)")
    assert not (tmp_path / "night" / "_runs").exists()  # no empty folder left behind
    assert cli("history", "night", "--root", tmp_path).status == 2  # no version, no run
