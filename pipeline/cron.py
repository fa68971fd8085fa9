"""Cron strings and time zones checked as Prefect's CronSchedule checks them, without importing
Prefect (importing it fixes its settings, and the CLI must first point them at its server).

The cron check is Prefect's own: the croniter copy vendored in the installed Prefect, loaded from
its file, and Prefect's refusal of the random ("R") and hashed ("H") forms. Time zones are IANA
names, as Prefect takes them.
"""

import functools
import importlib.util
import zoneinfo
from pathlib import Path
from types import ModuleType


@functools.cache
def vendored_croniter() -> ModuleType:
    """Return the module prefect/_vendor/croniter/croniter.py, loaded on its own (ImportError
    when Prefect is not installed)."""
    prefect = importlib.util.find_spec("prefect")
    if prefect is None or prefect.origin is None:
        raise ImportError("Prefect is not installed")
    path = Path(prefect.origin).parent / "_vendor" / "croniter" / "croniter.py"
    spec = importlib.util.spec_from_file_location("puzzlebank_vendored_croniter", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check_cron(text: str) -> str:
    """Return `text` when Prefect accepts it as a cron string; ValueError saying why if not."""
    croniter = vendored_croniter()
    try:
        croniter.croniter.expand(text)
    except croniter.CroniterError as error:
        raise ValueError(f"cron {text!r} is not a cron string: {error}") from None
    if any(field.casefold() in ("r", "h") for field in text.split()):
        raise ValueError(f"cron {text!r}: random (R) and hashed (H) fields are not supported")
    return text


def check_timezone(name: str) -> str:
    """Return `name` when it is an IANA time zone (e.g. Europe/Paris); ValueError if not."""
    if name not in zoneinfo.available_timezones():
        raise ValueError(f"time zone {name!r} is not an IANA name such as Europe/Paris or UTC")
    return name
