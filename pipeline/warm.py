"""Imported by the worker pool's fork server so that every worker starts with what its first task
would otherwise import (see pipeline.pool): Prefect's task engine and the Prefect collections
its context loads (prefect-dask, so Dask too), pipeline.flows (the tasks are unpickled by
reference to it, and it brings the banks' Delta), and every genre with its generator and
explainer (only the build's genre when the fork server was told it, see forkserver.preheat: the
others cost about 0.5 s of its imports).

Measured: without the last three, each worker's first task imported about 590 more modules
(seconds on a busy machine) before it started its work.
"""

import gc
import os

import prefect.engine
import prefect.task_engine
import prefect.task_runners  # noqa: F401
from prefect.plugins import load_prefect_collections

import pipeline.flows  # noqa: F401
from generators import get_generator
from pipeline.forkserver import GENRES_ENV
from solvers import GENRE_NAMES, get_explainer, get_genre

load_prefect_collections()
for _name in os.environ[GENRES_ENV].split(",") if GENRES_ENV in os.environ else GENRE_NAMES:
    get_genre(_name)
    get_generator(_name)
    get_explainer(_name)

# Every worker and the fork server keep all of the above to their end: frozen, no garbage
# collection walks it again, and the fork server's exit at the build's end skips collecting it
# (about 0.6 s of each pool build's end, bench/bench_fixed_cost.py).
gc.freeze()
