"""Where a fill's seconds go: each task's span on its worker, and a summary of them.

Vocabulary: a *span* is one task's run inside its worker process (wall clock from the epoch, so
spans of different processes line up, and the CPU seconds the task's body used); a task's
*lag* is the time from its submission in the parent to its body's start (the runner's per-task
cost plus any wait for a free worker); the *tail* is the wall time from the moment the first
worker has nothing left to do until the last task ends (a worker idle at the end). Nothing here
changes what a build makes: spans travel beside a task's result and are only summed up.
"""

import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Span:
    """One task's body: in process `worker`, from `started` to `ended` (epoch seconds), using
    `cpu` CPU seconds."""

    worker: int
    started: float
    ended: float
    cpu: float


class Stopwatch:
    """Times one task body: `with Stopwatch() as watch: ...`, then `watch.span`."""

    def __enter__(self) -> "Stopwatch":
        self._wall, self._cpu = time.time(), time.process_time()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.span = Span(os.getpid(), self._wall, time.time(), time.process_time() - self._cpu)


@dataclass(frozen=True)
class Timeline:
    """A fill's tasks on the clock: `spans` with the epoch second each was `submitted` at
    (in task order), the fill's wall `started`..`ended`, and the parent's CPU seconds meanwhile
    (`parent_cpu`, every thread of the process that ran the fill loop)."""

    spans: tuple[Span, ...]
    submitted: tuple[float, ...]
    started: float
    ended: float
    parent_cpu: float

    def busy(self) -> float:
        """Return the wall seconds the task bodies took, summed over tasks."""
        return sum(span.ended - span.started for span in self.spans)

    def tail(self) -> float:
        """Return the seconds from the end of the first worker's last task to the end of the
        last task (0 with one worker): how long a worker idled at the end."""
        last: dict[int, float] = {}
        for span in self.spans:
            last[span.worker] = max(last.get(span.worker, 0.0), span.ended)
        return max(last.values()) - min(last.values()) if len(last) > 1 else 0.0

    def lags(self) -> list[float]:
        """Return each task's lag (see the module), in task order."""
        return [span.started - sent for span, sent in zip(self.spans, self.submitted, strict=True)]

    def as_json(self) -> dict[str, Any]:
        """Return the summary the manifest stores: wall, workers, when the first task started
        (the pool's start), busy share of the workers, tail, the tasks' CPU and the parent's,
        the median and largest lag, and each task's span relative to the fill's start
        ([worker index, start, end, cpu], in task order)."""
        wall = self.ended - self.started
        workers = sorted({span.worker for span in self.spans})
        lags = sorted(self.lags())
        return {
            "wall": round(wall, 3),
            "workers": len(workers),
            "first_start": round(min((s.started for s in self.spans), default=self.started)
                                 - self.started, 3),
            "busy_share": round(self.busy() / (wall * len(workers)), 3) if workers and wall else 0,
            "tail": round(self.tail(), 3),
            "task_cpu": round(sum(span.cpu for span in self.spans), 3),
            "parent_cpu": round(self.parent_cpu, 3),
            "lag_median": round(lags[len(lags) // 2], 3) if lags else 0,
            "lag_max": round(lags[-1], 3) if lags else 0,
            "spans": [[workers.index(span.worker), round(span.started - self.started, 3),
                       round(span.ended - self.started, 3), round(span.cpu, 3)]
                      for span in self.spans],
        }


def summary(spans: Sequence[Sequence[float]]) -> str:
    """Return the spans of Timeline.as_json drawn one line per task: worker, start, end, cpu."""
    return "\n".join(f"  task {n:3d} worker {int(w)} {s:7.2f} -> {e:7.2f} s ({e - s:5.2f} wall, "
                     f"{c:5.2f} cpu)" for n, (w, s, e, c) in enumerate(spans))
