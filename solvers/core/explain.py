"""Explanations shared by every genre: a step, a trace, its compact text and the difficulty score.

Vocabulary: a *step* is one deduction: the ladder rule that made it, the cells it decides with
the characters they have in the genre's solution text (a Color Sort step is a pour instead),
the clues or cells that justify it, a sentence, and the earlier steps it needs (those that
decided a cell it reads). A *trace* is the ordered steps from a state to the solution. Cells
are (row, col), counted from 0 at the top left; cell k = row * width + col.

The stored form of a trace (TRACE_VERSION "t1") is one line, the steps joined by ';':
    t1|<step>;<step>;...
    step := <rule index in the ladder> ':' <item> (' ' <item>)*      or just the rule index
    item := <cell index k> '=' <value>        (grid genres; value has no ' ;|=')
          | <i> '>' <j>                        (Color Sort: the pour)
Sentences, justifications and dependencies are not stored: the explainer gives them again.
An *outline* is a trace without its words: what the stored form and the score read of it (a
genre may compute it faster than the whole trace, e.g. Slant's compiled walk).

The score: highest rule h (a ladder index), applications n[r] of each rule r, dependency depth
d (the longest chain of steps each needing the one before). With a genre's weights,
    score = level[h] + sum over r of per_step[r] * n[r] + depth * d
rounded to an integer; `level` rises along the ladder and is large next to the step terms, so
the hardest rule dominates and the step counts order the puzzles within it.
"""

import json
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

TRACE_VERSION = "t1"


@dataclass(frozen=True)
class Cell:
    """One decided cell: its row, column and solution-text character(s)."""

    row: int
    col: int
    value: str


@dataclass(frozen=True)
class Step:
    """One deduction (see the module): `depends` holds indices of earlier steps of its trace;
    `pour` is set for a Color Sort step, `cells` for a grid genre's."""

    rule: str
    cells: tuple[Cell, ...]
    because: tuple[str, ...]
    text: str
    depends: tuple[int, ...] = ()
    pour: tuple[int, int] | None = None


@dataclass(frozen=True)
class Trace:
    """The steps from a state onwards; `stuck` when the ladder stops before the board is full."""

    genre: str
    ladder: tuple[str, ...]
    steps: tuple[Step, ...]
    stuck: bool = False


@dataclass(frozen=True)
class Outline:
    """A trace without its words (see the module): per step its rule and its stored items
    ("k=value" or "i>j", joined by ' '); the trace's dependency depth; `stuck` as in Trace."""

    ladder: tuple[str, ...]
    rules: tuple[str, ...]
    items: tuple[str, ...]
    depth: int
    stuck: bool = False


@dataclass(frozen=True)
class Weights:
    """A genre's score weights (see the module): `level[i]` for highest ladder rule i,
    `per_step[rule]` per application, `depth` per step of dependency depth."""

    level: tuple[float, ...]
    per_step: dict[str, float]
    depth: float


@dataclass(frozen=True)
class Score:
    """A puzzle's difficulty: the folded `value`, the highest rule, each rule's applications
    (in ladder order, rules used only) and the dependency depth."""

    value: int
    highest: str
    applications: dict[str, int] = field(default_factory=dict)
    depth: int = 0

    def applications_json(self) -> str:
        """Return the applications as compact JSON text, in ladder order."""
        return json.dumps(self.applications, separators=(",", ":"))


def depth(steps: Sequence[Step]) -> int:
    """Return the length of the longest chain of steps, each depending on the one before."""
    chain: list[int] = []
    for step in steps:
        chain.append(1 + max((chain[i] for i in step.depends), default=0))
    return max(chain, default=0)


def score(trace: Trace, weights: Weights) -> Score:
    """Return the Score of a trace from the empty state under a genre's weights."""
    return folded(trace.ladder, [step.rule for step in trace.steps], depth(trace.steps), weights)


def outline_score(outline: Outline, weights: Weights) -> Score:
    """Return the Score of an outline from the empty state (as `score` of its trace)."""
    return folded(outline.ladder, outline.rules, outline.depth, weights)


def folded(ladder: tuple[str, ...], rules: Sequence[str], d: int, weights: Weights) -> Score:
    """Return the Score of steps of `rules` (in order) with dependency depth d."""
    counts = Counter(rules)
    applications = {rule: counts[rule] for rule in ladder if counts[rule]}
    top = max((ladder.index(rule) for rule in counts), default=0)
    value = (weights.level[top]
             + sum(weights.per_step.get(rule, 0.0) * n for rule, n in applications.items())
             + weights.depth * d)
    return Score(round(value), ladder[top], applications, d)


def encode(trace: Trace, width: int) -> str:
    """Return the stored text of a trace (see the module); `width` turns cells into indices."""
    return stored_text(outline_of(trace, width))


def outline_of(trace: Trace, width: int) -> Outline:
    """Return the outline of a trace; `width` turns cells into indices."""
    items = []
    for step in trace.steps:
        if step.pour is not None:
            items.append(f"{step.pour[0]}>{step.pour[1]}")
        else:
            items.append(" ".join(f"{cell.row * width + cell.col}={cell.value}"
                                  for cell in step.cells))
    return Outline(trace.ladder, tuple(step.rule for step in trace.steps), tuple(items),
                   depth(trace.steps), trace.stuck)


def stored_text(outline: Outline) -> str:
    """Return the stored text of an outline (see the module)."""
    parts = [str(outline.ladder.index(rule)) + (":" + items if items else "")
             for rule, items in zip(outline.rules, outline.items, strict=True)]
    return f"{TRACE_VERSION}|" + ";".join(parts)


@dataclass(frozen=True)
class StoredStep:
    """A step read back from the stored text: its rule, its cells as {k: value}, its pour."""

    rule: str
    cells: dict[int, str]
    pour: tuple[int, int] | None


def decode(text: str, ladder: tuple[str, ...]) -> list[StoredStep]:
    """Return the steps of a stored trace; ValueError naming the part that does not read."""
    version, sep, body = text.partition("|")
    if version != TRACE_VERSION or not sep:
        raise ValueError(f"trace does not start with {TRACE_VERSION}|")
    steps = []
    for part in body.split(";") if body else []:
        rule, _, items = part.partition(":")
        if not rule.isdigit() or int(rule) >= len(ladder):
            raise ValueError(f"step {part!r}: no rule {rule!r}")
        cells: dict[int, str] = {}
        pour = None
        for item in items.split(" ") if items else []:
            if ">" in item:
                i, j = item.split(">")
                pour = (int(i), int(j))
            else:
                k, eq, value = item.partition("=")
                if not eq or not k.isdigit():
                    raise ValueError(f"step {part!r}: item {item!r} is not k=value")
                cells[int(k)] = value
        steps.append(StoredStep(ladder[int(rule)], cells, pour))
    return steps


@dataclass(frozen=True)
class Explainer:
    """A genre's explanations, as `puzzlebank hint` and the bank see them.

    explain(puzzle, solution, partial, until_decision) -> Trace or walk.Contradiction: the
        steps from `partial` (None: the empty board), stopping after the first decision when
        asked; `solution` (None: found when needed) decides a search step.
    read_partial(puzzle, text) -> partial: the --state text (PuzzleFormatError when bad).
    first_wrong(puzzle, solution, partial) -> None, or the name of the first cell (or move)
        where `partial` leaves the one solution.
    solve(puzzle) -> the solution hints lead to, or a sentence saying why there is none.
    outline(puzzle) -> the Outline of the trace from the empty board, or None when the walk
        meets a contradiction: a genre's faster way than `explain` (None: outline `explain`'s).
    """

    weights: Weights
    explain: Callable[..., Any]
    read_partial: Callable[[Any, str], Any]
    first_wrong: Callable[[Any, Any, Any], str | None]
    solve: Callable[[Any], Any]
    outline: Callable[[Any], Outline | None] | None = None
