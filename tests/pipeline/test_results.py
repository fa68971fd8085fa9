"""The flows' typed results are stored in a build's manifest as the JSON objects earlier builds
stored (bench/ and `history` read them), and a build prints its summary from them."""

from pipeline.commands.building import build_summary
from pipeline.results import (
    BuildResult,
    BuildStats,
    BuildStatus,
    FillStats,
    Shortfall,
    Verification,
)
from pipeline.sizes import Size

FILL = FillStats(attempts=12, accepted=3, rejections={"ambiguous": 7, "bucket-full": 2},
                 tasks=2, confirmed=4, fill_seconds=1.25, out_of_time=False)
SHORT = (Shortfall(Size(5, 5), "probe", quota=2, made=1),)


def test_a_verification_passes_only_without_problems():
    clean = Verification(rows=8, problem_count=0, problems=(), seconds=0.5)
    failed = Verification(rows=8, problem_count=120, problems=("abc: a problem",), seconds=0.5)
    assert (clean.passed, clean.status) == (True, "passed")
    assert (failed.passed, failed.status) == (False, "failed")
    assert failed.as_json() == {"status": "failed", "rows": 8, "problem_count": 120,
                                "problems": ["abc: a problem"], "seconds": 0.5}


def test_build_statistics_are_stored_under_the_manifest_keys_in_order():
    stored = BuildStats(FILL, generate_seconds=1.5, short=SHORT).as_json()
    assert list(stored) == ["attempts", "accepted", "rejections", "tasks", "confirmed",
                            "fill_seconds", "out_of_time", "generate_seconds", "short"]
    assert stored["rejections"] == {"ambiguous": 7, "bucket-full": 2}
    assert stored["short"] == [{"size": "5x5", "grade": "probe", "quota": 2, "made": 1,
                                "short": 1}]


def test_a_build_summary_names_the_status_version_rows_and_rejections():
    result = BuildResult("b", BuildStatus.PUBLISHED, version=3, rows=3,
                         stats=BuildStats(FILL, generate_seconds=1.5, short=()))
    assert build_summary(result) == ("b: published version 3, 3 puzzles from 12 attempts in "
                                     "1.5 s (refused: ambiguous 7, bucket-full 2)")
    short = BuildResult("b", BuildStatus.SHORT, rows=3, short=SHORT,
                        stats=BuildStats(FILL, 1.5, SHORT))
    assert build_summary(short).startswith("b: short, 3 puzzles")
