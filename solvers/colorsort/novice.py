"""The greedy novice, fast: the reference's DFS (jsengine.solve) run by the C kernel.

The kernel (_novice.c, built by `pip install -e .`) makes the same pours in the same order,
keeps the same visited set and counts the same nodes as jsengine.solve, so it returns the same
DfsResult (tests/colorsort/test_colorsort_novice.py holds it to that on thousands of deals);
jsengine.py stays the readable port of the reference. Without the kernel built, every answer
comes from jsengine.solve. A search of more than SLICE_NODES nodes is run in slices of growing
node limits (the DFS is deterministic, so a run with a smaller limit is the start of a run with
a larger one) with the deadline checked between slices.
"""

from collections.abc import Sequence
from types import ModuleType

from solvers.colorsort import jsengine
from solvers.colorsort.jsengine import DEFAULT_NODE_LIMIT, DfsResult
from solvers.core.deadline import check

compiled: ModuleType | None
try:
    from solvers.colorsort import _novice as compiled
except ImportError:  # not built: every answer comes from jsengine.solve (slower, the same)
    compiled = None

COMPILED = compiled is not None
SLICE_NODES = DEFAULT_NODE_LIMIT  # about 20 ms of the kernel between two deadline checks


def position(tubes: Sequence[Sequence[int]], capacity: int) -> bytes:
    """Return the kernel's position: per tube its length, its colours, zeros up to capacity."""
    return b"".join(bytes([len(t), *t]) + bytes(capacity - len(t)) for t in tubes)


def solve(tubes: Sequence[Sequence[int]], capacity: int,
          node_limit: int = DEFAULT_NODE_LIMIT) -> DfsResult:
    """Return jsengine.solve(tubes, capacity, node_limit), computed by the kernel when built."""
    if compiled is None:
        return jsengine.solve(tubes, capacity, node_limit)
    start = position(tubes, capacity)
    limit = min(node_limit, SLICE_NODES)
    while True:
        solved, pairs, nodes, truncated = compiled.solve(start, len(tubes), capacity, limit)
        if not truncated or limit == node_limit:
            moves = tuple(zip(pairs[::2], pairs[1::2], strict=True))
            return DfsResult(solved, moves, nodes, bool(truncated))
        check()  # a solve's deadline (solvers/core/deadline.py): a slice a turn
        limit = min(node_limit, 4 * limit)
