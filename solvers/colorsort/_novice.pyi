"""Types of the compiled novice DFS (_novice.c)."""

def solve(position: bytes, tubes: int, capacity: int,
          node_limit: int) -> tuple[bool, bytes, int, int]: ...
