"""The explanation columns of a bank row: the stored trace and the difficulty score.

The trace is the genre's explanation from the empty board (solvers/core/explain.py), stored
compact and versioned; the score folds it with the genre's weights. Both read only its outline
(the steps without their words), which a genre may compute faster than the whole trace (the
explainer's `outline`, e.g. Slant's compiled walk). A trace that does not reach the solution
(the ladder stuck, or a contradiction) keeps the puzzle out of the bank.
"""

from typing import Any

from pipeline.outcomes import ExplanationColumns, Rejection
from solvers import get_explainer
from solvers.core import Genre
from solvers.core.explain import outline_of, outline_score, stored_text
from solvers.core.walk import Contradiction

TRACE_INCOMPLETE = Rejection("trace-incomplete")


def explanation_columns(
    genre: Genre[Any, Any], puzzle: Any, solution: Any
) -> ExplanationColumns | Rejection:
    """Return the columns trace, score, score_rule, score_depth and score_applications of a
    puzzle with its solution, or TRACE_INCOMPLETE when its explanation stops short."""
    explainer = get_explainer(genre.name)
    if explainer.outline is not None:
        outline = explainer.outline(puzzle)
    else:
        trace = explainer.explain(puzzle, solution)
        outline = None if isinstance(trace, Contradiction) else \
            outline_of(trace, genre.dimensions(puzzle)[0])
    if outline is None or outline.stuck:
        return TRACE_INCOMPLETE
    found = outline_score(outline, explainer.weights)
    return {
        "trace": stored_text(outline),
        "score": found.value,
        "score_rule": found.highest,
        "score_depth": found.depth,
        "score_applications": found.applications_json(),
    }
