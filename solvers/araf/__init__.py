"""Araf: cut the board into connected rooms, each holding two numbers and sized between them."""

from solvers.araf import board
from solvers.araf.board import ArafPuzzle, ArafSolution
from solvers.araf.brute import count_brute
from solvers.araf.cpsat import count_cpsat
from solvers.araf.deduce import deduce_with
from solvers.araf.picture import picture
from solvers.araf.puzzlink import CODEC as PUZZLINK
from solvers.araf.quality import FLOOR
from solvers.araf.rulebook import check
from solvers.araf.rules import LADDER
from solvers.araf.search import count_ladder
from solvers.core.counting import Unique
from solvers.core.genre import Genre
from solvers.core.grading import LowestSolvingLevel

GENRE: Genre[ArafPuzzle, ArafSolution] = Genre(
    name="araf",
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
