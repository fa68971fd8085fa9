"""The README's DuckDB recipe runs as written, offline: it reads the export's Parquet copy with
no DuckDB extension (none may be installed or loaded), and counts what the bank holds."""

import re
from collections import Counter
from pathlib import Path

import duckdb

from banks import export_json

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_sql() -> str:
    """Return the SQL statement of the README's DuckDB recipe."""
    block = re.search(r"```sql\n(.*?)```", README.read_text(), re.S)
    assert block, "the README has no sql block"
    return "\n".join(line for line in block.group(1).splitlines() if not line.startswith("--"))


def test_the_readme_duckdb_recipe_counts_the_banks_buckets_offline(store, rows, publish,
                                                                   tmp_path, monkeypatch):
    given = rows(40)
    publish(store, "demo", given)
    monkeypatch.chdir(tmp_path)
    export_json(store.root, "demo", tmp_path / "export")
    sql = readme_sql().replace("banks-demo", str(store.root))
    connection = duckdb.connect(config={"autoinstall_known_extensions": False,
                                        "autoload_known_extensions": False})
    counted = {(genre, size, grade): n for genre, size, grade, n in connection.sql(sql).fetchall()}
    assert counted == Counter((row["genre"], row["size"], row["grade"]) for row in given)
    fetched = connection.sql("SELECT extension_name FROM duckdb_extensions() WHERE loaded AND "
                             "install_mode != 'STATICALLY_LINKED'").fetchall()
    assert fetched == []  # every extension it used came inside the wheel
