"""A build's manifest: what was built, from what, by which code, in which data files, and how its
re-verification went. A published build's manifest is the commit metadata of the Delta commit
that added its rows (key MANIFEST_KEY of the commit's commitInfo); a build that failed
re-verification keeps it in _builds/<build id>.json instead.

files are {path, sha256, bytes, rows} with path relative to the table folder; buckets map
"WxH/grade" to a row count; verification is {status, checked_at, report}, status one of
VERIFICATION_STATES; parent_log_sha256 is the sha256 of the Delta log entry of the parent version
(null for version 0), so every commit vouches for the one before it.
"""

from dataclasses import asdict, dataclass, fields
from typing import Any

from banks.errors import BankIntegrityError

MANIFEST_KEY = "puzzlebank"
PASSED, FAILED = "passed", "failed"
VERIFICATION_STATES = (PASSED, FAILED)
FILE_FIELDS = {"path", "sha256", "bytes", "rows"}


@dataclass(frozen=True)
class Manifest:
    """Everything recorded about one build (see the module comment for the field shapes)."""

    bank: str
    version: int
    parent_version: int | None
    build_id: str
    spec_key: str
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
    parent_log_sha256: str | None

    @property
    def status(self) -> str:
        """Return the verification status: "passed" or "failed"."""
        return str(self.verification["status"])

    def to_dict(self) -> dict[str, Any]:
        """Return the manifest as a JSON-ready dict."""
        return asdict(self)


def manifest_from(data: Any, where: str) -> Manifest:
    """Return the manifest `data` (a decoded JSON object) holds.

    Raises BankIntegrityError naming `where` when a field is missing or unknown, a file entry is
    malformed, or the verification status is not one of VERIFICATION_STATES.
    """
    names = {field.name for field in fields(Manifest)}
    if not isinstance(data, dict) or set(data) != names:
        got = set(data) if isinstance(data, dict) else set()
        wrong = sorted(names ^ got) or ["(not an object)"]
        raise BankIntegrityError(f"{where}: manifest fields do not match, e.g. {wrong[0]!r}")
    verification = data["verification"]
    status = verification.get("status") if isinstance(verification, dict) else None
    if status not in VERIFICATION_STATES:
        raise BankIntegrityError(f"{where}: manifest verification status {status!r} is unknown")
    if not isinstance(data["version"], int) or isinstance(data["version"], bool):
        raise BankIntegrityError(f"{where}: manifest version {data['version']!r} is not a number")
    entries = data["files"] if isinstance(data["files"], list) else [None]
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) != FILE_FIELDS or "/" in str(entry["path"]):
            raise BankIntegrityError(f"{where}: manifest file entry {entry!r} is malformed")
    return Manifest(**data)
