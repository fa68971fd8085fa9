"""The rough edges of issue 14, each a fact: the build's closing hint runs without the venv,
--version, a whole --help, unknown genres and grades in query, id prefixes and URLs in show,
and one Color Sort solution for solve and show."""

import importlib.metadata
import json
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline import cli as cli_module
from pipeline.commands import building
from solvers import get_genre

COLORSORT_SAMPLE = "4:3320,2113,0231,2010,,"
GOKIGEN = "https://puzz.link/p?gokigen/4/4/iaegcgcj6a"
VENV_SCRIPT = Path(sys.executable).parent / "puzzlebank"


def test_version_prints_the_installed_version(cli):
    run = cli("--version")
    assert (run.status, run.out) == (0, f"puzzlebank {importlib.metadata.version('puzzlebank')}\n")


def test_top_level_help_lists_every_command_with_its_one_line_help(cli):
    run = cli("--help")
    assert run.status == 0
    described = " ".join(run.out.split("\n\n")[1].split())
    assert described == "The puzzlebank command line: build, verify and read puzzle banks; " \
                        "solve, draw, explain puzzles"  # a sentence, not a list cut off
    parser = cli_module.make_parser()
    commands = next(action for action in parser._actions if action.dest == "command")
    listed = " ".join(run.out.split())
    for choice in commands._choices_actions:
        assert f"{choice.dest} {' '.join(choice.help.split())}" in listed


def test_query_of_an_unknown_genre_is_refused_not_an_empty_table(cli, bank):
    root, _ = bank
    run = cli("query", "faults", "--root", root, "--genre", "slnt")
    assert run.status == 2 and run.one_error_line()
    assert "unknown genre 'slnt'" in run.err and run.out == ""


@pytest.mark.parametrize("options", [("--genre", "slant", "--grade", "ration"),
                                     ("--grade", "nonesuch")])
def test_query_of_a_grade_no_genre_has_is_refused(cli, bank, options):
    root, _ = bank
    run = cli("query", "faults", "--root", root, *options)
    assert run.status == 2 and run.one_error_line() and run.out == ""


def test_show_finds_a_row_by_the_first_six_digits_of_its_id(cli, bank):
    root, rows = bank
    whole = cli("show", "faults", rows[0]["id"], "--root", root, "--solve")
    prefix = cli("show", "faults", rows[0]["id"][:6], "--root", root, "--solve")
    assert whole.status == prefix.status == 0
    assert prefix.out == whole.out
    genre = get_genre("slant")
    puzzle = genre.parse(rows[0]["puzzle"])
    assert whole.out == genre.draw(puzzle, genre.parse_solution(rows[0]["solution"], puzzle)) + "\n"


def test_show_says_no_row_for_a_prefix_no_id_has(cli, bank):
    root, rows = bank
    missing = next(p for p in ("000000", "ffffff", "abcdef") if not any(
        row["id"].startswith(p) for row in rows))
    run = cli("show", "faults", missing, "--root", root)
    assert run.status == 2 and run.one_error_line()
    assert f"has no puzzle whose id starts with {missing}" in run.err


def test_show_says_ambiguous_for_a_prefix_two_ids_share(cli, tmp_path, bank, publish_rows):
    _, rows = bank
    twins = [rows[0], rows[1] | {"id": rows[0]["id"][:8] + rows[1]["id"][8:]}]
    publish_rows(tmp_path, "twins", twins)
    run = cli("show", "twins", rows[0]["id"][:7], "--root", tmp_path)
    assert run.status == 2 and run.one_error_line()
    assert "ambiguous" in run.err


def test_show_of_a_word_that_is_neither_genre_nor_id_names_both(cli):
    run = cli("show", "slnt", "1.1,...,1.1")
    assert run.status == 2 and run.one_error_line()
    assert "'slnt' is not a genre" in run.err and "is not a bank row's id" in run.err


def test_show_takes_a_bare_puzzlink_url_as_solve_does(cli):
    alone = cli("show", GOKIGEN, "--solve")
    with_genre = cli("show", "slant", GOKIGEN, "--solve")
    assert alone.status == with_genre.status == 0
    assert alone.out == with_genre.out
    assert json.loads(cli("solve", GOKIGEN, "--json").out)["counts"] == {"ladder": 1, "fill": 1}


def test_colorsort_solve_and_show_give_the_same_shortest_pours(cli):
    report = json.loads(cli("solve", "colorsort", COLORSORT_SAMPLE, "--json").out)
    genre = get_genre("colorsort")
    puzzle = genre.parse(COLORSORT_SAMPLE)
    solution = genre.parse_solution(report["solution"], puzzle)
    assert len(solution.moves) == report["optimal"] == 12
    assert genre.check(puzzle, solution) == []
    shown = cli("show", "colorsort", COLORSORT_SAMPLE, "--solve").out
    assert shown == genre.draw(puzzle, solution) + "\n"
    text = cli("solve", "colorsort", COLORSORT_SAMPLE).out
    assert f"solution  {report['solution']}\n" in text


def test_the_closing_hint_names_the_running_script_when_the_venv_is_not_on_path(monkeypatch):
    monkeypatch.setattr(sys, "argv", [str(VENV_SCRIPT), "build"])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    assert building.own_command() == str(VENV_SCRIPT)
    monkeypatch.setenv("PATH", f"{VENV_SCRIPT.parent}:/usr/bin:/bin")
    assert building.own_command() == "puzzlebank"


def test_the_closing_hint_runs_in_a_shell_without_the_venv(bank, tmp_path, monkeypatch):
    root, rows = bank
    monkeypatch.setattr(sys, "argv", [str(VENV_SCRIPT)])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    hint = building.query_hint("faults", str(root))
    done = subprocess.run(["sh", "-c", hint], capture_output=True, text=True, cwd=tmp_path,
                          env={"PATH": "/usr/bin:/bin"}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[:2] == ["id", "genre"]
    assert len(done.stdout.splitlines()) == 1 + min(10, len(rows))


def test_parser_errors_echo_an_excerpt_with_control_characters_escaped(cli):
    run = cli("solve", "slant", "1\x1b[2J" + "." * 500)
    assert run.status == 2 and run.one_error_line()
    assert "\x1b" not in run.err and "\\x1b[2J" in run.err
    assert len(run.err) < 300


def test_solve_of_several_texts_gives_one_error_line_and_each_failure_in_its_place(cli):
    """Found by the fuzz suite: two bad texts used to give two lines on stderr."""
    run = cli("solve", "slant", "solve", "1.1,...,1.1", "1.9")
    assert run.status == 2 and run.one_error_line()
    assert run.err.startswith("puzzlebank: 2 of 3 puzzle texts do not parse or are not decided "
                              "in time; the first: 'solve'")
    blocks = run.out.split("\n\n")
    assert blocks[0].startswith("'solve': does not parse:")
    assert blocks[1].startswith("puzzle    1.1,...,1.1")
    assert blocks[2].startswith("'1.9': does not parse:")
