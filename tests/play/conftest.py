"""Fixtures of the play page tests: a tiny bank of one puzzle per genre, its page, and one
headless chromium for a test module.

`play_bank` publishes, straight through BankStore (tests/conftest.py publish_rows), the first
admitted puzzle of the seeds 0..39 of each bucket of BUCKETS (for Color Sort, the first whose deal
a pour from the start leaves unsortable, so that the page has a wrong first move to mark);
`play_page_file` is its play page.
`browser` is one chromium (tests/browser.py) for the whole module; `tab` gives each test a fresh
browser context (its own localStorage) holding the page, and the PageLog of what it says.
"""

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generators import GenerationSpec
from pipeline.admission import admit
from pipeline.cli import main
from pipeline.outcomes import Row
from tests.browser import PageLog, launch, listen
from tests.play.pours import spoiling_pours

BUCKETS = (  # genre, width, height, grade
    ("slant", 4, 4, "count"),
    ("shakashaka", 4, 4, "tips"),
    ("araf", 4, 4, "cell"),
    ("chesspy", 4, 4, "number"),
    ("colorsort", 4, 4, "medium"),
)


@pytest.fixture(scope="session")
def play_bank(tmp_path_factory: pytest.TempPathFactory, publish_rows) -> tuple[Path, list[Row]]:
    """Return (root, rows) of the bank "play", committed as version 0 (see the module)."""
    rows: list[Row] = []
    for genre, width, height, grade in BUCKETS:
        spec = GenerationSpec(width, height, grade)
        row = next(row for seed in range(40) if isinstance(row := admit(genre, spec, seed), dict)
                   and (genre != "colorsort" or spoiling_pours(row["puzzle"])))
        rows.append(row)
    root = tmp_path_factory.mktemp("banks")
    publish_rows(root, "play", rows)
    return root, rows


@pytest.fixture(scope="session")
def play_page_file(play_bank, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Return the play page of the bank "play" written by `puzzlebank play`."""
    root, _ = play_bank
    out = tmp_path_factory.mktemp("page") / "play.html"
    assert main(["play", "play", "--root", str(root), "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Yield one headless chromium for the test module; closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        found = launch(playwright)
        try:
            yield found
        finally:
            found.close()


@pytest.fixture
def tab(browser, play_page_file) -> Iterator[tuple[Any, PageLog]]:
    """Yield (a page showing the play page at 1000x900 in a fresh context, its PageLog)."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    try:
        page = context.new_page()
        log = PageLog()
        listen(page, log)
        page.goto(play_page_file.as_uri(), wait_until="load")
        yield page, log
    finally:
        context.close()
