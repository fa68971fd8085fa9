"""Quotas: rows fill short buckets once; duplicates, full and unknown buckets are counted."""

from pipeline.quotas import BUCKET_FULL, DUPLICATE, NO_BUCKET, Quotas


def row(rid, size="4x4", grade="count"):
    return {"id": rid, "size": size, "grade": grade}


def test_a_new_row_fills_its_short_bucket():
    quotas = Quotas([("4x4", "count"), ("4x4", "duet")], quota=1)
    assert quotas.offer(row("a"))
    assert quotas.short() == [("4x4", "duet")]
    assert quotas.accepted() == [row("a")]


def test_refusals_are_counted_by_reason():
    quotas = Quotas([("4x4", "count")], quota=1, shipped={"old"})
    outcomes = [row("old"), row("a"), row("a"), row("b"), row("c", grade="probe"),
                "no-candidate", "ambiguous", "no-candidate"]
    kept = [quotas.offer(outcome) for outcome in outcomes]
    assert kept == [False, True, False, False, False, False, False, False]
    assert quotas.rejections == {DUPLICATE: 2, BUCKET_FULL: 1, NO_BUCKET: 1,
                                 "no-candidate": 2, "ambiguous": 1}
    assert quotas.attempts == len(outcomes)


def test_a_puzzle_shipped_before_never_comes_back():
    quotas = Quotas([("4x4", "count")], quota=5, shipped={"x", "y"})
    assert not quotas.offer(row("x"))
    assert quotas.filled() == 0


def test_the_shortfall_names_each_short_bucket_and_by_how_much():
    quotas = Quotas([("4x4", "count"), ("5x5", "count"), ("5x5", "probe")], quota=2)
    for rid in ("a", "b", "c"):
        quotas.offer(row(rid, size="4x4" if rid != "c" else "5x5"))
    assert quotas.shortfall() == [
        {"size": "5x5", "grade": "count", "quota": 2, "made": 1, "short": 1},
        {"size": "5x5", "grade": "probe", "quota": 2, "made": 0, "short": 2},
    ]
