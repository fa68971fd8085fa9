"""Builds stopped by real signals, sent as a terminal sends them (to the whole process group):
the build ends with 130 (SIGINT) or 143 (SIGTERM) and one line, leaves no process running,
commits and keeps nothing, and its Prefect run is marked Cancelled."""

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from banks import BankStore
from tests.terminal import sigint_at_its_default

pytestmark = pytest.mark.flow

PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))
HANG_GUARD = 120  # seconds: a stop that takes this long has failed, whatever the machine


def running_in_session(session: int) -> list[str]:
    """Return "pid state" of every live (not zombie) process in the session `session`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if int(fields[3]) == session and fields[0] != "Z":
                found.append(f"{entry.name} {fields[0]}")
    return found


def settled(session: int) -> list[str]:
    """Return what still runs in the session once it has had HANG_GUARD seconds to end (the
    resource tracker, say, ends just after the CLI: it waits for the CLI's pipe to close)."""
    deadline = time.monotonic() + HANG_GUARD
    while (found := running_in_session(session)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return found


def catches(pid: int, signum: int) -> bool:
    """Return whether process `pid` has a handler for `signum` (its SigCgt mask)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    return False


@pytest.fixture
def start_build():
    """Return start(*args, **popen): `puzzlebank build ARGS` in a session of its own; what of
    it still runs when the test ends (a stop that failed) is killed with its process group."""
    started: list[subprocess.Popen[str]] = []

    def start(*args: object, **popen: object) -> subprocess.Popen[str]:
        with sigint_at_its_default():  # the program keeps an inherited SIG_IGN (stops.py)
            build = subprocess.Popen([PUZZLEBANK, "build", *map(str, args)], text=True,
                                     start_new_session=True, **popen)  # type: ignore[call-overload]
        started.append(build)
        return build

    yield start
    for build in started:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(build.pid, signal.SIGKILL)
        build.wait()


def run_state(bank: str) -> str:
    """Return the state type of the one flow run named "build BANK"."""
    from prefect import get_client
    from prefect.client.schemas.filters import FlowRunFilter, FlowRunFilterName

    with get_client(sync_client=True) as client:
        runs = client.read_flow_runs(
            flow_run_filter=FlowRunFilter(name=FlowRunFilterName(any_=[f"build {bank}"])))
    assert len(runs) == 1 and runs[0].state is not None
    return runs[0].state.type.value


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize(("sent", "workers", "status"), [
    (signal.SIGINT, 2, 130),
    (signal.SIGTERM, 1, 143),
])
def test_a_signal_stops_a_build_in_one_line_and_leaves_nothing(prefect_api, tmp_path, start_build,
                                                               sent, workers, status):
    bank = f"stopped{workers}"
    build = start_build(bank, "--genre", "slant", "--size", "30x30", "--per-grade", "30",
                        "--seed", "3", "--workers", workers, "--root", tmp_path,
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert build.stdout is not None
    assert build.stdout.readline().startswith("prefect run: ")  # the flow is running
    os.killpg(build.pid, sent)
    _, err = build.communicate(timeout=HANG_GUARD)
    assert build.returncode == status
    name = signal.Signals(sent).name
    assert err.startswith(f"puzzlebank: stopped by {name}: nothing half-written")
    assert err.count("\n") == 1
    assert settled(build.pid) == []
    assert BankStore(tmp_path).latest(bank) is None
    assert not list((tmp_path / bank).glob("*.parquet"))
    assert run_state(bank) == "CANCELLED"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sent", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
@pytest.mark.parametrize("moment", [0.1, 0.3, 0.5, 8, 13])
def test_a_signal_at_any_moment_of_a_build_is_one_line_and_its_status(prefect_api, tmp_path,
                                                                      start_build, sent, moment):
    """The moments, from the program's first instruction (its handlers set): its imports
    (0.1-0.5 s), and the build under way (8-13 s: the server's start on a loaded machine, the
    flow's start, the pool, the fill)."""
    build = start_build("any", "--genre", "slant", "--size", "30x30", "--per-grade", "30",
                        "--seed", "3", "--workers", "2", "--root", tmp_path,
                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + HANG_GUARD
    while not catches(build.pid, signal.SIGTERM):  # Python itself catches only SIGINT
        assert build.poll() is None and time.monotonic() < deadline
    time.sleep(moment)  # the moment of the stop: what must hold holds at any moment
    os.killpg(build.pid, sent)
    _, err = build.communicate(timeout=HANG_GUARD)
    assert build.returncode == 128 + sent
    assert err.startswith(f"puzzlebank: stopped by {signal.Signals(sent).name}: "), err
    assert err.count("\n") == 1, err
    assert settled(build.pid) == []
    assert BankStore(tmp_path).latest("any") is None
