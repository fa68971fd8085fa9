"""Color Sort pictures: the tubes side by side with their coloured layers, numbered below as the
pours number them; with a solution, its pours as text and the position they end in.

Vocabulary as in board.py: a tube lists its colours bottom to top; a pour "i>j" moves the top
run of tube i onto tube j. A *layer* is one unit of colour in a tube. The solution picture shows
the start, the pours in order, and the tubes after replaying them (up to the first pour that is
not legal, if any), captioned "sorted", "not sorted" or how many pours were played.
"""

from collections.abc import Sequence

from solvers.colorsort.board import COLOUR_CHARS, ColorSortPuzzle, ColorSortSolution
from solvers.colorsort.jsengine import apply_pour, is_solved
from solvers.core import svg

PALETTE = svg.PALETTE  # colour k for COLOUR_CHARS[k] (36 of each)
TUBE, LAYER, GAP = 30, 22, 12  # tube width, layer height, space between tubes
LABEL = 18  # height of the tube numbers under a row of tubes
LINE = 18  # height of a line of text


def tube_row(tubes: Sequence[Sequence[int]], capacity: int, top: float) -> list[str]:
    """Return the elements of a row of tubes whose rims are at height `top`, numbered below."""
    body = []
    bottom = top + capacity * LAYER + 4
    for t, tube in enumerate(tubes):
        x = svg.MARGIN + t * (TUBE + GAP)
        for level, colour in enumerate(tube):
            y = bottom - 2 - (level + 1) * LAYER
            body.append(svg.rect(x + 3, y, TUBE - 6, LAYER, fill=PALETTE[colour], class_="layer",
                                 content=svg.title(f"colour {COLOUR_CHARS[colour]}")))
        body.append(svg.rect(x, top, TUBE, bottom - top, stroke=svg.INK, stroke_width=2, rx=6,
                             class_="tube"))
        body.append(svg.text(x + TUBE / 2, bottom + LABEL / 2, str(t), size=12,
                             class_="tube-label"))
    return body


def replay(puzzle: ColorSortPuzzle, solution: ColorSortSolution) -> tuple[list[list[int]], int]:
    """Return the tubes after the pours of `solution` and how many were played (all of them,
    unless one is not legal: play stops before it)."""
    tubes: list[list[int]] = [list(tube) for tube in puzzle.tubes]
    for played, (i, j) in enumerate(solution.moves):
        after = apply_pour(tubes, puzzle.capacity, i, j)
        if after is None:
            return tubes, played
        tubes = after
    return tubes, len(solution.moves)


def pour_lines(solution: ColorSortSolution, width: float) -> list[str]:
    """Return the pours "i>j" as lines of text that fit `width`."""
    tokens = [f"{i}>{j}" for i, j in solution.moves]
    per_line = max(1, int((width - 2 * svg.MARGIN) // 42))
    return [" ".join(tokens[at : at + per_line]) for at in range(0, len(tokens), per_line)]


def picture(puzzle: ColorSortPuzzle, solution: ColorSortSolution | None = None) -> str:
    """Return the SVG picture of the deal, with the pours of `solution` and where they end."""
    capacity, count = puzzle.capacity, len(puzzle.tubes)
    width = count * TUBE + (count - 1) * GAP + 2 * svg.MARGIN
    row = capacity * LAYER + 4 + LABEL
    body = tube_row(puzzle.tubes, capacity, svg.MARGIN)
    y = svg.MARGIN + row
    name = f"colorsort, {count} tubes of {capacity}"
    if solution is None:
        return svg.document(width, y + svg.MARGIN / 2, body, f"{name}: puzzle")
    pours = len(solution.moves)
    body.append(svg.text(width / 2, y + LINE / 2, f"{pours} pour{'s' * (pours != 1)}:",
                         size=13, weight="bold", class_="caption"))
    y += LINE
    for text in pour_lines(solution, width):
        body.append(svg.text(width / 2, y + LINE / 2, text, size=13, class_="pours"))
        y += LINE
    end, played = replay(puzzle, solution)
    if played < pours:
        caption = f"after {played} pours (the next is not legal)"
    else:
        caption = "sorted" if is_solved(end, capacity) else "not sorted"
    body.append(svg.text(width / 2, y + LINE / 2, caption, size=13, weight="bold",
                         class_="caption"))
    y += LINE + 4
    body += tube_row(end, capacity, y)
    return svg.document(width, y + row + svg.MARGIN / 2, body, f"{name}: solution")
