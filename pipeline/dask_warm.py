"""The Dask task runner of `--dask`: prefect-dask's, with a task's per-run costs cut as in the
warm pool (pipeline.pool). Imported only when a Dask runner is made (see pipeline.runners).

Why: prefect-dask sends each task its Prefect settings as a plain dict (dumped in the parent,
about 25 ms of CPU a task), which the worker validates into Settings again for every task, and
the task engine builds two API clients per task (each loads the certificate bundle into a new
SSL context): about 0.12-0.17 s of CPU per task in the worker, measured with no-op tasks,
against about 0.01 s in the warm pool. Here a task carries the settings as objects
(pipeline.pool.PassedSettings), and runs with its worker's one client, opened at the worker's
first task and kept for its life.
"""

import asyncio
import contextvars
import uuid
from collections.abc import Iterable
from typing import Any

from distributed import Client, Future
from prefect.client.schemas.objects import RunInput
from prefect.context import SyncClientContext, serialize_context
from prefect.task_engine import run_task_async, run_task_sync
from prefect.tasks import Task
from prefect.utilities.engine import collect_task_run_inputs_sync
from prefect_dask.task_runners import DaskTaskRunner, PrefectDaskFuture

from pipeline.pool import open_client, passed_settings

WORKER_CLIENT: list[SyncClientContext] = []  # in a Dask worker: its client context, once opened


class WarmDaskTaskRunner(DaskTaskRunner):
    """prefect-dask's DaskTaskRunner (0.3, Prefect 3.9.1) whose tasks carry their settings as
    objects and run in their worker's one client context (see the module)."""

    def submit(  # type: ignore[override]  # one signature for sync tasks, as the pool's
        self,
        task: Task[Any, Any],
        parameters: dict[str, Any],
        wait_for: Iterable[PrefectDaskFuture[Any]] | None = None,
        dependencies: dict[str, set[RunInput]] | None = None,
    ) -> PrefectDaskFuture[Any]:
        """Submit as DaskTaskRunner.submit and PrefectDaskClient.submit do (prefect-dask 0.3),
        with the settings passed as objects and the run wrapped in run_in_worker."""
        if not self._started:
            raise RuntimeError("The task runner must be started before submitting work.")
        parameters = self._optimize_futures(parameters)
        waits = self._optimize_futures(wait_for) if wait_for else None
        task_run_id = uuid.uuid4()
        inputs: dict[str, set[RunInput]] = {
            name: set(collect_task_run_inputs_sync(value, future_cls=Future))
            for name, value in parameters.items()}
        if dependencies:
            inputs = {name: value | dependencies.get(name, set())
                      for name, value in inputs.items()}
        with passed_settings():
            context = serialize_context(asset_ctx_kwargs={
                "task": task, "task_run_id": task_run_id, "task_inputs": inputs,
                "copy_to_child_ctx": True})
        future = Client.submit(
            self.client, run_in_worker, task.isasync, pure=False, task=task,
            task_run_id=task_run_id, wait_for=waits, return_type="state",
            parameters=parameters, dependencies=inputs, context=context)
        return PrefectDaskFuture[Any](wrapped_future=future, task_run_id=task_run_id)


def run_in_worker(isasync: bool, **kwargs: Any) -> Any:
    """Run a Prefect task (run_task_sync's or run_task_async's keyword arguments) in this
    worker's client context: the one opened at the worker's first task (see the module), under
    that task's settings (a private server that moved port is only in those, see
    pipeline.pool.keep_a_client)."""
    if not WORKER_CLIENT:
        settings = (kwargs.get("context") or {}).get("settings_context")
        # opened for good, set in no task's context
        WORKER_CLIENT.append(contextvars.Context().run(open_client, settings))
    token = SyncClientContext.__var__.set(WORKER_CLIENT[0])
    try:
        if isasync:
            return asyncio.run(run_task_async(**kwargs))
        return run_task_sync(**kwargs)
    finally:
        SyncClientContext.__var__.reset(token)
