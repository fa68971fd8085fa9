"""Types of the compiled Chesspy sweep (_kernel.c)."""

def sweep(may: tuple[int, int, int, int], free: int, total: int, rooks: int, bishops: int,
          knights: int, rules: int, zeros: bytes,
          numbers: bytes) -> tuple[int, tuple[int, int, int, int], tuple[tuple[int, int], ...]]: ...
