"""The play page in headless chromium, driven by real clicks and key presses: every genre solved
by following its stored solution, check and undo after one wrong move, hints (the first step from
the empty board, until solved, and on a wrong board), a reload keeping a half-solved board, no
request, a phone's width, keyboard-only Slant. The expected hints and wrong moves come from the
Python explainer and solvers, not from the page. A screenshot per genre (its board after the
first hint) is kept at tests/artifacts/play-GENRE.png (ignored by git)."""

import re
from pathlib import Path
from typing import Any

import pytest

from pipeline.hinting import hint_object
from solvers import get_explainer, get_genre
from tests.play.pours import legal_pours, sortable_after, spoiling_pours, tubes_after

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
GENRES = ("slant", "shakashaka", "araf", "chesspy", "colorsort")
CYCLES = {"slant": ["", "/", "\\"], "shakashaka": ["", "1", "2", "3", "4"],
          "chesspy": ["", "R", "B", "N"]}

READ = """(genre) => {
  const board = document.querySelector(`[data-genre="${genre}"]`);
  const all = (s) => [...board.querySelectorAll(s)];
  const name = (e) => e.dataset.cell || e.dataset.edge || e.dataset.tube;
  return {cells: all("[data-cell]").map((e) => e.dataset.value),
          walls: all("[data-edge]").filter((e) => e.dataset.value === "wall")
                   .map((e) => e.dataset.edge),
          tubes: all("[data-tube]").map((e) => e.dataset.value),
          wrong: all("[data-wrong]").map(name), hinted: all("[data-hinted]").map(name),
          solved: board.dataset.solved, message: board.querySelector(".message").textContent};
}"""


def row_of(rows: list[dict[str, Any]], genre: str) -> dict[str, Any]:
    return next(row for row in rows if row["genre"] == genre)


def read(page: Any, genre: str) -> dict[str, Any]:
    """Return what the genre's board shows (see READ)."""
    return page.evaluate(READ, genre)


def cells_of(text: str, spaced: bool = False) -> list[str]:
    return [cell for line in text.split(",") for cell in (line.split() if spaced else line)]


def edges_of(row: dict[str, Any]) -> list[tuple[int, int, str]]:
    """Return the Araf edges as (k, n, data-edge name), k < n neighbours."""
    width, height = row["width"], row["height"]
    found = []
    for r in range(height):
        for c in range(width):
            k = r * width + c
            if c + 1 < width:
                found.append((k, k + 1, f"{r},{c},right"))
            if r + 1 < height:
                found.append((k, k + width, f"{r},{c},down"))
    return found


def solution_walls(row: dict[str, Any]) -> list[str]:
    labels = cells_of(row["solution"], spaced=True)
    return [name for k, n, name in edges_of(row) if labels[k] != labels[n]]


def pours_of(row: dict[str, Any]) -> list[tuple[int, int]]:
    return [(int(i), int(j)) for i, j in (p.split(">") for p in row["solution"].split())]


def cell_at(page: Any, genre: str, k: int, width: int) -> Any:
    return page.locator(f'[data-genre="{genre}"] [data-cell="{k // width},{k % width}"]')


def press(page: Any, genre: str, action: str) -> None:
    page.locator(f'[data-genre="{genre}"] [data-action="{action}"]').click()


def set_cell(page: Any, row: dict[str, Any], k: int, value: str) -> None:
    """Click an empty grid cell until it holds `value` (its genre's cycle)."""
    for _ in range(CYCLES[row["genre"]].index(value)):
        cell_at(page, row["genre"], k, row["width"]).click()


def pour(page: Any, i: int, j: int) -> None:
    page.locator(f'[data-tube="{i}"]').click()
    page.locator(f'[data-tube="{j}"]').click()


def solve_by_clicks(page: Any, row: dict[str, Any]) -> None:
    """Make the row's stored solution on its empty board by clicks, one move at a time."""
    genre = row["genre"]
    if genre == "araf":
        for name in solution_walls(row):
            page.locator(f'[data-edge="{name}"]').click()
    elif genre == "colorsort":
        for i, j in pours_of(row):
            pour(page, i, j)
    else:
        for k, value in enumerate(cells_of(row["solution"])):
            if value in CYCLES[genre]:
                set_cell(page, row, k, value)


def wrong_move(page: Any, row: dict[str, Any]) -> tuple[str, str]:
    """Make one move that leaves the solution; return (the wrong thing's data name, the name the
    page gives it). Color Sort: the first pour from the start after which the optimal solver
    finds the tubes unsortable."""
    genre, width = row["genre"], row["width"]
    solution = cells_of(row["solution"], spaced=genre == "araf")
    if genre == "araf":
        k, _, name = next(edge for edge in edges_of(row) if solution[edge[0]] == solution[edge[1]])
        page.locator(f'[data-edge="{name}"]').click()
        side = "right of" if name.endswith("right") else "below"
        return name, f"the wall {side} {chr(97 + k % width)}{k // width + 1}"
    if genre == "colorsort":
        i, j = spoiling_pours(row["puzzle"])[0]  # the bank's deal has one (tests/play/conftest)
        pour(page, i, j)
        return f"{i}|{j}", f"pour 1 (tube {i} into tube {j})"
    puzzle = cells_of(row["puzzle"].split(":")[-1]) if genre != "slant" else None
    wanted = {"slant": "\\", "shakashaka": ".", "chesspy": "."}[genre]
    k = next(k for k, value in enumerate(solution)
             if value == wanted and (puzzle is None or puzzle[k] == "."))
    cell_at(page, genre, k, width).click()
    name = f"{chr(97 + k % width)}{k // width + 1}"
    return f"{k // width},{k % width}", name.upper() if genre == "chesspy" else name


def marked(shown: dict[str, Any], genre: str) -> str:
    return "|".join(shown["wrong"]) if genre == "colorsort" else ",".join(shown["wrong"])


@pytest.mark.parametrize("genre", GENRES)
def test_clicks_following_the_stored_solution_solve_the_board(tab, play_bank, genre):
    page, log = tab
    row = row_of(play_bank[1], genre)
    assert read(page, genre)["solved"] == "false"
    solve_by_clicks(page, row)
    shown = read(page, genre)
    assert shown["solved"] == "true" and shown["message"].startswith("Solved")
    if genre in CYCLES:  # the solution text's characters; open where no mark was needed
        assert shown["cells"] == [given or value.replace(".", "") for given, value in
                                  zip(read_givens(row), cells_of(row["solution"]), strict=True)]
    if genre == "araf":
        assert shown["cells"] == cells_of(row["solution"], spaced=True)
    if genre == "colorsort":
        assert shown["tubes"] == tubes_after(row["puzzle"], pours_of(row))
    assert log.errors == []


@pytest.mark.parametrize("genre", GENRES)
def test_one_wrong_move_is_what_check_marks_and_undo_takes_it_back(tab, play_bank, genre):
    page, log = tab
    row = row_of(play_bank[1], genre)
    empty = read(page, genre)
    wrong, name = wrong_move(page, row)
    moved = read(page, genre)
    assert moved["wrong"] == [] and moved != empty  # nothing is marked until asked
    press(page, genre, "check")
    checked = read(page, genre)
    assert marked(checked, genre) == wrong and name in checked["message"]
    press(page, genre, "undo")
    undone = read(page, genre)
    assert {key: undone[key] for key in ("cells", "walls", "tubes", "wrong", "solved")} == {
        key: empty[key] for key in ("cells", "walls", "tubes", "wrong", "solved")}
    press(page, genre, "redo")
    assert read(page, genre)["cells"] == moved["cells"]
    page.keyboard.press("Control+z")  # the board last used
    assert read(page, genre)["cells"] == empty["cells"]
    assert log.errors == []


@pytest.mark.parametrize("genre", GENRES)
def test_a_hint_on_the_empty_board_fills_the_first_deciding_step(tab, play_bank, genre):
    page, log = tab
    row = row_of(play_bank[1], genre)
    press(page, genre, "hint")
    shown = read(page, genre)
    if genre == "araf":
        cells, walls, text = araf_first_hint(row)
        assert shown["walls"] == walls and walls
        assert sorted(shown["hinted"]) == sorted(cells + walls)
        assert shown["message"] == "Hint: " + text
    else:
        expected = hint_object(genre, row["puzzle"], None)
        assert shown["message"] == "Hint: " + expected["text"]
        if genre == "colorsort":
            i, j = (int(x) for x in expected["pour"].split(">"))
            assert shown["tubes"] == tubes_after(row["puzzle"], [(i, j)])
            assert sorted(shown["hinted"]) == sorted([str(i), str(j)])
        else:
            width = row["width"]
            start = read_givens(row)
            filled = {cell["row"] * width + cell["col"]: cell["value"]
                      for cell in expected["cells"]}
            assert filled and shown["cells"] == [filled.get(k, value)
                                                 for k, value in enumerate(start)]
            assert sorted(shown["hinted"]) == sorted(f"{k // width},{k % width}" for k in filled)
    ARTIFACTS.mkdir(exist_ok=True)
    page.locator(f'[data-genre="{genre}"]').screenshot(path=ARTIFACTS / f"play-{genre}.png")
    assert log.errors == []


def read_givens(row: dict[str, Any]) -> list[str]:
    """Return a grid board's cells before any move as the page's values: Shakashaka's black
    cells "#", Chesspy's numbered cells ".", others ""."""
    if row["genre"] == "slant":
        return [""] * (row["width"] * row["height"])
    body = cells_of(row["puzzle"].split(":")[-1])
    if row["genre"] == "shakashaka":
        return ["" if ch == "." else "#" for ch in body]
    return ["" if ch == "." else "." for ch in body]


def araf_first_hint(row: dict[str, Any]) -> tuple[list[str], list[str], str]:
    """Return (the cells, the walls, the sentence) of an Araf hint from the empty board: the
    first deciding step of the explainer's trace whose cells have a neighbour decided by then in
    another room (a step that adds no wall is one the empty board already has)."""
    genre, explainer = get_genre("araf"), get_explainer("araf")
    puzzle = genre.parse(row["puzzle"])
    trace = explainer.explain(puzzle, genre.parse_solution(row["solution"], puzzle))
    labels = cells_of(row["solution"], spaced=True)
    width = row["width"]
    decided: set[int] = set()
    said: list[str] = []
    for step in trace.steps:
        said.append(step.text)
        if not step.cells:
            continue
        cells = [cell.row * width + cell.col for cell in step.cells]
        decided.update(cells)
        walls = [name for k, n, name in edges_of(row) if labels[k] != labels[n]
                 and ((k in cells and n in decided) or (n in cells and k in decided))]
        if walls:
            return [f"{k // width},{k % width}" for k in cells], walls, " ".join(said)
        said = []
    raise AssertionError("no Araf step draws a wall")


@pytest.mark.parametrize("genre", GENRES)
def test_pressing_hint_until_solved_solves_the_board(tab, play_bank, genre):
    page, log = tab
    presses = 0
    while read(page, genre)["solved"] != "true":
        press(page, genre, "hint")
        presses += 1
        assert presses <= 60, read(page, genre)["message"]
    assert presses >= 2 and log.errors == []


@pytest.mark.parametrize("genre", GENRES)
def test_a_hint_on_a_wrong_board_names_the_wrong_thing_and_fills_nothing(tab, play_bank, genre):
    page, _ = tab
    row = row_of(play_bank[1], genre)
    wrong, name = wrong_move(page, row)
    before = read(page, genre)
    press(page, genre, "hint")
    after = read(page, genre)
    assert (after["cells"], after["walls"], after["tubes"]) == (
        before["cells"], before["walls"], before["tubes"])
    assert name in after["message"] and marked(after, genre) == wrong
    assert after["hinted"] == []


def test_a_reload_restores_a_half_solved_board_and_its_undo(tab, play_bank):
    page, _ = tab
    row = row_of(play_bank[1], "slant")
    solution = cells_of(row["solution"])
    half = len(solution) // 2
    for k in range(half):
        set_cell(page, row, k, solution[k])
    before = read(page, "slant")
    assert before["cells"][:half] == solution[:half] and before["cells"][half:] == [""] * half
    page.reload(wait_until="load")
    assert read(page, "slant")["cells"] == before["cells"]
    press(page, "slant", "undo")
    assert read(page, "slant")["cells"][half - 1] == CYCLES["slant"][
        CYCLES["slant"].index(solution[half - 1]) - 1]


def test_the_page_loads_nothing_and_fits_a_phone_without_horizontal_scrolling(
        browser, play_page_file, play_bank):
    context = browser.new_context(viewport={"width": 375, "height": 800}, has_touch=True,
                                  is_mobile=True)
    try:
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        page.goto(play_page_file.as_uri(), wait_until="load")
        row = row_of(play_bank[1], "slant")
        cell_at(page, "slant", 0, row["width"]).tap()  # a tap plays as a click does
        assert read(page, "slant")["cells"][0] == "/"
        press(page, "colorsort", "hint")
        widths = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert widths[0] <= widths[1] == 375
        boards = page.evaluate("""[...document.querySelectorAll('[data-puzzle-id]')]
            .map((b) => b.getBoundingClientRect().right)""")
        assert len(boards) == len(GENRES) and max(boards) <= 375
        assert requests == [play_page_file.as_uri()]
    finally:
        context.close()


def test_a_right_click_marks_a_dot_where_no_triangle_goes(tab, play_bank):
    page, _ = tab
    row = row_of(play_bank[1], "shakashaka")
    k = read_givens(row).index("")
    cell_at(page, "shakashaka", k, row["width"]).click(button="right")
    assert read(page, "shakashaka")["cells"][k] == "."
    cell_at(page, "shakashaka", k, row["width"]).click(button="right")
    assert read(page, "shakashaka")["cells"][k] == ""


def test_keyboard_only_play_solves_a_slant_puzzle(tab, play_bank):
    page, log = tab
    row = row_of(play_bank[1], "slant")
    for _ in range(80):  # Tab through the page to the Slant board
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.closest('[data-genre]')?.dataset.genre "
                         "=== 'slant' && document.activeElement.classList.contains('grid')"):
            break
    else:
        raise AssertionError("Tab never reached the Slant board")
    width = row["width"]
    for r, line in enumerate(row["solution"].split(",")):
        for c, value in enumerate(line):
            page.keyboard.press(value)
            if c + 1 < width:
                page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowDown")
        for _ in range(width - 1):
            page.keyboard.press("ArrowLeft")
        if r == 0:  # Ctrl-Z takes the last key back, Ctrl-Y puts it again
            page.keyboard.press("Control+z")
            assert read(page, "slant")["cells"][width - 1] == ""
            page.keyboard.press("Control+y")
            assert read(page, "slant")["cells"][width - 1] == line[-1]
    assert read(page, "slant")["solved"] == "true" and log.errors == []


def test_a_long_press_marks_a_dot_and_the_click_that_ends_it_does_nothing(tab, play_bank):
    page, _ = tab
    row = row_of(play_bank[1], "chesspy")
    k = read_givens(row).index("")
    cell = cell_at(page, "chesspy", k, row["width"])
    touch = """([node, type]) => {
      const box = node.getBoundingClientRect();
      node.dispatchEvent(new PointerEvent(type, {pointerType: "touch", bubbles: true,
        clientX: box.x + box.width / 2, clientY: box.y + box.height / 2}));
    }"""
    handle = cell.element_handle()
    page.evaluate(touch, [handle, "pointerdown"])
    page.wait_for_function("(node) => node.dataset.value === '.'", arg=handle)
    page.evaluate(touch, [handle, "pointerup"])
    cell.click()  # the click a touch screen sends as the finger lifts
    assert read(page, "chesspy")["cells"][k] == "."


def test_the_timer_hides_and_shows_and_counts_from_the_first_move(tab, play_bank):
    page, _ = tab
    timer = page.locator('[data-genre="slant"] .timer')
    assert timer.is_visible() and timer.text_content() == "0:00"
    press(page, "slant", "timer")
    assert not timer.is_visible()
    assert not page.locator('[data-genre="araf"] .timer').is_visible()  # every board's
    press(page, "slant", "timer")
    assert timer.is_visible()
    cell_at(page, "slant", 0, row_of(play_bank[1], "slant")["width"]).click()
    page.wait_for_function(
        "() => document.querySelector('[data-genre=\"slant\"] .timer').textContent !== '0:00'")


def test_a_colorsort_hint_off_the_stored_pours_is_a_pour_that_keeps_the_deal_sortable(
        tab, play_bank):
    page, _ = tab
    row = row_of(play_bank[1], "colorsort")
    first = pours_of(row)[0]
    off = next(move for move in legal_pours(row["puzzle"])
               if move != first and sortable_after(row["puzzle"], [move]))
    pour(page, *off)
    press(page, "colorsort", "hint")
    shown = read(page, "colorsort")
    said = re.match(r"Hint: Pour tube (\d+) into tube (\d+)", shown["message"])
    assert said is not None, shown["message"]
    i, j = int(said[1]), int(said[2])
    assert sorted(shown["hinted"]) == sorted([str(i), str(j)])
    assert shown["tubes"] == tubes_after(row["puzzle"], [off, (i, j)])
    assert sortable_after(row["puzzle"], [off, (i, j)])
