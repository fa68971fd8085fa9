"""Finding a registered genre's parts: the one lookup every layer uses.

A genre named `x` (registered in solvers/__init__.py) is found by the same names in every layer:
its record `solvers.x.GENRE`, its explainer `solvers.x.explain.EXPLAINER`, its generator
`generators.x.GENERATOR`. Each layer looks up only its own and lower layers' parts, and imports
a genre's module only when that genre is asked for.
"""

import importlib
from collections.abc import Collection
from typing import TypeVar

from solvers.core.errors import UnknownGenreError

T = TypeVar("T")


def load(layer: str, name: str, names: Collection[str], part: str, kind: type[T]) -> T:
    """Return the attribute `part` of module `<layer>.<name>` (its `part` may be "mod.ATTR",
    from the submodule mod), checked to be a `kind`; UnknownGenreError when `name` is not in
    `names`, TypeError when the module holds something else."""
    if name not in names:
        raise UnknownGenreError(name, tuple(names))
    submodule, _, attribute = part.rpartition(".")
    path = ".".join(filter(None, (layer, name, submodule)))
    found = getattr(importlib.import_module(path), attribute)
    if not isinstance(found, kind):
        raise TypeError(f"{path}.{attribute} is not a {kind.__name__}")
    return found
