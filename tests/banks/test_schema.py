"""Facts about the row gate: rows_to_table and the bank schema."""

import json
import random

import pyarrow as pa
import pytest

from banks import BANK_SCHEMA, ROW_SCHEMA, SCHEMA_VERSION, BankError, rows_to_table
from banks.errors import BankSchemaError


def test_schema_has_the_bank_columns_in_order_and_carries_its_version():
    assert BANK_SCHEMA.names == [
        "id", "genre", "width", "height", "size", "grade", "grade_level", "steps", "clues",
        "puzzle", "solution", "seed", "generator_version", "measurements", "quality", "puzzlink",
        "trace", "score", "score_rule", "score_depth", "score_applications", "build",
    ]  # fmt: skip
    assert ROW_SCHEMA.names == BANK_SCHEMA.names[:-1]
    assert BANK_SCHEMA.field("seed").type == pa.decimal128(20, 0)
    assert BANK_SCHEMA.field("build").type == pa.int64()
    assert BANK_SCHEMA.field("grade_level").type == pa.int16()
    assert not BANK_SCHEMA.field("id").nullable
    assert [field.name for field in BANK_SCHEMA if field.nullable] == ["puzzlink"]
    assert BANK_SCHEMA.metadata == {b"puzzlebank.schema_version": str(SCHEMA_VERSION).encode()}


def test_rows_come_out_sorted_by_id_whatever_order_they_go_in(rows):
    given = rows(40)
    shuffled = given[:]
    random.Random(7).shuffle(shuffled)
    table = rows_to_table(shuffled)
    assert table.schema == ROW_SCHEMA
    assert table.column("id").to_pylist() == sorted(row["id"] for row in given)
    assert table.equals(rows_to_table(given))


def test_measurements_are_stored_as_json_with_sorted_keys(rows):
    row = rows(1)[0]
    from_text = dict(row, measurements='{"z": 1, "a": [2, 3]}')
    table = rows_to_table([from_text])
    assert table.column("measurements")[0].as_py() == '{"a":[2,3],"z":1}'
    stored = rows_to_table([row]).column("measurements")[0].as_py()
    assert json.loads(stored) == row["measurements"]
    assert list(json.loads(stored)) == sorted(row["measurements"])


def one_line_error(row: dict) -> str:
    """Return the message rows_to_table raises for `row`, checking it is one line."""
    with pytest.raises(BankSchemaError) as caught:
        rows_to_table([row])
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_missing_column_is_named_with_the_row_id(rows):
    row = rows(1)[0]
    del row["solution"]
    message = one_line_error(row)
    assert row["id"] in message and "'solution'" in message and "missing" in message


@pytest.mark.parametrize(
    ("column", "value", "says"),
    [
        ("seed", "12", "expected uint64, got str"),
        ("seed", -1, "outside uint64"),
        ("seed", 2**64, "outside uint64"),
        ("width", True, "expected int32, got bool"),
        ("grade_level", 40_000, "outside int16"),
        ("puzzle", None, "expected str, got NoneType"),
        ("measurements", "[1, 2]", "not an object"),
        ("measurements", "{oops", "not JSON"),
        ("size", "5x6", "not width x height"),
    ],
)
def test_a_wrong_value_is_named_with_the_row_id_and_column(rows, column, value, says):
    row = rows(1)[0]
    row[column] = value
    message = one_line_error(row)
    assert row["id"] in message and f"'{column}'" in message and says in message


def test_puzzlink_alone_may_be_null_and_a_null_is_stored_as_null(rows):
    row = rows(1)[0]
    table = rows_to_table([dict(row, puzzlink=None)])
    assert table.column("puzzlink").to_pylist() == [None]
    assert "expected str, got NoneType" in one_line_error(dict(row, solution=None))
    assert "expected str, got int" in one_line_error(dict(row, puzzlink=7))


def test_an_unknown_column_an_empty_id_and_a_repeated_id_are_refused(rows):
    row = rows(1)[0]
    assert "unknown column 'colour'" in one_line_error(dict(row, colour="red"))
    assert "must not be empty" in one_line_error(dict(row, id=""))
    with pytest.raises(BankSchemaError, match="duplicate id"):
        rows_to_table([row, dict(row)])


def test_bank_errors_are_one_line_even_when_given_several():
    assert str(BankError("first\nsecond  third")) == "first second third"
