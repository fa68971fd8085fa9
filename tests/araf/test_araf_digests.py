"""Araf results pinned by digests taken before the speed work of issue 18 (araf_digests.json).

Each case is rebuilt here from its seed. A *board record* is, on one board, every ladder level's
fixpoint (steps, steps per rule, contradiction, solution, domains), the grade, and the ladder's
count to 2 (count, truncated, nodes, solutions). A *generated record* is what the generator makes
from one seed (puzzle and solution texts, measurements), or that it made nothing. A *cpsat
record* is the independent counter's count to 3 on a board, whether it stopped there, and the
sorted solutions when it did not (the order it finds them in is its own business). The digest of
a record is the first 16 hex digits of its sha256. The default run takes a sample; `-m slow`
takes the whole stored range. Rebuild the file only for a deliberate change of results:
`python tests/araf/test_araf_digests.py [KIND ...]` (it writes what the work tree gives).
"""

import hashlib
import json
import random
from pathlib import Path

import pytest

from generators import Candidate, GenerationSpec, get_generator
from generators.araf import random_rooms, tight_board
from solvers import get_genre
from solvers.araf.board import ArafPuzzle

ARAF = get_genre("araf")
GENERATOR = get_generator("araf")
STORED = Path(__file__).with_name("araf_digests.json")

# (kind, label, seeds stored, seeds in the default run)
BOARDS = (("boards", "small", 3000, 400), ("boards", "wide6", 600, 25))
CPSAT = (("cpsat", "small", 400, 60),)
GENERATED = (("generated", "6", 60, 4), ("generated", "8", 24, 0), ("generated", "10", 4, 0),
             ("generated", "6-cell", 12, 0), ("generated", "6-ration", 12, 0))
CASES = BOARDS + CPSAT + GENERATED


def board(label: str, seed: int) -> ArafPuzzle:
    """Return board `seed` of a sample: "small", 2x2..6x6 drawn rooms with tight numbers, some
    nudged by -2..+3; "wide6", a 6x6 board with 0..30 random widenings kept unchecked."""
    rng = random.Random(f"araf-{label}-{seed}")
    if label == "wide6":
        spec = GenerationSpec(6, 6, options={"widenings": rng.randint(0, 30)})
        return GENERATOR.sample(rng, spec)
    w, h = rng.randint(2, 6), rng.randint(2, 6)
    numbers, _ = tight_board(rng, w, h, random_rooms(rng, w, h, rng.randint(3, 5)))
    nudge = rng.random()
    return ArafPuzzle(w, h, tuple(
        None if n is None else max(1, n + rng.randint(-2, 3)) if rng.random() < nudge else n
        for n in numbers))


def _solution(solution) -> str | None:
    return None if solution is None else ARAF.format_solution(solution)


def board_record(puzzle: ArafPuzzle) -> str:
    """Return the board record of `puzzle` (module docstring) as text."""
    parts = [ARAF.format(puzzle)]
    for level in ARAF.ladder:
        found = ARAF.deduce(puzzle, level)
        parts.append(repr((level, found.steps, sorted(found.rule_steps.items()),
                           found.contradiction, _solution(found.solution), found.domains)))
    grade = ARAF.grade(puzzle)
    parts.append(repr((grade.status, grade.name, grade.level, grade.steps,
                       _solution(grade.solution))))
    count = ARAF.count(puzzle, 2)
    parts.append(repr((count.count, count.truncated, count.nodes,
                       [_solution(s) for s in count.solutions])))
    return "\n".join(parts)


def generated_record(label: str, seed: int) -> str:
    """Return the generated record of `seed` at a size ("6", or "6-cell" with a target grade)."""
    size, _, grade = label.partition("-")
    spec = GenerationSpec(int(size), int(size), grade or None)
    candidate = GENERATOR.generate(random.Random(seed), spec)
    if not isinstance(candidate, Candidate):
        return "none"
    return "\n".join((ARAF.format(candidate.puzzle), ARAF.format_solution(candidate.solution),
                      json.dumps(candidate.measurements, sort_keys=True)))


def cpsat_record(puzzle: ArafPuzzle) -> str:
    """Return the cpsat record of `puzzle` (module docstring) as text."""
    found = ARAF.count(puzzle, 3, "cpsat")
    solutions = [] if found.truncated else sorted(ARAF.format_solution(s) for s in found.solutions)
    return repr((ARAF.format(puzzle), found.count, found.truncated, solutions))


def record(kind: str, label: str, seed: int) -> str:
    """Return the record of one case."""
    if kind == "boards":
        return board_record(board(label, seed))
    if kind == "cpsat":
        return cpsat_record(board(label, seed))
    return generated_record(label, seed)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _stored() -> dict:
    return json.loads(STORED.read_text())


def _check(kind: str, label: str, seeds: range) -> None:
    stored = _stored()[kind][label]
    changed = [seed for seed in seeds if digest(record(kind, label, seed)) != stored[seed]]
    assert not changed, f"{kind} {label}: seeds {changed} give other results than stored"


@pytest.mark.parametrize(("kind", "label", "default"),
                         [(kind, label, default) for kind, label, _, default in CASES
                          if default])
def test_a_sample_gives_the_stored_results(kind, label, default):
    _check(kind, label, range(default))


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "label", "stored"),
                         [(kind, label, stored) for kind, label, stored, _ in CASES])
def test_every_stored_case_gives_the_stored_results(kind, label, stored):
    _check(kind, label, range(stored))


def test_the_stored_file_holds_every_case():
    stored = _stored()
    assert {(kind, label, len(stored[kind][label])) for kind, label, _, _ in CASES} \
        == {(kind, label, count) for kind, label, count, _ in CASES}


if __name__ == "__main__":
    import sys

    table: dict = json.loads(STORED.read_text()) if STORED.exists() else {}
    wanted = set(sys.argv[1:])  # kinds to rebuild (all when none is named)
    for kind, label, count, _ in CASES:
        if wanted and kind not in wanted:
            continue
        table.setdefault(kind, {})[label] = [digest(record(kind, label, s)) for s in range(count)]
        print(kind, label, count, flush=True)
    STORED.write_text(json.dumps(table, indent=1) + "\n")
