"""Fixtures of the gallery tests: a tiny published bank of every genre, and headless Chromium.

`small_bank` publishes, straight through BankStore (tests/conftest.py publish_rows), the first
admitted puzzle of a few seeds per (genre, size, grade) in BUCKETS: 6 buckets, 8 puzzles.
`browser_page` is a page of Debian's chromium, headless and with no network (every host name
resolves to nothing, background services off), driven by Playwright through `executable_path`
(Playwright downloads no browser of its own here). It records what the page says as it goes: its
console messages, uncaught errors and requests. Its tests skip where chromium is not installed
(in CI, where PUZZLEBANK_NO_SKIPS is set, that skip is a failure: see tests/conftest.py).
"""

import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from generators import GenerationSpec
from pipeline.admission import admit
from pipeline.outcomes import Row

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
CHROMIUM = shutil.which("chromium")
FLAGS = (
    "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions", "--disable-quic", "--mute-audio",
    "--hide-scrollbars", "--host-resolver-rules=MAP * ~NOTFOUND",
)


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


@dataclass
class PageLog:
    """What a page said while a test drove it: console messages as (type, text), uncaught
    errors, and the URL of every request."""

    console: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)


@pytest.fixture
def browser_page() -> Iterator[tuple[object, PageLog]]:
    """Yield (a Playwright page of headless chromium at 1200x900, its PageLog); the browser is
    closed afterwards."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; see .ci/run)")
    from playwright.sync_api import sync_playwright

    log = PageLog()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=list(FLAGS))
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            page.on("console", lambda message: log.console.append((message.type, message.text)))
            page.on("pageerror", lambda error: log.errors.append(str(error)))
            page.on("request", lambda request: log.requests.append(request.url))
            yield page, log
        finally:
            browser.close()
