"""The build's gate fed by hand: what `admission.contend` makes of a board a test chooses."""

import dataclasses
from typing import Any

import pytest

import pipeline.admission as admission
from generators import Candidate, GenerationSpec, get_generator
from solvers import get_genre


def contended(monkeypatch: pytest.MonkeyPatch, name: str, puzzle: Any, solution: Any) -> object:
    """Return what `contend` makes of a generator that hands it `puzzle` with `solution` (graded
    by the genre, as every generator grades what it makes): a Contender, or the refusal's name."""
    made = Candidate(puzzle, solution, {}, get_genre(name).grade(puzzle))
    generator = dataclasses.replace(get_generator(name), generate=lambda rng, spec: made)
    with monkeypatch.context() as patch:
        patch.setattr(admission, "get_generator", lambda genre_name: generator)
        return admission.contend(name, GenerationSpec(1, 1), 0)
