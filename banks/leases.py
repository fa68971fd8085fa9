"""Leases: how builds of a bank in a bucket, which take no lock, tell a dead build's data files
from a live one's.

A build writing to a bucket puts _leases/<build id>.json ({host, pid, renewed}: the unix time it
last said it was alive) before its first data file, renews it every RENEW seconds from a daemon
thread, and deletes it once it has committed or discarded. A build is *live* while its lease was
renewed less than STALE seconds ago and, when it runs on this machine, its process still runs:
so a build killed here is dead at once, and one killed elsewhere after STALE seconds. The next
build removes the data files of builds that are not live (BankWriter.clear_leftovers).
"""

import json
import os
import socket
import threading
import time
from typing import Any

from banks.durable import owner_is_gone
from banks.errors import BankError
from banks.places import S3Place

LEASES_DIR = "_leases"
RENEW = 10.0  # seconds between renewals
STALE = 60.0  # seconds without a renewal after which a build elsewhere counts as dead


class Lease:
    """A build's lease in its bank's bucket, renewed until end()."""

    def __init__(self, place: S3Place, build_id: str) -> None:
        self.place, self.name = place, f"{LEASES_DIR}/{build_id}.json"
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.keep, name=f"lease {build_id}", daemon=True)

    @classmethod
    def take(cls, place: S3Place, build_id: str) -> "Lease":
        """Put the lease of build `build_id` and start renewing it; return it."""
        lease = cls(place, build_id)
        lease.renew()
        lease.thread.start()
        return lease

    def renew(self) -> None:
        """Put the lease with the time now."""
        body = {"host": socket.gethostname(), "pid": os.getpid(), "renewed": time.time()}
        self.place.write(self.name, json.dumps(body, sort_keys=True).encode())

    def keep(self) -> None:
        """Renew the lease every RENEW seconds until end() (a failed renewal is retried)."""
        while not self.stopped.wait(RENEW):
            try:
                self.renew()
            except BankError:
                continue

    def end(self) -> None:
        """Stop renewing and delete the lease."""
        self.stopped.set()
        if self.thread.is_alive() and self.thread is not threading.current_thread():
            self.thread.join()
        self.place.delete(self.name)


def live_builds(place: S3Place) -> set[str]:
    """Return the ids of the builds of the bank whose lease says they are alive."""
    live = set()
    for name in place.names(LEASES_DIR):
        try:
            lease: dict[str, Any] = json.loads(place.read(name))
            host, pid, renewed = str(lease["host"]), str(lease["pid"]), float(lease["renewed"])
        except (FileNotFoundError, ValueError, TypeError, KeyError):
            continue
        fresh = time.time() - renewed < STALE
        here_and_gone = host == socket.gethostname() and owner_is_gone(pid) \
            and int(pid) != os.getpid()
        if fresh and not here_and_gone:
            live.add(name.rpartition("/")[2].removesuffix(".json"))
    return live
