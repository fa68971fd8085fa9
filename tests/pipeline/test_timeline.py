"""A fill's timeline: busy share, the tail a worker idles at the end, each task's lag."""

import os

from pipeline.timeline import Span, Stopwatch, Timeline


def test_the_summary_says_how_busy_the_workers_were_and_how_long_one_idled_at_the_end():
    spans = (Span(7, 100.5, 104.0, 3.0), Span(9, 100.6, 102.0, 1.0), Span(9, 102.1, 103.0, 0.5))
    line = Timeline(spans, (100.0, 100.0, 101.0), 100.0, 104.0, 0.25).as_json()
    assert line["workers"] == 2 and line["first_start"] == 0.5
    assert line["tail"] == 1.0  # worker 9 was done at 103.0, worker 7 at 104.0
    assert line["busy_share"] == round((3.5 + 1.4 + 0.9) / 8, 3)
    assert line["lag_median"] == 0.6 and line["lag_max"] == 1.1
    assert line["task_cpu"] == 4.5 and line["parent_cpu"] == 0.25
    assert line["spans"][1] == [1, 0.6, 2.0, 1.0]


def test_a_stopwatch_times_this_process():
    with Stopwatch() as watch:
        sum(range(100_000))
    assert watch.span.worker == os.getpid() and watch.span.ended >= watch.span.started
    assert Timeline((watch.span,), (watch.span.started,), watch.span.started,
                    watch.span.ended, 0).tail() == 0  # one worker idles no tail
