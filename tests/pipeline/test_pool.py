"""The warm pool's and Dask's workers: one Prefect client for a worker's life, found by every
task."""

import contextvars
import pickle

import pytest
from prefect import task
from prefect.client.orchestration import get_client
from prefect.context import (
    SettingsContext,
    SyncClientContext,
    get_settings_context,
    hydrated_context,
    serialize_context,
)
from prefect.settings import get_current_settings

from pipeline import dask_warm, pool


def test_a_workers_tasks_find_the_one_client_it_keeps_and_build_none(prefect_api):
    def new_worker():  # run in an empty context, as in a fresh worker process
        pool.keep_a_client(pool.passed_settings().serialize())
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


DEAD_API = "http://127.0.0.1:9/api"  # what a fork server's environment may still name


def settings_at(url: str) -> dict:
    """Return the settings in force here with the API at `url`, as SettingsContext's kwargs."""
    context = get_settings_context()
    api = context.settings.api.model_copy(update={"url": url})
    return {"profile": context.profile,
            "settings": context.settings.model_copy(update={"api": api})}


def test_a_workers_client_talks_to_the_api_its_parent_names(prefect_api):
    def new_worker():  # a worker whose own settings name a server that moved port
        with SettingsContext(**settings_at(DEAD_API)):
            pool.keep_a_client(settings_at(prefect_api))
        kept = pool.WORKER_CLIENT.pop()
        try:
            return str(kept.client._client.base_url), kept.client.api_healthcheck()
        finally:
            kept.__exit__(None, None, None)

    url, error = contextvars.Context().run(new_worker)
    assert url.rstrip("/") == prefect_api.rstrip("/") and error is None


@pytest.mark.filterwarnings("ignore:Logger 'prefect.task_runs' attempted to send logs")  # no flow
def test_a_dask_workers_client_talks_to_the_api_its_tasks_name(prefect_api):
    def dask_worker():  # a worker whose own settings name a server that moved port
        try:
            with SettingsContext(**settings_at(DEAD_API)):
                found = dask_warm.run_in_worker(
                    False, task=client_of_this_run, parameters={}, return_type="result",
                    context={"settings_context": settings_at(prefect_api)})
            return found, dask_warm.WORKER_CLIENT[0].client
        finally:
            dask_warm.WORKER_CLIENT.pop().client.__exit__(None, None, None)

    found, kept = contextvars.Context().run(dask_worker)
    assert found == id(kept) and str(kept._client.base_url).rstrip("/") == prefect_api.rstrip("/")


def test_a_task_carries_the_settings_in_force_as_the_object_its_worker_takes_as_it_is():
    with pool.passed_settings():
        context = serialize_context()  # what both runners send with a task
    settings = get_settings_context().settings
    assert context["settings_context"]["settings"] is settings  # not dumped to a dict
    with hydrated_context(pickle.loads(pickle.dumps(context))):  # in the worker
        assert get_current_settings() == settings
