"""Facts about the genre record and its registry: strategies instead of hooks, one meaning of
"search", extra commands from the record, and no genre named above the generators."""

import ast
import dataclasses
from pathlib import Path

import pytest

import generators
import pipeline
import solvers
from generators import get_generator
from pipeline.cli import make_parser
from solvers import GENRE_NAMES, get_genre
from solvers.core.counting import Solvable, Unique
from solvers.core.grading import SEARCH, LowestSolvingLevel, MeasuredBands

SAMPLE = "4:3320,2113,0231,2010,,"  # the reference's Color Sort example, sortable in 12 pours


def imported(path: Path) -> set[str]:
    """Return the top two parts of every module `path` imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {".".join(alias.name.split(".")[:2]) for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(".".join(node.module.split(".")[:2]))
    return found


def test_the_pipeline_names_no_genre_and_imports_no_genre_module():
    for path in Path(pipeline.__file__).parent.glob("*.py"):
        modules = imported(path)
        for name in GENRE_NAMES:
            assert f"solvers.{name}" not in modules and f"generators.{name}" not in modules, path
    cli = Path(pipeline.__file__).with_name("cli.py").read_text()
    assert not [name for name in GENRE_NAMES if name in cli]


def test_solvers_import_no_generator_or_pipeline_and_generators_no_pipeline():
    for layer, above in ((solvers, {"generators", "pipeline"}), (generators, {"pipeline"})):
        for path in Path(layer.__file__).parent.rglob("*.py"):
            tops = {module.split(".")[0] for module in imported(path)}
            assert not tops & above, f"{path} imports {tops & above}"


def test_colorsort_deal_is_the_colorsort_generator_records_command():
    assert [command.name for command in get_generator("colorsort").commands] == ["colorsort-deal"]
    assert [name for name in GENRE_NAMES if get_generator(name).commands] == ["colorsort"]
    choices = next(a for a in make_parser()._actions if a.dest == "command").choices
    assert "colorsort-deal" in choices
    own = next(a for a in make_parser(["query", "b"])._actions if a.dest == "command").choices
    assert "colorsort-deal" not in own and "query" in own


def test_every_genre_names_its_grading_and_counting_strategy():
    grading = {name: type(get_genre(name).grading).__name__ for name in GENRE_NAMES}
    assert grading == {"slant": "LowestSolvingLevel", "shakashaka": "LowestSolvingLevel",
                       "araf": "LowestSolvingLevel", "chesspy": "HighestRuleUsed",
                       "colorsort": "MeasuredBands"}
    counting = {name: type(get_genre(name).counting) for name in GENRE_NAMES}
    assert counting == {**dict.fromkeys(GENRE_NAMES, Unique), "colorsort": Solvable}


def test_search_is_only_ever_the_top_level_and_the_rule_levels_leave_it_out():
    levels = {name: get_genre(name).rule_levels for name in GENRE_NAMES}
    assert levels["araf"] == ("pair", "cell", "ration")
    assert levels["shakashaka"] == ("clues", "parity", "tips", "reflex")
    assert levels["slant"] == get_genre("slant").ladder  # no search level: needs-search instead
    araf = get_genre("araf")
    with pytest.raises(ValueError, match="only be the top"):
        dataclasses.replace(araf, ladder=("pair", SEARCH, "cell", "ration"))


def test_measured_bands_must_be_the_ladder_in_order():
    colorsort = get_genre("colorsort")
    assert isinstance(colorsort.grading, MeasuredBands)
    with pytest.raises(ValueError, match="not the ladder"):
        dataclasses.replace(colorsort, ladder=("medium", "easy", "hard", "expert"))
    with pytest.raises(ValueError, match="not the ladder"):
        dataclasses.replace(colorsort, grading=MeasuredBands(colorsort.grading.measure,
                                                             colorsort.grading.bands[:3]))
    assert get_genre("slant").grading == LowestSolvingLevel()


def test_color_sort_counters_report_one_solution_whatever_the_limit():
    colorsort = get_genre("colorsort")
    puzzle = colorsort.parse(SAMPLE)
    for engine in colorsort.engines:
        for limit in (1, 2, 5):
            found = colorsort.count(puzzle, limit=limit, engine=engine)
            assert found.count == colorsort.counting.capped(10, limit) == 1
            assert colorsort.check(puzzle, found.solutions[0]) == []


def test_a_unique_genres_counter_stops_at_the_limit():
    slant = get_genre("slant")
    empty = slant.parse("...,...,...")  # 2x2 without clues: many fillings
    every = slant.count(empty, limit=1000, engine="brute").count
    assert every > 3
    for engine in slant.engines:
        for limit in (1, 3):
            assert slant.count(empty, limit=limit, engine=engine).count == \
                slant.counting.capped(every, limit) == limit


def test_every_generator_record_names_its_genres_record():
    for name in GENRE_NAMES:
        assert get_generator(name).genre is get_genre(name)
    assert get_generator("chesspy").daily is not None
    assert [name for name in GENRE_NAMES if get_generator(name).daily] == ["chesspy"]
