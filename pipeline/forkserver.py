"""The warm fork server the worker pool and a local Dask cluster fork their workers from
(multiprocessing's "forkserver" start method, through its public API): started once per process,
early if the caller likes (`preheat`, e.g. while the Prefect server starts), with WARM_MODULES
imported, so every worker starts with the genres loaded. Prefect is not imported here.

Vocabulary: the *fork server* is multiprocessing's one "forkserver" process of this process; it
dies with this process (pipeline.pool_guard), and lives as long as it, as multiprocessing's
resource tracker does: a later build of the same process forks from it again.
"""

import multiprocessing
import multiprocessing.context
import multiprocessing.forkserver
import os
from collections.abc import Sequence

PARENT_ENV = "PUZZLEBANK_POOL_PARENT"
GENRES_ENV = "PUZZLEBANK_WARM_GENRES"  # the genres the fork server imports, comma-separated
WARM_MODULES = ["pipeline.pool_guard", "pipeline.warm"]


def context() -> multiprocessing.context.ForkServerContext:
    """Return the multiprocessing context whose processes are forked from the fork server,
    with WARM_MODULES to preload (the fork server imports them when it starts)."""
    os.environ[PARENT_ENV] = str(os.getpid())
    forkserver = multiprocessing.get_context("forkserver")
    forkserver.set_forkserver_preload(WARM_MODULES)
    return forkserver


def preheat(genres: Sequence[str] | None = None) -> None:
    """Start the fork server now unless it runs; it imports WARM_MODULES in the background,
    with `genres` only (default: every genre; a worker imports any other at its first work).
    A fork server already running keeps what it imported."""
    if genres:
        os.environ[GENRES_ENV] = ",".join(genres)
    else:
        os.environ.pop(GENRES_ENV, None)
    context()
    multiprocessing.forkserver.ensure_running()
