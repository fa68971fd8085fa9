"""Fixtures of the fault suite: the CLI run in this process, and a small published bank.

`cli` (run_cli) redirects stdout and stderr itself (no capsys), so hypothesis can call it many times
within one test; `Run.one_error_line` is the promise every command keeps on bad input.
"""

import contextlib
import io
from dataclasses import dataclass

import pytest

from generators import GenerationSpec
from pipeline.admission import admit
from pipeline.cli import main


@dataclass(frozen=True)
class Run:
    """What one CLI command did: its exit status and what it printed."""

    status: int
    out: str
    err: str

    def kept_the_promise(self) -> bool:
        """Return True when the run is exit 0 with a silent stderr, or exit 2 with exactly one
        "puzzlebank: ..." line on stderr and no traceback anywhere."""
        if "Traceback" in self.out + self.err:
            return False
        if self.status == 0:
            return self.err == ""
        return self.status == 2 and self.one_error_line()

    def one_error_line(self) -> bool:
        """Return True when stderr is exactly one line starting "puzzlebank: "."""
        return self.err.startswith("puzzlebank: ") and self.err.count("\n") == 1 \
            and self.err.endswith("\n")


def run_cli(*args: object) -> Run:
    """Run `puzzlebank ARGS...` in this process; return its status and output."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main([str(arg) for arg in args])
    return Run(status, out.getvalue(), err.getvalue())


@pytest.fixture(scope="session")
def cli():
    """Return run_cli (session-scoped, so hypothesis tests may use it)."""
    return run_cli


@pytest.fixture(scope="session")
def bank(tmp_path_factory, publish_rows):
    """Return (root, rows) of a bank "faults" of 4x4 Slant rows, published without Prefect."""
    rows = [outcome for grade in ("count", "cycle") for seed in range(4)
            if isinstance(outcome := admit("slant", GenerationSpec(4, 4, grade), seed), dict)]
    root = tmp_path_factory.mktemp("fault-banks")
    publish_rows(root, "faults", rows)
    return root, rows
