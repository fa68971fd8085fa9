"""The warm worker pool of a build: Prefect's process pool with its workers forked from the
fork server (pipeline.forkserver), which has the genres and Prefect's task engine imported and
dies with the CLI; the fork server stops when the pool does.

Why: Prefect's ProcessPoolTaskRunner spawns each worker as a fresh interpreter (seconds of
imports per worker, paid by every build) and runs nothing before its initializer, so a CLI
killed in the pool's first second left its workers running (see pipeline.pool_guard).
"""

import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Self

from prefect.task_runners import ProcessPoolTaskRunner, _initialize_process_pool_worker

from pipeline import forkserver


class WarmProcessPoolTaskRunner(ProcessPoolTaskRunner):
    """Prefect's process pool whose workers are forks of the warm fork server."""

    def __enter__(self) -> Self:
        """Start as ProcessPoolTaskRunner.__enter__ does (Prefect 3.9), with the fork server's
        context in place of "spawn"."""
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
                initargs=(self._subprocess_message_queue, None, ()))
            self._resolver_executor = ThreadPoolExecutor(max_workers=self._max_workers)
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *exc_info: Any) -> None:
        """Stop the workers as ProcessPoolTaskRunner does, then the fork server."""
        try:
            super().__exit__(*exc_info)
        finally:
            forkserver.stop()
