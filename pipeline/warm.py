"""Imported by the fork server (see pipeline.forkserver) so that every worker starts with what its
first work would otherwise import: the works' modules and every genre with its generator and
explainer (only the build's genres when the fork server was told them; the others cost about
0.5 s of its imports). No Prefect: the workers run plain functions (pipeline.executors).
"""

import gc
import os

import pipeline.batches
import pipeline.verifying  # noqa: F401
from generators import get_generator
from pipeline.forkserver import GENRES_ENV
from solvers import GENRE_NAMES, get_explainer, get_genre

for _name in os.environ[GENRES_ENV].split(",") if GENRES_ENV in os.environ else GENRE_NAMES:
    get_genre(_name)
    get_generator(_name)
    get_explainer(_name)

# Every worker and the fork server keep all of the above to their end: frozen, no garbage
# collection walks it again.
gc.freeze()
