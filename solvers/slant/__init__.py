"""Gokigen Naname (Slant): a diagonal per cell, vertex clues count touching ones, no loops."""

from solvers.core.counting import Unique
from solvers.core.genre import Genre
from solvers.core.grading import LowestSolvingLevel
from solvers.slant import board
from solvers.slant.board import SlantPuzzle, SlantSolution
from solvers.slant.brute import count_brute
from solvers.slant.cpsat import count_cpsat
from solvers.slant.fill import count_fill
from solvers.slant.picture import picture
from solvers.slant.puzzlink import CODEC as PUZZLINK
from solvers.slant.quality import FLOOR
from solvers.slant.rulebook import check
from solvers.slant.rules import LADDER, deduce_with
from solvers.slant.search import count_ladder

GENRE: Genre[SlantPuzzle, SlantSolution] = Genre(
    name="slant",
    ladder=LADDER,
    parse=board.parse,
    format=board.format,
    parse_solution=board.parse_solution,
    format_solution=board.format_solution,
    check=check,
    deduce_with=deduce_with,
    count_ladder=count_ladder,
    counters={"cpsat": count_cpsat, "brute": count_brute, "fill": count_fill},
    independent="fill",
    images=board.images,
    dimensions=board.dimensions,
    clue_count=board.clue_count,
    draw=board.draw,
    grading=LowestSolvingLevel(),
    counting=Unique(),
    picture=picture,
    puzzlink=PUZZLINK,
    limits=board.LIMITS,
    quality=FLOOR,
)
