"""Chesspy: place an inventory of rooks, bishops and knights so every number is attacked by
exactly that many pieces.

Pieces: rook, bishop, knight, given as an inventory of exact counts. Pieces stand only on empty
(unnumbered) cells, at most one per cell. A numbered cell must be attacked by exactly that many
pieces; 0 = not attacked. Rooks attack along rows and columns, bishops along diagonals, all the
way to the board edge, passing through every piece and number (nothing blocks); knights the usual
jumps. Unnumbered cells carry no constraint.

Cells are named by column letter and row number, rows counted from 1 at the top (board.py).
The grade of a puzzle is the highest rule its solver run uses (a ladder name) with the steps it
took; a board the rules cannot finish is needs-search or ambiguous, never graded (rules.py).
"""

from solvers.chesspy import board
from solvers.chesspy.board import ChesspyPuzzle, ChesspySolution
from solvers.chesspy.brute import count_brute
from solvers.chesspy.cpsat import count_cpsat
from solvers.chesspy.grading import sweep
from solvers.chesspy.hints import hint, walkthrough
from solvers.chesspy.picture import picture
from solvers.chesspy.quality import FLOOR
from solvers.chesspy.rulebook import check
from solvers.chesspy.rules import LADDER, deduce_with
from solvers.chesspy.search import count_ladder
from solvers.core.counting import Unique
from solvers.core.genre import Genre
from solvers.core.grading import HighestRuleUsed

GENRE: Genre[ChesspyPuzzle, ChesspySolution] = Genre(
    name="chesspy",
    ladder=LADDER,
    parse=board.parse,
    format=board.format,
    parse_solution=board.parse_solution,
    format_solution=board.format_solution,
    check=check,
    deduce_with=deduce_with,
    count_ladder=count_ladder,
    counters={"cpsat": count_cpsat, "brute": count_brute},
    images=board.images,
    dimensions=board.dimensions,
    clue_count=board.clue_count,
    draw=board.draw,
    grading=HighestRuleUsed(sweep),
    counting=Unique(),
    picture=picture,
    independent="cpsat",
    limits=board.LIMITS,
    quality=FLOOR,
)

__all__ = ["GENRE", "hint", "walkthrough"]
