"""Bank storage: banks of puzzle rows as Delta Lake tables, their build manifests, checked reads,
queries and exports.

banks knows rows, not rules: it never imports solvers, generators, pipeline or prefect.
"""

from banks.errors import BankBusyError, BankError, BankIntegrityError, BankSchemaError
from banks.export import export_json
from banks.manifest import Manifest
from banks.query import rotation, scan, select
from banks.schema import BANK_SCHEMA, ROW_SCHEMA, SCHEMA_VERSION, rows_to_table
from banks.store import BankStore, BankWriter, PendingBuild, Snapshot

__all__ = [
    "BANK_SCHEMA",
    "ROW_SCHEMA",
    "SCHEMA_VERSION",
    "BankBusyError",
    "BankError",
    "BankIntegrityError",
    "BankSchemaError",
    "BankStore",
    "BankWriter",
    "Manifest",
    "PendingBuild",
    "Snapshot",
    "export_json",
    "rotation",
    "rows_to_table",
    "scan",
    "select",
]
