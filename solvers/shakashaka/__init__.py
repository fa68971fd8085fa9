"""Shakashaka: black half-cell triangles in white cells so that every white region is a
rectangle, upright or at 45 degrees; a number counts the triangles beside its black cell."""

from solvers.core.counting import Unique
from solvers.core.genre import Genre
from solvers.core.grading import LowestSolvingLevel
from solvers.shakashaka import board
from solvers.shakashaka.board import ShakaPuzzle, ShakaSolution
from solvers.shakashaka.brute import count_brute
from solvers.shakashaka.cpsat import count_cpsat
from solvers.shakashaka.picture import picture
from solvers.shakashaka.puzzlink import CODEC as PUZZLINK
from solvers.shakashaka.quality import FLOOR
from solvers.shakashaka.rulebook import check
from solvers.shakashaka.rules import LADDER, count_ladder, deduce_with

GENRE: Genre[ShakaPuzzle, ShakaSolution] = Genre(
    name="shakashaka",
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
    grading=LowestSolvingLevel(),
    counting=Unique(),
    picture=picture,
    puzzlink=PUZZLINK,
    independent="cpsat",
    limits=board.LIMITS,
    quality=FLOOR,
)
