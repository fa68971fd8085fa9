"""The genres' rules and solvers, found by name: the registry of genres.

GENRE_NAMES is the registry, one entry per genre. A genre `x` is its package solvers/x (its
record GENRE, a solvers.core.Genre, and its explainer in solvers/x/explain.py) and its generator
module generators/x.py (GENERATOR: the generator, the grades it aims at, its set of the day and
its extra commands, if any); solvers/core/registry.py finds them.
"""

from typing import Any

from solvers.core import Genre
from solvers.core.explain import Explainer
from solvers.core.registry import load

GENRE_NAMES: tuple[str, ...] = ("slant", "colorsort", "chesspy", "araf", "shakashaka")


def get_genre(name: str) -> Genre[Any, Any]:
    """Return the registered genre called `name`; UnknownGenreError if there is none."""
    return load("solvers", name, GENRE_NAMES, "GENRE", Genre)


def get_explainer(name: str) -> Explainer:
    """Return the Explainer of the genre called `name`; UnknownGenreError if there is none."""
    return load("solvers", name, GENRE_NAMES, "explain.EXPLAINER", Explainer)
