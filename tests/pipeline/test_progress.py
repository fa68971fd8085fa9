"""Progress bars: a build on a terminal shows its generation and verify bars; piped, or with
--no-progress, it shows none."""

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

pytestmark = pytest.mark.flow

PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))


def build_stderr(root: Path, *extra: str, terminal: bool) -> str:
    """Run a small build; return what it wrote to stderr (a pseudo-terminal when `terminal`)."""
    args = [PUZZLEBANK, "build", "p", "--genre", "slant", "--size", "4x4", "--per-grade", "1",
            "--seed", "2", "--root", str(root), *extra]
    if not terminal:
        return subprocess.run(args, capture_output=True, text=True, check=True).stderr
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=child)
    os.close(child)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal's other end is closed: the build has exited
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    assert process.wait() == 0
    return b"".join(chunks).decode(errors="replace")


def test_a_build_on_a_terminal_shows_its_bars_and_piped_or_told_not_to_it_does_not(
    prefect_api, tmp_path
):
    shown = build_stderr(tmp_path / "a", terminal=True)
    assert "puzzles: 100%" in shown and "verify: 100%" in shown
    assert "puzzles" not in build_stderr(tmp_path / "b", terminal=False)
    assert "puzzles" not in build_stderr(tmp_path / "c", "--no-progress", terminal=True)
    assert "verify: 100%" in build_stderr(tmp_path / "d", "--progress", terminal=False)
