"""The brute-force counter: take the first cell no room owns, grow every connected set from it
over unowned cells, keep those that happen to hold two numbers with a legal size, recurse.

It knows no screens, no catalogue and no budget, and shares no code with them (its growth keeps
a set of every cell set seen, where the catalogue's enumerator bans cells instead). It can read
the rules wrongly on purpose: `Reading(closed=True)` allows a..b cells instead of a+1..b-1,
`Reading(diagonal=True)` connects cells that touch at a corner. Vocabulary: `owned` is the bit
set of cells some room already holds; a *piece* is a connected bit set of cells.
"""

from solvers.araf.board import STRICT, ArafPuzzle, ArafSolution, Reading
from solvers.core.results import Count


def _adjacent(puzzle: ArafPuzzle, diagonal: bool) -> list[list[int]]:
    """Return, for each cell, the cells it touches under the reading."""
    w, h = puzzle.width, puzzle.height
    steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
             if (dr, dc) != (0, 0) and (diagonal or dr == 0 or dc == 0)]
    return [[(r + dr) * w + c + dc for dr, dc in steps if 0 <= r + dr < h and 0 <= c + dc < w]
            for r in range(h) for c in range(w)]


class _Rooms:
    """Grows the legal rooms of one puzzle under one reading."""

    def __init__(self, puzzle: ArafPuzzle, reading: Reading) -> None:
        self.numbers = puzzle.numbers
        self.adjacent = _adjacent(puzzle, reading.diagonal)
        self.reading = reading
        self.numbered = sum(1 << k for k, n in enumerate(puzzle.numbers) if n is not None)
        largest = max((n for n in puzzle.numbers if n is not None), default=0)
        self.most = largest if reading.closed else largest - 1

    def legal(self, piece: int) -> bool:
        """Return True if the piece holds exactly two numbers and its size fits between them."""
        held = piece & self.numbered
        if held.bit_count() != 2:
            return False
        a, b = sorted(n for k, n in enumerate(self.numbers) if held >> k & 1 and n is not None)
        size = piece.bit_count()
        if self.reading.closed:
            return a <= size <= b
        return a < size < b

    def grown_from(self, root: int, owned: int) -> list[int]:
        """Return every legal room holding `root` and no `owned` cell."""
        seen = {1 << root}
        todo = [1 << root]
        rooms = []
        while todo:
            piece = todo.pop()
            if self.legal(piece):
                rooms.append(piece)
            if piece.bit_count() >= self.most or (piece & self.numbered).bit_count() > 2:
                continue
            for k in range(len(self.numbers)):
                if not piece >> k & 1:
                    continue
                for nxt in self.adjacent[k]:
                    bigger = piece | 1 << nxt
                    if not (owned | piece) >> nxt & 1 and bigger not in seen:
                        seen.add(bigger)
                        todo.append(bigger)
        return sorted(rooms)


def count_brute(puzzle: ArafPuzzle, limit: int = 2, reading: Reading = STRICT) -> Count:
    """Return every partition up to `limit`, by exhaustive room growth; `nodes` counts rooms
    placed."""
    grower = _Rooms(puzzle, reading)
    cells = len(puzzle.numbers)
    full = (1 << cells) - 1
    labels = [0] * cells
    found: list[ArafSolution] = []
    nodes = 0

    def fill(owned: int, label: int) -> bool:
        """Cut the unowned cells into rooms in every legal way; False once `limit` is reached."""
        nonlocal nodes
        if owned == full:
            renumber: dict[int, int] = {}
            canonical = tuple(renumber.setdefault(x, len(renumber)) for x in labels)
            found.append(ArafSolution(puzzle.width, puzzle.height, canonical))
            return len(found) < limit
        root = (~owned & full & -(~owned & full)).bit_length() - 1
        for room in grower.grown_from(root, owned):
            nodes += 1
            for k in range(cells):
                if room >> k & 1:
                    labels[k] = label
            if not fill(owned | room, label + 1):
                return False
        return True

    complete = fill(0, 0)
    return Count(len(found), tuple(found), nodes, truncated=not complete)


def candidate_rooms(puzzle: ArafPuzzle, reading: Reading = STRICT) -> list[int]:
    """Return every legal room anywhere on the board under `reading` (each grown from its
    first cell), the reference's 'candidate rooms'."""
    grower = _Rooms(puzzle, reading)
    rooms = []
    for root in range(len(puzzle.numbers)):
        rooms.extend(grower.grown_from(root, (1 << root) - 1))
    return rooms
