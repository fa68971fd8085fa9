"""Quotas: filling the (size, grade) buckets of a build with confirmed rows, in a fixed order.

Vocabulary: a *bucket* is (size, grade), a Size and a ladder level; an *outcome* is a first-stage
admission result (a Contender or a Rejection); a bucket's *waiting* contenders passed the first
stage and wait for the second, its *pending* ones are being confirmed; the *shortfall* of a
bucket is its quota less the rows it holds. Outcomes are offered in a fixed order (the order of
each bucket's seed stream), and only the first contenders that could still fill a bucket are
handed out for confirmation, so a bucket holds the first `quota` contenders of its stream that
pass both stages: the same rows whatever the timing, and no confirmation for a full bucket. A
contender *confirmed* where it was made (see batches.Planner.room) is settled as it is offered; a
bucket keeps its rows in the order their contenders were offered.
"""

import bisect
from collections import Counter, deque
from collections.abc import Iterable, Sequence

from generators.reachability import plan_buckets
from pipeline.admission import Confirmed, Contender
from pipeline.outcomes import Rejection, Row
from pipeline.results import Shortfall
from pipeline.sizes import Size
from solvers.core.quality import KinIndex

Bucket = tuple[Size, str]

DUPLICATE = Rejection("duplicate")
NEAR_DUPLICATE = Rejection("near-duplicate")
BUCKET_FULL = Rejection("bucket-full")
NO_BUCKET = Rejection("no-bucket")


def planned(genre: str, sizes: Sequence[Size], grades: Sequence[str] | None) -> list[Bucket]:
    """Return a build's buckets (generators.reachability.plan_buckets, which reads and names
    sizes by their text), each size the one given."""
    given = {str(size): size for size in sizes}
    return [(given[text], grade) for text, grade in plan_buckets(genre, list(given), grades)]


class Quotas:
    """The buckets of a build, `quota` rows each, and the outcomes offered to them so far.

    `seen` starts as the ids already shipped by the bank, so a bank never ships a puzzle twice;
    a contender's id joins it when the bucket takes it in (to wait, or settled at once if it
    was confirmed). `kin` holds the kin keys of the same puzzles (the shipped ones' as given),
    so a bank never ships a near-duplicate either (solvers/core/quality.py). `attempts` counts
    the offers of each bucket whose seed stream made them,
    `hits` the contenders each bucket took in.
    """

    def __init__(self, buckets: Sequence[Bucket], quota: int, shipped: Iterable[str] = (),
                 kin: KinIndex | None = None) -> None:
        self.order = tuple(dict.fromkeys(buckets))
        self.quota = quota
        self.rows: dict[Bucket, list[Row]] = {bucket: [] for bucket in self.order}
        self.places: dict[Bucket, list[int]] = {bucket: [] for bucket in self.order}  # of rows
        self.place: dict[str, int] = {}  # a contender's id -> its place in its bucket's offers
        self.waiting: dict[Bucket, deque[Contender]] = {bucket: deque() for bucket in self.order}
        self.pending: Counter[Bucket] = Counter()
        self.seen = set(shipped)
        self.kin = KinIndex() if kin is None else kin
        self.rejections: Counter[Rejection] = Counter()
        self.attempts: Counter[Bucket] = Counter()
        self.hits: Counter[Bucket] = Counter()

    def offer(self, stream: Bucket, outcome: Contender | Confirmed | Rejection) -> None:
        """Count one attempt of bucket `stream`'s seed stream; a contender that is new and whose
        bucket is short starts waiting, any other outcome is counted under its reason
        (DUPLICATE, NEAR_DUPLICATE, BUCKET_FULL, NO_BUCKET or the first stage's rejection
        reason). A confirmed
        one is settled at once when its bucket's supply leaves room for it (then it takes no
        slot an earlier contender could; the plan makes sure of it, see batches.Planner.room),
        else it waits as any other and is confirmed again if its turn comes."""
        self.attempts[stream] += 1
        if isinstance(outcome, Rejection):
            self.rejections[outcome] += 1
            return
        contender = outcome.contender if isinstance(outcome, Confirmed) else outcome
        refusal = self.refusal(contender)
        if refusal is not None:
            self.rejections[refusal] += 1
            return
        bucket = contender.bucket
        self.seen.add(contender.row["id"])
        self.kin.add(contender.kin, contender.row["id"])
        self.place[contender.row["id"]] = self.hits[bucket]
        self.hits[bucket] += 1
        if isinstance(outcome, Confirmed) and self.supply(bucket) < self.quota:
            self.pending[bucket] += 1
            self.settle(contender, outcome.verdict)
        else:
            self.waiting[bucket].append(contender)

    def refusal(self, contender: Contender) -> Rejection | None:
        """Return why a contender cannot wait for a bucket, or None when it may."""
        if contender.row["id"] in self.seen:
            return DUPLICATE
        if self.kin.holder(contender.kin) is not None:
            return NEAR_DUPLICATE
        if contender.bucket not in self.rows:
            return NO_BUCKET
        if len(self.rows[contender.bucket]) >= self.quota:
            return BUCKET_FULL
        return None

    def confirmable(self) -> int:
        """Return how many contenders to_confirm would hand out now."""
        return sum(min(len(self.waiting[bucket]),
                       max(0, self.quota - len(self.rows[bucket]) - self.pending[bucket]))
                   for bucket in self.order)

    def to_confirm(self) -> list[Contender]:
        """Return the waiting contenders that may fill a slot no pending one can, now pending.

        Per bucket in bucket order, the first (quota - rows - pending) waiting ones: if every
        pending contender passes, none of them is needed, so a contender is confirmed only when
        its bucket could still take it.
        """
        chosen: list[Contender] = []
        for bucket in self.order:
            free = self.quota - len(self.rows[bucket]) - self.pending[bucket]
            while free > 0 and self.waiting[bucket]:
                chosen.append(self.waiting[bucket].popleft())
                self.pending[bucket] += 1
                free -= 1
        return chosen

    def settle(self, contender: Contender, verdict: Rejection | None) -> None:
        """Take the second stage's verdict on a pending contender: its row fills its bucket, or
        the rejection is counted and the slot is free again. A bucket that fills refuses its
        waiting contenders as BUCKET_FULL."""
        bucket = contender.bucket
        self.pending[bucket] -= 1
        if verdict is not None:
            self.rejections[verdict] += 1
            return
        place = self.place[contender.row["id"]]
        at = bisect.bisect(self.places[bucket], place)
        self.places[bucket].insert(at, place)
        self.rows[bucket].insert(at, contender.row)
        if len(self.rows[bucket]) == self.quota and self.waiting[bucket]:
            self.rejections[BUCKET_FULL] += len(self.waiting[bucket])
            self.waiting[bucket].clear()

    def supply(self, bucket: Bucket) -> int:
        """Return the rows a bucket holds or may hold from contenders it has: rows, pending
        and waiting ones."""
        return len(self.rows[bucket]) + self.pending[bucket] + len(self.waiting[bucket])

    def hit_rate(self, bucket: Bucket) -> float:
        """Return the bucket's measured contenders per attempt, (hits + 1) / (attempts + 1):
        1 before any attempt, so a first batch never makes more boards than are wanted."""
        return (self.hits[bucket] + 1) / (self.attempts[bucket] + 1)

    def short(self) -> list[Bucket]:
        """Return the buckets below quota, in bucket order."""
        return [bucket for bucket in self.order if len(self.rows[bucket]) < self.quota]

    def filled(self) -> int:
        """Return how many rows the buckets hold."""
        return sum(len(rows) for rows in self.rows.values())

    def total_attempts(self) -> int:
        """Return how many outcomes were offered in all."""
        return sum(self.attempts.values())

    def accepted(self) -> list[Row]:
        """Return every kept row, bucket by bucket in the order of the bucket's seed stream."""
        return [row for bucket in self.order for row in self.rows[bucket]]

    def shortfall(self) -> list[Shortfall]:
        """Return the Shortfall of each short bucket, in bucket order."""
        return [Shortfall(size, grade, self.quota, len(self.rows[(size, grade)]))
                for size, grade in self.short()]
