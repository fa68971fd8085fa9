"""A flow run's bookkeeping in Prefect: its parameters recorded, its address printed, its stop
signals, its artifacts.

Vocabulary: an *artifact* is a table or markdown note Prefect's UI shows on the run (the buckets
and refusals of a fill; a verification report). Prefect is imported here: import this module
only once PREFECT_API_URL points at the server.
"""

from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar

from prefect.artifacts import create_markdown_artifact, create_table_artifact
from prefect.flows import Flow
from prefect.runtime import flow_run
from pydantic_core import to_jsonable_python

from pipeline.interrupts import reclaim_sigterm
from pipeline.jobs import GenreJob
from pipeline.quotas import Quotas
from pipeline.results import FillStats, Verification

P = ParamSpec("P")
R = TypeVar("R")
STARTED_RUNS: list[str] = []  # ids of the flow runs started since the caller last cleared it


class RecordedFlow(Flow[P, R]):
    """A Prefect flow whose runs record their parameters as the JSON pydantic makes of them (the
    same as Prefect's own, for the dataclasses, strings and numbers our flows take), without
    Prefect's import of FastAPI's encoder for it (about 0.15 CPU s of every build). A value
    pydantic cannot encode is recorded as "<TypeName>", as Prefect records it."""

    def serialize_parameters(self, parameters: dict[str, Any]) -> dict[str, Any]:
        """Return the parameters as JSON values (Prefect's public hook for its flow run)."""
        return {name: jsonable(value) for name, value in parameters.items()}


def jsonable(value: Any) -> Any:
    """Return `value` as JSON values, or "<TypeName>" when it has none."""
    try:
        return to_jsonable_python(value)
    except Exception:  # pydantic's error for a type it cannot encode, as Prefect catches all
        return f"<{type(value).__name__}>"


def recorded_flow(name: str, flow_run_name: str) -> Callable[[Callable[P, R]], RecordedFlow[P, R]]:
    """Return a decorator that makes a function a RecordedFlow of that name and run name."""
    def make(function: Callable[P, R]) -> RecordedFlow[P, R]:
        return RecordedFlow(function, name=name, flow_run_name=flow_run_name)
    return make


def announce() -> None:
    """Print the address at which the Prefect UI shows the running flow run (one line), and
    remember the run; SIGTERM stops the flow as SIGINT does (see interrupts.reclaim_sigterm)."""
    reclaim_sigterm()
    STARTED_RUNS.append(str(flow_run.id))
    print(f"prefect run: {flow_run.ui_url}", flush=True)


def address() -> str | None:
    """Return the address at which the Prefect UI shows the running flow run (None outside one)."""
    return str(flow_run.ui_url) if flow_run.id else None


def artifact_key(bank: str, what: str) -> str:
    """Return an artifact key Prefect takes (lowercase letters, digits, dashes) for a bank."""
    name = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in bank.lower())
    return f"{name.strip('-') or 'bank'}-{what}"


def buckets_artifact(bank: str, filled: Sequence[tuple[GenreJob, Quotas]],
                     stats: FillStats) -> None:
    """Record the bank's buckets (genre, size, grade, made, quota) and its refusals by reason as
    a table artifact on the run."""
    table: list[dict[str, Any]] = [
        {"genre": job.genre, "size": str(size), "grade": grade,
         "made": len(quotas.rows[(size, grade)]), "quota": quotas.quota}
        for job, quotas in filled for size, grade in quotas.order]
    table += [{"genre": "", "size": "", "grade": f"refused: {reason}", "made": n, "quota": ""}
              for reason, n in stats.rejections.items()]
    create_table_artifact(table, key=artifact_key(bank, "buckets"),
                          description=f"{bank}: {stats.accepted} puzzles from "
                                      f"{stats.attempts} attempts")


def verification_artifact(bank: str, report: Verification) -> None:
    """Record a verification report as a markdown artifact on the run."""
    lines = [f"# {bank}: verification {report.status}",
             f"{report.rows} rows re-verified in {report.seconds:.1f} s, "
             f"{report.problem_count} problems", ""]
    lines += [f"- {problem}" for problem in report.problems]
    create_markdown_artifact("\n".join(lines), key=artifact_key(bank, "verification"))
