"""The CLI without Prefect: solve, show, query and export, and one-line errors with status 2."""

import errno
import json
import pickle
import subprocess
import sys

import pytest

from generators import GenerationSpec
from pipeline.admission import admit
from solvers import get_genre
from solvers.core import StaleKernelError

UNIQUE = "1.1,...,1.1"  # 2x2 slant: the four corner clues force one filling
OPEN = "...,...,..."  # 2x2 slant without clues: many fillings
SLANT = get_genre("slant")


def test_solve_json_gives_one_object_per_puzzle_with_counts_capped_at_two(cli):
    run = cli("solve", "slant", UNIQUE, OPEN, "--json")
    assert run.status == 0
    first, second = (json.loads(line) for line in run.out.splitlines())
    assert first == {"genre": "slant", "puzzle": UNIQUE, "counts": {"ladder": 1, "fill": 1},
                     "solution": "\\/,/\\", "grade": "count", "grade_level": 0, "steps": 4}
    assert second["counts"] == {"ladder": 2, "fill": 2}
    assert (second["solution"], second["grade"], second["grade_level"]) == (None, None, None)


def test_solve_gives_the_same_answer_as_the_bank_row(cli):
    row = admit("slant", GenerationSpec(5, 5, "duet"), next(
        seed for seed in range(50)
        if isinstance(admit("slant", GenerationSpec(5, 5, "duet"), seed), dict)))
    report = json.loads(cli("solve", "slant", "--json", row["puzzle"]).out)
    assert (report["solution"], report["grade"], report["grade_level"], report["steps"]) == (
        row["solution"], row["grade"], row["grade_level"], row["steps"])


def test_solve_reads_a_file_and_goes_on_past_a_line_that_does_not_parse(cli, tmp_path):
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text(f"{UNIQUE}\n\n1.9,...,1.1\n{UNIQUE}\n")
    run = cli("solve", "slant", "--file", puzzles, "--json")
    reports = [json.loads(line) for line in run.out.splitlines()]
    assert [sorted(report) for report in reports][1] == ["error", "puzzle"]
    assert reports[1]["puzzle"] == "1.9,...,1.1"
    assert reports[0] == reports[2]
    assert run.status == 2
    assert run.err.count("\n") == 1


def test_solve_without_json_prints_the_counts_grade_and_drawing(cli):
    run = cli("solve", "slant", UNIQUE)
    assert run.status == 0
    assert "counts    ladder 1, fill 1" in run.out
    assert "grade     count (level 0, 4 steps)" in run.out
    assert " \\ /" in run.out


def test_show_draws_the_puzzle_and_its_unique_solution(cli):
    puzzle = SLANT.parse(UNIQUE)
    assert cli("show", "slant", UNIQUE).out == SLANT.draw(puzzle, None) + "\n"
    solved = SLANT.parse_solution("\\/,/\\", puzzle)
    assert cli("show", "slant", UNIQUE, "--solve").out == SLANT.draw(puzzle, solved) + "\n"
    given = SLANT.parse_solution("//,//", puzzle)
    drawn = cli("show", "slant", UNIQUE, "--solution", "//,//").out
    assert drawn == SLANT.draw(puzzle, given) + "\n"


BAD_INPUT = {
    "unknown genre": ("solve", "nonesuch", UNIQUE),
    "unknown genre in build": ("build", "b", "--genre", "nonesuch", "--size", "4x4",
                               "--per-grade", "1"),
    "malformed size": ("build", "b", "--genre", "slant", "--size", "4by4", "--per-grade", "1"),
    "zero per grade": ("build", "b", "--genre", "slant", "--size", "4x4", "--per-grade", "0"),
    "unknown grade": ("build", "b", "--genre", "slant", "--size", "4x4", "--per-grade", "1",
                      "--grade", "ration"),
    "bad bank name": ("build", "../b", "--genre", "slant", "--size", "4x4", "--per-grade", "1"),
    "malformed puzzle": ("solve", "slant", "1.1,..,1.1"),
    "malformed puzzle to show": ("show", "slant", "1.5,...,1.1"),
    "malformed solution to show": ("show", "slant", UNIQUE, "--solution", "/x,//"),
    "no puzzle to solve": ("solve", "slant"),
    "missing puzzle file": ("solve", "slant", "--file", "/nonexistent/puzzles.txt"),
    "missing bank to query": ("query", "nobank"),
    "missing bank to verify": ("verify", "nobank"),
    "missing bank to export": ("export", "nobank", "--out", "x"),
    "bad query format": ("query", "nobank", "--format", "xml"),
    "no command": (),
    "unknown command": ("frobnicate",),
    "malformed ladder-report size": ("ladder-report", "slant", "--size", "4", "--boards", "2"),
}


@pytest.mark.parametrize("args", BAD_INPUT.values(), ids=BAD_INPUT.keys())
def test_bad_input_gives_one_line_on_stderr_and_status_2(cli, tmp_path, args):
    run = cli(*args, *(("--root", tmp_path) if args[:1] in (("query",), ("verify",),
                                                              ("export",), ("build",)) else ()))
    assert run.status == 2
    assert run.err.startswith("puzzlebank: ")
    assert run.err.count("\n") == 1
    assert "Traceback" not in run.err + run.out


def test_help_exits_0(cli):
    run = cli("--help")
    assert run.status == 0
    assert "build" in run.out


def test_daily_chesspy_prints_the_same_full_set_every_time(cli):
    first = cli("daily", "chesspy", "2026-11-29")
    assert first.status == 0
    lines = first.out.splitlines()
    assert [int(line.split()[0]) for line in lines] == list(range(1, 21))
    assert cli("daily", "chesspy", "2026-11-29").out == first.out
    assert cli("daily", "chesspy", "2026-11-30").out != first.out


def test_daily_of_a_genre_without_a_set_of_the_day_is_refused(cli):
    run = cli("daily", "slant", "2026-11-29")
    assert (run.status, run.err) == (2, "puzzlebank: genre 'slant' has no set of the day\n")


def test_colorsort_deal_prints_the_js_engines_deal_and_solve(cli):
    run = cli("colorsort-deal", "--seed", "sample", "--colors", 4, "--capacity", 4,
              "--duplicates", 0, "--empty", 2, "--json")
    view = json.loads(run.out)
    assert view["tubes"] == [[3, 3, 2, 0], [2, 1, 1, 3], [0, 2, 3, 1], [2, 0, 1, 0], [], []]
    assert (view["solve"]["solved"], view["solve"]["nodes"], view["solve"]["truncated"]) == (
        True, 16, False)
    assert view["solve"]["moves"][:5] == [[0, 4], [0, 5], [1, 0], [2, 1], [0, 2]]
    assert len(view["solve"]["moves"]) == 16


def test_solve_json_of_colorsort_reports_solvability_and_optimal_pours(cli):
    report = json.loads(cli("solve", "colorsort", "4:3320,2113,0231,2010,,", "--json").out)
    assert sorted(report) == ["genre", "grade", "optimal", "puzzle", "solution", "solvable"]
    assert (report["solvable"], report["optimal"]) == (True, 12)
    assert len(report["solution"].split()) == 12


def test_ladder_report_prints_both_tables(cli):
    run = cli("ladder-report", "slant", "--size", "3x3", "--boards", "4", "--seed", "1")
    assert run.status == 0
    assert run.out.startswith("slant 3x3, 4 boards\n")
    assert "+probe" in run.out and "-count" in run.out


@pytest.fixture(scope="module")
def published(tmp_path_factory, publish_rows):
    """Return (root, rows) of a bank "small" published straight through BankStore."""
    rows = [outcome for grade in ("count", "cycle") for seed in range(4)
            if isinstance(outcome := admit("slant", GenerationSpec(4, 4, grade), seed), dict)]
    root = tmp_path_factory.mktemp("banks")
    publish_rows(root, "small", rows)
    return root, rows


def test_query_filters_and_prints_a_table_with_a_header(cli, published):
    root, rows = published
    run = cli("query", "small", "--root", root, "--grade", "cycle", "--size", "4x4")
    lines = run.out.splitlines()
    assert run.status == 0
    assert lines[0].split() == ["id", "genre", "size", "grade", "steps", "score", "clues", "puzzle"]
    assert sorted(line.split()[0] for line in lines[1:]) == sorted(
        row["id"] for row in rows if row["grade"] == "cycle")


def test_query_json_keeps_64_bit_seeds_exact_as_strings(cli, published):
    root, rows = published
    found = json.loads(cli("query", "small", "--root", root, "--format", "json").out)
    by_id = {row["id"]: row for row in rows}
    assert len(found) == len(rows)
    for row in found:
        assert row["seed"] == str(by_id[row["id"]]["seed"])
        assert row["measurements"] == json.loads(by_id[row["id"]]["measurements"])


def test_query_csv_has_every_column_and_the_limit_holds(cli, published):
    root, _ = published
    run = cli("query", "small", "--root", root, "--format", "csv", "--limit", "2")
    lines = run.out.splitlines()
    assert lines[0].startswith("id,genre,width,height,size,grade,grade_level,steps,clues,puzzle")
    assert len(lines) == 3


def test_export_writes_the_front_end_files_and_prints_where(cli, published, tmp_path):
    root, _ = published
    run = cli("export", "small", "--root", root, "--out", tmp_path)
    assert run.status == 0
    assert (tmp_path / "small" / "index.json").is_file()
    assert run.out.strip() == str(tmp_path / "small")


def test_solve_show_and_query_start_without_importing_prefect(published):
    root, _ = published
    script = (
        "import sys\n"
        "from pipeline.cli import main\n"
        f"assert main(['solve', 'slant', {UNIQUE!r}]) == 0\n"
        f"assert main(['show', 'slant', {UNIQUE!r}]) == 0\n"
        f"assert main(['query', 'small', '--root', {str(root)!r}]) == 0\n"
        "print(sorted(name for name in ('prefect', 'dask', 'tqdm') if name in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"


FULL_DISK_BUILD = ("build", "full", "--genre", "slant", "--size", "4x4", "--per-grade", "1")


@pytest.mark.flow
def test_a_full_disk_inside_a_build_flow_is_one_line_and_exit_2_without_prefects_traceback(
    prefect_api, tmp_path
):
    """The generation task raises ENOSPC; Prefect logs its traceback to the run, not the console."""
    script = (
        "import sys\n"
        "import pipeline.batches\n"
        "def full(*args, **kwargs):\n"
        f"    raise OSError({errno.ENOSPC}, 'No space left on device', '/srv/banks/part.parquet')\n"
        "pipeline.batches.contend = full\n"
        "from pipeline.cli import main\n"
        f"sys.exit(main({[*FULL_DISK_BUILD, '--root', str(tmp_path)]!r}))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300)
    assert (done.returncode, done.stderr) == (
        2, "puzzlebank: No space left on device: '/srv/banks/part.parquet'\n")


def test_a_kernel_built_from_older_code_is_one_line_and_exit_2():
    """A checkout updated without `pip install -e .` again keeps the old compiled Araf kernel,
    whose calls are another version than kernel.py's: the program says so in one line (a hint
    runs the explainer, which asks the kernel)."""
    script = (
        "import sys, types\n"
        "sys.modules['solvers.araf._kernel'] = types.ModuleType('solvers.araf._kernel')\n"
        "from pipeline.cli import main\n"
        "sys.exit(main(['hint', 'araf', '1 3']))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert (done.returncode, done.stderr) == (
        2, "puzzlebank: solvers/araf/_kernel was built from older code than this checkout: run "
           "`pip install -e .` again\n")


def test_a_stale_kernel_error_from_a_worker_comes_back_with_its_own_line():
    """A worker's exception crosses back pickled: the stale-kernel error keeps its one line."""
    error = StaleKernelError("solvers/araf/_kernel")
    assert str(pickle.loads(pickle.dumps(error))) == str(error)
