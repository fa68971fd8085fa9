"""Imported by the worker pool's fork server so that every worker starts with the genres, their
generators and Prefect's task engine already imported (see pipeline.pool)."""

import prefect.task_engine
import prefect.task_runners  # noqa: F401

from generators import get_generator
from pipeline import batches  # noqa: F401
from solvers import GENRE_NAMES, get_genre

for _name in GENRE_NAMES:
    get_genre(_name)
    get_generator(_name)
