"""Bank storage: banks of puzzle rows as Delta Lake tables, their build manifests, checked reads,
queries and exports.

banks knows rows, not rules: it never imports solvers, generators, pipeline or prefect. The
polars readers (banks.query: rotation, scan, select) and the JSON export (banks.export, with the
day files and calendar it writes) load at their first use, so a build, which never reads with
polars nor exports, does not pay for importing them (about 0.2 s and 0.2 s).
"""

import importlib
from typing import TYPE_CHECKING, Any

from banks.errors import BankBusyError, BankError, BankIntegrityError, BankSchemaError
from banks.manifest import Manifest
from banks.schema import BANK_SCHEMA, ROW_SCHEMA, SCHEMA_VERSION, rows_to_table
from banks.store import BankStore, BankWriter, PendingBuild, Snapshot

if TYPE_CHECKING:
    from banks.export import export_json
    from banks.query import rotation, scan, select

LAZY = {"rotation": "banks.query", "scan": "banks.query", "select": "banks.query",
        "export_json": "banks.export"}  # name -> the module that holds it

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


def __getattr__(name: str) -> Any:
    """Return a reader of banks.query or banks.export_json (see the module), imported now."""
    if name in LAZY:
        return getattr(importlib.import_module(LAZY[name]), name)
    raise AttributeError(f"module 'banks' has no attribute {name!r}")
