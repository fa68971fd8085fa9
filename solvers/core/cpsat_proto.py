"""Counting on a bare CP-SAT model proto: a small all-Boolean model built from cached pieces.

Vocabulary: a *proto* is an OR-tools CpModelProto whose variables are all Boolean; a *literal* is
an int, variable i true is i and false is ~i (= -i - 1, the proto's own negation); a *piece* is
a proto holding only constraints, merged into a model (`merge_from` appends them in one C++ call,
so a model of thousands of clauses is assembled from per-size cached pieces without a Python
call per clause). A *values* list holds each variable's 0/1 in a solution. A *verdict* on
values is (solution, clauses): the genre's solution with the one clause that blocks it, or
(None, cuts) for an assignment the model let through that the rules forbid (a loop): clauses
that forbid it and what else breaks the rule the same way; nothing is counted then.

Why not `cp_model.CpModel` and `count_by_blocking`: on a model of a few hundred Booleans, each
Python `add_bool_or` and `boolean_value` call and the solver's presolve, probing, symmetry and
LP stages each cost more than the search itself (ENUMERATE below turns the stages off; the
search stays complete, so counts are exact).
"""

import json
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, NamedTuple

from ortools.sat.python import cp_model_helper as cmh

from solvers.core.deadline import CHECK_MASK, check, give_up, seconds_left
from solvers.core.results import Count


class Verdict(NamedTuple):
    """What one enumerated assignment is: a solution and its blocking clause, or None and cuts."""

    solution: Any | None
    clauses: Sequence[Sequence[int]]


def negated(literal: int) -> int:
    """Return the literal that holds exactly when `literal` does not."""
    return -literal - 1


def boolean_model(variables: int) -> cmh.CpModelProto:
    """Return a proto of `variables` Booleans and no constraints (made of cached blocks of a
    power of two Booleans each, merged in C++: a few calls instead of one per variable)."""
    proto = cmh.CpModelProto()
    for power in range(variables.bit_length() - 1, -1, -1):
        if variables >> power & 1:
            proto.merge_from(_booleans(power))
    return proto


@cache
def _booleans(power: int) -> cmh.CpModelProto:
    """Return a proto of 2**power Booleans and no constraints."""
    proto = cmh.CpModelProto()
    for _ in range(1 << power):
        proto.variables.add().domain.extend([0, 1])
    return proto


def add_clauses(proto: cmh.CpModelProto, clauses: Iterable[Sequence[int]]) -> cmh.CpModelProto:
    """Append each clause (at least one literal holds) to `proto`; return `proto`."""
    for clause in clauses:
        proto.constraints.add().bool_or.literals.extend(clause)
    return proto


def add_exactly(proto: cmh.CpModelProto, literals: Sequence[int], n: int) -> cmh.CpModelProto:
    """Append 'exactly n of `literals` hold' as one linear equality; return `proto`."""
    linear = proto.constraints.add().linear
    negatives = 0
    for literal in literals:
        if literal >= 0:
            linear.vars.append(literal)
            linear.coeffs.append(1)
        else:  # a false-literal is 1 - its variable
            linear.vars.append(negated(literal))
            linear.coeffs.append(-1)
            negatives += 1
    linear.domain.extend([n - negatives, n - negatives])
    return proto


def assemble(skeleton: cmh.CpModelProto, pieces: Iterable[cmh.CpModelProto]) -> cmh.CpModelProto:
    """Return a new proto: a copy of `skeleton` with every piece's constraints appended (pieces
    may come from a generator that makes them: the solve's deadline is checked between them)."""
    proto = cmh.CpModelProto()
    proto.copy_from(skeleton)
    for turn, piece in enumerate(pieces):
        if not turn & CHECK_MASK:
            check()  # a solve's deadline: a model of the largest board takes seconds
        proto.merge_from(piece)
    return proto


def _enumeration_parameters() -> cmh.SatParameters:
    """Return solver parameters that report every solution of a small Boolean model: one
    worker (repeatable), no presolve, probing, inprocessing, symmetry or LP."""
    parameters = cmh.SatParameters()
    parameters.num_workers = 1
    parameters.cp_model_presolve = False
    parameters.cp_model_probing_level = 0
    parameters.use_sat_inprocessing = False
    parameters.symmetry_level = 0
    parameters.linearization_level = 0
    parameters.enumerate_all_solutions = True
    return parameters


ENUMERATE = _enumeration_parameters()
FINISHED = (cmh.CpSolverStatus.OPTIMAL, cmh.CpSolverStatus.INFEASIBLE)  # a search exhausted


def timed_parameters(left: float | None,
                     base: cmh.SatParameters = ENUMERATE) -> cmh.SatParameters:
    """Return `base` (default ENUMERATE), or with `left` seconds (a solve's deadline,
    deadline.py) a copy of it limited to them."""
    if left is None:
        return base
    parameters = cmh.SatParameters()
    parameters.copy_from(base)
    parameters.max_time_in_seconds = left
    return parameters


def values_of(solution: Any) -> list[int]:
    """Return a response's repeated `solution` field as a list (read from its text form in one
    C++ call; iterating the field costs about a microsecond a value)."""
    values: list[int] = json.loads(str(solution))
    return values


class _Round(cmh.SolutionCallback):
    """Judges each solution of one enumeration; stops at `need` solutions or `patience` cuts."""

    def __init__(self, judge: Callable[[list[int]], Verdict], need: int, patience: int) -> None:
        super().__init__()
        self.judge = judge
        self.need = need
        self.patience = patience
        self.verdicts: list[Verdict] = []
        self.rejected = 0
        self.stopped = False

    def OnSolutionCallback(self) -> None:  # the name OR-tools calls
        if self.stopped:  # a stop is asynchronous: nothing after it counts
            return
        verdict = self.judge(values_of(self.Response().solution))  # type: ignore[no-untyped-call]
        self.verdicts.append(verdict)
        if verdict.solution is None:
            self.rejected += 1
        if self.rejected >= self.patience or len(self.verdicts) - self.rejected >= self.need:
            self.stopped = True
            self.StopSearch()


def count_by_rounds(proto: cmh.CpModelProto, judge: Callable[[list[int]], Verdict], limit: int,
                    patience: int = 8, parameters: cmh.SatParameters = ENUMERATE) -> Count[Any]:
    """Return the solutions of `proto` up to `limit`, enumerated in rounds, with lazy cuts.

    Each round is one CP-SAT search that enumerates the assignments `proto` allows and passes
    each one's values to `judge`. A round ends when the solutions found reach `limit`
    (truncated), when its search is exhausted (exact), or after `patience` rejected assignments:
    then every cut and every found solution's blocking clause is added to `proto` (which is
    changed) and the next round searches what is left. The variables of `proto` must all be
    fixed by `judge`'s solution (no free auxiliary variable), or a solution would be enumerated
    once per auxiliary assignment. `nodes` counts rounds; the search runs on one worker, so it
    is repeatable. Under a solve's deadline a round that stops on time raises OutOfTime.
    `parameters` are the solver's (they must enumerate every solution on one worker).
    """
    found: list[Any] = []
    if limit <= 0:
        return Count(0, (), 0, truncated=True)
    rounds = 0
    while True:
        rounds += 1
        collector = _Round(judge, limit - len(found), patience)
        solver = cmh.SolveWrapper()
        left = seconds_left()
        solver.set_parameters(timed_parameters(left, parameters))
        solver.add_solution_callback(collector)
        response = solver.solve(proto)  # type: ignore[no-untyped-call]
        solver.clear_solution_callback(collector)
        if left is not None and not collector.stopped and response.status not in FINISHED:
            give_up()  # stopped on time: the search was neither stopped here nor exhausted
        for verdict in collector.verdicts:
            add_clauses(proto, verdict.clauses)
            if verdict.solution is not None:
                found.append(verdict.solution)
        if len(found) >= limit or not collector.stopped:
            return Count(len(found), tuple(found), rounds, truncated=collector.stopped)
