"""Fixtures of the gallery tests: a tiny published bank of every genre, and headless Chromium.

`small_bank` publishes, straight through BankStore (tests/conftest.py publish_rows), the first
admitted puzzle of a few seeds per (genre, size, grade) in BUCKETS: 6 buckets, 8 puzzles.
`browser_page` is a page of headless chromium (tests/browser.py) with the PageLog of what it says
as it goes: its console messages, uncaught errors and requests.
"""

from collections.abc import Iterator
from pathlib import Path

import pytest

from generators import GenerationSpec
from pipeline.admission import admit
from pipeline.outcomes import Row
from tests.browser import PageLog, launch, listen

# (genre, width, height, grade, puzzles wanted)
BUCKETS = (
    ("slant", 4, 4, "count", 2),
    ("slant", 4, 4, "cycle", 2),
    ("shakashaka", 4, 4, "tips", 1),
    ("araf", 4, 4, "cell", 1),
    ("chesspy", 4, 4, "number", 1),
    ("colorsort", 4, 4, "easy", 1),
)
SEEDS = range(40)


@pytest.fixture(scope="session")
def small_bank(tmp_path_factory: pytest.TempPathFactory, publish_rows) -> tuple[Path, list[Row]]:
    """Return (root, rows) of the bank "small", committed as version 0 (see the module)."""
    rows: list[Row] = []
    for genre, width, height, grade, wanted in BUCKETS:
        spec = GenerationSpec(width, height, grade)
        found = [row for seed in SEEDS if isinstance(row := admit(genre, spec, seed), dict)]
        assert len(found) >= wanted, f"{genre} {width}x{height} {grade}: too few seeds admit"
        rows += found[:wanted]
    root = tmp_path_factory.mktemp("banks")
    publish_rows(root, "small", rows)
    return root, rows


@pytest.fixture
def browser_page() -> Iterator[tuple[object, PageLog]]:
    """Yield (a Playwright page of headless chromium at 1200x900, its PageLog); the browser is
    closed afterwards."""
    from playwright.sync_api import sync_playwright

    log = PageLog()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            listen(page, log)
            yield page, log
        finally:
            browser.close()
