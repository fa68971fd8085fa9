"""Color Sort (water sort): pour the tubes until each is empty or full of one colour.

The genre contract read for a puzzle without clues or uniqueness:
  ladder       the grade names ("easy", "medium", "hard", "expert"), graded by measurements
               (MeasuredBands: grades.py holds the published bands, grading.py measures)
  count        Solvable: 1 with a solution when the engine sorts the deal, 0 when it proves it
               cannot, 0 and truncated when it gives up; `limit` has no effect (counters.py)
  "ladder"     the reference's DFS, bit-compatible with the JS engine (jsengine.py; run by
               the C kernel, novice.py)
  "optimal"    the A* solver (optimal.py), the independent engine the bank admits deals with
  deduce_with  the DFS within the node budget of the grades named
  check        the replay validator (rulebook.py)
  images       one text: the normal form under tube order and colour renaming (board.py)
  dimensions   (colours, capacity); clue_count: the number of tubes
"""

from solvers.colorsort import board
from solvers.colorsort.board import ColorSortPuzzle, ColorSortSolution
from solvers.colorsort.counters import count_ladder, count_optimal, deduce_with, solvability
from solvers.colorsort.grades import GRADE_BANDS, LADDER
from solvers.colorsort.grading import measured
from solvers.colorsort.picture import picture
from solvers.colorsort.quality import FLOOR
from solvers.colorsort.rulebook import check
from solvers.core.counting import Solvable
from solvers.core.genre import Genre
from solvers.core.grading import MeasuredBands

GENRE: Genre[ColorSortPuzzle, ColorSortSolution] = Genre(
    name="colorsort",
    ladder=LADDER,
    parse=board.parse,
    format=board.format,
    parse_solution=board.parse_solution,
    format_solution=board.format_solution,
    check=check,
    deduce_with=deduce_with,
    count_ladder=count_ladder,
    counters={"optimal": count_optimal},
    images=board.images,
    dimensions=board.dimensions,
    clue_count=board.clue_count,
    draw=board.draw,
    grading=MeasuredBands(measured, GRADE_BANDS),
    counting=Solvable(solvability),
    picture=picture,
    independent="optimal",
    limits=board.LIMITS,
    quality=FLOOR,
)
