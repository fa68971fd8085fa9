"""The room enumerator: every connected cell set grown from a root, each exactly once.

Vocabulary: sets are bit sets of cells; `neighbours[k]` is the bit set of the cells touching k;
`allowed` the cells a set may use. At each step the *frontier* holds the allowed cells next to
the set that are still undecided and `banned` those already decided against: taking frontier
cells in order and banning each one after its branch makes every set appear on exactly one path.
The fixed polyomino counts (OEIS A001168) and the board-partition counts are its tests.
"""

from collections.abc import Iterator, Sequence


def connected_sets(
    neighbours: Sequence[int],
    root: int,
    allowed: int,
    max_size: int,
    distance: Sequence[int] | None = None,
) -> Iterator[tuple[int, int]]:
    """Yield (set, size) for every connected set holding `root`, inside `allowed` (which must
    hold root), of at most `max_size` cells, each set exactly once.

    With `distance` (steps from each cell to a *target* cell, 0 at the target, large where it
    cannot be reached), a set without the target is not grown where the target is out of reach
    within `max_size` cells, so every set holding the target is still yielded.
    """
    if max_size < 1:
        return
    reach = distance[root] if distance is not None else 0
    if 1 + reach > max_size:
        return
    start = 1 << root
    yield from _grow(neighbours, allowed, max_size, distance, start, 1,
                     neighbours[root] & allowed & ~start, 0, reach)


def _grow(neighbours, allowed, max_size, distance, members, size, frontier, banned, reach):
    """Yield the sets holding `members`, grown from `frontier` without `banned` (see above).

    `reach` is the fewest cells still needed to take in the target (0 once it is in).
    """
    yield members, size
    if size == max_size:
        return
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        cell = low.bit_length() - 1
        new_reach = min(reach, distance[cell]) if distance is not None else 0
        if size + 1 + new_reach <= max_size:
            grown = members | low
            fresh = neighbours[cell] & allowed & ~grown & ~banned & ~frontier
            yield from _grow(neighbours, allowed, max_size, distance, grown, size + 1,
                             frontier | fresh, banned, new_reach)
        banned |= low
