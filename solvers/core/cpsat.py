"""Counting with OR-tools CP-SAT: solve, forbid what was found, solve again.

Vocabulary: a *reading* of a solved model is (solution, literals): the genre's solution value
with the literals that hold in it and must not all hold again (a blocking clause), or
(None, literals) for a lazy cut, an assignment the model let through that the rules forbid
(a loop, a room that falls apart): its literals are forbidden and nothing is counted.
Under a solve's deadline (deadline.py) each solve is given the seconds left as its
max_time_in_seconds, and one that stops on it without an answer raises OutOfTime.
"""

from collections.abc import Callable, Sequence
from typing import Any

from ortools.sat.python import cp_model

from solvers.core.deadline import give_up, seconds_left
from solvers.core.results import Count

Reading = tuple[Any | None, Sequence[Any]]


def count_by_blocking(
    model: cp_model.CpModel,
    read: Callable[[cp_model.CpSolver], Reading],
    limit: int,
) -> Count[Any]:
    """Return the solutions of `model` up to `limit`, found one solve at a time.

    `read(solver)` turns each solved assignment into a Reading (see the module docstring); the
    distinct solutions are therefore distinct in the literals `read` names, never in auxiliary
    variables. `nodes` counts solver calls; the search runs on one worker, so it is repeatable.
    """
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    found: list[Any] = []
    calls = 0
    while len(found) < limit:
        calls += 1
        left = seconds_left()
        if left is not None:
            solver.parameters.max_time_in_seconds = left
        status = solver.solve(model)
        if status == cp_model.UNKNOWN and left is not None:
            give_up()
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return Count(len(found), tuple(found), calls, truncated=False)
        solution, literals = read(solver)
        model.add_bool_or([~literal for literal in literals])
        if solution is not None:
            found.append(solution)
    return Count(len(found), tuple(found), calls, truncated=True)


class _Collector(cp_model.CpSolverSolutionCallback):
    """Reads each solution CP-SAT enumerates and stops the search at `limit`."""

    def __init__(self, read: Callable[[cp_model.CpSolverSolutionCallback], Any],
                 limit: int) -> None:
        super().__init__()
        self.read = read
        self.limit = limit
        self.found: list[Any] = []

    def on_solution_callback(self) -> None:
        self.found.append(self.read(self))
        if len(self.found) >= self.limit:
            self.stop_search()


def count_by_enumeration(
    model: cp_model.CpModel,
    read: Callable[[cp_model.CpSolverSolutionCallback], Any],
    limit: int,
) -> Count[Any]:
    """Return the solutions of `model` up to `limit`, enumerated by one CP-SAT search.

    CP-SAT enumerates assignments of every variable, so each variable of `model` must be fixed
    by the ones `read` turns into the genre's solution value (no free auxiliary variable), or a
    solution would be counted once per auxiliary assignment. `nodes` is 1 (one solver call); the
    search runs on one worker, so it is repeatable.
    """
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.enumerate_all_solutions = True
    left = seconds_left()
    if left is not None:
        solver.parameters.max_time_in_seconds = left
    collector = _Collector(read, limit)
    status = solver.solve(model, collector)
    found = collector.found
    if left is not None and len(found) < limit and status not in (cp_model.OPTIMAL,
                                                                   cp_model.INFEASIBLE):
        give_up()  # stopped on time, not by the collector nor by exhausting the search
    return Count(len(found), tuple(found), 1, truncated=len(found) >= limit)
