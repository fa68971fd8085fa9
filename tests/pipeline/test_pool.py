"""The warm pool's workers: one Prefect client for a worker's life, found by every task."""

import contextvars

from prefect.client.orchestration import get_client
from prefect.context import SyncClientContext

from pipeline import pool


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
