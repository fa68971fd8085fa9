"""What a running build shows: tqdm bars on stderr, and Prefect progress artifacts on its run.

Vocabulary: PROGRESS_VARIABLE is "1" when bars are wanted (the CLI sets it: --progress, or by
default when stderr is a terminal); a *progress artifact* is Prefect's per-run percentage, updated
at most every ARTIFACT_SECONDS.
"""

import os
import shutil
import sys
import time
from uuid import UUID

from tqdm import tqdm

PROGRESS_VARIABLE = "PUZZLEBANK_PROGRESS"
ARTIFACT_SECONDS = 2.0


def progress_bar(total: int, desc: str, unit: str) -> tqdm:
    """Return a tqdm bar on the process's standard error, shown only when PROGRESS_VARIABLE is
    "1"."""
    columns = shutil.get_terminal_size((0, 0)).columns
    return tqdm(total=total, desc=desc, unit=unit, file=sys.__stderr__,
                disable=os.environ.get(PROGRESS_VARIABLE) != "1",
                ncols=None if columns else 80)  # a terminal of no width still gets a bar


class RunProgress:
    """A Prefect progress artifact of the current run: `update(done)` out of `total`."""

    def __init__(self, total: int, description: str) -> None:
        from prefect.artifacts import create_progress_artifact

        self.total = max(total, 1)
        self.shown = time.monotonic()
        self.id: UUID = create_progress_artifact(0.0, description=description)  # type: ignore[assignment]

    def update(self, done: int, force: bool = False) -> None:
        """Set the artifact to done/total percent, unless it was set under ARTIFACT_SECONDS ago."""
        from prefect.artifacts import update_progress_artifact

        if force or time.monotonic() - self.shown >= ARTIFACT_SECONDS:
            self.shown = time.monotonic()
            update_progress_artifact(self.id, min(100.0, 100.0 * done / self.total))
