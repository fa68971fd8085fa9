"""The warm worker pool of a build: Prefect's process pool with its workers forked from the
fork server (pipeline.forkserver), which has the genres and Prefect's task engine imported and
dies with the CLI; the fork server stops when the pool does.

Both runners here can be *abandoned* on a stop (SIGINT, SIGTERM): their workers end at once
instead of being waited for.

Why: Prefect's ProcessPoolTaskRunner spawns each worker as a fresh interpreter (seconds of
imports per worker, paid by every build) and runs nothing before its initializer, so a CLI
killed in the pool's first second left its workers running (see pipeline.pool_guard). And it
sends each task its settings as a plain dict: dumped in the parent (about 25 ms of CPU a task, on
the flow's thread) and validated into Prefect's Settings again in the worker (about 0.17 s),
against about 0.01 s for the rest of Prefect's work on a task in a worker; the warm pool (and
pipeline.dask_warm) sends the Settings object itself (see PassedSettings).
"""

import contextlib
import threading
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, ParamSpec, Self, TypeVar

from prefect import Task
from prefect.client.schemas.objects import RunInput
from prefect.context import SettingsContext, SyncClientContext, get_settings_context
from prefect.futures import PrefectConcurrentFuture, PrefectFuture
from prefect.task_runners import (
    ProcessPoolTaskRunner,
    ThreadPoolTaskRunner,
    _initialize_process_pool_worker,
)

from pipeline import forkserver

ABANDON_SECONDS = 5  # at most this long to see a killed worker reaped
WORKER_CLIENT: list[SyncClientContext] = []  # in a worker: its client context, open for its life
P = ParamSpec("P")
R = TypeVar("R")


class PassedSettings(SettingsContext):
    """Prefect's settings context, serialized for a task's worker as the profile and settings
    objects themselves (pickled with the task), which the worker's SettingsContext takes as
    they are: neither dumped here nor validated there (see the module)."""

    def serialize(self, include_secrets: bool = True) -> dict[str, Any]:
        """Return the profile and the settings as they are (with their secrets: only
        include_secrets=False, which no task runner asks for, dumps them as Prefect does)."""
        if not include_secrets:
            return super().serialize(include_secrets=False)
        return {"profile": self.profile, "settings": self.settings}


def passed_settings() -> PassedSettings:
    """Return the settings in force as a PassedSettings context, to submit tasks within."""
    context = get_settings_context()
    return PassedSettings(profile=context.profile, settings=context.settings)


class WarmProcessPoolTaskRunner(ProcessPoolTaskRunner):
    """Prefect's process pool whose workers are forks of the warm fork server, and whose tasks
    carry their settings as objects (see PassedSettings)."""

    def __enter__(self) -> Self:
        """Start as ProcessPoolTaskRunner.__enter__ does (Prefect 3.9), with the fork server's
        context in place of "spawn" and one thread to hand tasks to the pool."""
        forkserver.preheat()
        super(ProcessPoolTaskRunner, self).__enter__()
        context = forkserver.context()
        self._subprocess_message_queue = context.Queue()
        self._message_forwarding_thread = threading.Thread(
            target=self._forward_subprocess_messages,
            name="ProcessPoolTaskRunnerMessageForwarder", daemon=True)
        self._message_forwarding_thread.start()
        try:
            self._executor = ProcessPoolExecutor(
                max_workers=self._max_workers, mp_context=context,
                initializer=_initialize_process_pool_worker,
                initargs=(self._subprocess_message_queue, keep_a_client,
                          (passed_settings().serialize(),)))
            # one thread hands the tasks to the pool, so they run in the order they were
            # submitted (with one per worker, a task once started 20 s after the next three)
            self._resolver_executor = ThreadPoolExecutor(max_workers=1)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def submit(  # type: ignore[override]  # Prefect's overloads (sync, async tasks) as one
        self,
        task: "Task[P, R]",
        parameters: dict[str, Any],
        wait_for: Iterable[PrefectFuture[Any]] | None = None,
        dependencies: dict[str, set[RunInput]] | None = None,
    ) -> PrefectConcurrentFuture[R]:
        """Submit as ProcessPoolTaskRunner does, with the settings passed as objects."""
        with passed_settings():
            return super().submit(task, parameters, wait_for, dependencies)

    def __exit__(self, *exc_info: Any) -> None:
        """Stop the workers as ProcessPoolTaskRunner does, then the fork server."""
        try:
            super().__exit__(*exc_info)
        finally:
            forkserver.stop()

    def abandon(self) -> None:
        """Stop at once, as on a signal: kill the workers mid-task (and wait until the fork
        server has reaped them), drop what is queued, stop the fork server; nothing waits for
        a task to end."""
        executor: ProcessPoolExecutor | None = getattr(self, "_executor", None)
        if executor is not None:
            workers = list(executor._processes.values())  # no public way to reach them
            for process in workers:
                process.kill()
            for process in workers:
                process.join(timeout=ABANDON_SECONDS)
            executor.shutdown(wait=True, cancel_futures=True)
        resolvers: ThreadPoolExecutor | None = getattr(self, "_resolver_executor", None)
        if resolvers is not None:
            resolvers.shutdown(wait=True, cancel_futures=True)
        forkserver.stop()


def keep_a_client(settings: dict[str, Any]) -> None:
    """Run once in each worker before its first task: open one Prefect API client for the
    worker's life, in a client context its tasks find (get_client returns a context's client), so
    a task does not build two clients of its own (each loads the certificate bundle into a new
    SSL context: about 30 ms of CPU apiece on an idle machine) nor open new connections.

    The client talks to the API of `settings` (SettingsContext's keyword arguments: the
    parent's), not to the one the fork server's environment named when it started: a private
    server that had to move to another port is only in the parent's settings (see
    commands.building.flow_settings)."""
    WORKER_CLIENT.append(open_client(settings))


def open_client(settings: dict[str, Any] | None) -> SyncClientContext:
    """Return a Prefect client context opened for good under `settings` (SettingsContext's
    keyword arguments; None: those in force), set in the current context."""
    with SettingsContext(**settings) if settings else contextlib.nullcontext():
        return SyncClientContext().__enter__()


class InProcessTaskRunner(ThreadPoolTaskRunner[Any]):
    """Prefect's thread pool of one thread (`--workers 1`: tasks run in this process)."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)

    def abandon(self) -> None:
        """Stop at once, as on a signal: drop what is queued and do not wait for the running
        task (its thread ends with the process, which exits without joining it)."""
        executor: ThreadPoolExecutor | None = getattr(self, "_executor", None)
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
