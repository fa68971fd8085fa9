"""The local Prefect server the CLI runs its flows against: reuse one, or start one and stop it.

Why: in Prefect 3.9 "ephemeral" mode (no PREFECT_API_URL) every process-pool worker starts its own
temporary server, which makes parallel tasks slower than serial ones; against one real local
server each task costs about 0.1 s. Vocabulary: *url* is a Prefect API url ending in /api, *home*
a PREFECT_HOME folder. Prefect itself is not imported here: the health check is plain HTTP.
"""

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from pipeline.lifetimes import die_with_parent

QUIET_ENV = {"PREFECT_SERVER_ANALYTICS_ENABLED": "false", "DO_NOT_TRACK": "1"}
HOST = "127.0.0.1"
DEFAULT_PORT = 4200
STARTUP_TIMEOUT = 90.0


class ServerError(RuntimeError):
    """The Prefect server could not be reached or started; str() is one line."""


def quiet_environment() -> None:
    """Switch off Prefect's analytics and telemetry for this process and its children."""
    os.environ.update(QUIET_ENV)


def is_healthy(url: str, timeout: float = 2.0) -> bool:
    """Return True when `url`/health answers that the Prefect API is up."""
    try:
        with urllib.request.urlopen(f"{url.rstrip('/')}/health", timeout=timeout) as answer:
            return answer.status == 200 and answer.read().strip() == b"true"
    except (OSError, ValueError):
        return False


def port_is_free(port: int) -> bool:
    """Return True when nothing listens on HOST:`port`."""
    with socket.socket() as probe:
        try:
            probe.bind((HOST, port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """Return a port on HOST that the system says is free now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def local_server(root: str | Path, port: int = DEFAULT_PORT) -> Iterator[str]:
    """Yield the url of a healthy Prefect API, with PREFECT_API_URL set to it in os.environ.

    Order: a PREFECT_API_URL already configured (it must be healthy); a healthy server already
    listening on `port`; else `prefect server start` on HOST:`port` (or a free port when `port`
    is taken by something else), with PREFECT_HOME `<root>/.prefect`, stopped on exit. Raises
    ServerError when none of these gives a healthy API.
    """
    quiet_environment()
    configured = os.environ.get("PREFECT_API_URL")
    if configured:
        if not is_healthy(configured):
            raise ServerError(f"PREFECT_API_URL={configured} does not answer /health")
        yield configured
        return
    url = f"http://{HOST}:{port}/api"
    if is_healthy(url):
        with _environ(PREFECT_API_URL=url):
            yield url
        return
    if not port_is_free(port):
        port = free_port()
        url = f"http://{HOST}:{port}/api"
    home = Path(root).resolve() / ".prefect"
    home.mkdir(parents=True, exist_ok=True)
    with _environ(PREFECT_HOME=str(home)), _started(home, port) as process:
        _wait_until_healthy(url, process, home)
        with _environ(PREFECT_API_URL=url):
            yield url


@contextlib.contextmanager
def _environ(**values: str) -> Iterator[None]:
    """Set environment variables for the duration of the block, then restore them."""
    saved = {name: os.environ.get(name) for name in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextlib.contextmanager
def _started(home: Path, port: int) -> Iterator[subprocess.Popen]:
    """Run `prefect server start` on HOST:`port` for the block, its output in home/server.log."""
    command = [sys.executable, "-m", "prefect", "server", "start",
               "--host", HOST, "--port", str(port)]
    with open(home / "server.log", "ab") as log:
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            env=os.environ | QUIET_ENV, preexec_fn=die_with_parent,
        )
    try:
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _wait_until_healthy(url: str, process: subprocess.Popen, home: Path) -> None:
    """Return once `url` is healthy; ServerError when the server exits or STARTUP_TIMEOUT passes."""
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while not is_healthy(url, timeout=1.0):
        if process.poll() is not None:
            raise ServerError(f"prefect server exited with status {process.returncode}; "
                              f"see {home / 'server.log'}")
        if time.monotonic() > deadline:
            raise ServerError(f"prefect server not healthy after {STARTUP_TIMEOUT:.0f} s; "
                              f"see {home / 'server.log'}")
        time.sleep(0.2)
