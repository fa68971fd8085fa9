"""The rulebook validator, written from the rules alone (it shares no code with the solvers).

Rules: black cells stay black; a white cell is empty or holds a black right triangle covering
half of it, its right angle in one corner; a number counts the orthogonal neighbours holding a
triangle; what stays white falls into regions that are each a rectangle, upright or tilted 45
degrees. Regions: every cell is cut by its two diagonals into four *quarters* (N, E, S, W),
and a triangle blackens exactly two of them, so white quarters are the atoms of the picture.
White quarters that share an edge are one region (two regions touching at a point stay two).
In doubled coordinates (cell corners on even numbers) every quarter has area 1, and a region is
a rectangle exactly when its area equals the area of its bounding box, upright in (x, y) or
tilted in (x + y, x - y), whose area there is twice the real one.
"""

from functools import lru_cache

from solvers.shakashaka.board import BLACK, TRIANGLES, ShakaPuzzle, ShakaSolution

N, E, S, W = range(4)
# The black quarters of each solution state: empty, right angle NW, NE, SE, SW, black.
BLACK_QUARTERS = ((), (N, W), (N, E), (S, E), (S, W), (N, E, S, W))
# Quarter q of a cell shares its outer edge with quarter ACROSS[q] of the cell STEP[q] away.
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))
ACROSS = (S, W, N, E)
# The (x, y) vertices of each quarter of the cell whose top-left corner is (0, 0), doubled.
VERTICES = (((0, 0), (2, 0), (1, 1)), ((2, 0), (2, 2), (1, 1)),
            ((0, 2), (2, 2), (1, 1)), ((0, 0), (0, 2), (1, 1)))


@lru_cache(maxsize=64)
def _extents(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Return, for each quarter 4k + q of the board, the low and high of x, y, x + y and x - y
    over its vertices: (x_lo, y_lo, u_lo, v_lo, x_hi, y_hi, u_hi, v_hi), doubled coordinates."""
    extents = []
    for k in range(width * height):
        r, c = divmod(k, width)
        for q in range(4):
            points = [(2 * c + x, 2 * r + y) for x, y in VERTICES[q]]
            columns = list(zip(*[(x, y, x + y, x - y) for x, y in points], strict=True))
            extents.append((*map(min, columns), *map(max, columns)))
    return tuple(extents)


@lru_cache(maxsize=64)
def _edge_neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """Return, for each quarter 4k + q of the board, the quarters sharing an edge with it: the
    two beside it in its cell and the one across its cell side (if that cell is on the board)."""
    neighbours = []
    for k in range(width * height):
        r, c = divmod(k, width)
        for q in range(4):
            dr, dc = STEP[q]
            found = [4 * k + (q + 1) % 4, 4 * k + (q + 3) % 4]
            if 0 <= r + dr < height and 0 <= c + dc < width:
                found.append(4 * ((r + dr) * width + c + dc) + ACROSS[q])
            neighbours.append(tuple(found))
    return tuple(neighbours)


def _regions(solution: ShakaSolution) -> list[list[int]]:
    """Return the white regions as lists of quarters 4k + q, joined through shared edges."""
    neighbours = _edge_neighbours(solution.width, solution.height)
    white = {4 * k + q for k, state in enumerate(solution.cells) for q in range(4)
             if q not in BLACK_QUARTERS[state]}
    regions = []
    while white:
        seed = white.pop()
        region, frontier = [seed], [seed]
        while frontier:
            for nxt in neighbours[frontier.pop()]:
                if nxt in white:
                    white.remove(nxt)
                    region.append(nxt)
                    frontier.append(nxt)
        regions.append(region)
    return regions


def _is_rectangle(region: list[int], extents: tuple[tuple[int, ...], ...]) -> bool:
    """Return True if the region fills its upright or its tilted bounding box."""
    columns = list(zip(*(extents[quarter] for quarter in region), strict=True))
    x_lo, y_lo, u_lo, v_lo = map(min, columns[:4])
    x_hi, y_hi, u_hi, v_hi = map(max, columns[4:])
    upright = (x_hi - x_lo) * (y_hi - y_lo)
    tilted = (u_hi - u_lo) * (v_hi - v_lo)
    return len(region) == upright or 2 * len(region) == tilted


def check(puzzle: ShakaPuzzle, solution: ShakaSolution) -> list[str]:
    """Return the rule violations of `solution` for `puzzle` ([] when it is a valid solution)."""
    w, h = puzzle.width, puzzle.height
    if (solution.width, solution.height) != (w, h) or len(solution.cells) != w * h:
        return [f"solution is {solution.width}x{solution.height}, puzzle is {w}x{h}"]
    violations = []
    for k, state in enumerate(solution.cells):
        r, c = divmod(k, w)
        if state not in range(6):
            violations.append(f"cell ({r}, {c}): {state!r} is not a cell state")
        elif puzzle.black[k] != (state == BLACK):
            kind = "black" if puzzle.black[k] else "white"
            violations.append(f"cell ({r}, {c}): {kind} in the puzzle, state {state!r}")
    if violations:
        return violations
    for k, n in enumerate(puzzle.numbers):
        if n is None:
            continue
        r, c = divmod(k, w)
        around = [(r + dr, c + dc) for dr, dc in STEP]
        triangles = sum(solution.cells[rr * w + cc] in TRIANGLES
                        for rr, cc in around if 0 <= rr < h and 0 <= cc < w)
        if triangles != n:
            violations.append(f"cell ({r}, {c}): number {n}, {triangles} triangles around it")
    extents = _extents(w, h)
    for region in _regions(solution):
        if not _is_rectangle(region, extents):
            r, c = divmod(min(region) // 4, w)
            violations.append(f"the white region at cell ({r}, {c}) is not a rectangle")
    return violations
