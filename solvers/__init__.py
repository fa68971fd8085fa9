"""The genres' rules and solvers, found by name."""

import importlib

from solvers.core import Genre, UnknownGenreError
from solvers.core.explain import Explainer

_GENRE_MODULES = {
    "slant": "solvers.slant",
    "colorsort": "solvers.colorsort",
    "chesspy": "solvers.chesspy",
    "araf": "solvers.araf",
    "shakashaka": "solvers.shakashaka",
}
GENRE_NAMES: tuple[str, ...] = tuple(_GENRE_MODULES)


def get_genre(name: str) -> Genre:
    """Return the registered genre called `name`; UnknownGenreError if there is none."""
    if name not in _GENRE_MODULES:
        raise UnknownGenreError(name, GENRE_NAMES)
    return importlib.import_module(_GENRE_MODULES[name]).GENRE


def get_explainer(name: str) -> Explainer:
    """Return the Explainer of the genre called `name`; UnknownGenreError if there is none."""
    if name not in _GENRE_MODULES:
        raise UnknownGenreError(name, GENRE_NAMES)
    return importlib.import_module(_GENRE_MODULES[name] + ".explain").EXPLAINER
