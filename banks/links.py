"""Keeping every write of a bank inside its root: a bank whose parts are symbolic links is
refused, and files are created without following a link put in their place.

A bank's parts are its folder and, in it, the lock file, the _delta_log, _cache and _builds
folders, the head record and the data files. A link among them could send a write (the lock's
truncation, the cache, a report) or a read to a file outside the root, so the store refuses such a
bank in one line instead of following the link. NOFOLLOW is the os.open flag set of a file this
process creates: a link raced into its place is an error, never a file written through.
"""

import os
import re
import stat
from pathlib import Path

from banks.errors import BankError

PART_NAMES = (".lock", "_delta_log", "_cache", "_builds", "_runs", "_head.json", "_calendar",
              "_calendar/.lock", "_calendar/_delta_log", "_calendar/_cache")
NOFOLLOW = os.O_NOFOLLOW | os.O_CLOEXEC
ESCAPE_RE = re.compile(r"%[0-9A-Fa-f]{2}")


def refuse_links(folder: Path) -> None:
    """Raise BankError naming the first part of the bank in `folder` that is a symbolic link (or
    cannot be looked at, such as a link loop); return when none is."""
    for path in (folder, *(folder / name for name in PART_NAMES)):
        try:
            mode = path.lstat().st_mode
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as error:
            raise BankError(f"{path}: cannot be read ({error.strerror})") from None
        if stat.S_ISLNK(mode):
            raise BankError(f"{path} is a symbolic link; a bank's parts must be its own files "
                            f"(nothing is read or written through a link)")


def refuse_escapes(root: Path) -> None:
    """Raise BankError when the root's path holds a %XX sequence: deltalake reads it as an
    escaped character in some calls and not in others, so a bank there could be written and then
    never read."""
    found = ESCAPE_RE.search(str(root))
    if found:
        raise BankError(f"root {str(root)!r} holds {found.group()!r}, which deltalake reads as an "
                        f"escaped character; choose a folder whose path has no '%' before two "
                        f"hex digits")
