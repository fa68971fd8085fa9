"""The bank schema: the columns every bank row has, and the gate rows pass to become a table.

A row is a dict of column name -> Python value. A build makes *build rows* (ROW_SCHEMA: every
column but `build`); the store stamps each with the bank version that ships it (BANK_SCHEMA, the
columns of the bank's Delta table and of its data files). Tables are sorted by id. size is "WxH"
(width x height); seed is an unsigned 64-bit number, stored as decimal(20, 0) because Delta Lake
has no unsigned integer type; measurements is a JSON object stored as text, keys sorted, so equal
measurements are equal strings. puzzlink, the only nullable column, is the puzzle's puzz.link
URL, null for a genre that site does not know. Schema version 3 made banks Delta tables (seed
became decimal, `build` was added).
Schema version 3 also added the explanation: trace (the stored steps from the empty board, see
solvers/core/explain.py) and the difficulty score with its parts: score_rule (the highest rule
used), score_depth (the dependency depth) and score_applications (JSON text {rule: count}).
Schema version 4 added quality: the genre's quality-floor measures of the row (e.g. black share
and triangles, pieces and steps; solvers/core/quality.py), a JSON object stored as text like
measurements (JSON_COLUMNS).
"""

import itertools
import json
from collections.abc import Mapping, Sequence
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from banks.errors import BankSchemaError

SCHEMA_VERSION = 4
SCHEMA_VERSION_KEY = b"puzzlebank.schema_version"
SEED_TYPE = pa.decimal128(20, 0)

ROW_COLUMNS: tuple[tuple[str, pa.DataType], ...] = (
    ("id", pa.string()),
    ("genre", pa.string()),
    ("width", pa.int32()),
    ("height", pa.int32()),
    ("size", pa.string()),
    ("grade", pa.string()),
    ("grade_level", pa.int16()),
    ("steps", pa.int32()),
    ("clues", pa.int32()),
    ("puzzle", pa.string()),
    ("solution", pa.string()),
    ("seed", SEED_TYPE),
    ("generator_version", pa.string()),
    ("measurements", pa.string()),
    ("quality", pa.string()),
    ("puzzlink", pa.string()),
    ("trace", pa.string()),
    ("score", pa.int32()),
    ("score_rule", pa.string()),
    ("score_depth", pa.int32()),
    ("score_applications", pa.string()),
)
COLUMNS = (*ROW_COLUMNS, ("build", pa.int64()))
NULLABLE = frozenset({"puzzlink"})
JSON_COLUMNS = ("measurements", "quality")  # JSON objects stored as canonical text


def arrow_schema(columns: tuple[tuple[str, pa.DataType], ...]) -> pa.Schema:
    """Return the Arrow schema of `columns`, carrying the schema version in its metadata."""
    return pa.schema(
        [pa.field(name, kind, nullable=name in NULLABLE) for name, kind in columns],
        metadata={SCHEMA_VERSION_KEY: str(SCHEMA_VERSION).encode()},
    )


ROW_SCHEMA = arrow_schema(ROW_COLUMNS)
BANK_SCHEMA = arrow_schema(COLUMNS)

INT_RANGES = {
    pa.int16(): (-(2**15), 2**15 - 1),
    pa.int32(): (-(2**31), 2**31 - 1),
    pa.int64(): (-(2**63), 2**63 - 1),
    SEED_TYPE: (0, 2**64 - 1),
}


def canonical_json(value: dict[str, Any]) -> str:
    """Return `value` as compact JSON text with sorted keys (the JSON_COLUMNS' form)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)


def rows_to_table(rows: Sequence[Mapping[str, Any]]) -> pa.Table:
    """Return build rows as a table with ROW_SCHEMA, sorted by id.

    Every row must have exactly the build row columns (ROW_COLUMNS), none None (but those in
    NULLABLE): strings for the text columns, ints in range for the integer ones, size equal to
    f"{width}x{height}", and measurements and quality dicts (or JSON text of an object), stored
    as canonical JSON. Raises BankSchemaError naming the row id and the column on the first row
    that does not fit, or the first id that appears twice.
    """
    clean = [check_row(row, i) for i, row in enumerate(rows)]
    clean.sort(key=lambda row: row["id"])
    for before, after in itertools.pairwise(clean):
        if before["id"] == after["id"]:
            raise BankSchemaError(f"duplicate id {after['id']!r}: a bank holds each puzzle once")
    return pa.Table.from_pylist(clean, schema=ROW_SCHEMA)


def check_row(row: Any, index: int) -> dict[str, Any]:
    """Return `row` with its JSON_COLUMNS in canonical JSON, or raise BankSchemaError."""
    if not isinstance(row, dict):
        raise BankSchemaError(f"row #{index}: expected a dict, got {type(row).__name__}")
    rid = row.get("id")
    where = f"row {rid!r}" if isinstance(rid, str) and rid else f"row #{index} (no id)"
    missing = [name for name, _ in ROW_COLUMNS if name not in row]
    if missing:
        raise BankSchemaError(f"{where}: missing column {missing[0]!r}")
    extra = sorted(set(row) - {name for name, _ in ROW_COLUMNS})
    if extra:
        raise BankSchemaError(f"{where}: unknown column {extra[0]!r}")
    clean = dict(row)
    for name, kind in ROW_COLUMNS:
        problem = value_problem(row[name], kind, name)
        if problem:
            raise BankSchemaError(f"{where}: column {name!r}: {problem}")
    if not rid:
        raise BankSchemaError(f"{where}: column 'id': must not be empty")
    if row["size"] != f"{row['width']}x{row['height']}":
        raise BankSchemaError(
            f"{where}: column 'size': {row['size']!r} is not width x height "
            f"({row['width']}x{row['height']})"
        )
    for name in JSON_COLUMNS:
        clean[name] = json_text(row[name], where, name)
    return clean


def value_problem(value: Any, kind: pa.DataType, name: str) -> str | None:
    """Return why `value` cannot be stored in a column of type `kind`, or None when it can."""
    shown = short_repr(value)
    if value is None and name in NULLABLE:
        return None
    if name in JSON_COLUMNS:
        if isinstance(value, dict | str):
            return None
        return f"expected a dict or JSON text, got {type(value).__name__} {shown}"
    if kind == pa.string():
        if isinstance(value, str):
            return None
        return f"expected str, got {type(value).__name__} {shown}"
    kind_name = "uint64" if kind == SEED_TYPE else str(kind)
    if not isinstance(value, int) or isinstance(value, bool):
        return f"expected {kind_name}, got {type(value).__name__} {shown}"
    low, high = INT_RANGES[kind]
    if not low <= value <= high:
        return f"{value} is outside {kind_name} [{low}, {high}]"
    return None


def json_text(value: dict[str, Any] | str, where: str, name: str) -> str:
    """Return the JSON object of column `name` as canonical JSON text, or raise BankSchemaError
    naming the row and the column."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError as error:
            raise BankSchemaError(f"{where}: column {name!r}: not JSON ({error})") from None
        if not isinstance(value, dict):
            raise BankSchemaError(f"{where}: column {name!r}: JSON is not an object")
    try:
        return canonical_json(value)
    except (TypeError, ValueError) as error:
        raise BankSchemaError(f"{where}: column {name!r}: {error}") from None


def short_repr(value: Any, limit: int = 40) -> str:
    """Return repr(value), cut to `limit` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def conform(table: pa.Table) -> pa.Table:
    """Return build rows sorted by id, as one chunk per column, with exactly ROW_SCHEMA.

    Raises BankSchemaError when its columns (names, order, types) differ from the schema, when a
    column outside NULLABLE holds nulls, when an id appears twice, or when a size is not
    f"{width}x{height}".
    """
    names = [name for name, _ in ROW_COLUMNS]
    if table.column_names != names:
        raise BankSchemaError(f"table columns {table.column_names} are not the bank's {names}")
    for name, kind in ROW_COLUMNS:
        column = table.column(name)
        if column.type != kind:
            raise BankSchemaError(f"column {name!r}: expected {kind}, got {column.type}")
        if column.null_count and name not in NULLABLE:
            raise BankSchemaError(f"column {name!r}: {column.null_count} null value(s)")
    table = table.sort_by("id").combine_chunks()
    ids = table.column("id")
    if len(ids) > 1:
        same = pc.equal(ids.slice(1), ids.slice(0, len(ids) - 1))
        if pc.any(same).as_py():
            at = pc.index(same, True).as_py()
            raise BankSchemaError(
                f"duplicate id {ids[at].as_py()!r}: a bank holds each puzzle once"
            )
    sizes = pc.binary_join_element_wise(
        pc.cast(table.column("width"), pa.string()),
        pc.cast(table.column("height"), pa.string()),
        "x",
    )
    wrong = pc.not_equal(sizes, table.column("size"))
    if len(ids) and pc.any(wrong).as_py():
        at = pc.index(wrong, True).as_py()
        raise BankSchemaError(
            f"row {ids[at].as_py()!r}: column 'size': {table.column('size')[at].as_py()!r} "
            f"is not width x height ({sizes[at].as_py()})"
        )
    return pa.Table.from_arrays(table.columns, schema=ROW_SCHEMA)


def stamp(rows: pa.Table, version: int) -> pa.Table:
    """Return conformed build rows with the `build` column set to `version` (BANK_SCHEMA)."""
    build = pa.array([version] * rows.num_rows, pa.int64())
    return pa.Table.from_arrays([*rows.columns, build], schema=BANK_SCHEMA)
