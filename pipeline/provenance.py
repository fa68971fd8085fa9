"""Provenance: which code built a bank version, and when, as the manifest records them."""

import importlib.metadata
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SOURCE_DIR = Path(__file__).resolve().parent.parent


def code_version(generator_version: str) -> dict[str, Any]:
    """Return {package, git_commit, generator_version}; git_commit None outside a checkout."""
    return {
        "package": importlib.metadata.version("puzzlebank"),
        "git_commit": git_commit(),
        "generator_version": generator_version,
    }


def git_commit() -> str | None:
    """Return the commit the source tree is checked out at, or None when git cannot say."""
    try:
        done = subprocess.run(["git", "-C", str(SOURCE_DIR), "rev-parse", "HEAD"],
                              capture_output=True, text=True, timeout=10, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None


def now() -> str:
    """Return the current time in UTC as ISO 8601, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")
