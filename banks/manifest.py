"""A version's manifest: what was built, from what, by which code, in which files, and whether it
passed re-verification. Stored as `_manifest.json` in the version's folder.

files are {path, sha256, bytes, rows} with path relative to the version folder; buckets map
"WxH/grade" to a row count; verification is {status, checked_at, report}, status one of
VERIFICATION_STATES. Manifests are rewritten (verification), so unlike part files their bytes are
not reproducible: created_at and checked_at are wall-clock times.
"""

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from banks.durable import write_atomic
from banks.errors import BankError, BankIntegrityError

MANIFEST_NAME = "_manifest.json"
PENDING, PASSED, FAILED = "pending", "passed", "failed"
VERIFICATION_STATES = (PENDING, PASSED, FAILED)
FILE_FIELDS = {"path", "sha256", "bytes", "rows"}


@dataclass(frozen=True)
class Manifest:
    """Everything recorded about one bank version (see the module comment for the field shapes)."""

    bank: str
    version: int
    parent_version: int | None
    schema_version: int
    spec: dict[str, Any]
    code_version: dict[str, Any]
    row_count: int
    buckets: dict[str, int]
    files: list[dict[str, Any]]
    logical_sha256: str
    build_stats: dict[str, Any]
    verification: dict[str, Any]
    created_at: str

    @property
    def status(self) -> str:
        """Return the verification status: "pending", "passed" or "failed"."""
        return self.verification["status"]


def manifest_text(manifest: Manifest) -> str:
    """Return the manifest as JSON text: sorted keys, indent 2, a final newline."""
    try:
        return json.dumps(asdict(manifest), sort_keys=True, indent=2, allow_nan=False) + "\n"
    except (TypeError, ValueError) as error:
        raise BankError(f"manifest of {manifest.bank} v{manifest.version}: {error}") from None


def write_manifest(path: str | Path, manifest: Manifest) -> None:
    """Write the manifest to `path` atomically; BankError if a field does not serialise as JSON."""
    write_atomic(path, manifest_text(manifest).encode())


def read_manifest(path: str | Path) -> Manifest:
    """Return the manifest stored at `path`.

    Raises BankIntegrityError when the file is missing, is not JSON, lacks a field or has an
    unknown one, or holds a verification status that is not one of VERIFICATION_STATES.
    """
    try:
        data = json.loads(Path(path).read_text())
    except FileNotFoundError:
        raise BankIntegrityError(f"{path}: manifest is missing") from None
    except (OSError, ValueError) as error:
        raise BankIntegrityError(f"{path}: manifest is unreadable ({error})") from None
    names = {field.name for field in fields(Manifest)}
    if not isinstance(data, dict) or set(data) != names:
        got = set(data) if isinstance(data, dict) else set()
        wrong = sorted(names ^ got) or ["(not an object)"]
        raise BankIntegrityError(f"{path}: manifest fields do not match, e.g. {wrong[0]!r}")
    status = data["verification"].get("status") if isinstance(data["verification"], dict) else None
    if status not in VERIFICATION_STATES:
        raise BankIntegrityError(f"{path}: manifest verification status {status!r} is unknown")
    for entry in data["files"] if isinstance(data["files"], list) else [None]:
        if not isinstance(entry, dict) or set(entry) != FILE_FIELDS or "/" in str(entry["path"]):
            raise BankIntegrityError(f"{path}: manifest file entry {entry!r} is malformed")
    return Manifest(**data)
