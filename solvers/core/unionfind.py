"""A union-find over 0..n-1 that can roll back its unions (for depth-first search)."""


class RollbackUnionFind:
    """Disjoint sets with union by size and no path compression, so unions undo in O(1).

    `union` returns False (and changes nothing) when the two are already joined.
    """

    def __init__(self, n: int) -> None:
        self.parent = list(range(n))
        self.size = [1] * n
        self.history: list[int] = []

    def find(self, x: int) -> int:
        """Return the representative of x's set."""
        parent = self.parent
        while parent[x] != x:
            x = parent[x]
        return x

    def union(self, a: int, b: int) -> bool:
        """Join the sets of a and b; return False if they were already one set."""
        a, b = self.find(a), self.find(b)
        if a == b:
            return False
        if self.size[a] < self.size[b]:
            a, b = b, a
        self.parent[b] = a
        self.size[a] += self.size[b]
        self.history.append(b)
        return True

    def mark(self) -> int:
        """Return a point to `rollback` to."""
        return len(self.history)

    def rollback(self, mark: int) -> None:
        """Undo every union made since `mark`."""
        while len(self.history) > mark:
            b = self.history.pop()
            a = self.parent[b]
            self.size[a] -= self.size[b]
            self.parent[b] = b
