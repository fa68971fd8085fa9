"""Batches and rounds: the plan depends on short buckets and budget only, never on workers."""

import pytest

from pipeline.batches import Batch, Planner, parse_size, run_batch


def test_sizes_read_as_width_by_height():
    assert parse_size("7x5") == (7, 5)
    assert parse_size(" 4X4 ") == (4, 4)


@pytest.mark.parametrize("text", ["", "5", "5x", "x5", "0x5", "5x-1", "axb", "5x5x5", "5 x 5"])
def test_a_size_that_is_not_WxH_is_refused_naming_it(text):
    with pytest.raises(ValueError, match="is not WxH"):
        parse_size(text)


def test_a_round_deals_batches_to_the_short_buckets_in_turn():
    planner = Planner(budget=1000, boards_per_task=10, batches_per_round=4)
    batches = planner.next_round([("4x4", "count"), ("4x4", "duet")])
    assert batches == [
        Batch("4x4", "count", 0, 10),
        Batch("4x4", "duet", 0, 10),
        Batch("4x4", "count", 1, 10),
        Batch("4x4", "duet", 1, 10),
    ]


def test_batch_numbers_continue_across_rounds_so_no_seed_is_reused():
    planner = Planner(budget=1000, boards_per_task=10, batches_per_round=2)
    planner.next_round([("4x4", "count"), ("4x4", "duet")])
    assert planner.next_round([("4x4", "duet")]) == [
        Batch("4x4", "duet", 1, 10),
        Batch("4x4", "duet", 2, 10),
    ]


def test_every_short_bucket_gets_a_batch_even_when_there_are_more_buckets_than_batches():
    planner = Planner(budget=1000, boards_per_task=5, batches_per_round=2)
    short = [("4x4", grade) for grade in ("a", "b", "c")]
    assert [batch.grade for batch in planner.next_round(short)] == ["a", "b", "c"]


def test_the_budget_cuts_the_last_batch_and_then_ends_the_rounds():
    planner = Planner(budget=25, boards_per_task=10, batches_per_round=8)
    assert [batch.boards for batch in planner.next_round([("4x4", "count")])] == [10, 10, 5]
    assert planner.next_round([("4x4", "count")]) == []


def test_no_round_when_nothing_is_short():
    assert Planner(budget=100, boards_per_task=10, batches_per_round=8).next_round([]) == []


def test_a_batch_gives_one_outcome_per_board_and_the_same_outcomes_every_time():
    batch = Batch("4x4", "cycle", 0, 6)
    first = run_batch("slant", batch, master=1)
    assert len(first) == 6
    assert first == run_batch("slant", batch, master=1)
    rows = [outcome for outcome in first if isinstance(outcome, dict)]
    assert rows and all(row["seed"] in batch.seeds(1) for row in rows)
