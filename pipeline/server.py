"""The Prefect server a build or verify runs its flows against, and who owns it.

Why: a flow run's state, logs and artifacts need a server that outlives one command's imports,
and in Prefect's "ephemeral" mode (no PREFECT_API_URL) each process that touches the API starts
a temporary one of its own; the build's workers never do (they run plain callables, not Prefect
tasks), so one server serves the whole command. Ownership, in this order (see `local_server`):
1. a server the operator names: `--api URL`, PREFECT_API_URL, or the active Prefect profile's
   PREFECT_API_URL; it must answer;
2. the long-lived `puzzlebank server` of the same root (`serve`), found by the record it keeps
   in `<root>/.prefect/server.json` while it runs;
3. else a private server on a free port, started for this command and stopped at its end.
A server some other process started on some port is never borrowed: it may stop mid-build.
Vocabulary: *url* is a Prefect API url ending in /api, *home* a PREFECT_HOME folder. Prefect
itself is not imported here: the health check is plain HTTP.
"""

import contextlib
import fcntl
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import tomllib
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

from pipeline.lifetimes import die_with_parent

QUIET_ENV = {"PREFECT_SERVER_ANALYTICS_ENABLED": "false", "DO_NOT_TRACK": "1"}
HOST = "127.0.0.1"
DEFAULT_PORT = 4200
STARTUP_TIMEOUT = 120.0
START_TRIES = 3  # a free port may be taken by another process before the server binds it
RECORD = "server.json"


class ServerError(RuntimeError):
    """The Prefect server could not be reached or started; str() is one line."""


def quiet_environment() -> None:
    """Switch off Prefect's analytics and telemetry for this process and its children."""
    os.environ.update(QUIET_ENV)


def ui_address(url: str) -> str:
    """Return the Prefect UI address of an API url (the url without its /api)."""
    return url.rstrip("/").removesuffix("/api")


def is_healthy(url: str, timeout: float = 2.0) -> bool:
    """Return True when `url`/health answers that the Prefect API is up."""
    try:
        with urllib.request.urlopen(f"{url.rstrip('/')}/health", timeout=timeout) as answer:
            status: int = answer.status
            return status == 200 and answer.read().strip() == b"true"
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
        port: int = probe.getsockname()[1]
        return port


def configured_api(api: str | None = None) -> str | None:
    """Return the API url the operator named: `api`, else PREFECT_API_URL, else the active
    Prefect profile's PREFECT_API_URL (profiles.toml, read without importing Prefect)."""
    if api:
        return api
    if os.environ.get("PREFECT_API_URL"):
        return os.environ["PREFECT_API_URL"]
    home = Path(os.environ.get("PREFECT_HOME", Path.home() / ".prefect")).expanduser()
    path = Path(os.environ.get("PREFECT_PROFILES_PATH", home / "profiles.toml")).expanduser()
    try:
        profiles = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return None
    name = os.environ.get("PREFECT_PROFILE") or profiles.get("active")
    profile = profiles.get("profiles", {}).get(name, {}) if isinstance(name, str) else {}
    url = profile.get("PREFECT_API_URL") if isinstance(profile, dict) else None
    return url if isinstance(url, str) and url else None


def home_of(root: str | Path) -> Path:
    """Return the Prefect home of a root: <root>/.prefect (made if missing; for a root in a
    bucket, in this machine's cache: banks.places.local_home)."""
    from banks.places import local_home

    home = local_home(root) / ".prefect"
    home.mkdir(parents=True, exist_ok=True)
    return home


def served(root: str | Path) -> str | None:
    """Return the url of the root's running `puzzlebank server`, or None when none runs."""
    from banks.places import local_home

    record = local_home(root) / ".prefect" / RECORD
    try:
        entry = json.loads(record.read_text())
        os.kill(int(entry["pid"]), 0)
        url = str(entry["url"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return url if is_healthy(url) else None


@contextlib.contextmanager
def local_server(
    root: str | Path, api: str | None = None, while_starting: Callable[[], None] | None = None
) -> Iterator[str]:
    """Yield the url of a healthy Prefect API, with PREFECT_API_URL set to it in os.environ.

    The server is the one named, the root's `puzzlebank server`, or a private one (see the
    module); `while_starting` is called once PREFECT_API_URL is set, before any wait for a
    server to start, so work that needs the url but not the server overlaps with the start.
    Raises ServerError when no healthy API comes of it.
    """
    quiet_environment()
    url = configured_api(api)
    if url is None:
        url = served(root)
    if url is not None:
        if not is_healthy(url):
            raise ServerError(f"the Prefect API {url} does not answer /health")
        with _environ(PREFECT_API_URL=url):
            if while_starting:
                while_starting()
            yield url
        return
    with _private_home(root) as home, _environ(PREFECT_HOME=str(home)):
        for attempt in range(START_TRIES):
            port = free_port()
            url = f"http://{HOST}:{port}/api"
            with _environ(PREFECT_API_URL=url), _started(home, port) as process:
                if while_starting and attempt == 0:
                    while_starting()
                if _wait_until_healthy(url, process, home, last=attempt == START_TRIES - 1):
                    yield url
                    return


@contextlib.contextmanager
def _private_home(root: str | Path) -> Iterator[Path]:
    """Yield the home of a private server: the root's own, or, while another private server
    uses that one, a temporary one inside it (removed afterwards)."""
    home = home_of(root)
    with open(home / "private.lock", "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            with tempfile.TemporaryDirectory(prefix="private-", dir=home) as other:
                yield Path(other)
            return
        yield home


@contextlib.contextmanager
def serve(root: str | Path, port: int | None = None) -> Iterator[str]:
    """Run the root's long-lived server for the block (see `puzzlebank server`) and yield its
    url: on `port` (default DEFAULT_PORT, or a free port when that is taken), home
    <root>/.prefect, recorded in <root>/.prefect/server.json so builds of the root use it.
    ServerError when the root's server already runs or the port is taken."""
    from banks.places import resolved

    quiet_environment()
    if served(root):
        raise ServerError(f"a puzzlebank server of {resolved(root)} already runs at "
                          f"{ui_address(served(root) or '')}")
    if port is None:
        port = DEFAULT_PORT if port_is_free(DEFAULT_PORT) else free_port()
    elif not port_is_free(port):
        raise ServerError(f"port {port} is taken")
    home = home_of(root)
    url = f"http://{HOST}:{port}/api"
    record = home / RECORD
    with _environ(PREFECT_HOME=str(home), PREFECT_API_URL=url), _started(home, port) as process:
        _wait_until_healthy(url, process, home, last=True)
        record.write_text(json.dumps({"pid": os.getpid(), "url": url}))
        try:
            yield url
        finally:
            with contextlib.suppress(FileNotFoundError):
                if json.loads(record.read_text()).get("pid") == os.getpid():
                    record.unlink()


def wait_for_stop() -> None:
    """Return when SIGINT or SIGTERM arrives (a long-lived server's main loop)."""
    stop = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, stop)
    try:
        signal.sigwait(stop)
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stop)


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
def _started(home: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """Run `prefect server start` on HOST:`port` for the block, its output in home/server.log."""
    command = [sys.executable, "-m", "prefect", "server", "start",
               "--host", HOST, "--port", str(port)]
    with open(home / "server.log", "ab") as log:
        process = subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            env=os.environ | QUIET_ENV, preexec_fn=_server_child(os.getpid()),
            process_group=0,  # a Ctrl-C on the terminal is the CLI's to handle, not the server's
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


def _server_child(parent: int) -> Callable[[], None]:
    """Return the server's preexec_fn: die with `parent` (see lifetimes.die_with_parent)."""
    return lambda: die_with_parent(signal.SIGTERM, parent)


def _wait_until_healthy(
    url: str, process: subprocess.Popen[bytes], home: Path, last: bool
) -> bool:
    """Return True once `url` is healthy; False when the server exits early and this is not
    the `last` try (its port was taken meanwhile); else ServerError, as when STARTUP_TIMEOUT
    passes."""
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while not is_healthy(url, timeout=1.0):
        if process.poll() is not None:
            if not last:
                return False
            raise ServerError(f"prefect server exited with status {process.returncode}; "
                              f"see {home / 'server.log'}")
        if time.monotonic() > deadline:
            raise ServerError(f"prefect server not healthy after {STARTUP_TIMEOUT:.0f} s; "
                              f"see {home / 'server.log'}")
        time.sleep(0.1)
    return True

