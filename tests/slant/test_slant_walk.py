"""The compiled explainer walk (_kernel.c `walk`) against its reference, the Python walk
(solvers/slant/explain.py over solvers/core/walk.py): the same steps on every board, so the
bank's trace and score columns, taken from the compiled walk, are the Python trace's."""

import random
from collections import Counter

from generators import Candidate, GenerationSpec, get_generator
from pipeline.tracing import explanation_columns
from solvers import get_explainer, get_genre
from solvers.core.explain import Trace, encode, outline_of, score
from solvers.core.walk import Contradiction
from solvers.slant import explain as slant_explain
from solvers.slant.board import BOTH, SlantPuzzle
from solvers.slant.explain import explain, outline
from solvers.slant.kernel import compiled
from solvers.slant.rules import LADDER
from tests.slant.sampled import sampled_boards

SLANT = get_genre("slant")
GENERATOR = get_generator("slant")


def boards(n: int, seed: int) -> list[SlantPuzzle]:
    """Return n sampled boards of 2..9 cells a side, densities from sparse (the walk gets stuck)
    to full, a quarter with one clue set at random (some walks meet a contradiction)."""
    return sampled_boards(n, seed, (2, 9), (0.2, 0.4, 0.5, 0.6, 0.7, 0.9), spoiled=0.25)


def test_the_compiled_walk_takes_the_python_walks_steps():
    """Step for step: rule, cells decided, the steps each depends on; the same contradictions
    and stuck walks; the outline (stored items, depth) equal to the Python trace's."""
    assert compiled is not None
    seen: Counter[str] = Counter()
    for puzzle in boards(500, 29):
        trace = explain(puzzle)
        walked = compiled.walk(puzzle.width, puzzle.height, puzzle.clues)
        if isinstance(trace, Contradiction):
            assert walked is None, SLANT.format(puzzle)
            assert outline(puzzle) is None
            seen["contradiction"] += 1
            continue
        assert walked is not None, SLANT.format(puzzle)
        steps, domains, _ = walked
        expected = [(LADDER.index(step.rule),
                     tuple(cell.row * puzzle.width + cell.col for cell in step.cells),
                     step.depends) for step in trace.steps]
        assert [step[:3] for step in steps] == expected, SLANT.format(puzzle)
        assert (BOTH in domains) == trace.stuck
        assert outline(puzzle) == outline_of(trace, puzzle.width), SLANT.format(puzzle)
        seen["stuck" if trace.stuck else "solved"] += 1
        seen.update(step.rule for step in trace.steps)
    assert min(seen[name] for name in (*LADDER, "contradiction", "stuck", "solved")) >= 10, seen


def graded(grade: str, n: int) -> list[SlantPuzzle]:
    """Return the first n 6x6 puzzles of `grade` the generator makes from seeds 0, 1, ..."""
    found = []
    for seed in range(200):
        candidate = GENERATOR.generate(random.Random(seed), GenerationSpec(6, 6, grade))
        if isinstance(candidate, Candidate) and candidate.grade.name == grade:
            found.append(candidate.puzzle)
            if len(found) == n:
                break
    return found


def test_the_bank_columns_from_the_outline_are_the_traces(monkeypatch):
    """The bank's columns (stored text and score) from the compiled walk's outline are those of
    the Python trace (encode, score), on graded puzzles of every grade; with no compiled walk
    (or past WALK_CELLS) the outline is the Python walk's."""
    weights = get_explainer("slant").weights
    puzzles = [puzzle for grade in LADDER for puzzle in graded(grade, 3)]
    assert len(puzzles) == 3 * len(LADDER)
    traces = []
    for puzzle in puzzles:
        trace = explain(puzzle)
        assert isinstance(trace, Trace) and not trace.stuck
        found = score(trace, weights)
        assert explanation_columns(SLANT, puzzle, None) == {
            "trace": encode(trace, puzzle.width), "score": found.value,
            "score_rule": found.highest, "score_depth": found.depth,
            "score_applications": found.applications_json()}
        traces.append(trace)
    monkeypatch.setattr(slant_explain, "compiled", None)
    for puzzle, trace in zip(puzzles, traces, strict=True):
        assert outline(puzzle) == outline_of(trace, puzzle.width)
