"""The errors a genre raises when it is handed something it cannot read, or cannot run."""


class PuzzleFormatError(ValueError):
    """A puzzle or solution text that does not parse.

    `row` and `col` are 0-based positions in the text's grid (None where the fault is not at a
    place, e.g. a wrong number of rows); `reason` says what is wrong there.
    """

    def __init__(self, reason: str, row: int | None = None, col: int | None = None) -> None:
        self.reason = reason
        self.row = row
        self.col = col
        where = []
        if row is not None:
            where.append(f"row {row}")
        if col is not None:
            where.append(f"column {col}")
        super().__init__(f"{', '.join(where)}: {reason}" if where else reason)


class UnknownGenreError(KeyError):
    """A genre name that the registry does not know."""

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        self.name = name
        self.known = known
        super().__init__(name)
        self.message = f"unknown genre {name!r} (known: {', '.join(known)})"

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[type["UnknownGenreError"], tuple[str, tuple[str, ...]]]:
        """Pickle as the call that makes it again (a worker's error comes back whole)."""
        return type(self), (self.name, self.known)


class StaleKernelError(ImportError):
    """A genre's compiled kernel built from older C than the Python that calls it (a checkout
    updated without `pip install -e .` again)."""

    def __init__(self, module: str) -> None:
        self.module = module
        super().__init__(f"{module} was built from older code than this checkout: "
                         "run `pip install -e .` again")

    def __reduce__(self) -> tuple[type["StaleKernelError"], tuple[str]]:
        """Pickle as the call that makes it again (a worker's error comes back whole)."""
        return type(self), (self.module,)
