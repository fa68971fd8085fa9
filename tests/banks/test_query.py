"""Facts about reading published banks with polars: scan, select and the puzzles of a day."""

import datetime
from collections import Counter, defaultdict

import polars as pl
import pytest

from banks import BankError, BankStore, rotation, scan, select

DAY = datetime.date(2025, 3, 14)


def test_scan_reads_the_whole_bank_any_version_and_one_build(store, rows, publish):
    publish(store, "demo", rows(10))
    publish(store, "demo", rows(25, start=10), rows_per_file=10)
    assert scan(store.root, "demo").collect().height == 35
    assert scan(store.root, "demo", version=0).collect().height == 10
    assert scan(store.root, "demo", build=1).collect()["build"].unique().to_list() == [1]
    assert scan(store.root, "demo", build=1).collect().height == 25
    frame = scan(store.root, "demo").collect()
    assert frame.columns[0] == "id" and frame.schema["seed"] == pl.Decimal(20, 0)


def test_scan_refuses_an_unknown_bank_version_or_build(store, rows, write, publish):
    with pytest.raises(BankError, match="no bank 'demo'"):
        scan(store.root, "demo")
    write(store, "demo", rows(4))
    with pytest.raises(BankError, match="no bank 'demo'"):
        scan(store.root, "demo")
    publish(store, "demo", rows(4))
    with pytest.raises(BankError, match="no version 1"):
        scan(store.root, "demo", version=1)
    with pytest.raises(BankError, match="no version 3"):
        scan(store.root, "demo", build=3)


def test_select_keeps_exactly_the_rows_matching_every_filter(store, rows, publish):
    given = rows(40)
    publish(store, "demo", given)
    frame = scan(store.root, "demo")
    for filters in (
        {},
        {"genre": "araf"},
        {"size": "7x6"},
        {"grade": "cycle", "size": "5x5"},
        {"genre": "slant", "size": "7x6", "grade": "count"},
        {"genre": "sudoku"},
    ):
        picked = select(frame, **filters).collect()["id"].to_list()
        wanted = [row["id"] for row in given if all(row[k] == v for k, v in filters.items())]
        assert sorted(picked) == sorted(wanted), filters


def test_select_refuses_a_size_that_is_not_w_x_h(store, rows, publish):
    publish(store, "demo", rows(3))
    with pytest.raises(BankError, match="not WxH"):
        select(scan(store.root, "demo"), size="7*6")


def bucket_sequences(root, bank: str, first: datetime.date, days: int, per_bucket: int):
    """Return each bucket's ids over `days` consecutive days, in the order shown."""
    shown = defaultdict(list)
    for offset in range(days):
        day = rotation(root, bank, first + datetime.timedelta(days=offset), per_bucket)
        for row in day.iter_rows(named=True):
            shown[(row["genre"], row["size"], row["grade"])].append(row["id"])
    return shown


def test_rotation_shows_no_puzzle_twice_until_its_bucket_is_used_up(store, rows, publish):
    publish(store, "demo", rows(56))  # 8 buckets of 7
    shown = bucket_sequences(store.root, "demo", DAY, days=7, per_bucket=3)
    assert len(shown) == 8
    for ids in shown.values():
        assert len(ids) == 21  # three trips round a bucket of 7, wrapping mid-day
        assert all(len(set(ids[i : i + 7])) == 7 for i in range(len(ids) - 6))
        assert Counter(ids) == Counter({puzzle: 3 for puzzle in set(ids)})


def test_rotation_is_the_same_for_the_same_day_and_differs_from_day_to_day(tmp_path, rows, publish):
    first, second = BankStore(tmp_path / "a"), BankStore(tmp_path / "b")
    publish(first, "demo", rows(56))
    publish(second, "demo", rows(56), rows_per_file=9)
    today = rotation(first.root, "demo", DAY, 2)
    assert today.equals(rotation(second.root, "demo", DAY, 2))
    assert today.height == 16 and today["day"].unique().to_list() == [DAY]
    tomorrow = rotation(first.root, "demo", DAY + datetime.timedelta(days=1), 2)
    assert set(today["id"]).isdisjoint(tomorrow["id"])


def test_rotation_gives_a_whole_small_bucket_once_and_keeps_every_column(store, rows, publish):
    publish(store, "demo", rows(56))
    day = rotation(store.root, "demo", DAY, per_bucket=10)
    assert day.height == 56 and day["id"].n_unique() == 56
    assert day.columns == [*scan(store.root, "demo").collect_schema().names(), "day"]
    with pytest.raises(BankError, match="per_bucket"):
        rotation(store.root, "demo", DAY, per_bucket=0)


def test_rotation_order_is_fixed_per_bank_so_banks_of_the_same_rows_differ(store, rows, publish):
    publish(store, "alpha", rows(56))
    publish(store, "beta", rows(56))
    assert set(rotation(store.root, "alpha", DAY, 2)["id"]) != set(
        rotation(store.root, "beta", DAY, 2)["id"]
    )
