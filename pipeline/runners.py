"""The `--dask` choices: a LocalCluster of N worker processes, or a running scheduler.

Vocabulary: a *choice* is the normalised `--dask` text, "local:N" or "tcp://HOST:PORT"; it is
what pipeline.jobs.Compute holds (plain text, so a deployment can store it). Dask is not imported
here (see executors.DaskCluster): the CLI checks a choice before its server is up.
"""

import os
import socket

LOCAL, TCP = "local", "tcp://"
DASK_FORMS = "local, local:N or tcp://HOST:PORT"


def parse_dask(text: str) -> str:
    """Return the choice `text` names ("local" means one worker per core); ValueError if none.

    local:N needs a whole N >= 1; tcp://HOST:PORT a host and a port in 1..65535.
    """
    text = text.strip()
    if text == LOCAL:
        return f"{LOCAL}:{os.cpu_count() or 1}"
    kind, colon, count = text.partition(":")
    if kind == LOCAL and colon:
        if not count.isdecimal() or int(count) < 1:
            raise ValueError(f"--dask {text!r}: the worker count N of local:N must be "
                             "a whole number >= 1")
        return f"{LOCAL}:{int(count)}"
    if text.startswith(TCP):
        host, colon, port = text.removeprefix(TCP).rpartition(":")
        if not (host and colon and port.isdecimal() and 1 <= int(port) <= 65535):
            raise ValueError(f"--dask {text!r}: a scheduler address is tcp://HOST:PORT, "
                             "with a port in 1..65535")
        return f"{TCP}{host}:{int(port)}"
    raise ValueError(f"--dask {text!r}: expected {DASK_FORMS}")


def check_reachable(choice: str, timeout: float = 5.0) -> None:
    """Return when a tcp:// choice's scheduler accepts a connection (at once for local:N);
    ConnectionError naming the address when it does not, so a build fails in one line."""
    if not choice.startswith(TCP):
        return
    host, _, port = choice.removeprefix(TCP).rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as error:
        raise ConnectionError(f"--dask {choice}: no Dask scheduler answers ({error})") from None
