"""Who owns the Prefect server: one the operator names (--api, PREFECT_API_URL, a profile), the
root's long-lived `puzzlebank server`, else a private one per command; never a borrowed one."""

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.server import (
    RECORD,
    ServerError,
    configured_api,
    free_port,
    is_healthy,
    local_server,
    served,
)

PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))
TINY = ("--genre", "slant", "--size", "4x4", "--per-grade", "1", "--grade", "count")
RUN_LINE = re.compile(r"^prefect run: (http://127\.0\.0\.1:(\d+))/flow-runs/flow-run/[-0-9a-f]+$",
                      re.MULTILINE)


def unconfigured_env(tmp_path):
    """Return os.environ with no API named: no PREFECT_API_URL, no profile."""
    env = {name: value for name, value in os.environ.items() if name != "PREFECT_API_URL"}
    return env | {"PREFECT_PROFILES_PATH": str(tmp_path / "no-profiles.toml")}


def test_a_closed_port_is_not_a_healthy_server():
    assert not is_healthy(f"http://127.0.0.1:{free_port()}/api", timeout=0.5)


def test_a_configured_url_that_does_not_answer_is_one_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv("PREFECT_API_URL", f"http://127.0.0.1:{free_port()}/api")
    with pytest.raises(ServerError, match="does not answer /health"), local_server(tmp_path):
        pass


def test_analytics_and_telemetry_are_off_for_every_run(tmp_path, monkeypatch):
    monkeypatch.setenv("PREFECT_API_URL", f"http://127.0.0.1:{free_port()}/api")
    monkeypatch.delenv("DO_NOT_TRACK", raising=False)
    with pytest.raises(ServerError), local_server(tmp_path):
        pass
    assert os.environ["DO_NOT_TRACK"] == "1"
    assert os.environ["PREFECT_SERVER_ANALYTICS_ENABLED"] == "false"


def test_api_beats_the_environment_which_beats_the_active_profile(tmp_path, monkeypatch):
    profiles = tmp_path / "profiles.toml"
    profiles.write_text('active = "ops"\n[profiles.ops]\n'
                        'PREFECT_API_URL = "http://profile:4200/api"\n')
    monkeypatch.setenv("PREFECT_PROFILES_PATH", str(profiles))
    monkeypatch.delenv("PREFECT_PROFILE", raising=False)
    monkeypatch.delenv("PREFECT_API_URL", raising=False)
    assert configured_api() == "http://profile:4200/api"
    monkeypatch.setenv("PREFECT_API_URL", "http://env:4200/api")
    assert configured_api() == "http://env:4200/api"
    assert configured_api("http://flag:4200/api") == "http://flag:4200/api"
    monkeypatch.delenv("PREFECT_API_URL")
    profiles.write_text('active = "local"\n[profiles.local]\n')
    assert configured_api() is None


@pytest.mark.flow
def test_a_configured_server_is_reused_as_it_is(prefect_api, tmp_path):
    with local_server(tmp_path) as url:
        assert url == prefect_api
    assert not (tmp_path / ".prefect").exists()


@pytest.mark.flow
def test_the_roots_running_server_is_used_and_a_stale_record_is_not(prefect_api, tmp_path,
                                                                  monkeypatch):
    record = tmp_path / ".prefect" / RECORD
    record.parent.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    record.write_text(json.dumps({"pid": int(dead), "url": prefect_api}))
    assert served(tmp_path) is None
    record.write_text(json.dumps({"pid": os.getpid(), "url": prefect_api}))
    monkeypatch.delenv("PREFECT_API_URL")
    monkeypatch.setenv("PREFECT_PROFILES_PATH", str(tmp_path / "none.toml"))
    with local_server(tmp_path) as url:
        assert url == prefect_api and os.environ["PREFECT_API_URL"] == url


@pytest.mark.flow
def test_two_builds_started_together_each_run_and_stop_a_private_server(tmp_path):
    env = unconfigured_env(tmp_path)
    builds = [subprocess.Popen([PUZZLEBANK, "build", bank, *TINY, "--root", str(tmp_path)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
              for bank in ("first", "second")]
    outputs = [build.communicate(timeout=600) for build in builds]
    assert [build.returncode for build in builds] == [0, 0], outputs
    ports = [RUN_LINE.search(out).group(2) for out, _ in outputs]
    assert ports[0] != ports[1]
    assert not any(is_healthy(f"http://127.0.0.1:{port}/api", timeout=0.5) for port in ports)
    assert not list((tmp_path / ".prefect").glob("private-*"))  # the second one's home is gone


@pytest.mark.flow
def test_puzzlebank_server_serves_the_roots_builds_until_sigterm(tmp_path):
    env = unconfigured_env(tmp_path)
    port = free_port()
    server = subprocess.Popen([PUZZLEBANK, "server", "--root", str(tmp_path), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = server.stdout.readline()
        assert f"UI at http://127.0.0.1:{port}" in line, line + server.stderr.read()
        assert served(tmp_path) == f"http://127.0.0.1:{port}/api"
        build = subprocess.run([PUZZLEBANK, "build", "b", *TINY, "--root", str(tmp_path)],
                               capture_output=True, text=True, env=env, timeout=600)
        assert build.returncode == 0, build.stdout + build.stderr
        assert RUN_LINE.search(build.stdout).group(2) == str(port)
        assert is_healthy(f"http://127.0.0.1:{port}/api")  # the build left it running
    finally:
        server.send_signal(signal.SIGTERM)
        status = server.wait(timeout=60)
    assert status == 0
    assert not (tmp_path / ".prefect" / RECORD).exists()
    assert not is_healthy(f"http://127.0.0.1:{port}/api", timeout=0.5)
