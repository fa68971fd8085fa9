"""Headless Chromium for the page tests (tests/gallery, tests/play): Debian's chromium driven by
Playwright through `executable_path` (Playwright downloads no browser of its own here), with no
network (every host name resolves to nothing, background services off), and a PageLog of what a
page says as a test drives it. Where chromium is not installed the tests skip (in CI, where
PUZZLEBANK_NO_SKIPS is set, that skip is a failure: see tests/conftest.py).
"""

import shutil
from dataclasses import dataclass, field
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium")
FLAGS = (
    "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions", "--disable-quic", "--mute-audio",
    "--hide-scrollbars", "--host-resolver-rules=MAP * ~NOTFOUND",
)


@dataclass
class PageLog:
    """What a page said while a test drove it: console messages as (type, text), uncaught
    errors, and the URL of every request."""

    console: list[tuple[str, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)


def launch(playwright: Any) -> Any:
    """Return a headless chromium browser (see the module); skip the test without chromium."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; see .ci/run)")
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=list(FLAGS))


def listen(page: Any, log: PageLog) -> None:
    """Record the page's console messages, uncaught errors and requests in `log`."""
    page.on("console", lambda message: log.console.append((message.type, message.text)))
    page.on("pageerror", lambda error: log.errors.append(str(error)))
    page.on("request", lambda request: log.requests.append(request.url))
