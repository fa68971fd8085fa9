"""Hints: the solver's steps read out as sentences, one rule application each, as the app's
hint button shows them (the reference: the hint is the same rules, put into words one at a time).

Vocabulary as in rules.py. The hints follow the solver's own sweep, so the n-th hint is the
n-th step `deduce` takes; cells in a sentence are listed in reading order (row by row), as the
reference's walk-through lists them.
"""

from solvers.chesspy.board import EMPTY, PIECE_NAME, PIECES, ChesspyPuzzle, cell_name
from solvers.chesspy.rules import LADDER, Step, context, domain, placed_sets, trace_with

_HOW = {2: "along its line", 4: "diagonally", 8: "with a knight's jump"}


def hint(puzzle: ChesspyPuzzle, shown: int = 0) -> str | None:
    """Return the next hint after `shown` hints: the sentence of the solver's step shown+1, or
    None when the rules have nothing more to say (solved, or stuck)."""
    steps = trace_with(puzzle, frozenset(LADDER)).steps
    return describe(puzzle, steps[shown]) if 0 <= shown < len(steps) else None


def walkthrough(puzzle: ChesspyPuzzle) -> list[str]:
    """Return every hint in order: the solver's whole deduction as sentences."""
    return [describe(puzzle, step) for step in trace_with(puzzle, frozenset(LADDER)).steps]


def describe(puzzle: ChesspyPuzzle, step: Step) -> str:
    """Return one step as a sentence, 'Rule n: ...'."""
    return f"Rule {LADDER.index(step.rule) + 1}: {_WRITERS[step.kind](Words(puzzle), step)}"


class Words:
    """Phrases about one puzzle's cells and pieces."""

    def __init__(self, puzzle: ChesspyPuzzle) -> None:
        self.puzzle = puzzle
        self.ctx = context(puzzle)

    def cells(self, bits: int) -> list[int]:
        """Return the cells of a bit set in reading order."""
        return [k for k in range(len(self.puzzle.numbers)) if bits >> k & 1]

    def name(self, k: int) -> str:
        return cell_name(k, self.puzzle.width)

    def names(self, cells, joiner: str = "and") -> str:
        """Return 'A1', 'A1 and C1', 'A1, C1 and D2' (or with 'or')."""
        return listing([self.name(k) for k in sorted(cells)], joiner)

    def clue(self, k: int) -> int:
        """Return the number on cell k, which a step looks at only when it is numbered."""
        n = self.puzzle.numbers[k]
        assert n is not None, f"{self.name(k)} is a free cell, not a number"
        return n

    def number(self, k: int) -> str:
        return f"the {self.puzzle.numbers[k]} on {self.name(k)}"

    def standing(self, may, cells) -> str:
        """Return 'the rook on B4 and the bishop on C1' for decided cells."""
        return listing([f"the {PIECE_NAME[domain(may, k)]} on {self.name(k)}"
                        for k in sorted(cells)])

    def now(self, step: Step) -> str:
        """Return the cells a step changed, grouped by what they may still hold, e.g.
        'A1 and C1 can hold only a bishop, and C2 only a rook'."""
        changed = 0
        for a, b in zip(step.before, step.after, strict=True):
            changed |= a ^ b
        groups: dict[int, list[int]] = {}
        for k in self.cells(changed):
            groups.setdefault(domain(step.after, k), []).append(k)
        clauses, after_only = [], False
        for dom, cells in groups.items():
            state = _state(dom, plural=len(cells) > 1)
            only = state.startswith("can hold only")
            clauses.append(f"{self.names(cells)} "
                           f"{state.removeprefix('can hold ') if only and after_only else state}")
            after_only = only
        return series(clauses)

    def attackers(self, step: Step) -> tuple[list[int], dict[int, int]]:
        """Return the placed attackers of the step's number and {open cell: attacking piece
        bits}, as they stood before the step."""
        may, k = step.before, looked_at(step)
        placed = placed_sets(may)
        on_board = placed[1] | placed[2] | placed[3]
        on: list[int] = []
        open_: dict[int, int] = {}
        for i, p in enumerate(PIECES, start=1):
            for cell in self.cells(may[i] & self.ctx.attacks[i][k]):
                if on_board >> cell & 1:
                    on.append(cell)
                else:
                    open_[cell] = open_.get(cell, 0) | p
        return on, open_


def looked_at(step: Step) -> int:
    """Return the numbered cell a zero or number step looked at."""
    assert step.cell is not None, f"a {step.kind} step looks at the whole board, not a cell"
    return step.cell


def counted(step: Step) -> int:
    """Return the piece type a used-up or type step counted."""
    assert step.piece is not None, f"a {step.kind} step counts no piece type"
    return step.piece


def listing(words: list[str], joiner: str = "and") -> str:
    """Return 'a', 'a and b', 'a, b and c' (or with 'or')."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joiner} {words[-1]}"


def series(clauses: list[str]) -> str:
    """Return clauses joined as 'a and b' ('a, and b' when a clause has its own 'and'), or
    'a, b, and c'."""
    if len(clauses) == 2 and not any(" and " in clause for clause in clauses):
        return " and ".join(clauses)
    return clauses[0] if len(clauses) == 1 else ", ".join(clauses[:-1]) + ", and " + clauses[-1]


def pieces(values: int) -> str:
    """Return 'a rook', 'a rook or a bishop', ... for the piece bits of `values`."""
    return listing([f"a {PIECE_NAME[p]}" for p in PIECES if values & p], "or")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _state(dom: int, plural: bool) -> str:
    """Return what a domain says of its cell(s): 'is empty', 'is a rook', 'holds a rook or a
    bishop', 'can hold only a bishop' (with 'are', 'hold' for several cells)."""
    if dom == EMPTY:
        return "are empty" if plural else "is empty"
    if not dom & EMPTY:
        if dom in PIECES:
            return f"{'are' if plural else 'is'} {pieces(dom)}"
        return f"{'hold' if plural else 'holds'} {pieces(dom)}"
    return f"can hold only {pieces(dom)}"


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


# ---- one writer per kind of step -----------------------------------------------------------

def _zero(words: Words, step: Step) -> str:
    cell = looked_at(step)
    w = words.puzzle.width
    row, col = divmod(cell, w)
    bans = []
    for i, p in enumerate(PIECES, start=1):
        gone = words.cells(step.before[i] & ~step.after[i])
        if not gone:
            continue
        if p == PIECES[0]:
            lines = [f"row {row + 1}"] * any(k // w == row for k in gone) + \
                    [f"column {chr(ord('A') + col)}"] * any(k % w == col for k in gone)
            bans.append(f"no rook can stand in {' or '.join(lines)}")
        elif p == PIECES[1]:
            diagonal = "diagonal" if len(gone) == 1 else "diagonals"
            bans.append(f"no bishop on the {diagonal} at {words.names(gone)}")
        else:
            bans.append(f"no knight a knight's jump away at {words.names(gone)}")
    return (f"look at {words.number(cell)}. {_capital(series(bans))}. "
            f"Now {words.now(step)}.")


def _met(words: Words, step: Step) -> str:
    cell = looked_at(step)
    on, _ = words.attackers(step)
    target = words.name(cell)
    gone = {p: words.cells(step.before[i] & ~step.after[i])
            for i, p in enumerate(PIECES, start=1)}
    gone = {p: cells for p, cells in gone.items() if cells}
    met = f"{words.number(cell)} is met by {words.standing(step.before, on)}."
    if sum(map(len, gone.values())) == 1:
        ((p, (cell,)),) = gone.items()
        return (f"{met} A {PIECE_NAME[p]} on {words.name(cell)} would attack {target} "
                f"{_HOW[p]}, so it goes.")
    bans = [f"no {PIECE_NAME[p]} on {words.names(cells, 'or')}" for p, cells in gone.items()]
    return f"{met} Nothing else may attack {target}: {series(bans)}."


def _exact(words: Words, step: Step) -> str:
    cell = looked_at(step)
    on, open_ = words.attackers(step)
    n = words.clue(cell)
    can = listing([f"the {PIECE_NAME[t]} on {words.name(k)}" if t in PIECES
                   else f"{pieces(t)} on {words.name(k)}" for k, t in sorted(open_.items())])
    if not on:
        return (f"only {can} can attack {words.number(cell)}. "
                f"Exactly {plural(n, 'cell')}, so {words.now(step)}.")
    return (f"{words.number(cell)} already has {words.standing(step.before, on)}; "
            f"only {can} can give the {plural(n - len(on), 'attack')} it still needs, "
            f"so {words.now(step)}.")


def _all_attack(words: Words, step: Step) -> str:
    cell = looked_at(step)
    on, _ = words.attackers(step)
    total, target = words.ctx.total, words.name(cell)
    missing = words.clue(cell) - len(on)
    if not any(placed_sets(step.before)[1:]):
        all_of = {1: "it", 2: "both"}.get(total, f"all {total}")
        why = f"There are {plural(total, 'piece')} in all, so {all_of} must attack {target}."
    else:
        left = "1 piece is" if missing == 1 else f"{missing} pieces are"
        every = "that piece" if missing == 1 else "every one of them"
        why = (f"It still needs {plural(missing, 'attack')} and {left} left to place, "
               f"so {every} must attack {target}.")
    after = step.after
    placed = placed_sets(after)
    open_ = (after[1] | after[2] | after[3]) & ~(placed[1] | placed[2] | placed[3])
    remain = [f"{words.name(k)} "
              f"({listing([PIECE_NAME[p] for p in PIECES if domain(after, k) & p], 'or')})"
              for k in words.cells(open_)]
    return (f"look at {words.number(cell)}. {why} Every candidate that cannot reach "
            f"{target} goes; only {listing(remain)} remain{'s' * (len(remain) == 1)}.")


def _all_placed(words: Words, step: Step) -> str:
    total = words.ctx.total
    filled = words.ctx.free & ~step.before[0]
    have = {1: "the only piece has its cell", 2: "both pieces have their cells"}.get(
        total, f"all {total} pieces have their cells")
    return f"{have} ({words.names(words.cells(filled))}), so every other cell is empty."


def _fill(words: Words, step: Step) -> str:
    may = step.before
    cells = words.cells((may[1] | may[2] | may[3]) & may[0])
    left = words.ctx.total - (words.ctx.free & ~may[0]).bit_count()
    has = "still has a candidate" if len(cells) == 1 else "still have candidates"
    return (f"only {words.names(cells)} {has}, and {plural(left, 'piece')} "
            f"{'is' if left == 1 else 'are'} left. {_capital(words.now(step))}.")


def _used_up(words: Words, step: Step) -> str:
    piece = counted(step)
    i = PIECES.index(piece) + 1
    name, count = PIECE_NAME[piece], words.ctx.counts[i]
    where = words.names(words.cells(placed_sets(step.before)[i]))
    lost = words.cells(step.before[i] & ~step.after[i])
    placed = (f"the only {name} stands on {where}" if count == 1
              else f"all {count} {name}s stand on {where}")
    return (f"{placed}, so no other cell holds a {name}: {words.names(lost)} "
            f"lose{'s' * (len(lost) == 1)} it.")


def _type(words: Words, step: Step) -> str:
    piece = counted(step)
    i = PIECES.index(piece) + 1
    name = PIECE_NAME[piece]
    cells = words.cells(step.before[i] & ~placed_sets(step.before)[i])
    which = words.names(cells)
    if len(cells) == 1:
        return f"1 {name} is left and only {which} can take it, so {which} is a {name}."
    every = "both" if len(cells) == 2 else "all of them"
    return (f"{len(cells)} {name}s are left and only {which} can take one, "
            f"so {every} are {name}s.")


_WRITERS = {
    "zero": _zero,
    "met": _met,
    "exact": _exact,
    "all-attack": _all_attack,
    "all-placed": _all_placed,
    "fill": _fill,
    "used-up": _used_up,
    "type": _type,
}
