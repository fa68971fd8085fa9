"""SIGINT and SIGTERM at any moment of a command that writes nothing, through the real script:
exit 130 or 143 and exactly the one line of pipeline/stops.py, never a KeyboardInterrupt
traceback, an OR-tools `ImportError: initialization failed` or a silent death (issue 30).

Each run waits until the program has set its handlers (the SIGTERM bit of SigCgt in
/proc/PID/status: Python itself catches only SIGINT) and then lets the command go on for a
delay before the signal, so the signal lands while the command's modules load (Prefect-free
solve: polars, OR-tools) or while it solves, whatever the machine's speed.
"""

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pipeline.stops import stopped_line
from tests.terminal import sigint_at_its_default

SCRIPT = Path(sys.executable).parent / "puzzlebank"
HANG_GUARD = 120  # seconds: a stop that takes this long has failed, whatever the machine
BLANK_SLANT = ",".join(["." * 20] * 20)  # seconds of work (9 s on an idle machine): counts, grade


def catches(pid: int, signum: int) -> bool:
    """Return whether process `pid` has a handler for `signum` (its SigCgt mask)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    return False


def stopped_after(args: list[str], sent: signal.Signals, delay: float) -> tuple[int, bytes]:
    """Start the script with `args`, send `sent` `delay` seconds after its handlers are set;
    return its exit status and stderr."""
    with sigint_at_its_default():  # the program keeps an inherited SIG_IGN (stops.py)
        process = subprocess.Popen([SCRIPT, *args], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE)
    with process:
        deadline = time.monotonic() + HANG_GUARD
        while not catches(process.pid, signal.SIGTERM):
            assert process.poll() is None and time.monotonic() < deadline
        time.sleep(delay)
        process.send_signal(sent)
        _, err = process.communicate(timeout=HANG_GUARD)
    return process.returncode, err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sent", [signal.SIGINT, signal.SIGTERM])
@pytest.mark.parametrize("delay", [0.0, 0.05, 0.1, 0.2, 0.35, 0.6])
def test_a_stop_at_any_moment_of_solve_is_one_line_and_128_plus_the_signal(sent, delay):
    status, err = stopped_after(["solve", "slant", BLANK_SLANT], sent, delay)
    assert status == 128 + sent
    assert err == stopped_line(sent).encode()


def test_a_background_jobs_ignored_sigint_stays_ignored():
    code = ("import signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
            "from pipeline.stops import end_at_once, stop_at_once\n"
            "stop_at_once()\n"
            "sys.exit(signal.getsignal(signal.SIGINT) is signal.SIG_IGN\n"
            "         and signal.getsignal(signal.SIGTERM) is end_at_once and 7)")
    assert subprocess.run([sys.executable, "-c", code], timeout=HANG_GUARD).returncode == 7
