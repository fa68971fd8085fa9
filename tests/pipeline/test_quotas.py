"""Quotas: contenders wait in stream order, only those that could still fill a bucket are
confirmed, a failed confirmation frees its slot; duplicates, full and unknown buckets are
counted."""

from pipeline.admission import AMBIGUOUS, COUNTER_DISAGREE, NO_CANDIDATE, Confirmed, Contender
from pipeline.quotas import BUCKET_FULL, DUPLICATE, NO_BUCKET, Quotas
from pipeline.results import Shortfall
from pipeline.sizes import Size

FOUR, FIVE = Size(4, 4), Size(5, 5)
COUNT = (FOUR, "count")


def contender(rid, size=FOUR, grade="count"):
    row = {"id": rid, "width": size.width, "height": size.height, "size": str(size),
           "grade": grade}
    return Contender(row, puzzle=None, solution=None)


def ids(contenders):
    return [c.row["id"] for c in contenders]


def fill_with(quotas, *outcomes, stream=COUNT):
    for outcome in outcomes:
        quotas.offer(stream, outcome)


def test_only_as_many_contenders_as_a_bucket_has_free_slots_are_confirmed():
    quotas = Quotas([COUNT], quota=2)
    fill_with(quotas, *(contender(rid) for rid in "abcd"))
    assert ids(quotas.to_confirm()) == ["a", "b"]
    assert quotas.to_confirm() == [] and quotas.confirmable() == 0  # a and b are pending


def test_a_contender_that_fails_confirmation_frees_its_slot_for_the_next_in_order():
    quotas = Quotas([COUNT], quota=2)
    a, b, c, d = (contender(rid) for rid in "abcd")
    fill_with(quotas, a, b, c, d)
    quotas.to_confirm()
    quotas.settle(a, COUNTER_DISAGREE)
    assert ids(quotas.to_confirm()) == ["c"]
    quotas.settle(b, None)
    quotas.settle(c, None)
    assert [row["id"] for row in quotas.accepted()] == ["b", "c"]
    assert quotas.rejections == {COUNTER_DISAGREE: 1, BUCKET_FULL: 1}  # d was never confirmed
    assert quotas.short() == [] and quotas.supply(COUNT) == 2


def test_refusals_are_counted_by_reason_and_attempts_by_the_stream_that_made_them():
    quotas = Quotas([COUNT], quota=1, shipped={"old"})
    fill_with(quotas, contender("old"), contender("a"), contender("a"),
              contender("c", grade="probe"), NO_CANDIDATE, AMBIGUOUS, NO_CANDIDATE)
    [a] = quotas.to_confirm()
    quotas.settle(a, None)
    fill_with(quotas, contender("b"))
    assert quotas.rejections == {DUPLICATE: 2, BUCKET_FULL: 1, NO_BUCKET: 1,
                                 NO_CANDIDATE: 2, AMBIGUOUS: 1}
    assert quotas.attempts == {COUNT: 8} and quotas.total_attempts() == 8
    assert quotas.hits == {COUNT: 1}


def test_the_hit_rate_starts_at_one_and_follows_the_outcomes():
    quotas = Quotas([COUNT], quota=5)
    assert quotas.hit_rate(COUNT) == 1.0
    fill_with(quotas, contender("a"), NO_CANDIDATE, NO_CANDIDATE, contender("b"))
    assert quotas.hit_rate(COUNT) == (2 + 1) / (4 + 1)


def test_the_shortfall_names_each_short_bucket_and_by_how_much():
    quotas = Quotas([COUNT, (FIVE, "count"), (FIVE, "probe")], quota=2)
    fill_with(quotas, contender("a"), contender("b"), contender("c", size=FIVE))
    for pending in quotas.to_confirm():
        quotas.settle(pending, None)
    short = quotas.shortfall()
    assert short == [Shortfall(FIVE, "count", 2, 1), Shortfall(FIVE, "probe", 2, 0)]
    assert [bucket.as_json() for bucket in short] == [
        {"size": "5x5", "grade": "count", "quota": 2, "made": 1, "short": 1},
        {"size": "5x5", "grade": "probe", "quota": 2, "made": 0, "short": 2},
    ]
    assert short[1].line() == "short: 5x5/probe made 0 of 2 (short by 2)"


def test_a_contender_confirmed_where_it_was_made_settles_at_once_and_keeps_its_place():
    quotas = Quotas([COUNT], quota=3)
    a, b, c, d = (contender(rid) for rid in "abcd")
    fill_with(quotas, a)
    assert ids(quotas.to_confirm()) == ["a"]  # a is pending in some task...
    fill_with(quotas, Confirmed(b, None), Confirmed(c, COUNTER_DISAGREE), Confirmed(d, None))
    assert ids(quotas.to_confirm()) == [] and quotas.pending[COUNT] == 1  # ...while b, d are in
    quotas.settle(a, None)
    assert [row["id"] for row in quotas.accepted()] == ["a", "b", "d"]  # in the order offered
    assert quotas.rejections == {COUNTER_DISAGREE: 1} and quotas.hits == {COUNT: 4}
    assert quotas.short() == [] and quotas.supply(COUNT) == 3


def test_a_confirmed_contender_with_no_room_left_waits_its_turn_as_any_other():
    quotas = Quotas([COUNT], quota=2)
    a, b, c = (contender(rid) for rid in "abc")
    fill_with(quotas, a, b, Confirmed(c, None))  # c came after two that may fill the bucket
    assert quotas.accepted() == [] and ids(quotas.to_confirm()) == ["a", "b"]
    quotas.settle(a, COUNTER_DISAGREE)
    assert ids(quotas.to_confirm()) == ["c"]  # confirmed again: its slot was not sure
