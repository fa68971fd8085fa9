"""Cron strings and time zones checked as Prefect's CronSchedule checks them, without importing
Prefect (importing it fixes its settings, and the CLI must first point them at its server).

The cron check is Prefect's own rule: croniter (the library whose copy Prefect vendors) must
accept the string, and the random ("R") and hashed ("H") forms are refused. Time zones are IANA
names, as Prefect takes them.
"""

import zoneinfo

from croniter import CroniterError, croniter


def check_cron(text: str) -> str:
    """Return `text` when Prefect accepts it as a cron string; ValueError saying why if not."""
    try:
        croniter.expand(text)
    except CroniterError as error:
        raise ValueError(f"cron {text!r} is not a cron string: {error}") from None
    if any(field.casefold() in ("r", "h") for field in text.split()):
        raise ValueError(f"cron {text!r}: random (R) and hashed (H) fields are not supported")
    return text


def check_timezone(name: str) -> str:
    """Return `name` when it is an IANA time zone (e.g. Europe/Paris); ValueError if not."""
    if name not in zoneinfo.available_timezones():
        raise ValueError(f"time zone {name!r} is not an IANA name such as Europe/Paris or UTC")
    return name
