"""What a board costs: the CPU milliseconds one attempt of a genre's bucket takes, as its
reachability table measured them (generators.reachability), so that works can be cut to equal
shares of CPU (pipeline.batches) and rows re-verified in equal chunks (pipeline.verifying).

Vocabulary: a board's *cost* is in table ms, about CPU ms while the table is fresh; a *bucket*
is a (size, grade) pair (pipeline.quotas). A genre with no table costs by its cells alone.
"""

import functools
import math
from collections.abc import Callable

from generators.reachability import load
from pipeline.quotas import Bucket
from pipeline.sizes import Size

SizeCost = Callable[[Size], float]  # a size -> the cost of one board of that size
BucketCost = Callable[[Bucket], float]  # a bucket -> the cost of one board of its stream


def cells_cost(size: Size) -> float:
    """Return the cost of a board by its cells alone, as (cells / 10) squared: for a genre with
    no measured size (attempts cost about as the square of the cells; Slant, 5x5 to 15x15)."""
    return (size.cells / 10) ** 2


@functools.cache
def size_costs(genre: str) -> SizeCost:
    """Return the genre's cost of one board by size, from its reachability table (see
    generators.reachability): the CPU ms per attempt of the size's measured grades, pooled
    (grades' costs shift with every solver change, sizes' relative ones much less); at a size
    not measured, that of the measured size nearest in cells, scaled by the square of the
    ratio of cells; by cells_cost when nothing is measured."""
    table = load(genre)
    measured: dict[Size, float] = {}
    for text in table.sizes():
        measures = table.at(text)
        attempts = sum(m.attempts for m in measures)
        if attempts:
            measured[Size.parse(text)] = sum(m.cpu_ms for m in measures) / attempts
    if not measured:
        return cells_cost

    def cost(size: Size) -> float:
        if size in measured:
            return measured[size]
        near = min(measured, key=lambda known: abs(math.log(known.cells / size.cells)))
        return measured[near] * (size.cells / near.cells) ** 2

    return cost


@functools.cache
def bucket_costs(genre: str) -> BucketCost:
    """Return the genre's cost of one board by bucket, from its reachability table: the CPU ms
    per attempt measured at the bucket's size and grade (a 10x10 Slant probe board costs about
    2.5 times a count one, so works cut by size alone are unequal), else its size's cost (see
    size_costs)."""
    by_size = size_costs(genre)
    table = load(genre)
    measured = {(Size.parse(m.size), m.grade): m.cpu_ms / m.attempts
                for text in table.sizes() for m in table.at(text) if m.attempts}

    def cost(bucket: Bucket) -> float:
        return measured.get(bucket) or by_size(bucket[0])

    return cost


def by_cells(bucket: Bucket) -> float:
    """Return cells_cost of the bucket's size: the cost of a genre with no table."""
    return cells_cost(bucket[0])
