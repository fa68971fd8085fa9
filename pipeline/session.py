"""A Prefect session for one command: the server, the settings, the fork server, the stop signals.

`run_flow` runs a call of a flow of pipeline.flows against a local server (pipeline.server),
with Prefect's console quiet, progress bars on or off, SIGINT/SIGTERM as stops, the runs this
command started marked Cancelled after a stop, and the queued logs sent before the server goes.
Prefect is imported only once PREFECT_API_URL names the server: while a private server starts,
with the rest of a flow's imports (see `preheat`).
"""

import contextlib
import gc
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from pipeline.interrupts import Stopped, signal_of, stop_on_signals
from pipeline.server import local_server

R = TypeVar("R")
TRACKER_QUIET = "ignore:resource_tracker:UserWarning"
HEARTBEAT_VARIABLES = ("PREFECT_FLOWS_HEARTBEAT_FREQUENCY", "PREFECT_RUNNER_HEARTBEAT_FREQUENCY")


def safe_path() -> None:
    """Make every Python process this one starts (the fork server and so the pool's and Dask's
    workers, the Prefect server, a scheduled run's process) leave the working folder off its
    module path (PYTHONSAFEPATH, Python 3.11): a user's folder holding `banks/`, `pipeline/`,
    `solvers/` or `generators/` must not shadow the installed packages."""
    os.environ["PYTHONSAFEPATH"] = "1"


def run_flow(root: str, api: str | None, progress: bool | None, outcome: str,
             flow: Callable[[], R], warm: Sequence[str] | None = None) -> R:
    """Run `flow()`, a call of a flow of pipeline.flows (imported once PREFECT_API_URL points
    at the server), against a local server; return its result. `outcome` is what a stop leaves
    (the stop's line says it); `warm` the genres whose works will run in a pool or a local Dask
    cluster (None: no pool), whose fork server starts while the server does.

    Prefect's console shows only CRITICAL records (unless PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL
    says otherwise), so a failure is the CLI's one line; its traceback stays in the run's logs."""
    os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "CRITICAL")
    shown = sys.stderr.isatty() if progress is None else progress
    os.environ["PUZZLEBANK_PROGRESS"] = "1" if shown else "0"
    safe_path()
    try:
        with stop_on_signals(), local_server(root, api, lambda: preheat(warm)) as url:
            from prefect.exceptions import TerminationSignal

            from pipeline import runs

            runs.STARTED_RUNS.clear()  # only this command's runs may be cancelled below
            try:
                with flow_settings(url):
                    return flow()
            except TerminationSignal as error:  # Prefect's handler took a SIGTERM
                raise Stopped(error.signal) from None
            except BaseException as error:
                if signal_of(error) is not None:
                    cancel_runs(runs.STARTED_RUNS, f"stopped by a signal; {outcome}")
                raise
            finally:
                drain()
    except BaseException as error:
        signum = signal_of(error)
        if signum is None:
            raise
        raise Stopped(signum, outcome) from None


@contextlib.contextmanager
def flow_settings(url: str) -> Iterator[None]:
    """Within the block, Prefect talks to the API at `url` and flow runs send no heartbeat,
    unless the environment sets its frequency.

    Prefect reads its settings once, when imported: a private server that had to move to
    another port (server.START_TRIES) is at a url Prefect has not read. Prefect's heartbeat
    thread sleeps in 1 s steps and a flow's end waits for that step (0 to 1 s of every build)."""
    from prefect.context import SettingsContext, get_settings_context

    context = get_settings_context()
    settings = context.settings
    if not any(name in os.environ for name in HEARTBEAT_VARIABLES):
        flows = settings.flows.model_copy(update={"heartbeat_frequency": None})
        settings = settings.model_copy(update={"flows": flows})
    if settings.api.url != url:
        settings = settings.model_copy(update={"api": settings.api.model_copy(update={"url": url})})
    with SettingsContext(profile=context.profile, settings=settings):
        yield


def preheat(genres: Sequence[str] | None) -> None:
    """Start the fork server with `genres` when a pool or local cluster will fork from it
    (None: none will), then import the flows (Prefect too: PREFECT_API_URL is set) with the
    garbage collector paused.

    Called while a private server starts, so these seconds of imports overlap with its start.
    A stop kills the workers mid-work, so the semaphores they made are never released by them:
    multiprocessing's resource tracker releases them and would warn about each on stderr; its
    children inherit this filter of that one warning."""
    if genres is not None:
        from pipeline.forkserver import preheat as start

        os.environ["PYTHONWARNINGS"] = TRACKER_QUIET
        start(genres)
    with collector_paused():
        importlib.import_module("pipeline.flows")


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with Python's cyclic garbage collector paused, then as it was before.

    For the flow's imports: Prefect's and ours make over 100,000 objects that live until the
    exit, and the collector, started every 700 new objects, would walk them again and again
    (about 300 young, 30 middle and 2 full collections, 0.2 to 0.3 of their 2 to 3 CPU s)."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()


def cancel_runs(started: list[str], reason: str) -> None:
    """Mark the flow runs this command started as Cancelled, with `reason` (after a stop the
    engine has marked them Crashed), through the API client. An API that does not answer is
    left as it is."""
    from prefect import get_client
    from prefect.states import Cancelled

    with contextlib.suppress(Exception), get_client(sync_client=True) as client:
        for run_id in started:
            client.set_flow_run_state(run_id, Cancelled(message=reason), force=True)
    started.clear()


def drain() -> None:
    """Send the logs and events still queued in this process to the API, before a private
    server stops (Prefect's public drain of its two queues)."""
    from prefect.events.worker import EventsWorker
    from prefect.logging.handlers import APILogWorker

    APILogWorker.drain_all(timeout=10)
    EventsWorker.drain_all(timeout=10)
