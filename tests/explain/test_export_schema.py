"""The export ships the trace and the score: every exported file validates against the JSON
Schema in docs/, a front end's plain-JavaScript replay of every trace reaches the solution, and
re-verification recomputes the trace and the score, and query filters and sorts by score."""

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from banks import export_json, scan, select
from pipeline.admission import derived_columns, verify_rows
from pipeline.cli import main
from pipeline.outcomes import Rejection
from pipeline.tracing import explanation_columns
from solvers import get_genre

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "export.schema.json").read_text())
REPLAY = ROOT / "pipeline" / "web" / "replay.js"
NODE = shutil.which("node")


def row_of(name: str, case: Any) -> dict[str, Any]:
    genre = get_genre(name)
    grade = genre.grade(case.puzzle)
    explained = explanation_columns(genre, case.puzzle, case.solution)
    assert not isinstance(explained, Rejection), explained
    return {**derived_columns(genre, case.puzzle, case.solution, grade), **explained,
            "seed": case.seed, "generator_version": "test", "measurements": {}}


@pytest.fixture(scope="module")
def rows(sample: dict[str, list[Any]]) -> list[dict[str, Any]]:
    """One row of every grade of every genre."""
    picked: dict[tuple[str, str], dict[str, Any]] = {}
    for name, cases in sample.items():
        for case in cases:
            picked.setdefault((name, case.grade), row_of(name, case))
    return list(picked.values())


@pytest.fixture(scope="module")
def published(rows, publish_rows, tmp_path_factory) -> Path:
    """Return the root of a bank "explained" holding the rows as its version 1."""
    root = tmp_path_factory.mktemp("banks")
    publish_rows(root, "explained", rows)
    return root


@pytest.fixture(scope="module")
def exported(published, tmp_path_factory) -> Path:
    return export_json(published, "explained", tmp_path_factory.mktemp("out"))


def exported_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.json"))


def test_every_exported_json_file_validates_against_the_schema(exported, rows):
    validator = jsonschema.Draft202012Validator(SCHEMA)
    files = exported_files(exported)
    assert len(files) == 1 + len(rows)  # the index and one bucket per (genre, grade)
    for path in files:
        errors = list(validator.iter_errors(json.loads(path.read_text())))
        assert not errors, (path.name, errors[0].message)


def test_the_schema_refuses_a_solution_or_trace_outside_its_genres_alphabet(exported):
    validator = jsonschema.Draft202012Validator(SCHEMA)
    bucket = json.loads(next(exported.glob("slant/*/count.json")).read_text())
    wrong_solution = json.loads(json.dumps(bucket))
    wrong_solution["puzzles"][0]["solution"] = "x" + bucket["puzzles"][0]["solution"][1:]
    wrong_trace = json.loads(json.dumps(bucket))
    wrong_trace["puzzles"][0]["trace"] = bucket["puzzles"][0]["trace"].replace("=/", "=R", 1)
    assert not validator.is_valid(wrong_solution) and not validator.is_valid(wrong_trace)
    assert validator.is_valid(bucket)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_a_plain_javascript_front_end_replays_every_exported_trace_to_its_solution(exported, rows):
    done = subprocess.run([NODE, str(REPLAY), str(exported)], capture_output=True, text=True,
                          check=True)
    assert json.loads(done.stdout) == {"checked": len(rows), "failures": []}


def test_reverification_recomputes_the_trace_and_the_score(rows):
    slant = next(row for row in rows if row["genre"] == "slant" and row["grade"] == "duet")
    assert verify_rows([slant]) == []
    tampered = slant | {"score": slant["score"] + 1, "trace": slant["trace"][:-2]}
    problems = verify_rows([tampered])
    assert len(problems) == 2 and all(p.startswith(slant["id"]) for p in problems)
    assert {p.split(": ")[1].split(" ")[0] for p in problems} == {"score", "trace"}


def test_query_filters_by_score_and_sorts_by_it(published, rows, capsys):
    low, high = 100, 300
    picked = select(scan(published, "explained"), min_score=low, max_score=high,
                    by_score=True).collect()
    wanted = sorted((row["score"], row["id"]) for row in rows if low <= row["score"] <= high)
    assert list(zip(picked["score"], picked["id"], strict=True)) == wanted and wanted
    assert main(["query", "explained", "--root", str(published), "--genre", "slant",
                 "--sort", "score", "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [row["score"] for row in shown] == sorted(row["score"] for row in rows
                                                     if row["genre"] == "slant")
