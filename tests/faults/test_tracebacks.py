"""Every traceback the operability issue met is one line and exit 2 now, each a named test."""

import sys

import pytest

from solvers.core.excerpt import EXCERPT

BUILD = ("build", "b", "--genre", "slant", "--size", "4x4", "--per-grade", "1")


def test_a_chesspy_grid_of_empty_rows_is_refused_not_a_join_rows_value_error(cli):
    run = cli("solve", "chesspy", "R1B1N1:,")
    assert run.status == 2 and run.one_error_line()
    assert "a row needs at least one cell" in run.err


def test_a_binary_puzzle_file_is_refused_not_a_unicode_decode_error(cli):
    run = cli("solve", "slant", "--file", sys.executable)
    assert run.status == 2 and run.one_error_line()
    assert "is not UTF-8 text" in run.err


def test_a_huge_worker_count_is_refused_not_an_overflow_error(cli, tmp_path):
    run = cli(*BUILD, "--root", tmp_path, "--workers", "100000000000000000000")
    assert run.status == 2 and run.one_error_line()
    assert "argument --workers: '100000000000000000000' is not a whole number from 1 to 256" \
        in run.err


@pytest.mark.parametrize("port", ["70000", "0", "-1", "http"])
def test_a_port_outside_1_to_65535_is_refused(cli, tmp_path, port):
    run = cli("server", "--root", tmp_path, "--port", port)
    assert run.status == 2 and run.one_error_line()
    assert "argument --port" in run.err and "from 1 to 65535" in run.err


def test_a_300_character_bank_name_is_refused_before_any_work(cli, tmp_path):
    run = cli("build", "b" * 300, *BUILD[2:], "--root", tmp_path)
    assert run.status == 2 and run.one_error_line()
    assert "longer than 100 characters" in run.err
    assert len(run.err) < 2 * EXCERPT + 100  # the name is echoed as an excerpt
    assert list(tmp_path.iterdir()) == []


def test_a_root_that_cannot_be_written_is_refused_before_any_work(cli):
    run = cli(*BUILD, "--root", "/proc/puzzlebank-root")
    assert run.status == 2 and run.one_error_line()
    assert "cannot write in the root '/proc/puzzlebank-root'" in run.err


def test_a_root_that_is_a_file_is_refused_before_any_work(cli, tmp_path):
    (tmp_path / "file").write_text("")
    run = cli(*BUILD, "--root", tmp_path / "file" / "banks")
    assert run.status == 2 and run.one_error_line()
    assert "cannot write in the root" in run.err and "Not a directory" in run.err


def test_a_ladder_report_of_a_size_the_generator_cannot_draw_is_one_line(cli):
    """Found by the fuzz suite: Shakashaka's sampler finds no 2x2 layout with a filling."""
    run = cli("ladder-report", "shakashaka", "--size", "2x2", "--boards", "1")
    assert run.status == 2 and run.one_error_line()
    assert "ladder-report: no 2x2 layout with a filling" in run.err
