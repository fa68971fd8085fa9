"""Puzzle texts the engines take minutes over, or longer (issue 30): the corpus the tests of
the deadline (tests/core/test_deadline.py, tests/faults/test_budgets.py) run every engine on."""


def blank(width: int, height: int, cell: str = ".", gap: str = "") -> str:
    """Return the text of a board of `width` x `height` cells `cell`, `gap` between them."""
    return ",".join([gap.join([cell] * width)] * height)


def araf_6x15() -> str:
    """Return a 6x15 Araf board whose rooms of up to 89 cells no engine can list in time."""
    rows = [["."] * 6 for _ in range(15)]
    rows[0][0], rows[3][4], rows[7][2], rows[14][5] = "2", "3", "40", "90"
    return ",".join(" ".join(row) for row in rows)


# The deal of five units of each of four colours and 33 empty tubes, which the DFS
# wandered in for minutes: now refused at parse time (five units do not fill whole tubes of 4).
COLORSORT_33_EMPTY = "4:0123,1230,2301,3012,0123" + "," * 33
# All 36 colours in tubes of 4, shuffled, and 3 empty tubes: no engine decides it within 40 s.
COLORSORT_36_COLOURS = ("4:nw65,lepk,tqe2,1xju,fjiz,jor4,528i,4riq,dajz,mw3m,fnad,zl9b,4qzs,"
                        "gpw6,v82c,18uv,2bb5,mc7f,1cop,u99x,mrga,3nk5,3khx,t9eq,lwbx,hfey,7gty,"
                        "d6lc,s0hk,t00a,y3yi,7pnh,s0ro,1v6d,ousv,7g48,,,")

# (genre, text) that no engine decides, nor the grade, within a few seconds on any machine.
TOO_OPEN = [
    ("slant", blank(64, 64)),
    ("slant", blank(26, 40)),
    ("shakashaka", blank(64, 64)),
    ("araf", araf_6x15()),
    ("colorsort", COLORSORT_36_COLOURS),
]
