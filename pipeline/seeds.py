"""Derived seeds: every board of a build gets its own 64-bit seed from where it sits in the plan.

A board sits at (master seed, size, grade, batch index, position in the batch); hashing that
address gives its seed, so a board's puzzle depends only on its address, never on which worker
ran it or in what order.
"""

import hashlib


def derive_seed(master: int, size: str, grade: str, batch: int, position: int) -> int:
    """Return the 64-bit seed (0 <= seed < 2**64) of board `position` of a bucket's batch `batch`.

    The seed is the first 8 bytes (big-endian) of sha256 over the address as text.
    """
    address = f"puzzlebank/seed/v1:{master}:{size}:{grade}:{batch}:{position}"
    return int.from_bytes(hashlib.sha256(address.encode()).digest()[:8], "big")
