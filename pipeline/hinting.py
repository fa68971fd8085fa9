"""`puzzlebank hint`: the next deduction from a player's state, as a line of text or one object.

A *hint* is the steps the genre's explainer takes from the state up to and including the first
one that decides a cell (or, for Color Sort, the first pour): its rule is the highest of their
rules (the lower ones only narrowed what the last one reads), its text their sentences, its
`because` their clues and cells. The object `hint --json` prints:
  {"genre", "rule", "text", "because": [...], "cells": [{"row", "col", "value"}]}
or for a pour {"genre", "rule", "text", "pour": "i>j", "remaining": n}, n the optimal number
of pours left after it. A finished board gives rule None and the text "solved"; a state the
ladder cannot take further (a puzzle that needs search, in a genre without a search rung) gives
rule None and says so.
"""

from typing import Any

from pipeline.arguments import InputError
from pipeline.solving import read_puzzle
from solvers import get_explainer, get_genre
from solvers.core.explain import Trace
from solvers.core.walk import Contradiction


def hint_object(genre_name: str, text: str, state: str | None) -> dict[str, Any]:
    """Return the hint object for a puzzle text and a state text (None: the empty board).

    InputError (one line) when the puzzle has no single solution or the state leaves it,
    naming the first wrong cell or move; PuzzleFormatError when a text does not parse.
    """
    genre, explainer = get_genre(genre_name), get_explainer(genre_name)
    puzzle = read_puzzle(genre, text)
    solution = explainer.solve(puzzle)
    if isinstance(solution, str):
        raise InputError(f"no hint: {solution}")
    partial = None if state is None else explainer.read_partial(puzzle, state)
    if partial is not None:
        wrong = explainer.first_wrong(puzzle, solution, partial)
        if wrong is not None:
            raise InputError(f"the state contradicts the puzzle: {wrong} is wrong")
    trace = explainer.explain(puzzle, solution, partial, True)
    if isinstance(trace, Contradiction):  # the state agrees with the solution: cannot happen
        raise InputError("the state contradicts the puzzle")
    return {"genre": genre.name} | hint_of(trace)


def hint_of(trace: Trace) -> dict[str, Any]:
    """Return the hint a trace from the player's state begins with (see the module)."""
    decisive = next((n for n, step in enumerate(trace.steps)
                     if step.cells or step.pour is not None), None)
    if decisive is None:
        text = ("the ladder's rules decide nothing more from here" if trace.stuck
                else "solved")
        return {"rule": None, "text": text, "because": [], "cells": []}
    chain = trace.steps[:decisive + 1]
    rule = max((step.rule for step in chain), key=trace.ladder.index)
    text = " ".join(step.text for step in chain)
    last = chain[-1]
    if last.pour is not None:
        return {"rule": rule, "text": text, "pour": f"{last.pour[0]}>{last.pour[1]}",
                "remaining": len(trace.steps) - 1}
    because = list(dict.fromkeys(name for step in chain for name in step.because))
    cells = [{"row": cell.row, "col": cell.col, "value": cell.value} for cell in last.cells]
    return {"rule": rule, "text": text, "because": because, "cells": cells}


def hint_text(hint: dict[str, Any]) -> str:
    """Return a hint object as lines for a person."""
    if hint["rule"] is None:
        return str(hint["text"])
    lines = [f"{hint['rule']}: {hint['text']}"]
    if "pour" in hint:
        lines.append(f"pour {hint['pour']} ({hint['remaining']} left after it)")
    else:
        lines.append("cells: " + " ".join(f"r{c['row'] + 1}c{c['col'] + 1}={c['value']}"
                                          for c in hint["cells"]))
    return "\n".join(lines)
