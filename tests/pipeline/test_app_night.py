"""An app's night from its spec file: `build --spec` builds every bank in one process and one
parent flow run, each bank with all its genres one commit, prints each outcome line and extends
the calendars; a run whose build
fails, run by a served `schedule --spec` deployment, is in `history` with its reason, notifies
once and prints its line; `schedule --spec` deploys that flow;
a bad spec is one line before any server starts."""

import json
import os
import signal
import subprocess
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from pydantic import TypeAdapter

from banks import BankStore
from pipeline.jobs import AppBank

SPEC = """
[banks.app]
seed = 5
plan_days = 2
[[banks.app.genres]]
genre = "slant"
sizes = ["4x4"]
per_grade = 2
grades = ["count", "cycle"]
[[banks.app.genres]]
genre = "colorsort"
sizes = ["4x4"]
per_grade = 2
grades = ["easy"]
"""


@pytest.fixture(scope="module")
def nightly(prefect_api):
    """Import the flows before any test captures output (see test_schedule.flows)."""
    import pipeline.nightly

    return pipeline.nightly


def spec_file(tmp_path, text=SPEC, extra=""):
    path = tmp_path / "app.toml"
    path.write_text(extra + text)
    return path


@pytest.mark.flow
def test_build_spec_builds_a_bank_of_two_genres_as_one_commit_and_plans_the_calendar(
        nightly, cli, tmp_path):
    root = tmp_path / "banks"
    run = cli("build", "--spec", spec_file(tmp_path), "--root", root)
    assert run.status == 0, run.out + run.err
    lines = [line for line in run.out.splitlines() if line.startswith("app:")]
    assert lines[0] == "app: published version 0: 6 puzzles in 3 buckets"
    assert lines[1].startswith("app: calendar planned through ")
    snapshot = BankStore(root).snapshot("app")
    assert snapshot.version == 0
    assert snapshot.manifest(0).buckets == {"colorsort/4x4/easy": 2, "slant/4x4/count": 2,
                                            "slant/4x4/cycle": 2}
    assert cli("verify", "app", "--root", root).status == 0
    day = json.loads(cli("day", "app", "--root", root, "--json").out)
    assert len(day["puzzles"]) == 3  # slant count, slant cycle, colorsort easy
    again = cli("build", "--spec", spec_file(tmp_path), "--root", root)
    assert again.status == 3, again.out + again.err
    assert "app: already published as version 0; nothing built" in again.out
    assert cli("build", "--spec", spec_file(tmp_path), "--root", root,
               "--ok-if-published").status == 0


class Hook(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.server.received.append(json.loads(body))  # type: ignore[attr-defined]
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: object) -> None:
        """Print nothing."""


@pytest.mark.flow
def test_a_scheduled_run_that_fails_is_in_history_and_notifies_once(
        nightly, cli, prefect_api, tmp_path):
    from prefect import get_client
    from prefect.deployments import run_deployment

    from tests.pipeline.test_shadowing import PUZZLEBANK, registered

    server = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    server.received = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    hook = f'[notify]\nwebhook = "http://127.0.0.1:{server.server_address[1]}/hook"\n'
    root = tmp_path / "banks"
    (root / "app" / ".lock").mkdir(parents=True)  # the bank cannot be written
    schedule = subprocess.Popen(  # served as in production; a run now instead of a cron tick
        [PUZZLEBANK, "schedule", "--spec", str(spec_file(tmp_path, SPEC, hook)), "--cron",
         "0 3 1 1 *", "--root", str(root)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=os.environ | {"PREFECT_RUNNER_POLL_FREQUENCY": "1"},
        start_new_session=True)
    try:
        assert schedule.stdout is not None
        assert "building on" in schedule.stdout.readline()  # the deployment is being served
        deadline = time.monotonic() + 600
        with get_client(sync_client=True) as client:
            while not registered(client, "build-app/app"):
                assert time.monotonic() < deadline and schedule.poll() is None
                time.sleep(0.5)
        run = run_deployment("build-app/app", timeout=600, poll_interval=1)
    finally:
        os.killpg(schedule.pid, signal.SIGTERM)
        out, err = schedule.communicate(timeout=120)
        server.shutdown()
        thread.join()
    assert run.state is not None and run.state.is_failed(), err
    assert out.count("app: build failed: ") == 1, out + err
    assert out.count("app: calendar failed: ") == 1  # and told once, with the build's failure
    assert out.count("app/.lock: cannot open the bank's lock (Is a directory)") == 1
    history = cli("history", "app", "--root", root)
    assert history.status == 0, history.err
    assert history.out.count("run failed: ") == 1
    events = server.received  # type: ignore[attr-defined]
    assert [(e["event"], e["bank"]) for e in events] == [("failure", "app")], events
    assert events[0]["summary"].startswith("app: build failed: ")


@pytest.mark.flow
def test_schedule_spec_deploys_the_apps_night(nightly, cli, prefect_api, tmp_path, monkeypatch):
    from prefect import get_client

    import pipeline.schedule

    served = []
    monkeypatch.setattr(pipeline.schedule, "serve_deployment",
                        lambda deployment, home: served.append(deployment.apply()))
    run = cli("schedule", "--spec", spec_file(tmp_path), "--cron", "0 3 * * *", "--root",
              tmp_path / "banks", "--plan-days", "7")
    assert run.status == 0, run.err
    with get_client(sync_client=True) as client:
        stored = client.read_deployment_by_name("build-app/app")
    assert served == [stored.id]
    [bank] = TypeAdapter(list[AppBank]).validate_python(stored.parameters["banks"])
    assert [genre.genre for genre in bank.job.genres] == ["slant", "colorsort"]
    assert (bank.job.advance_seed, bank.plan_days, bank.per_bucket) == (True, 7, 1)
    assert stored.parameters["timezone"] == "UTC"


@pytest.mark.parametrize(("text", "message"), [
    (SPEC.replace('genre = "colorsort"', 'genre = "sudoku"'), "unknown genre 'sudoku'"),
    (SPEC.replace("seed = 5", "sead = 5"), "banks.app.sead: unknown key"),
])
def test_a_bad_spec_is_one_line_before_any_server(cli, tmp_path, text, message):
    run = cli("build", "--spec", spec_file(tmp_path, text), "--root", tmp_path / "banks",
              "--api", "http://127.0.0.1:9/api")
    assert run.status == 2 and run.err.count("\n") == 1 and message in run.err
    assert not (tmp_path / "banks" / ".prefect").exists()


def test_spec_and_a_bank_do_not_mix(cli, tmp_path):
    run = cli("build", "app", "--spec", spec_file(tmp_path), "--root", tmp_path)
    assert run.status == 2 and "--spec builds the file's banks; give no BANK" in run.err
    lacking = cli("build", "app", "--genre", "slant", "--root", tmp_path)
    assert lacking.status == 2 and "required: --size, --per-grade (or --spec FILE)" in lacking.err
