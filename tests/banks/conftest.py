"""Synthetic bank rows and a store to put them in.

make_rows(n, start) gives n rows with made-up puzzle texts, ids that do not sort in creation order,
seeds past 2^63, two genres, two sizes and two grades, and a puzzlink URL on every third row
(null on the others); publish(store, bank, rows) writes them as a build and commits it, returning
the version; write(store, bank, rows) writes a build and leaves it uncommitted.
"""

import hashlib
import uuid
from collections.abc import Callable

import pyarrow as pa
import pytest

from banks import BankStore, PendingBuild, rows_to_table

CREATED_AT = "2025-01-01T00:00:00+00:00"
SIZES = ((5, 5), (7, 6))
GRADES = (("count", 0), ("cycle", 1))


def make_rows(n: int, start: int = 0, genres: tuple[str, ...] = ("slant", "araf")) -> list[dict]:
    """Return n synthetic rows numbered from `start`."""
    rows = []
    for i in range(start, start + n):
        width, height = SIZES[i % len(SIZES)]
        grade, level = GRADES[(i // 2) % len(GRADES)]
        rows.append(
            {
                "id": hashlib.sha256(f"puzzle {i}".encode()).hexdigest()[:20],
                "genre": genres[(i // 4) % len(genres)],
                "width": width,
                "height": height,
                "size": f"{width}x{height}",
                "grade": grade,
                "grade_level": level,
                "steps": 10 + i % 13,
                "clues": 3 + i % 7,
                "puzzle": ",".join(f"{i * 7919 + r:0{width}d}"[-width:] for r in range(height)),
                "solution": ",".join("/\\"[r % 2] * width for r in range(height)),
                "seed": 2**63 + i * 104729,
                "generator_version": "synthetic-1",
                "measurements": {"tries": i % 5, "ratio": i / 8, "name": f"m{i}"},
                "quality": {"pieces": 1 + i % 4},
                "puzzlink": None if i % 3 else f"https://puzz.link/p?gokigen/{width}/{height}/z{i}",
                "trace": f"t1|0:0=/;{level}:1=\\",
                "score": 100 * level + i % 11,
                "score_rule": grade,
                "score_depth": 2,
                "score_applications": f'{{"{grade}":{1 + i % 3}}}',
            }
        )
    return rows


def write_rows(store: BankStore, bank: str, rows: list[dict] | pa.Table, **options) -> PendingBuild:
    """Write `rows` as the data files of the bank's next build and leave them uncommitted, as a
    build that died before its commit would; return the pending build."""
    with store.writer(bank) as writer:
        return writer.write(
            rows if isinstance(rows, pa.Table) else rows_to_table(rows),
            spec=options.pop("spec", {"first": first_id(rows)}),
            code_version={"package": "0.1.0", "commit": None},
            build_stats={"attempts": len(rows), "rejections": {}},
            created_at=options.pop("created_at", CREATED_AT),
            **options,
        )


def publish_rows(store: BankStore, bank: str, rows: list[dict] | pa.Table, **options) -> int:
    """Write `rows` as a build, read them back, commit them; return the version."""
    with store.writer(bank) as writer:
        pending = writer.write(
            rows if isinstance(rows, pa.Table) else rows_to_table(rows),
            spec=options.pop("spec", {"first": first_id(rows)}),
            code_version={"package": "0.1.0", "commit": None},
            build_stats={"attempts": len(rows), "rejections": {}},
            created_at=options.pop("created_at", CREATED_AT),
            **options,
        )
        writer.read_pending(pending)
        return writer.commit(pending, {"recounted": len(rows)}).version


def first_id(rows: list[dict] | pa.Table) -> str | None:
    """Return the first row's id (what tells one synthetic build's spec from another's)."""
    ids = rows.column("id").to_pylist() if isinstance(rows, pa.Table) else [r["id"] for r in rows]
    return min(ids, default=None)


@pytest.fixture
def store(tmp_path) -> BankStore:
    """Return an empty store in a temp folder."""
    return BankStore(tmp_path / "banks")


@pytest.fixture
def rows() -> Callable[..., list[dict]]:
    """Return make_rows."""
    return make_rows


@pytest.fixture
def write() -> Callable[..., PendingBuild]:
    """Return write_rows."""
    return write_rows


@pytest.fixture
def publish() -> Callable[..., int]:
    """Return publish_rows."""
    return publish_rows


@pytest.fixture(params=["disk", "s3"])
def any_store(request, tmp_path) -> BankStore:
    """Return an empty store on disk, then (second run) under a prefix of its own in a bucket
    of the session's SeaweedFS (see s3_server)."""
    if request.param == "disk":
        return BankStore(tmp_path / "banks")
    request.getfixturevalue("s3_server")
    return BankStore(f"s3://puzzles/{tmp_path.name}-{uuid.uuid4().hex[:8]}/banks")


@pytest.fixture
def s3_store(s3_server, tmp_path) -> BankStore:
    """Return an empty store under a prefix of its own in the session's SeaweedFS bucket."""
    return BankStore(f"s3://puzzles/{tmp_path.name}-{uuid.uuid4().hex[:8]}/banks")
