"""Telling an operator that a run failed or fell short: a JSON POST to a webhook, and/or a
Prefect notification block (Slack, e-mail, ... configured in Prefect, named in the spec file).

Vocabulary: an *event* is "failure" (the run ended in an error or published nothing because a
re-verification failed) or "shortfall" (a bucket or a calendar day fell short); a *message* is
{event, bank, summary, run, when}: the event, the bank, the run's one summary line, where the
run can be seen (a Prefect run's address, or None) and the UTC time. A notification that cannot
be delivered never fails the run: its one-line reason comes back for the run to print.
"""

import json
import urllib.error
import urllib.request
from datetime import UTC, datetime
from typing import Any

from pipeline.bankspec import Notify

TIMEOUT = 10.0  # seconds a webhook may take to answer


def message(event: str, bank: str, summary: str, run: str | None) -> dict[str, Any]:
    """Return the message of `event` for `bank` (see the module comment)."""
    return {"event": event, "bank": bank, "summary": summary, "run": run,
            "when": datetime.now(UTC).isoformat(timespec="seconds")}


def notify(settings: Notify | None, sent: dict[str, Any]) -> list[str]:
    """Send `sent` (a message) where `settings` say, when they ask for its event; return the
    reasons of the deliveries that failed ([] when all went, or none was asked for)."""
    if settings is None or sent["event"] not in settings.on:
        return []
    problems = []
    if settings.webhook:
        problem = post(settings.webhook, sent)
        if problem:
            problems.append(problem)
    if settings.block:
        problem = through_block(settings.block, sent)
        if problem:
            problems.append(problem)
    return problems


def post(url: str, sent: dict[str, Any]) -> str | None:
    """POST `sent` as JSON to `url`; return why it failed, or None."""
    request = urllib.request.Request(url, data=json.dumps(sent, sort_keys=True).encode(),
                                     headers={"Content-Type": "application/json"},
                                     method="POST")
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            answer.read()  # only: bankspec checks the scheme)
    except (urllib.error.URLError, OSError, ValueError) as error:
        return f"notification to {url} failed: {getattr(error, 'reason', error)}"
    return None


def through_block(name: str, sent: dict[str, Any]) -> str | None:
    """Send `sent` through the Prefect notification block `name` ("block-type/block-name");
    return why it failed, or None. Imports Prefect: call it with PREFECT_API_URL set."""
    from prefect.blocks.abstract import NotificationBlock
    from prefect.blocks.core import Block

    try:
        block = Block.load(name, validate=False)
        if not isinstance(block, NotificationBlock):
            return f"Prefect block {name!r} is not a notification block"
        send: Any = block.notify  # sync_compatible: typed as a coroutine, runs at once here
        send(sent["summary"], subject=f"puzzlebank {sent['bank']}: {sent['event']}")
    except Exception as error:  # a block's own failure (its service, its settings) of any kind
        return f"notification through Prefect block {name!r} failed: {error}"
    return None
