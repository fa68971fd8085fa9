"""Color Sort (water sort): pour the tubes until each is empty or full of one colour.

The genre contract read for a puzzle without clues or uniqueness:
  ladder       the grade names ("easy", "medium", "hard", "expert"), graded by measurements
               (grades.py holds the published thresholds, grading.py applies them)
  count        1 with a solution when the engine sorts the deal, 0 when it proves it cannot,
               0 and truncated when it gives up (see counters.py)
  "ladder"     the reference's DFS, bit-compatible with the JS engine (jsengine.py)
  "optimal"    the A* solver (optimal.py), the independent engine the bank admits deals with
  deduce_with  the DFS within the node budget of the grades named
  check        the replay validator (rulebook.py)
  images       one text: the normal form under tube order and colour renaming (board.py)
  dimensions   (colours, capacity); clue_count: the number of tubes
  solve_view   the `solve --json` report: solvable, optimal pours, solution, grade (cli_views.py)
"""

from solvers.colorsort import board
from solvers.colorsort.cli_views import solve_view
from solvers.colorsort.counters import count_ladder, count_optimal, deduce_with
from solvers.colorsort.grades import LADDER
from solvers.colorsort.grading import grade
from solvers.colorsort.picture import picture
from solvers.colorsort.rulebook import check
from solvers.core.genre import Genre

GENRE = Genre(
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
    picture=picture,
    independent="optimal",
    grade_with=grade,
    solve_view=solve_view,
    limits=board.LIMITS,
)
