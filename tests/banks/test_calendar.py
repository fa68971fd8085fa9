"""Facts about a bank's calendar: planned days never change, a puzzle is planned once ever, a
bucket that runs out leaves whole days unplanned and names them, and the calendar is checked."""

import datetime

import pytest

from banks import BankIntegrityError
from banks.calendar import calendar_dir, day_rows, extend, read_calendar

FIRST = datetime.date(2027, 1, 1)
BUCKETS = 8  # make_rows' rows fall in 2 genres x 2 sizes x 2 grades


def day(n: int) -> datetime.date:
    """Return the n-th day planned (1 is FIRST)."""
    return FIRST + datetime.timedelta(days=n - 1)


def plans(store, bank: str, days: range) -> dict[datetime.date, list[dict]]:
    """Return the plan rows of each of `days`, as dicts."""
    calendar = read_calendar(store, bank)
    return {day(n): calendar.day(day(n)).to_pylist() for n in days}


def test_planned_days_never_change_and_no_puzzle_is_planned_twice(store, rows, publish):
    publish(store, "app", rows(40 * BUCKETS))
    first = extend(store, "app", day(30), 1, FIRST)
    assert first.shortfall is None and first.through == day(30)
    assert (first.extension.first_day, first.extension.last_day) == (str(day(1)), str(day(30)))
    before = plans(store, "app", range(1, 31))
    files = {path.name: path.read_bytes() for path in calendar_dir(store, "app").glob("*.parquet")}
    publish(store, "app", rows(30 * BUCKETS, start=40 * BUCKETS))
    publish(store, "app", rows(30 * BUCKETS, start=70 * BUCKETS))
    second = extend(store, "app", day(90), 1, FIRST)
    assert second.shortfall is None
    assert (second.extension.first_day, second.extension.bank_version) == (str(day(31)), 2)
    assert plans(store, "app", range(1, 31)) == before
    for name, data in files.items():
        assert (calendar_dir(store, "app") / name).read_bytes() == data
    calendar = read_calendar(store, "app")
    ids = calendar.plan.column("id").to_pylist()
    assert len(ids) == 90 * BUCKETS == len(set(ids))
    for n in range(1, 91):
        buckets = {(r["genre"], r["size"], r["grade"]) for r in calendar.day(day(n)).to_pylist()}
        assert len(buckets) == BUCKETS
    bank = {row["id"]: row for row in store.snapshot("app").read().to_pylist()}
    for row in calendar.plan.to_pylist():
        assert (bank[row["id"]]["genre"], bank[row["id"]]["size"], bank[row["id"]]["grade"]) \
            == (row["genre"], row["size"], row["grade"])


def test_a_short_bucket_leaves_whole_days_unplanned_and_names_them(store, rows, publish):
    given = rows(10 * BUCKETS)
    publish(store, "app", given + rows(3, start=10 * BUCKETS))  # 3 buckets get an 11th puzzle
    done = extend(store, "app", day(12), 1, FIRST)
    assert done.through == day(10)
    short = done.shortfall
    assert (short.first, short.last) == (day(11), day(12))
    extra = {f"{r['genre']}/{r['size']}/{r['grade']}" for r in rows(3, start=10 * BUCKETS)}
    assert len(short.buckets) == BUCKETS  # 11 puzzles do not fill 12 days either
    assert {b.bucket: b.unplanned for b in short.buckets} == {  # before this extension
        name: 11 if name in extra else 10
        for name in read_calendar(store, "app").extensions[0].buckets}
    assert all(b.needed == 12 for b in short.buckets)
    assert "2027-01-11..2027-01-12 (2 days) not planned" in short.line()
    assert read_calendar(store, "app").last_day == day(10)
    again = extend(store, "app", day(12), 1, FIRST)
    assert again.extension is None and again.shortfall is not None


def test_a_day_shows_the_calendars_puzzles_in_its_order_and_nothing_else(store, rows, publish):
    publish(store, "app", rows(6 * BUCKETS))
    extend(store, "app", day(3), 2, FIRST)
    calendar = read_calendar(store, "app")
    for n in range(1, 4):
        planned = calendar.day(day(n)).column("id").to_pylist()
        assert [row["id"] for row in day_rows(store, "app", day(n))] == planned
        assert len(planned) == 2 * BUCKETS
    assert day_rows(store, "app", day(4)) == []


def test_the_plan_is_the_same_on_every_run(tmp_path, rows, publish):
    from banks import BankStore

    plans_made = []
    for name in ("a", "b"):
        store = BankStore(tmp_path / name)
        publish(store, "app", rows(5 * BUCKETS))
        extend(store, "app", day(5), 1, FIRST)
        plans_made.append(read_calendar(store, "app").plan)
    assert plans_made[0].equals(plans_made[1])


def test_an_edited_calendar_file_is_refused(store, rows, publish):
    publish(store, "app", rows(2 * BUCKETS))
    extend(store, "app", day(2), 1, FIRST)
    (path,) = calendar_dir(store, "app").glob("*.parquet")
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1
    path.write_bytes(bytes(data))
    with pytest.raises(BankIntegrityError, match="sha256"):
        read_calendar(store, "app")
