"""Notifications: a webhook gets the message POSTed as JSON once, only for the events asked for;
a Prefect notification block named in the spec delivers it too; a failed delivery comes back as a
reason and never raises. Against a local HTTP server."""

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from pipeline.bankspec import Notify
from pipeline.notify import message, notify


class Hook(BaseHTTPRequestHandler):
    """Keeps every POST's path and JSON body in the server's `received`."""

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.server.received.append((self.path, json.loads(body)))  # type: ignore[attr-defined]
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        """Print nothing."""


@pytest.fixture
def hook() -> Iterator[ThreadingHTTPServer]:
    """Yield a local HTTP server that records the JSON POSTed to it."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    server.received = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    thread.join()


def url_of(server: ThreadingHTTPServer, path: str = "/hook") -> str:
    return f"http://127.0.0.1:{server.server_address[1]}{path}"


def test_a_webhook_gets_the_message_once_and_only_for_the_events_asked_for(hook):
    settings = Notify(url_of(hook), None, ("failure",))
    sent = message("failure", "app", "app: failed: the disk is full", "http://ui/run")
    assert notify(settings, sent) == []
    assert notify(settings, message("shortfall", "app", "short", None)) == []
    assert hook.received == [("/hook", sent)]
    assert sent["event"] == "failure" and sent["summary"] == "app: failed: the disk is full"


def test_an_unreachable_webhook_is_a_reason_not_an_error(hook):
    port = hook.server_address[1]
    hook.shutdown()
    hook.server_close()
    problems = notify(Notify(f"http://127.0.0.1:{port}/hook", None, ("failure",)),
                      message("failure", "app", "x", None))
    assert len(problems) == 1 and problems[0].startswith(f"notification to http://127.0.0.1:{port}")


@pytest.mark.flow
def test_a_prefect_notification_block_delivers_the_message(prefect_api, hook):
    from prefect.blocks.notifications import CustomWebhookNotificationBlock

    CustomWebhookNotificationBlock(
        name="ops", url=url_of(hook, "/block"), allow_private_urls=True,
        json_data={"text": "{{subject}}: {{body}}"},
    ).save("puzzlebank-ops", overwrite=True)
    sent = message("shortfall", "app", "app: short: 7x7/probe made 1 of 3", None)
    assert notify(Notify(None, "custom-webhook/puzzlebank-ops", ("shortfall",)), sent) == []
    assert hook.received == [("/block", {"text": "puzzlebank app: shortfall: app: short: "
                                                 "7x7/probe made 1 of 3"})]
    missing = notify(Notify(None, "custom-webhook/none-such", ("shortfall",)), sent)
    assert len(missing) == 1 and "Prefect block 'custom-webhook/none-such'" in missing[0]
