"""The fork server of the build's worker pool (see pipeline.pool): started once per build,
early if the caller likes (`preheat`, e.g. while the Prefect server starts), and stopped at the
build's end. Prefect is not imported here, so the CLI can preheat before Prefect loads.

Vocabulary: the *fork server* is multiprocessing's "forkserver" process, one per process; it
imports WARM_MODULES (pipeline.pool_guard first) and forks every worker from that state.
"""

import multiprocessing
import multiprocessing.forkserver
import os
import signal
from collections.abc import Sequence

PARENT_ENV = "PUZZLEBANK_POOL_PARENT"
GENRES_ENV = "PUZZLEBANK_WARM_GENRES"  # the genres the fork server imports, comma-separated
WARM_MODULES = ["pipeline.pool_guard", "pipeline.warm"]


def context() -> multiprocessing.context.ForkServerContext:
    """Return the multiprocessing context whose processes are forked from the fork server."""
    return multiprocessing.get_context("forkserver")


def preheat(genres: Sequence[str] | None = None) -> None:
    """Start the fork server now unless it runs; it imports WARM_MODULES in the background,
    with `genres` only (default: every genre; a worker imports any other at its first task).

    PREFECT_API_URL should be set first: the workers keep the settings Prefect read then
    (their API clients and tasks take the parent's, see pipeline.pool.keep_a_client).
    """
    os.environ[PARENT_ENV] = str(os.getpid())
    if genres:
        os.environ[GENRES_ENV] = ",".join(genres)
    else:
        os.environ.pop(GENRES_ENV, None)
    context().set_forkserver_preload(WARM_MODULES)
    multiprocessing.forkserver.ensure_running()


def stop() -> None:
    """Stop the fork server, if it runs, and wait for it to exit (start no worker meanwhile).

    multiprocessing has no public way: this is the private one its own tests use.
    """
    multiprocessing.forkserver._forkserver._stop()  # type: ignore[attr-defined]


def discard() -> None:
    """Stop the fork server at once, when no worker was forked from it: kill it, then reap it
    (see stop). A fork server still importing WARM_MODULES reads its stop only when done, so
    stopping it politely would wait for those imports."""
    pid = multiprocessing.forkserver._forkserver._forkserver_pid  # type: ignore[attr-defined]
    if pid is not None:
        os.kill(pid, signal.SIGKILL)
    stop()
