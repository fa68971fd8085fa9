"""Scheduled builds: the build-bank flow as a Prefect deployment that runs on a cron schedule.

Vocabulary: *parameters* are build_bank's keyword arguments, as the CLI's `build` would pass
them; the deployment is named after the bank, so the Prefect UI lists it as build-bank/BANK.
Prefect is imported here: import this module only once PREFECT_API_URL points at the server.
"""

from typing import Any

from prefect import serve
from prefect.deployments.runner import RunnerDeployment
from prefect.schedules import Cron
from prefect.types.entrypoint import EntrypointType

from pipeline.flows import build_bank
from pipeline.nightly import build_app


def build_deployment(
    parameters: dict[str, Any], cron: str, timezone: str = "UTC"
) -> RunnerDeployment:
    """Return the deployment of build_bank(**parameters) on `cron`, read in `timezone`.

    Every run builds, re-verifies and publishes the bank's next version, with the seed advanced
    by the number of versions already published (see build_bank). Nothing reaches the API yet:
    `.apply()` registers the deployment, serve_deployment registers it and runs it.
    """
    deployment = build_bank.to_deployment(
        name=parameters["bank"],
        schedule=Cron(cron, timezone=timezone),
        parameters=parameters | {"advance_seed": True},
        tags=["puzzlebank"],
        entrypoint_type=EntrypointType.MODULE_PATH,
    )
    if not isinstance(deployment, RunnerDeployment):  # Prefect gives a coroutine in async code
        raise TypeError("build_deployment is called from synchronous code only")
    return deployment


def app_deployment(
    parameters: dict[str, Any], cron: str, timezone: str = "UTC"
) -> RunnerDeployment:
    """Return the deployment of build_app(**parameters) (pipeline.nightly: every bank of a spec
    file in one flow run) on `cron`, read in `timezone`, named after its banks; each build's
    seed advances by the versions its bank has published, as build_deployment's does."""
    jobs = [job | {"advance_seed": True} for job in parameters["jobs"]]
    deployment = build_app.to_deployment(
        name=parameters["names"], schedule=Cron(cron, timezone=timezone),
        parameters=parameters | {"jobs": jobs}, tags=["puzzlebank"],
        entrypoint_type=EntrypointType.MODULE_PATH,
    )
    if not isinstance(deployment, RunnerDeployment):  # Prefect gives a coroutine in async code
        raise TypeError("app_deployment is called from synchronous code only")
    return deployment


def serve_deployment(deployment: RunnerDeployment) -> None:
    """Register the deployment and run its scheduled runs one at a time until Ctrl-C or SIGTERM.

    The schedule stays active when serving stops, so a restarted service picks it up again.
    """
    serve(deployment, pause_on_shutdown=False, limit=1, print_starting_message=False)
