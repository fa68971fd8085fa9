"""Imported first by the worker pool's fork server (see pipeline.forkserver), before any other
code: the fork server dies with the process that started it (whose pid is in PARENT_ENV), and
every worker it forks dies with the fork server, from the first instruction after the fork.

So a CLI killed with SIGKILL at any moment takes the fork server and its workers with it: a
worker's parent-death signal is set before any code of ours or of Prefect runs in it. Nothing
imports this module but the fork server.
"""

import os
import signal

from pipeline.forkserver import PARENT_ENV
from pipeline.lifetimes import die_with_parent


def _guard_child(server: int = os.getpid()) -> None:
    """Run in each forked worker right after the fork: die with the fork server `server`."""
    die_with_parent(signal.SIGKILL, parent=server)


if PARENT_ENV in os.environ:
    die_with_parent(signal.SIGKILL, parent=int(os.environ[PARENT_ENV]))
    os.register_at_fork(after_in_child=_guard_child)
    # SIGINT is the CLI's (a Ctrl-C on the terminal reaches its whole process group; the CLI ends
    # the workers itself, see pool.abandon): ignored here before the fork server saves its
    # handlers, so every worker it forks gets them restored as ignoring SIGINT too.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
