"""Banks pinned by digests: a small bank of every genre, built from a fixed spec and seed, must
come out byte-identical to the one stored in bank_digests.json.

Taken before the contract-v2 refactor (issue 15) so that reshaping the genre record, the shared
loops and the typed build path provably changes no row: each case's data files (their sha256,
by name) and the manifest's logical sha256 are compared. Parquet bytes depend on the writer, so
pyarrow is pinned in pyproject.toml. Rebuild the file only for a deliberate change of results:
`python tests/pipeline/test_bank_digests.py` (it writes what the work tree gives).
"""

import hashlib
import json
import sys
import tempfile
from pathlib import Path

import pytest

from banks import BankStore
from pipeline.cli import main

pytestmark = pytest.mark.flow

STORED = Path(__file__).with_name("bank_digests.json")
CASES = {
    "slant": ("--size", "4x4", "--size", "5x5", "--per-grade", "2"),
    "shakashaka": ("--size", "6x6", "--per-grade", "1"),
    "araf": ("--size", "6x6", "--per-grade", "1"),
    "chesspy": ("--size", "4x4", "--per-grade", "2"),
    "colorsort": ("--size", "6x4", "--per-grade", "1"),
}


def bank_digest(root: Path, genre: str) -> dict[str, object]:
    """Build the case of `genre` under `root`; return its files' sha256 and logical sha256."""
    args = ["build", genre, "--genre", genre, *CASES[genre], "--seed", "7", "--workers", "1",
            "--root", str(root), "--no-progress"]
    assert main(args) == 0
    files = {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
             for path in sorted((root / genre).glob("*.parquet"))}
    manifest = BankStore(root).snapshot(genre).manifest(0)
    return {"files": files, "logical_sha256": manifest.logical_sha256,
            "rows": sum(manifest.buckets.values())}


@pytest.mark.parametrize("genre", sorted(CASES))
def test_a_bank_built_from_the_stored_spec_is_byte_identical(prefect_api, tmp_path, genre):
    stored = json.loads(STORED.read_text())[genre]
    assert bank_digest(tmp_path, genre) == stored


if __name__ == "__main__":
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(), tempfile.TemporaryDirectory() as folder:
        digests = {genre: bank_digest(Path(folder) / genre, genre) for genre in sorted(CASES)}
    STORED.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
    sys.exit(0)
