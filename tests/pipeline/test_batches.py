"""Batches and the plan: boards sized to each bucket's need and hit rate, packed into works,
numbered along each bucket's seed stream; the plan never depends on workers."""

from pipeline.admission import NO_CANDIDATE, Contender
from pipeline.batches import CELLS_PER_TASK, Batch, Planner, Work, run_batch
from pipeline.quotas import Quotas
from pipeline.seeds import derive_seed
from pipeline.sizes import Size

FOUR = Size(4, 4)
BUCKETS = [(FOUR, "count"), (FOUR, "duet")]


def contender(rid, grade):
    """Return a contender of a 4x4 bucket (a row with only the columns a bucket reads)."""
    return Contender({"id": rid, "width": 4, "height": 4, "size": "4x4", "grade": grade},
                     None, None)


def test_a_boards_seed_depends_on_its_place_in_the_stream_not_on_the_batch_it_is_in():
    whole = Batch(FOUR, "count", 0, 70).seeds(5)
    parts = Batch(FOUR, "count", 0, 3).seeds(5) + Batch(FOUR, "count", 3, 67).seeds(5)
    assert whole == parts and len(set(whole)) == 70
    assert whole[65] == derive_seed(5, "4x4", "count", 1, 1)  # 64 boards a seed block


def test_the_first_plan_makes_as_many_boards_as_puzzles_are_wanted():
    quotas = Quotas(BUCKETS, quota=3)
    works = Planner(budget=1000, boards_per_task=64, tasks_in_flight=8).plan(quotas, 0)
    assert works == [Work((Batch(FOUR, "count", 0, 3), Batch(FOUR, "duet", 0, 3)))]


def test_boards_in_flight_count_at_the_hit_rate_so_nothing_more_is_planned_meanwhile():
    quotas = Quotas(BUCKETS, quota=3)
    planner = Planner(budget=1000, boards_per_task=64, tasks_in_flight=8)
    planner.plan(quotas, 0)
    assert planner.plan(quotas, 1) == []


def test_after_outcomes_a_bucket_gets_its_need_over_its_hit_rate_numbered_on():
    quotas = Quotas(BUCKETS, quota=3)
    planner = Planner(budget=1000, boards_per_task=64, tasks_in_flight=8)
    [work] = planner.plan(quotas, 0)
    for outcome in [contender("a", "count"), NO_CANDIDATE, NO_CANDIDATE]:
        quotas.offer((FOUR, "count"), outcome)
    for n in range(3):
        quotas.offer((FOUR, "duet"), contender(f"d{n}", "duet"))
    planner.landed(work)
    [again] = planner.plan(quotas, 0)
    # count: 2 more wanted at a hit rate of (1 + 1) / (3 + 1): 4 boards; duet: none, but its
    # three contenders (and the one of count) are handed out for confirmation with the work
    assert again.batches == (Batch(FOUR, "count", 3, 4),)
    assert sorted(c.row["id"] for c in again.contenders) == ["a", "d0", "d1", "d2"]


def test_works_hold_about_CELLS_PER_TASK_cells_and_the_budget_caps_the_boards():
    quotas = Quotas([(Size(10, 10), "count")], quota=100)
    works = Planner(budget=50, boards_per_task=64, tasks_in_flight=8).plan(quotas, 0)
    assert [work.boards() for work in works] == [16, 16, 16, 2]
    assert all(work.boards() * 100 <= CELLS_PER_TASK for work in works)
    starts = [batch.start for work in works for batch in work.batches]
    assert starts == [0, 16, 32, 48]


def test_no_new_boards_while_the_most_works_are_out():
    quotas = Quotas(BUCKETS, quota=3)
    assert Planner(budget=1000, boards_per_task=64, tasks_in_flight=2).plan(quotas, 2) == []


def test_a_batch_gives_one_outcome_per_board_and_the_same_outcomes_every_time():
    batch = Batch(FOUR, "cycle", 0, 6)
    first = run_batch("slant", batch, master=1)
    assert len(first) == 6
    assert first == run_batch("slant", batch, master=1)
    rows = [outcome.row for outcome in first if isinstance(outcome, Contender)]
    assert rows and all(row["seed"] in batch.seeds(1) for row in rows)
