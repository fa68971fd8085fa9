"""The genres' generators, found by name in the registry (solvers.GENRE_NAMES)."""

from typing import Any

from generators.core import Candidate, GenerationSpec, Generator
from solvers import GENRE_NAMES
from solvers.core.registry import load

__all__ = ["Candidate", "GenerationSpec", "Generator", "get_generator"]


def get_generator(name: str) -> Generator[Any, Any]:
    """Return the generator of the genre called `name`; UnknownGenreError if there is none."""
    return load("generators", name, GENRE_NAMES, "GENERATOR", Generator)
