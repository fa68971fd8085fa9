"""One build flow run, several banks, each with several genres (pipeline.jobs): each bank is one
commit whose manifest names its buckets by genre, a genre's rows do not depend on the genres
beside it, and the bank re-verifies."""

import pytest

from banks import BankStore
from pipeline.jobs import BankJob, GenreJob
from pipeline.sizes import Size

pytestmark = pytest.mark.flow


def test_one_flow_run_builds_several_banks_of_several_genres_one_commit_each(prefect_api,
                                                                            tmp_path):
    from pipeline.flows import build_banks, verify_version

    slant = GenreJob("slant", (Size(4, 4),), 1, ("count", "cycle"))
    araf = GenreJob("araf", (Size(4, 4),), 1)
    results = build_banks([BankJob("mixed", (slant, araf), seed=2),
                           BankJob("plain", (slant,), seed=2)], str(tmp_path))
    assert [(r.bank, r.status, r.version) for r in results] == [
        ("mixed", "published", 0), ("plain", "published", 0)]

    store = BankStore(tmp_path)
    mixed = store.snapshot("mixed")
    assert mixed.version == 0
    made = mixed.manifest(0)
    assert made.buckets == {"araf/4x4/cell": 1, "araf/4x4/ration": 1, "slant/4x4/count": 1,
                            "slant/4x4/cycle": 1}
    assert [spec["genre"] for spec in made.spec["genres"]] == ["slant", "araf"]
    rows = mixed.read().to_pylist()
    plain = store.snapshot("plain").read().to_pylist()
    assert sorted(row["id"] for row in rows if row["genre"] == "slant") == sorted(
        row["id"] for row in plain)  # the same job and seed: the same slant rows
    assert verify_version("mixed", root=str(tmp_path), whole=True).passed

    again = build_banks([BankJob("mixed", (slant, araf), seed=2)], str(tmp_path))
    assert [(r.status, r.version) for r in again] == [("already-published", 0)]
