"""Hints: from random correct partial states, the next step agrees with the solution and its
rule (the ladder up to it, run on that state alone) entails it; wrong states get one line."""

import json
import random

import pytest

from pipeline.hinting import hint_object
from solvers import get_genre
from solvers.araf.explain import entails as araf_entails
from solvers.chesspy.explain import entails as chesspy_entails
from solvers.colorsort.board import ColorSortPuzzle
from solvers.colorsort.counters import optimal_result
from solvers.colorsort.explain import play
from solvers.shakashaka.explain import entails as shakashaka_entails
from solvers.slant.explain import entails as slant_entails
from tests.explain.test_traces import given_cells, same_value, solution_cells

ENTAILS = {"slant": slant_entails, "shakashaka": shakashaka_entails, "araf": araf_entails,
           "chesspy": chesspy_entails}
STATES_PER_PUZZLE = 4


def state_text(name: str, solution: list[str], shown: list[bool], width: int) -> str:
    tokens = [t if keep else "?" for t, keep in zip(solution, shown, strict=True)]
    joiner = " " if name == "araf" else ""
    return ",".join(joiner.join(tokens[i:i + width]) for i in range(0, len(tokens), width))


@pytest.mark.parametrize("name", tuple(ENTAILS))
def test_a_hint_from_a_random_correct_state_is_true_and_entailed_by_its_rule(name, sample):
    genre = get_genre(name)
    rng = random.Random(17)
    for case in sample[name][::2]:
        width = genre.dimensions(case.puzzle)[0]
        solution = solution_cells(genre, case.solution)
        for _ in range(STATES_PER_PUZZLE):
            share = rng.choice((0.2, 0.5, 0.8))
            givens = given_cells(name, case.puzzle)
            shown = [rng.random() < share for _ in solution]  # a given may show as '?' too
            state = state_text(name, solution, shown, width)
            hint = hint_object(name, genre.format(case.puzzle), state)
            if all(keep or k in givens for k, keep in enumerate(shown)):
                assert hint["rule"] is None and hint["text"] == "solved"
                continue
            assert hint["rule"] in genre.ladder and hint["cells"], (case.seed, state)
            partial = [t if keep else None for t, keep in zip(solution, shown, strict=True)]
            keys = [c["row"] * width + c["col"] for c in hint["cells"]]
            for k, cell in zip(keys, hint["cells"], strict=True):
                assert not shown[k] and k not in givens
                assert same_value(name, cell["value"], k, solution, width)
            if hint["rule"] == "search":  # the rules below it could not decide these cells
                below = ENTAILS[name](case.puzzle, partial, genre.ladder[-2])
                assert any(below[k] is None for k in keys), (case.seed, state)
            else:
                reached = ENTAILS[name](case.puzzle, partial, hint["rule"])
                for k in keys:
                    assert reached[k] is not None
                    assert same_value(name, reached[k], k, solution, width), (case.seed, k)


def test_a_color_sort_hint_is_a_pour_that_leaves_exactly_the_remaining_optimal_pours(sample):
    genre = get_genre("colorsort")
    rng = random.Random(5)
    for case in sample["colorsort"][::3]:
        moves = optimal_result(case.puzzle).moves
        played = moves[:rng.randrange(len(moves))]
        state = " ".join(f"{i}>{j}" for i, j in played)
        hint = hint_object("colorsort", genre.format(case.puzzle), state or None)
        i, j = map(int, hint["pour"].split(">"))
        before = play(case.puzzle, played)
        after = play(case.puzzle, (*played, (i, j)))
        here = ColorSortPuzzle(case.puzzle.capacity, tuple(map(tuple, before)))
        there = ColorSortPuzzle(case.puzzle.capacity, tuple(map(tuple, after)))
        assert optimal_result(there).pours == hint["remaining"]
        assert optimal_result(here).pours == hint["remaining"] + 1
        assert hint["rule"] in ("finish", "gather", "park")


SLANT = ".2..0.,..1...,.2.2.2,..2.2.,.21..2,1....."
SLANT_SOLUTION = "/\\\\\\/,\\\\//\\,/////,/\\\\\\\\,/\\///"


def test_the_json_hint_names_the_rule_the_reason_and_the_cells(cli):
    status, out, _ = cli("hint", "slant", SLANT, "--json")
    assert status == 0
    assert json.loads(out) == {
        "genre": "slant", "rule": "count", "because": ["B1"],
        "text": "The 2 at B1 needs 2 and only a1 and b1 are open, so they point at it.",
        "cells": [{"row": 0, "col": 0, "value": "/"}, {"row": 0, "col": 1, "value": "\\"}]}


def test_a_state_off_the_solution_gets_one_line_naming_its_first_wrong_cell(cli):
    wrong = "/\\??\\,?????,???\\?,?????,?????"  # e1 should be '/'; d3 is wrong too
    status, out, err = cli("hint", "slant", SLANT, "--state", wrong)
    assert (status, out) == (2, "")
    assert err == "puzzlebank: the state contradicts the puzzle: cell e1 is wrong\n"


def test_araf_states_are_judged_by_how_they_group_cells_not_by_the_label_numbers(cli, sample):
    genre = get_genre("araf")
    case = sample["araf"][0]
    width = case.puzzle.width
    labels = solution_cells(genre, case.solution)
    renamed = [str(int(t) + 7) for t in labels]  # other numbers, the same rooms
    text = genre.format(case.puzzle)
    status, out, _ = cli("hint", "araf", text, "--state",
                         state_text("araf", renamed, [True] * len(renamed), width))
    assert (status, out.strip()) == (0, "solved")
    k = next(k for k in range(1, len(labels)) if labels[k] != labels[0])
    merged = ["?"] * len(labels)
    merged[0] = merged[k] = "3"  # two cells of different rooms in one room
    status, _, err = cli("hint", "araf", text, "--state",
                         state_text("araf", merged, [True] * len(merged), width))
    name = f"{chr(ord('a') + k % width)}{k // width + 1}"
    assert (status, err) == (2, f"puzzlebank: the state contradicts the puzzle: cell {name} "
                                "is wrong\n")


def test_a_bad_state_or_an_illegal_pour_gets_one_line_and_exit_2(cli):
    status, _, err = cli("hint", "slant", SLANT, "--state", "//???,?????")
    assert status == 2 and err.count("\n") == 1 and "expected 5 rows in the state" in err
    status, _, err = cli("hint", "colorsort", "4:3320,2113,0231,2010,,",
                         "--state", "0>4 2>4")
    assert (status, err) == (2, "puzzlebank: the state contradicts the puzzle: move 2 (2>4) "
                                "is wrong\n")
    status, out, _ = cli("hint", "colorsort", "4:3320,2113,0231,2010,,", "--json")
    assert status == 0 and json.loads(out)["remaining"] == 11


def test_a_chesspy_hint_the_ladder_cannot_give_reveals_a_cell_of_the_solution_by_search():
    genre = get_genre("chesspy")
    text = "R1B0N1:...1,....,...1,..11"  # one solution, which no ladder rule finishes
    puzzle = genre.parse(text)
    assert genre.grade(puzzle).status == "needs-search"
    truth = genre.format_solution(genre.count(puzzle, 2, "cpsat").solutions[0]).split(",")
    state: str | None = None
    for _ in range(16):  # every hint is a rule's or search's, and true; it ends solved
        hint = hint_object("chesspy", text, state)
        if hint["rule"] is None:
            break
        assert hint["rule"] in (*genre.ladder, "search")
        rows = [list(row) for row in (state or "????,????,????,????").split(",")]
        for cell in hint["cells"]:
            assert truth[cell["row"]][cell["col"]] == cell["value"]
            rows[cell["row"]][cell["col"]] = cell["value"]
        state = ",".join("".join(row) for row in rows)
    assert hint == {"rule": None, "text": "solved", "because": [], "cells": [],
                    "genre": "chesspy"}
    first = hint_object("chesspy", text, None)
    assert first["rule"] == "search" and first["cells"] == [{"row": 0, "col": 0, "value": "."}]
