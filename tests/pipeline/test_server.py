"""The CLI's Prefect server: reuse the configured one, else start one and stop it afterwards."""

import os

import pytest

from pipeline.server import ServerError, free_port, is_healthy, local_server


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


@pytest.mark.flow
def test_a_configured_server_is_reused_as_it_is(prefect_api, tmp_path):
    with local_server(tmp_path) as url:
        assert url == prefect_api
    assert not (tmp_path / ".prefect").exists()


@pytest.mark.flow
def test_without_a_server_one_is_started_under_the_root_reused_and_then_stopped(
    tmp_path, monkeypatch
):
    monkeypatch.delenv("PREFECT_API_URL", raising=False)
    port = free_port()
    with local_server(tmp_path, port=port) as url:
        assert url == f"http://127.0.0.1:{port}/api"
        assert is_healthy(url)
        assert os.environ["PREFECT_API_URL"] == url
        assert (tmp_path / ".prefect" / "server.log").is_file()
        monkeypatch.delenv("PREFECT_API_URL")
        with local_server(tmp_path / "other", port=port) as again:  # running on the port: reuse
            assert again == url
        assert is_healthy(url)
    assert not is_healthy(url)
    assert "PREFECT_API_URL" not in os.environ
