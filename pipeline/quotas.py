"""Quotas: filling the (size, grade) buckets of a build with admitted rows, in a fixed order.

Vocabulary: a *bucket* is (size, grade) with size "WxH"; an *outcome* is an admission result (a
row dict or a rejection reason); the *shortfall* of a bucket is its quota less the rows it holds.
Outcomes must be offered in batch order so the same outcomes always fill the same way.
"""

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from pipeline.batches import Bucket

DUPLICATE = "duplicate"
BUCKET_FULL = "bucket-full"
NO_BUCKET = "no-bucket"


class Quotas:
    """The buckets of a build, `quota` rows each, and the outcomes offered to them so far.

    `seen` starts as the ids already shipped by the bank, so a bank never ships a puzzle twice.
    """

    def __init__(self, buckets: Sequence[Bucket], quota: int, shipped: Iterable[str] = ()) -> None:
        self.order = tuple(dict.fromkeys(buckets))
        self.quota = quota
        self.rows: dict[Bucket, list[dict[str, Any]]] = {bucket: [] for bucket in self.order}
        self.seen = set(shipped)
        self.rejections: Counter[str] = Counter()
        self.attempts = 0

    def offer(self, outcome: dict[str, Any] | str) -> bool:
        """Count one attempt; keep the row if it is new and its bucket is short; return if kept.

        A refused outcome is counted under its reason (DUPLICATE, BUCKET_FULL, NO_BUCKET or the
        admission's rejection reason).
        """
        self.attempts += 1
        reason = outcome if isinstance(outcome, str) else self.refusal(outcome)
        if reason:
            self.rejections[reason] += 1
            return False
        self.seen.add(outcome["id"])
        self.rows[(outcome["size"], outcome["grade"])].append(outcome)
        return True

    def refusal(self, row: dict[str, Any]) -> str | None:
        """Return why an admitted row cannot go in, or None when it fills a short bucket."""
        bucket = (row["size"], row["grade"])
        if row["id"] in self.seen:
            return DUPLICATE
        if bucket not in self.rows:
            return NO_BUCKET
        if len(self.rows[bucket]) >= self.quota:
            return BUCKET_FULL
        return None

    def short(self) -> list[Bucket]:
        """Return the buckets below quota, in bucket order."""
        return [bucket for bucket in self.order if len(self.rows[bucket]) < self.quota]

    def filled(self) -> int:
        """Return how many rows the buckets hold."""
        return sum(len(rows) for rows in self.rows.values())

    def accepted(self) -> list[dict[str, Any]]:
        """Return every kept row, bucket by bucket in the order kept."""
        return [row for bucket in self.order for row in self.rows[bucket]]

    def shortfall(self) -> list[dict[str, Any]]:
        """Return one record {size, grade, quota, made, short} per short bucket, in bucket order."""
        return [
            {"size": size, "grade": grade, "quota": self.quota,
             "made": len(self.rows[(size, grade)]),
             "short": self.quota - len(self.rows[(size, grade)])}
            for size, grade in self.short()
        ]
