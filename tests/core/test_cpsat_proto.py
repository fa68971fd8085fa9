"""Counting on bare CP-SAT protos: enumeration, limits, and lazy cuts across rounds."""

import itertools

from solvers.core.cpsat_proto import (
    Verdict,
    add_clauses,
    add_exactly,
    boolean_model,
    count_by_rounds,
    negated,
)


def accept_all(values: list[int]) -> Verdict:
    """Count every assignment, blocking exactly it."""
    blocking = [negated(v) if d else v for v, d in enumerate(values)]
    return Verdict(tuple(values), [blocking])


def test_three_free_booleans_have_eight_assignments_each_counted_once():
    count = count_by_rounds(boolean_model(3), accept_all, 100)
    assert (count.count, count.truncated, count.nodes) == (8, False, 1)
    assert sorted(count.solutions) == sorted(itertools.product((0, 1), repeat=3))


def test_a_count_stops_at_the_limit_and_says_so():
    count = count_by_rounds(boolean_model(3), accept_all, 3)
    assert (count.count, count.truncated) == (3, True)
    assert len(set(count.solutions)) == 3
    assert count_by_rounds(boolean_model(3), accept_all, 0).truncated


def test_clauses_and_an_exact_sum_restrict_the_assignments():
    model = add_clauses(boolean_model(4), [[0, negated(1)]])  # x1 implies x0
    add_exactly(model, [0, 1, negated(2), 3], 2)
    expected = {values for values in itertools.product((0, 1), repeat=4)
                if (values[0] or not values[1])
                and values[0] + values[1] + (1 - values[2]) + values[3] == 2}
    count = count_by_rounds(model, accept_all, 100)
    assert set(count.solutions) == expected and count.count == len(expected)


def test_rejected_assignments_are_cut_and_never_counted_across_rounds():
    """Odd assignments are rejected one at a time (patience 1), so each rejection starts a new
    round; the solutions found in earlier rounds are not found again."""

    def even_only(values: list[int]) -> Verdict:
        if sum(values) % 2:
            return Verdict(None, [[negated(v) if d else v for v, d in enumerate(values)]])
        return accept_all(values)

    count = count_by_rounds(boolean_model(4), even_only, 100, patience=1)
    assert count.count == 8 and not count.truncated
    assert sorted(count.solutions) == sorted(v for v in itertools.product((0, 1), repeat=4)
                                             if sum(v) % 2 == 0)
    assert count.nodes == 9  # one round per odd assignment, and the last one runs out
