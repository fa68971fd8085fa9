"""The genres' generators, found by name."""

import importlib

from generators.core import Candidate, GenerationSpec, Generator
from solvers import GENRE_NAMES
from solvers.core import UnknownGenreError

__all__ = ["Candidate", "GenerationSpec", "Generator", "get_generator"]


def get_generator(name: str) -> Generator:
    """Return the generator of the genre called `name`; UnknownGenreError if there is none."""
    if name not in GENRE_NAMES:
        raise UnknownGenreError(name, GENRE_NAMES)
    return importlib.import_module(f"generators.{name}").GENERATOR
