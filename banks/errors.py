"""The errors the bank store raises; each says in one line what is wrong.

A BankError is any refusal (a bad row, an unknown version, a step out of order); a
BankIntegrityError is a bank on disk that does not match what its commits recorded; a
BankBusyError is a bank another process is writing; a BankSchemaError is a row or table that does
not fit the bank schema.
"""


class BankError(Exception):
    """A bank operation that cannot go ahead; str() is one line (the CLI prints it and exits 2)."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))


class BankIntegrityError(BankError):
    """Files on disk that do not match their manifest: a changed, missing or extra file."""


class BankBusyError(BankError):
    """Another process holds the bank's writer lock."""


class BankSchemaError(BankError):
    """A row or table that does not fit BANK_SCHEMA: a missing column, a wrong type or value."""
