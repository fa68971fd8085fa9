"""Reachability tables and the capacity commands: builds plan their buckets from the tables,
an unreachable bucket is refused before any work, `grades` and `bench` print what they promise,
and aiming never changes the grade a puzzle is filed under."""

import json
import random

import pytest

import pipeline.session
from generators import GenerationSpec, get_generator
from generators.core import aimed
from generators.reachability import (
    Measure,
    Table,
    UnreachableError,
    load,
    plan_buckets,
)
from solvers import GENRE_NAMES, get_genre


def reachable(genre: str, size: str) -> tuple[str, ...]:
    grades = load(genre).reachable(size)
    assert grades is not None, f"{genre} {size} is not in its table"
    return grades


def test_every_genre_has_a_table_over_its_whole_ladder_at_each_measured_size():
    for genre in GENRE_NAMES:
        table = load(genre)
        assert table.sizes() and table.commit and table.max_attempts == 100
        for size in table.sizes():
            assert [m.grade for m in table.at(size)] == list(get_genre(genre).ladder)
            assert all(m.graded <= m.attempts <= table.max_attempts for m in table.at(size))


def test_the_issues_buckets_are_reachable_now():
    # issue 16: these builds were short with default options before the generators aimed
    assert {"tips", "reflex", "search"} <= set(reachable("shakashaka", "6x6"))
    assert {"hard", "expert"} <= set(reachable("colorsort", "6x4"))
    assert "number" in reachable("chesspy", "6x6")


def test_a_default_plan_fills_the_reachable_grades_of_each_size_in_ladder_order():
    sizes = ["6x4", "8x4"]
    assert plan_buckets("colorsort", sizes) == [
        (size, grade) for size in sizes for grade in reachable("colorsort", size)]


def test_asked_grades_keep_their_order_and_an_unmeasured_size_keeps_the_generators_claim():
    assert plan_buckets("slant", ["5x5"], ["duet", "count"]) == [("5x5", "duet"), ("5x5", "count")]
    assert plan_buckets("araf", ["5x4"]) == [("5x4", "cell"), ("5x4", "ration")]
    assert plan_buckets("slant", ["6x5"]) == [("6x5", g) for g in get_genre("slant").ladder]


def test_an_unreachable_grade_is_refused_naming_the_reachable_ones():
    with pytest.raises(UnreachableError) as refused:
        plan_buckets("chesspy", ["4x4"], ["board", "zero"])
    assert str(refused.value) == ("chesspy 4x4/zero is not reachable; reachable grades at 4x4: "
                                  + ", ".join(reachable("chesspy", "4x4")))


def test_a_grade_below_the_quality_floor_is_refused_with_the_floors_reason(cli, tmp_path):
    # issue 24: Shakashaka's clues and parity solve only boards with no triangle
    for size in ("6x6", "8x8", "10x10"):
        assert not {"clues", "parity"} & set(reachable("shakashaka", size))
    run = cli("build", "b", "--genre", "shakashaka", "--size", "6x6", "--per-grade", "1",
              "--grade", "clues", "--root", tmp_path / "root")
    assert run.status == 2 and run.out == ""
    assert run.err == ("puzzlebank: shakashaka 6x6/clues is not reachable (the numbers and "
                       "parity never decide a triangle); reachable grades at 6x6: "
                       + ", ".join(reachable("shakashaka", "6x6")) + "\n")
    with pytest.raises(UnreachableError, match=r"parity never decide a triangle"):
        plan_buckets("shakashaka", ["7x7"], ["parity"])  # unmeasured: the floor still holds
    rows = json.loads(cli("grades", "shakashaka", "--size", "8x8", "--json").out)
    assert [r["why"] for r in rows if r["grade"] in ("clues", "parity")] == [
        "the numbers and parity never decide a triangle"] * 2


def test_a_size_with_no_reachable_grade_is_refused(monkeypatch):
    table = Table("slant", 1, "abc", 10, 2, (Measure("3x3", "count", 10, 0, 5.0),
                                             Measure("4x4", "count", 3, 2, 9.0)))
    monkeypatch.setattr("generators.reachability.load", lambda genre: table)
    with pytest.raises(UnreachableError, match=r"^slant 3x3: no grade is reachable at this "
                                               r"size \(reachable sizes: 4x4\)$"):
        plan_buckets("slant", ["4x4", "3x3"])


def test_an_unreachable_build_exits_2_in_one_line_before_the_server_starts(cli, tmp_path,
                                                                           monkeypatch):
    def no_server(*args):
        raise AssertionError("the server was started")

    monkeypatch.setattr(pipeline.session, "local_server", no_server)
    run = cli("build", "b", "--genre", "chesspy", "--size", "5x5", "--per-grade", "1",
              "--grade", "zero", "--root", tmp_path / "root")
    assert run.status == 2 and run.out == ""
    assert run.err == ("puzzlebank: chesspy 5x5/zero is not reachable; reachable grades at 5x5: "
                       + ", ".join(reachable("chesspy", "5x5")) + "\n")
    assert not (tmp_path / "root").exists()


def test_grades_json_is_one_object_per_size_and_grade_of_the_ladder(cli):
    run = cli("grades", "shakashaka", "--json")
    assert run.status == 0
    rows = json.loads(run.out)
    table = load("shakashaka")
    ladder = get_genre("shakashaka").ladder
    assert [(r["size"], r["grade"]) for r in rows] == [
        (size, grade) for size in table.sizes() for grade in ladder]
    for row in rows:
        assert sorted(row) == ["grade", "hit_rate", "ms_per_puzzle", "reachable", "size", "why"]
        assert 0 <= row["hit_rate"] <= 1
        assert row["reachable"] == (row["hit_rate"] > 0) == (row["ms_per_puzzle"] is not None)
        assert row["reachable"] == (row["why"] is None)
    one = json.loads(cli("grades", "shakashaka", "--size", "6x6", "--json").out)
    assert one == [r for r in rows if r["size"] == "6x6"]


def test_grades_prints_a_table_and_refuses_an_unmeasured_size(cli):
    run = cli("grades", "chesspy", "--size", "4x4")
    assert run.status == 0
    lines = run.out.splitlines()
    assert lines[1].split() == ["size", "grade", "reachable", "hit", "rate", "ms/puzzle", "why",
                                "not"]
    assert [line.split()[1] for line in lines[2:]] == list(get_genre("chesspy").ladder)
    assert lines[2].split()[2:] == ["no", "0.0%", "-", "no", "puzzle", "in", "100",
                                    "attempts"]  # zero never places a piece
    refused = cli("grades", "chesspy", "--size", "9x9")
    assert refused.status == 2 and refused.err.count("\n") == 1 and "4x4" in refused.err


def test_bench_json_counts_graded_puzzles_of_the_bucket_and_every_attempt(cli):
    run = cli("bench", "slant", "--size", "4x4", "--grade", "duet", "--puzzles", "2",
              "--seed", "3", "--json")
    assert run.status == 0, run.err
    report = json.loads(run.out)
    assert sorted(report) == ["attempts", "cpu_ms_per_puzzle", "genre", "grade",
                              "graded_per_second", "puzzles", "size"]
    assert (report["genre"], report["size"], report["grade"], report["puzzles"]) == (
        "slant", "4x4", "duet", 2)
    assert report["attempts"] >= 2 and report["cpu_ms_per_puzzle"] > 0
    ms_from_rate = 1000 / report["graded_per_second"]
    assert ms_from_rate == pytest.approx(report["cpu_ms_per_puzzle"], rel=0.01)


def test_bench_refuses_an_unreachable_bucket_and_an_unknown_grade(cli):
    run = cli("bench", "shakashaka", "--size", "6x6", "--grade", "hard")
    assert run.status == 2 and "has no grade 'hard'" in run.err
    run = cli("bench", "chesspy", "--size", "6x6", "--grade", "zero", "--json")
    assert run.status == 2 and run.out == "" and "reachable grades at 6x6" in run.err


def test_a_spec_option_wins_over_the_aim_of_its_grade():
    aims = {"clues": {"black_density": 0.7, "x": 1}}
    spec = GenerationSpec(6, 6, "clues", {"black_density": 0.3})
    assert aimed(spec, aims).options == {"black_density": 0.3, "x": 1}
    assert aimed(GenerationSpec(6, 6, "tips"), aims).options == {}
    assert aimed(GenerationSpec(6, 6, None), aims).options == {}


@pytest.mark.parametrize(("genre", "size", "grade"), [
    ("shakashaka", (6, 6), "tips"), ("shakashaka", (6, 6), "reflex"),
    ("chesspy", (5, 5), "number"), ("colorsort", (6, 4), "hard"),
])
def test_an_aimed_candidate_is_graded_by_the_ladder_at_its_target(genre, size, grade):
    generator, rules = get_generator(genre), get_genre(genre)
    made = [generator.generate(random.Random(seed), GenerationSpec(*size, grade))
            for seed in range(12)]
    candidates = [c for c in made if not isinstance(c, str | type(None))]
    assert len(candidates) >= 2
    assert all(rules.grade(c.puzzle).name == grade for c in candidates)
    assert all(rules.dimensions(c.puzzle) == size for c in candidates)


def first_candidate(genre: str, spec: GenerationSpec):
    generator = get_generator(genre)
    made = (generator.generate(random.Random(seed), spec) for seed in range(40))
    return next(c for c in made if not isinstance(c, str | type(None)))


def test_a_target_grade_sets_the_knobs_its_table_row_names():
    tips = first_candidate("shakashaka", GenerationSpec(6, 6, "tips"))
    assert tips.measurements["black_cells"] == round(0.25 * 36)
    hard = first_candidate("colorsort", GenerationSpec(4, 4, "hard"))
    assert (hard.measurements["duplicates"], hard.measurements["empty_tubes"]) == (4, 1)
    cell = first_candidate("araf", GenerationSpec(5, 5, "cell"))
    room_sizes = cell.measurements["room_sizes"]  # rooms of each size 0..max_room
    assert len(room_sizes) == 5 and sum(n * size for size, n in enumerate(room_sizes)) == 25


def test_bench_stages_split_the_cpu_time_of_every_graded_puzzle_between_the_stages(cli):
    from solvers.core.stages import STAGES

    run = cli("bench", "slant", "--size", "5x5", "--grade", "cycle", "--puzzles", "3",
              "--seed", "3", "--stages", "--json")
    assert run.status == 0, run.err
    report = json.loads(run.out)
    stages = report["stages"]
    assert list(stages) == list(STAGES)
    assert sum(s["share"] for s in stages.values()) == pytest.approx(1, abs=0.001)
    assert sum(s["cpu_ms_per_puzzle"] for s in stages.values()) == pytest.approx(
        report["cpu_ms_per_puzzle"], rel=0.05)
    assert all(s["cpu_ms_per_puzzle"] > 0 for s in stages.values())  # every stage ran
    text = cli("bench", "slant", "--size", "5x5", "--grade", "cycle", "--puzzles", "3",
               "--seed", "3", "--stages")
    assert text.status == 0, text.err
    lines = text.out.splitlines()
    assert lines[1].split() == ["stage", "ms/puzzle", "share"]
    assert [line.rsplit(None, 2)[0] for line in lines[2:]] == list(STAGES)
