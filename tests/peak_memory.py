"""The peak memory of a command, measured apart from the process that starts it.

Linux carries a process's resident high-water mark across fork and exec: a child started from
pytest (fork, vfork or posix_spawn, then exec) reports in ru_maxrss at least pytest's own peak,
which grows past 1 GB over the whole suite. So the command is started from a small launcher
(`python tests/peak_memory.py RESULT COMMAND...`): the launcher forks a fresh child from its own
few megabytes, execs the command there and writes that child's ru_maxrss, the largest peak of the
command and of every process it waited for (its fork server and workers), to RESULT.
"""

import os
import subprocess
import sys
from pathlib import Path


def run_measured(command: list[str], result: Path, **popen: object) -> tuple[int, int]:
    """Run `command` through the launcher; return (its exit code, its peak RSS in kB)."""
    launcher = subprocess.run([sys.executable, __file__, str(result), *command],
                              check=False, **popen)  # type: ignore[call-overload]
    exit_code, peak_kb = (int(word) for word in result.read_text().split())
    assert launcher.returncode == 0, "the launcher itself failed"
    return exit_code, peak_kb


def launch(result: str, command: list[str]) -> None:
    """Fork, exec `command` in the child, write '<exit code> <peak kB>' to `result`."""
    child = os.fork()
    if child == 0:
        try:
            os.execv(command[0], command)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(child, 0)
    Path(result).write_text(f"{os.waitstatus_to_exitcode(status)} {usage.ru_maxrss}\n")


if __name__ == "__main__":
    launch(sys.argv[1], sys.argv[2:])
