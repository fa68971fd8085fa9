"""Child processes that do not outlive the CLI: a build killed with SIGKILL leaves no server
holding its port and no pool worker behind.

Vocabulary: the *parent-death signal* (Linux PR_SET_PDEATHSIG) is sent to a process when the
thread that made it ends; setting it races with that death, so `die_with_parent` also checks
that the parent it expects is still the one it has, and exits at once when not.
"""

import contextlib
import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def die_with_parent(sig: int = signal.SIGTERM, parent: int | None = None) -> None:
    """Ask Linux to send this process `sig` when its parent dies (a no-op elsewhere); when
    `parent` is given and is no longer this process's parent, exit at once (status 1).

    Call it in the child: as a Popen preexec_fn, or first thing after a fork.
    """
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, sig)
    if parent is not None and os.getppid() != parent:
        os._exit(1)
