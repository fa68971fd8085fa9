"""The warm pool's and Dask's workers: one Prefect client for a worker's life, found by every
task."""

import contextvars

import pytest
from prefect import task
from prefect.client.orchestration import get_client
from prefect.context import SyncClientContext

from pipeline import dask_warm, pool


def test_a_workers_tasks_find_the_one_client_it_keeps_and_build_none(prefect_api):
    def new_worker():  # run in an empty context, as in a fresh worker process
        pool.keep_a_client()
        kept = pool.WORKER_CLIENT.pop()
        try:
            found = []
            for _ in range(2):  # what the task engine and its context hydration ask per task
                with SyncClientContext.get_or_create() as context:
                    found.append(context.client)
                found.append(get_client(sync_client=True))
            return kept.client, found
        finally:
            kept.__exit__(None, None, None)

    kept, found = contextvars.Context().run(new_worker)
    assert len(found) == 4 and all(client is kept for client in found)
    assert SyncClientContext.get() is None  # nothing of it leaks out of the worker's context


@task
def client_of_this_run() -> int:
    """Return the id of the API client a task run finds."""
    return id(get_client(sync_client=True))


@pytest.mark.filterwarnings("ignore:Logger 'prefect.task_runs' attempted to send logs")  # no flow
def test_a_dask_workers_tasks_run_with_the_one_client_it_keeps(prefect_api):
    def dask_worker():  # run in an empty context, as a Dask worker thread's task is
        try:
            found = {dask_warm.run_in_worker(False, task=client_of_this_run, parameters={},
                                             return_type="result") for _ in range(3)}
            return found, id(dask_warm.WORKER_CLIENT[0].client)
        finally:
            dask_warm.WORKER_CLIENT.pop().client.__exit__(None, None, None)  # opened elsewhere

    found, kept = contextvars.Context().run(dask_worker)
    assert found == {kept}
