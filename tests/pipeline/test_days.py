"""The day commands: `calendar` plans a bank's days and reports a shortfall with exit 1, `day`
prints what the calendar planned, and `export --days` writes day files without answers, their
solutions apart (matching the bank) and the index last, every file valid under the schema."""

import datetime
import json
from pathlib import Path

import jsonschema
import pytest

from banks import BankStore
from banks.calendar import read_calendar

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "docs" / "export.schema.json").read_text())


@pytest.fixture
def bank(tmp_path, publish_rows):
    """Return the root of a bank "app" of real Slant puzzles: 4 per bucket of 4x4 count/cycle."""
    from generators import GenerationSpec
    from pipeline.admission import admit

    rows: dict[str, dict] = {}
    for grade in ("count", "cycle"):
        seed = 0
        while sum(row["grade"] == grade for row in rows.values()) < 4:
            outcome = admit("slant", GenerationSpec(4, 4, grade), seed)
            if isinstance(outcome, dict) and outcome["grade"] == grade:
                rows[outcome["id"]] = outcome
            seed += 1
    publish_rows(tmp_path, "app", list(rows.values()))
    return tmp_path


def test_calendar_plans_days_and_day_prints_them(cli, bank):
    run = cli("calendar", "app", "--root", bank, "--from", "2027-01-01", "--through",
              "2027-01-04")
    assert run.status == 0, run.err
    assert "planned 2027-01-01..2027-01-04 (4 days, 2 buckets x 1) as calendar version 0" in run.out
    calendar = read_calendar(BankStore(bank), "app")
    for n in range(1, 5):
        date = datetime.date(2027, 1, n)
        shown = cli("day", "app", "--root", bank, "--date", date, "--json")
        assert shown.status == 0, shown.err
        document = json.loads(shown.out)
        assert [p["id"] for p in document["puzzles"]] == \
            calendar.day(date).column("id").to_pylist()
        assert all("solution" not in p and "trace" not in p for p in document["puzzles"])
        text = cli("day", "app", "--root", bank, "--date", date)
        assert all(p["id"] in text.out for p in document["puzzles"])
    again = cli("calendar", "app", "--root", bank, "--through", "2027-01-04")
    assert (again.status, again.out.strip()) == (0, "app: already planned through 2027-01-04; "
                                                    "nothing to plan")


def test_a_short_calendar_names_the_days_and_buckets_and_exits_1(cli, bank):
    run = cli("calendar", "app", "--root", bank, "--from", "2027-01-01", "--through",
              "2027-01-06", "--per-bucket", "2")
    assert run.status == 1
    assert "planned 2027-01-01..2027-01-02 (2 days" in run.out
    assert ("short: 2027-01-03..2027-01-06 (4 days) not planned: slant/4x4/count has 4 new "
            "puzzles of 12 needed; slant/4x4/cycle has 4 new puzzles of 12 needed") in run.out
    missing = cli("day", "app", "--root", bank, "--date", "2027-01-03")
    assert missing.status == 2 and missing.err.count("\n") == 1
    assert "no puzzles planned on 2027-01-03 (planned through 2027-01-02" in missing.err


def test_export_days_writes_days_without_answers_and_solutions_that_match_the_bank(
        cli, bank, tmp_path):
    assert cli("calendar", "app", "--root", bank, "--from", "2027-01-01", "--through",
               "2027-01-03").status == 0
    out = tmp_path / "out"
    run = cli("export", "app", "--root", bank, "--out", out, "--days", "2027-01-02..2027-01-03")
    assert run.status == 0, run.err
    folder = out / "app"
    validator = jsonschema.Draft202012Validator(SCHEMA)
    index = json.loads((folder / "days.json").read_text())
    assert [entry["date"] for entry in index["days"]] == ["2027-01-02", "2027-01-03"]
    bank_rows = {row["id"]: row for row in BankStore(bank).snapshot("app").read().to_pylist()}
    for entry in index["days"]:
        day = json.loads((folder / entry["file"]).read_text())
        solutions = json.loads((folder / entry["solutions"]).read_text())
        for document in (index, day, solutions):
            errors = list(validator.iter_errors(document))
            assert not errors, errors[0].message
        assert "solution" not in (folder / entry["file"]).read_text()
        assert "t1|" not in (folder / entry["file"]).read_text()
        assert [p["id"] for p in day["puzzles"]] == [s["id"] for s in solutions["solutions"]]
        for answer in solutions["solutions"]:
            row = bank_rows[answer["id"]]
            assert (answer["solution"], answer["trace"]) == (row["solution"], row["trace"])
    cli("export", "app", "--root", bank, "--out", out, "--days", "2027-01-01..2027-01-01")
    index = json.loads((folder / "days.json").read_text())
    assert [entry["date"] for entry in index["days"]] == ["2027-01-01", "2027-01-02",
                                                          "2027-01-03"]
    assert cli("export", "app", "--root", bank, "--out", out).status == 0  # the buckets
    assert (folder / "index.json").is_file() and (folder / "days" / "2027-01-01.json").is_file()
    beyond = cli("export", "app", "--root", bank, "--out", out, "--days", "2027-01-03..2027-01-04")
    assert beyond.status == 2 and "no puzzles planned on 2027-01-04" in beyond.err
    assert not (folder / "days" / "2027-01-04.json").exists()
    backwards = cli("export", "app", "--root", bank, "--out", out, "--days",
                    "2027-01-04..2027-01-01")
    assert backwards.status == 2 and "FROM is after TO" in backwards.err


def test_a_spec_gives_day_its_time_zone_and_calendar_its_plan(cli, bank, tmp_path):
    spec = tmp_path / "app.toml"
    spec.write_text('timezone = "Pacific/Kiritimati"\n[banks.app]\nplan_days = 2\nper_bucket = 2\n'
                    '[[banks.app.genres]]\ngenre = "slant"\nsizes = ["4x4"]\nper_grade = 4\n')
    from pipeline.commands.days import today

    run = cli("calendar", "app", "--root", bank, "--spec", spec)
    first = today("Pacific/Kiritimati")  # UTC+14: most often a day ahead of UTC
    assert run.status == 0, run.err
    assert f"planned {first}..{first + datetime.timedelta(days=1)} (2 days, 2 buckets x 2)" \
        in run.out
    shown = cli("day", "app", "--root", bank, "--spec", spec, "--json")
    assert shown.status == 0, shown.err
    assert json.loads(shown.out)["date"] == str(first)
    assert len(json.loads(shown.out)["puzzles"]) == 4
    other = cli("day", "nope", "--root", bank, "--spec", spec)
    assert other.status == 2 and "has no bank 'nope' (banks: app)" in other.err
