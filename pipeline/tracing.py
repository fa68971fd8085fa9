"""The explanation columns of a bank row: the stored trace and the difficulty score.

The trace is the genre's explanation from the empty board (solvers/core/explain.py), stored
compact and versioned; the score folds it with the genre's weights. A trace that does not reach
the solution (the ladder stuck, or a contradiction) keeps the puzzle out of the bank.
"""

from typing import Any

from pipeline.outcomes import ExplanationColumns, Rejection
from solvers import get_explainer
from solvers.core import Genre
from solvers.core.explain import encode, score
from solvers.core.walk import Contradiction

TRACE_INCOMPLETE = Rejection("trace-incomplete")


def explanation_columns(
    genre: Genre[Any, Any], puzzle: Any, solution: Any
) -> ExplanationColumns | Rejection:
    """Return the columns trace, score, score_rule, score_depth and score_applications of a
    puzzle with its solution, or TRACE_INCOMPLETE when its explanation stops short."""
    explainer = get_explainer(genre.name)
    trace = explainer.explain(puzzle, solution)
    if isinstance(trace, Contradiction) or trace.stuck:
        return TRACE_INCOMPLETE
    found = score(trace, explainer.weights)
    return {
        "trace": encode(trace, genre.dimensions(puzzle)[0]),
        "score": found.value,
        "score_rule": found.highest,
        "score_depth": found.depth,
        "score_applications": found.applications_json(),
    }
