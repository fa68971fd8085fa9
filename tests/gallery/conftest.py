"""Fixtures of the gallery tests: a tiny published bank of every genre, and headless Chromium.

`small_bank` publishes, straight through BankStore (tests/conftest.py publish_rows), the first
admitted puzzle of a few seeds per (genre, size, grade) in BUCKETS: 6 buckets, 8 puzzles.
`chromium` starts Debian's chromium headless with no network (every host name resolves to
nothing, background services off) and drives it over the DevTools protocol on a pipe
(--remote-debugging-pipe: commands in on fd 3, replies and events out on fd 4), so no port and
no websocket library are needed. Its tests skip where chromium is not installed (in CI, where
PUZZLEBANK_NO_SKIPS is set, that skip is a failure: see tests/conftest.py).
"""

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from generators import GenerationSpec
from pipeline.admission import admit

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
TIMEOUT = 60.0  # seconds to wait for one DevTools reply before giving up
FLAGS = (
    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-default-apps", "--disable-extensions", "--disable-quic", "--mute-audio",
    "--hide-scrollbars",
    "--host-resolver-rules=MAP * ~NOTFOUND", "--remote-debugging-pipe",
)


@pytest.fixture(scope="session")
def small_bank(tmp_path_factory: pytest.TempPathFactory, publish_rows) -> tuple[Path, list[dict]]:
    """Return (root, rows) of the bank "small", committed as version 0 (see the module)."""
    rows = []
    for genre, width, height, grade, wanted in BUCKETS:
        spec = GenerationSpec(width, height, grade)
        found = [row for seed in SEEDS if isinstance(row := admit(genre, spec, seed), dict)]
        assert len(found) >= wanted, f"{genre} {width}x{height} {grade}: too few seeds admit"
        rows += found[:wanted]
    root = tmp_path_factory.mktemp("banks")
    publish_rows(root, "small", rows)
    return root, rows


class DevToolsError(Exception):
    """Chromium answered a command with an error, went away, or did not answer in time."""


class Browser:
    """A headless Chromium and one page in it, driven over the DevTools protocol on a pipe.

    `events` keeps every event received (dicts with "method" and "params"), in order.
    """

    def __init__(self, profile: Path) -> None:
        commands, self._to_browser = os.pipe()
        self._from_browser, replies = os.pipe()
        # Duplicates at 10 and up, closed on exec, so placing them at 3 and 4 cannot clobber.
        ends = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (commands, replies)]
        os.close(commands)
        os.close(replies)

        def wire() -> None:
            os.dup2(ends[0], 3)
            os.dup2(ends[1], 4)

        self.process = subprocess.Popen(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=wire, close_fds=False)
        for fd in ends:
            os.close(fd)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self._session = self.send("Target.attachToTarget", targetId=target,
                                  flatten=True)["sessionId"]

    def _message(self) -> dict[str, Any]:
        """Return the next message from the browser (DevToolsError after TIMEOUT or at EOF)."""
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._from_browser], [], [], TIMEOUT)
            chunk = os.read(self._from_browser, 1 << 16) if ready else b""
            if not chunk:
                raise DevToolsError("chromium went away or did not answer in time")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method: str, *, page: bool = False, **params: Any) -> dict[str, Any]:
        """Run one command (on the page's session when `page`); return its result."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params}
        if page:
            message["sessionId"] = self._session
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self._to_browser, data):]
        while True:
            reply = self._message()
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise DevToolsError(f"{method}: {reply['error']}")
                return reply["result"]
            if "method" in reply:
                self.events.append(reply)

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        """Run one command on the page; return its result."""
        return self.send(method, page=True, **params)

    def wait_for(self, method: str) -> dict[str, Any]:
        """Return the params of the first event `method` not yet waited for, reading until it
        comes (DevToolsError after TIMEOUT without a message)."""
        for event in self.events:
            if event["method"] == method and not event.get("waited"):
                event["waited"] = True
                return event["params"]
        while True:
            message = self._message()
            if "method" in message:
                self.events.append(message)
                if message["method"] == method:
                    message["waited"] = True
                    return message["params"]

    def evaluate(self, expression: str) -> Any:
        """Return the JSON value of a JavaScript expression evaluated in the page."""
        result = self.page("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise DevToolsError(f"{expression}: {result['exceptionDetails']['text']}")
        return result["result"].get("value")

    def click(self, selector: str, index: int = 0) -> None:
        """Click the middle of the index-th element matching `selector` with the mouse."""
        x, y = self.evaluate(
            f"(() => {{ const e = document.querySelectorAll({json.dumps(selector)})[{index}];"
            "e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();"
            "return [r.x + r.width / 2, r.y + r.height / 2]; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.page("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left",
                      clickCount=1)

    def screenshot(self, path: Path) -> bytes:
        """Write a PNG of the whole page to `path`; return its bytes."""
        size = self.page("Page.getLayoutMetrics")["cssContentSize"]
        png = base64.b64decode(self.page(
            "Page.captureScreenshot", format="png", captureBeyondViewport=True,
            clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
        )["data"])
        path.write_bytes(png)
        return png

    def close(self) -> None:
        """Ask the browser to quit and wait for it (killing it if it will not)."""
        with contextlib.suppress(DevToolsError):  # it may quit before it answers
            self.send("Browser.close")
        try:
            self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)


@pytest.fixture
def chromium(tmp_path: Path) -> Iterator[Browser]:
    """Yield a headless Chromium with one blank page; it is closed afterwards."""
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (apt-get install chromium; see .ci/run)")
    browser = Browser(tmp_path / "profile")
    try:
        yield browser
    finally:
        browser.close()
