"""Timing helpers shared by the bench scripts (run as `python bench/bench_<name>.py`, so this
module sits on their import path): CPU time, so a busy machine skews the numbers less."""

import statistics
import time


def timed(fn, *args, **kwargs):
    """Return (result, CPU milliseconds) of one call."""
    start = time.process_time()
    result = fn(*args, **kwargs)
    return result, 1000 * (time.process_time() - start)


def summary(values: list[float], unit: str = "ms") -> str:
    """Return 'median ... p90 ...' of a list of times in `unit`."""
    p90 = statistics.quantiles(values, n=10, method="inclusive")[-1] if len(values) > 1 \
        else values[0]
    return f"median {statistics.median(values):9.3f} {unit}   p90 {p90:9.3f} {unit}"
