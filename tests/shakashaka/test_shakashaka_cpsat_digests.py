"""The independent CP-SAT counter pinned by digests taken before its speed work (issue 18).

shakashaka_cpsat_digests.json stores 300 board texts (sampled boards of 4x4 to 10x10, most of
them 10x10, each numbered from a filling with 10% to all of its numbers shown, so some are
unique and some are not) and, for each, the digest of its *record*: the count to 3, whether it
stopped there, and the sorted solution texts when it did not. The default run takes the first
40 boards, `-m slow` all. Rebuild the digests only for a deliberate change of results:
`python tests/shakashaka/test_shakashaka_cpsat_digests.py` (it writes what the work tree gives).
"""

import hashlib
import json
from pathlib import Path

import pytest

from solvers import get_genre

SHAKA = get_genre("shakashaka")
STORED = Path(__file__).with_name("shakashaka_cpsat_digests.json")
LIMIT = 3
DEFAULT = 40


def record(text: str) -> str:
    """Return the CP-SAT record of one board text (module docstring)."""
    found = SHAKA.count(SHAKA.parse(text), LIMIT, "cpsat")
    solutions = [] if found.truncated else sorted(SHAKA.format_solution(s) for s in found.solutions)
    return repr((found.count, found.truncated, solutions))


def digest(text: str) -> str:
    return hashlib.sha256(record(text).encode()).hexdigest()[:16]


def _check(count: int) -> None:
    stored = json.loads(STORED.read_text())
    pairs = list(zip(stored["boards"], stored["digests"], strict=True))[:count]
    changed = [i for i, (text, expected) in enumerate(pairs) if digest(text) != expected]
    assert not changed, f"boards {changed} give other CP-SAT counts or solutions than stored"


def test_the_first_boards_give_the_stored_counts_and_solutions():
    _check(DEFAULT)


@pytest.mark.slow
def test_every_stored_board_gives_the_stored_counts_and_solutions():
    _check(300)


def test_the_sample_holds_unique_and_ambiguous_boards():
    stored = json.loads(STORED.read_text())
    counts = {SHAKA.count(SHAKA.parse(text), LIMIT, "ladder").count
              for text in stored["boards"][:DEFAULT]}
    assert {1, LIMIT} <= counts, counts


if __name__ == "__main__":
    table = json.loads(STORED.read_text())
    table["digests"] = [digest(text) for text in table["boards"]]
    STORED.write_text(json.dumps(table, indent=0) + "\n")
