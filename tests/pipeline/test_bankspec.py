"""The app's spec file: the documented shape reads as written into typed values, and every
unknown key, genre, size or grade (or an unreachable bucket) is refused in one line naming the
file and the key, before anything else runs."""

import pytest

from pipeline.bankspec import AppSpec, Notify, SpecError, read_spec
from pipeline.sizes import Size

NIGHT = """
timezone = "Europe/Paris"
[notify]
webhook = "http://127.0.0.1:9/hook"
[banks.app]                 # one bank; a bank may hold several genres
seed = 1                    # optional, default 0
workers = 2                 # optional
plan_days = 7
[[banks.app.genres]]
genre = "slant"
sizes = ["7x7", "10x10"]
per_grade = 20
grades = ["cycle", "probe"] # optional: default every reachable grade
[[banks.app.genres]]
genre = "araf"
sizes = ["6x6"]
per_grade = 3
[banks.other]
[[banks.other.genres]]
genre = "colorsort"
sizes = ["4x4"]
per_grade = 1
budget = 500
"""


def spec_of(tmp_path, text: str) -> AppSpec:
    path = tmp_path / "app.toml"
    path.write_text(text)
    return read_spec(path)


def test_the_documented_shape_reads_as_written(tmp_path):
    spec = spec_of(tmp_path, NIGHT)
    app, other = spec.banks
    assert (spec.timezone, spec.notify) == ("Europe/Paris", Notify("http://127.0.0.1:9/hook", None,
                                                                    ("failure", "shortfall")))
    assert (app.job.bank, app.job.seed, app.compute.workers, app.plan_days, app.per_bucket) == (
        "app", 1, 2, 7, 1)
    slant, araf = app.job.genres
    assert (slant.genre, slant.sizes, slant.per_grade, slant.grades) == (
        "slant", (Size(7, 7), Size(10, 10)), 20, ("cycle", "probe"))
    assert (araf.genre, araf.grades, araf.budget) == ("araf", None, None)
    assert (other.job.bank, other.job.seed, other.compute.workers, other.job.genres[0].budget) == (
        "other", 0, 1, 500)


@pytest.mark.parametrize(("change", "message"), [
    (("seed = 1", "seeed = 1"), "banks.app.seeed: unknown key"),
    (('genre = "araf"', 'genre = "sudoku"'), "banks.app.genres[1].genre: unknown genre 'sudoku'"),
    (('sizes = ["6x6"]', 'sizes = ["6x"]'), "banks.app.genres[1].sizes[0]: size '6x' is not WxH"),
    (('sizes = ["6x6"]', 'sizes = ["99x99"]'), "banks.app.genres[1].sizes[0]:"),
    (('grades = ["cycle", "probe"]', 'grades = ["hard"]'),
     "banks.app.genres[0].grades: slant has no grade 'hard'"),
    (('genre = "colorsort"\nsizes = ["4x4"]', 'genre = "shakashaka"\nsizes = ["6x6"]\n'
      'grades = ["clues"]'), "banks.other.genres[0].grades: shakashaka 6x6/clues is not reachable"),
    (("per_grade = 3", "per_grade = 0"), "banks.app.genres[1].per_grade: 0 is not from 1"),
    (("per_grade = 3", 'per_grade = "3"'), "banks.app.genres[1].per_grade: '3' is not a whole"),
    (("per_grade = 3", ""), "banks.app.genres[1].per_grade: missing"),
    (('genre = "araf"', 'genre = "slant"'), "banks.app.genres[1].genre: slant is listed twice"),
    (('timezone = "Europe/Paris"', 'timezone = "Mars/Olympus"'), "timezone: time zone"),
    (('webhook = "http://127.0.0.1:9/hook"', 'webhook = "ftp://x"'), "notify.webhook:"),
    (("[banks.other]", "[banks.'bad name']"), "banks.bad name: a bank name is"),
    (("plan_days = 7", "plan_days = 7\ncolour = 1"), "banks.app.colour: unknown key"),
    (("[notify]", "[notfy]"), "notfy: unknown key"),
    (("[notify]", '[storage_options]\nendpoint = "x"\n[notify]'),
     "storage_options.endpoint: unknown key (known: allow_http, aws_access_key_id"),
    (("[banks.app]", "[banks.app"), "not TOML"),
])
def test_a_bad_spec_is_one_line_naming_the_key(tmp_path, change, message):
    old, new = change
    assert old in NIGHT
    with pytest.raises(SpecError) as error:
        spec_of(tmp_path, NIGHT.replace(old, new, 1))
    assert message in str(error.value) and str(tmp_path / "app.toml") in str(error.value)
    assert "\n" not in str(error.value)


def test_a_missing_spec_file_is_one_line(tmp_path):
    with pytest.raises(SpecError, match="No such file"):
        read_spec(tmp_path / "none.toml")
