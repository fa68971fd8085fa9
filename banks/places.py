"""Where a bank's files live: a folder on this machine's disk, or a prefix in an S3 bucket.

Vocabulary: a *root* is what --root names, a local folder or an object-store URL
`s3://bucket/prefix` (parse_root); a *place* is one bank's folder under a root, and a *name* is a
file's path inside it ("part-....parquet", "_delta_log/00000000000000000003.json"). An
*identity* is what must not change for a remembered check of a file to stay valid: size, mtime
and ctime in ns and inode on disk; size and ETag in a bucket (the store computes the ETag from
the bytes it holds, so no client can keep it while changing them).

On S3 the endpoint, region and credentials come from the standard AWS environment variables
(AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN,
AWS_ALLOW_HTTP), overridden by the spec file's `storage_options`; the same settings reach
deltalake and polars (storage_options).
"""

import hashlib
import os
import urllib.parse
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from stat import S_ISREG
from typing import Any, cast

from banks.digest import bytes_sha256, file_sha256
from banks.durable import fsync_dir, write_atomic
from banks.errors import BankError
from banks.links import NOFOLLOW

S3_SCHEME = "s3://"
AWS_VARIABLES = {
    "AWS_ENDPOINT_URL": "aws_endpoint",
    "AWS_REGION": "aws_region",
    "AWS_DEFAULT_REGION": "aws_region",
    "AWS_ACCESS_KEY_ID": "aws_access_key_id",
    "AWS_SECRET_ACCESS_KEY": "aws_secret_access_key",
    "AWS_SESSION_TOKEN": "aws_session_token",
    "AWS_ALLOW_HTTP": "allow_http",
}


@dataclass(frozen=True)
class LocalRoot:
    """A root folder on this machine."""

    path: Path

    def __str__(self) -> str:
        return str(self.path)

    def place(self, bank: str) -> "LocalPlace":
        """Return the bank's folder under this root."""
        return LocalPlace(self.path / bank)


@dataclass(frozen=True)
class S3Root:
    """A root in an S3 bucket: s3://bucket/prefix, reached with `options` (storage options:
    the AWS environment's, then the spec file's)."""

    bucket: str
    prefix: str
    options: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)

    def __str__(self) -> str:
        return f"{S3_SCHEME}{self.bucket}/{self.prefix}".rstrip("/")

    def place(self, bank: str) -> "S3Place":
        """Return the bank's prefix under this root."""
        return S3Place(self, f"{self.prefix}/{bank}".lstrip("/"))


Root = LocalRoot | S3Root


def parse_root(root: "str | Path | Root", options: Mapping[str, str] | None = None) -> Root:
    """Return the typed root `root` names: an S3Root for s3://bucket[/prefix], else a LocalRoot.
    `options` (storage options) add to and override the AWS environment's. BankError in one line
    for an S3 URL without a bucket."""
    if isinstance(root, LocalRoot | S3Root):
        return root
    text = str(root)
    if not text.startswith(S3_SCHEME):
        return LocalRoot(Path(root))
    bucket, _, prefix = text[len(S3_SCHEME):].partition("/")
    if not bucket:
        raise BankError(f"root {text!r} names no bucket; write s3://BUCKET/PREFIX")
    return S3Root(bucket, prefix.strip("/"), environment_options() | dict(options or {}))


def is_bucket(root: "str | Path") -> bool:
    """Return True when `root` names an object-store root (s3://...)."""
    return str(root).startswith(S3_SCHEME)


def resolved(root: "str | Path") -> str:
    """Return the root as another process on this machine must be told it: a folder's absolute
    path, an s3:// URL as it is."""
    return str(root) if is_bucket(root) else str(Path(root).resolve())


def local_home(root: "str | Path") -> Path:
    """Return the folder on this machine that keeps the root's local state (its Prefect
    server's home): the root folder itself, or for a bucket a folder of this machine's cache
    named after the URL (see S3Place.cache_file)."""
    if not is_bucket(root):
        return Path(root).resolve()
    digest = hashlib.sha256(str(root).rstrip("/").encode()).hexdigest()[:16]
    return cache_base() / "roots" / digest


def cache_base() -> Path:
    """Return this machine's cache folder for buckets: $PUZZLEBANK_CACHE, else
    $XDG_CACHE_HOME/puzzlebank, else ~/.cache/puzzlebank."""
    if os.environ.get("PUZZLEBANK_CACHE"):
        return Path(os.environ["PUZZLEBANK_CACHE"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "puzzlebank"


STORAGE_OPTIONS = {option: variable for variable, option in reversed(AWS_VARIABLES.items())}


def use_storage_options(options: Mapping[str, str]) -> None:
    """Make `options` (a spec file's storage_options, named as in STORAGE_OPTIONS) the settings
    of every store this process and the processes it starts open: each is set as its AWS
    environment variable, over the environment's own."""
    for option, value in options.items():
        os.environ[STORAGE_OPTIONS[option]] = value


def environment_options() -> dict[str, str]:
    """Return the storage options the AWS environment variables set."""
    found = {}
    for variable, option in AWS_VARIABLES.items():
        value = os.environ.get(variable)
        if value and option not in found:
            found[option] = value
    return found


class LocalPlace:
    """A bank folder on disk (see the module)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @property
    def uri(self) -> str:
        """Return what deltalake opens: the folder's path."""
        return str(self.folder)

    @property
    def storage_options(self) -> dict[str, str] | None:
        """Return deltalake's and polars' storage options (none on disk)."""
        return None

    def shown(self, name: str = "") -> str:
        """Return a file's (or the folder's) path as error lines show it."""
        return str(self.folder / name) if name else str(self.folder)

    def source(self, name: str) -> str:
        """Return what polars and pyarrow open to read the file."""
        return str(self.folder / name)

    def read(self, name: str) -> bytes:
        """Return the file's bytes; FileNotFoundError when it is missing."""
        return (self.folder / name).read_bytes()

    def arrow_input(self, name: str) -> Any:
        """Return what pyarrow's Parquet reader opens to read the file (its path)."""
        return str(self.folder / name)

    def sha256(self, name: str) -> str:
        """Return the hex sha256 of the file's bytes, read in blocks."""
        return file_sha256(self.folder / name)

    def names(self, folder: str = "") -> list[str]:
        """Return the names of the files directly in `folder` (the bank's own by default)."""
        path = self.folder / folder
        if not path.is_dir():
            return []
        return sorted(f"{folder}/{e.name}".lstrip("/") for e in path.iterdir() if e.is_file())

    def has(self, folder: str) -> bool:
        """Return True when the sub-folder `folder` holds anything."""
        return (self.folder / folder).is_dir()

    def write(self, name: str, data: bytes) -> None:
        """Write the file, fsynced, without following a link in its place (data files)."""
        path = self.folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | NOFOLLOW, 0o644)
        with open(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())

    def replace(self, name: str, data: bytes) -> None:
        """Replace the file whole (readers see the old bytes or the new)."""
        (self.folder / name).parent.mkdir(parents=True, exist_ok=True)
        write_atomic(self.folder / name, data)

    def delete(self, name: str) -> None:
        """Remove the file if it is there."""
        (self.folder / name).unlink(missing_ok=True)

    def settle(self) -> None:
        """Make the folder's new and removed names durable (fsync)."""
        if self.folder.is_dir():
            fsync_dir(self.folder)

    def identity(self, name: str) -> list[Any]:
        """Return the file's identity (see the module); FileNotFoundError when missing,
        IsADirectoryError when it is not a plain file (a link included)."""
        stat = (self.folder / name).lstat()
        if not S_ISREG(stat.st_mode):
            raise IsADirectoryError(name)
        return [stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns, stat.st_ino]

    def cache_file(self) -> Path:
        """Return where the remembered checks of this bank live: <bank>/_cache/checked.json."""
        return self.folder / "_cache" / "checked.json"

    def mtime_ms(self, name: str) -> int:
        """Return the file's modification time in ms since the epoch."""
        return (self.folder / name).stat().st_mtime_ns // 1_000_000


class S3Place:
    """A bank prefix in an S3 bucket (see the module)."""

    def __init__(self, root: S3Root, key: str) -> None:
        from obstore.store import S3Store

        self.root, self.key = root, key
        options = {k: v for k, v in root.options.items() if k != "allow_http"}
        client = {"allow_http": True} if root.options.get("allow_http", "").lower() == "true" \
            else {}
        self.store = S3Store(root.bucket, prefix=key, config=cast(Any, options),
                             client_options=cast(Any, client))

    @property
    def uri(self) -> str:
        """Return what deltalake opens: s3://bucket/prefix/bank."""
        return f"{S3_SCHEME}{self.root.bucket}/{self.key}"

    @property
    def storage_options(self) -> dict[str, str] | None:
        """Return deltalake's and polars' storage options."""
        return dict(self.root.options)

    def shown(self, name: str = "") -> str:
        """Return an object's (or the bank's) URL as error lines show it."""
        return f"{self.uri}/{name}" if name else self.uri

    def source(self, name: str) -> str:
        """Return what polars opens to read the object."""
        return f"{self.uri}/{urllib.parse.quote(name)}"

    def read(self, name: str) -> bytes:
        """Return the object's bytes; FileNotFoundError when it is missing."""
        import obstore

        try:
            return bytes(obstore.get(self.store, name).bytes())
        except FileNotFoundError:
            raise
        except Exception as error:
            raise store_error(self, name, error) from None

    def arrow_input(self, name: str) -> Any:
        """Return what pyarrow's Parquet reader opens to read the object (its bytes, fetched
        now; FileNotFoundError when it is missing)."""
        import pyarrow as pa

        return pa.BufferReader(self.read(name))

    def sha256(self, name: str) -> str:
        """Return the hex sha256 of the object's bytes, fetched now."""
        return bytes_sha256(self.read(name))

    def names(self, folder: str = "") -> list[str]:
        """Return the names of the objects directly under `folder`."""
        import obstore

        try:
            found = obstore.list_with_delimiter(self.store, folder or None)
        except Exception as error:
            raise store_error(self, folder, error) from None
        return sorted(entry["path"] for entry in found["objects"])

    def has(self, folder: str) -> bool:
        """Return True when some object's name starts with `folder`/."""
        return bool(self.names(folder))

    def write(self, name: str, data: bytes) -> None:
        """Put the object (one request: readers see it whole or not at all)."""
        import obstore

        try:
            obstore.put(self.store, name, data)
        except Exception as error:
            raise store_error(self, name, error) from None

    replace = write

    def delete(self, name: str) -> None:
        """Delete the object if it is there."""
        import obstore

        try:
            obstore.delete(self.store, name)
        except FileNotFoundError:
            pass
        except Exception as error:
            raise store_error(self, name, error) from None

    def settle(self) -> None:
        """Nothing: an object put is durable once acknowledged."""

    def identity(self, name: str) -> list[Any]:
        """Return the object's size and ETag; FileNotFoundError when it is missing."""
        import obstore

        try:
            meta = obstore.head(self.store, name)
        except FileNotFoundError:
            raise
        except Exception as error:
            raise store_error(self, name, error) from None
        return [meta["size"], meta["e_tag"]]

    def cache_file(self) -> Path:
        """Return where this machine remembers the checks of this bank's objects (keyed by
        ETag): a file per bank URL in cache_base()/s3."""
        digest = hashlib.sha256(self.uri.encode()).hexdigest()[:16]
        return cache_base() / "s3" / f"{digest}.json"

    def mtime_ms(self, name: str) -> int:
        """Return the object's last-modified time in ms since the epoch."""
        import obstore

        return int(obstore.head(self.store, name)["last_modified"].timestamp() * 1000)


Place = LocalPlace | S3Place


def store_error(place: S3Place, name: str, error: Exception) -> BankError:
    """Return the one-line BankError for a failed request to the store."""
    first = (str(error).strip().splitlines() or [type(error).__name__])[0]
    return BankError(f"{place.shown(name)}: the object store refused or failed ({first[:200]})")

