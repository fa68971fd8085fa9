"""Types of the compiled Slant brute-force counter (_brute.c)."""

def count(width: int, height: int, clues: bytes, limit: int,
          max_nodes: int) -> tuple[list[bytes], int, bool]: ...
