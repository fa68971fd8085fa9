"""Child processes that do not outlive the CLI: a build killed with SIGKILL leaves no server
holding its port and no idle pool worker behind."""

import contextlib
import ctypes
import signal
import sys

PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask Linux to send this process SIGTERM when its parent dies (a no-op elsewhere).

    Call it in the child: as a Popen preexec_fn or a process pool's initializer.
    """
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
