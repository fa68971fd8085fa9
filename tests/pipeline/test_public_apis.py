"""No line of the package reaches into a private name of another library (Prefect, Dask,
distributed, prefect-dask, CPython's standard library): a Prefect upgrade breaks no hidden
contract. Each hit is named by file and line.

Private: a name with a leading underscore reached through something (`x._name`, `from lib import
_name`, `from lib._module import ...`, a path into a library's `_vendor`) that the packages do not
define themselves. Ours: attributes through `self`/`cls`, underscore names the packages define
(`def _name`, `_name =`, `self._name =`, `_name:`), their own underscore modules (the genres'
compiled `_kernel`). `os._exit` is public (documented in the os module, the only way a forked
child or a stopped program ends without running exit handlers)."""

import re
from pathlib import Path

PACKAGES = ("pipeline", "banks", "solvers", "generators")
OURS = tuple(f"{package}." for package in PACKAGES)
SOURCE = Path(__file__).resolve().parents[2]
PUBLIC = {"os._exit"}
ATTRIBUTE = re.compile(r"(?<![\w.])((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)\._[A-Za-z]\w*")
IMPORT = re.compile(r"^\s*from\s+([\w.]+)\s+import\s+(.+)$")
PLAIN_IMPORT = re.compile(r"^\s*import\s+([\w.]+)")


DEFINED = re.compile(r"(?:\bdef\s+|\bself\.|^\s*)(_[A-Za-z]\w*)\s*[(:=]")


def sources() -> list[Path]:
    """Return the packages' Python files."""
    return [path for package in PACKAGES for path in sorted((SOURCE / package).rglob("*.py"))]


def defined_here() -> set[str]:
    """Return the underscore names the packages define themselves."""
    return {name for path in sources() for line in path.read_text().splitlines()
            for name in DEFINED.findall(line)}


def private_uses(line: str, ours: frozenset[str] = frozenset()) -> list[str]:
    """Return the private names of other libraries one source line reaches (`ours`: the
    underscore names the packages define)."""
    code = line.split("#", 1)[0]
    imports = IMPORT.match(code) or PLAIN_IMPORT.match(code)
    found = [match.group(0) for match in ATTRIBUTE.finditer("" if imports else code)
             if match.group(1).split(".")[0] not in ("self", "cls")
             and match.group(0) not in PUBLIC
             and match.group(0).rsplit(".", 1)[1] not in ours]
    if (imported := IMPORT.match(code)) and not imported.group(1).startswith(OURS):
        module, names = imported.groups()
        if any(part.startswith("_") for part in module.split(".")):
            found.append(f"from {module}")
        found += [name for name in re.findall(r"\b\w+\b", names) if name.startswith("_")]
    if (imported := PLAIN_IMPORT.match(code)) and any(
            part.startswith("_") for part in imported.group(1).split(".")):
        found.append(f"import {imported.group(1)}")
    if "_vendor" in code:
        found.append("_vendor")
    return found


def test_the_package_uses_no_private_name_of_another_library():
    ours = frozenset(defined_here())
    hits = [f"{path.relative_to(SOURCE)}:{number}: {name}" for path in sources()
            for number, line in enumerate(path.read_text().splitlines(), 1)
            for name in private_uses(line, ours)]
    assert hits == []


def test_the_check_finds_each_kind_of_private_use():
    assert private_uses("    workers = executor._processes.values()") == ["executor._processes"]
    assert private_uses("from prefect.task_runners import _initialize_process_pool_worker") == [
        "_initialize_process_pool_worker"]
    assert private_uses("from prefect._internal.schemas import bases") == [
        "from prefect._internal.schemas"]
    assert private_uses("    multiprocessing.forkserver._forkserver._stop()") == [
        "multiprocessing.forkserver._forkserver._stop"]
    assert private_uses('path = root / "_vendor" / "croniter"') == ["_vendor"]
    assert private_uses("    self._wall = time.time()") == []
    assert private_uses("    os._exit(1)") == []
    assert private_uses("    from solvers.slant import _kernel as compiled") == []
    assert private_uses("    clock = StageClock._active", frozenset({"_active"})) == []
    assert {"_active", "_stage", "_switch"} <= defined_here()  # solvers/core/stages.py's
