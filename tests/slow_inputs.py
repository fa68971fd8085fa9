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


# Five tubes of four colours, five units each, and 33 empty tubes: the DFS wanders.
COLORSORT_33_EMPTY = "4:0123,1230,2301,3012,0123" + "," * 33

# (genre, text) that no engine decides, nor the grade, within a few seconds on any machine.
TOO_OPEN = [
    ("slant", blank(64, 64)),
    ("slant", blank(26, 40)),
    ("shakashaka", blank(64, 64)),
    ("araf", araf_6x15()),
    ("colorsort", COLORSORT_33_EMPTY),
]
