"""Bank storage: versioned Parquet banks of puzzle rows, their manifests, queries and exports.

banks knows rows, not rules: it never imports solvers, generators, pipeline or prefect.
"""

from banks.errors import BankError, BankIntegrityError, BankSchemaError
from banks.export import export_json
from banks.manifest import Manifest
from banks.query import daily, scan, select
from banks.schema import BANK_SCHEMA, SCHEMA_VERSION, rows_to_table
from banks.store import BankStore

__all__ = [
    "BANK_SCHEMA",
    "SCHEMA_VERSION",
    "BankError",
    "BankIntegrityError",
    "BankSchemaError",
    "BankStore",
    "Manifest",
    "daily",
    "export_json",
    "rows_to_table",
    "scan",
    "select",
]
