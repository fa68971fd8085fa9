"""Scheduled builds: the build-app flow as a Prefect deployment that runs on a cron schedule.

Vocabulary: the deployment's *parameters* are build_app's (pipeline.nightly): the banks (each a
pipeline.jobs.AppBank: its job, where its works run, its calendar), the root, the time zone and
the notification, stored as JSON and given back typed to each run; it is named after its banks,
so the Prefect UI lists it as build-app/BANKS. Prefect is imported here: import this module only
once PREFECT_API_URL points at the server.
"""

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from prefect import serve
from prefect.deployments.runner import RunnerDeployment
from prefect.schedules import Cron
from prefect.types.entrypoint import EntrypointType

from pipeline.nightly import build_app


def build_deployment(
    parameters: dict[str, Any], cron: str, timezone: str = "UTC"
) -> RunnerDeployment:
    """Return the deployment of build_app(**parameters) (pipeline.nightly: every bank of a spec
    file, or the one bank of `schedule BANK`, in one flow run) on `cron`, read in `timezone`,
    named after its banks.

    Every run builds, re-verifies and publishes each bank's next version, with its seed advanced
    by the number of versions already published (see pipeline.jobs.BankJob). Nothing reaches
    the API yet: `.apply()` registers the deployment, serve_deployment registers it and runs it.
    """
    banks = [replace(bank, job=replace(bank.job, advance_seed=True))
             for bank in parameters["banks"]]
    deployment = build_app.to_deployment(
        name=parameters["names"], schedule=Cron(cron, timezone=timezone),
        parameters=parameters | {"banks": banks}, tags=["puzzlebank"],
        entrypoint_type=EntrypointType.MODULE_PATH,
    )
    if not isinstance(deployment, RunnerDeployment):  # Prefect gives a coroutine in async code
        raise TypeError("build_deployment is called from synchronous code only")
    return deployment


def serve_deployment(deployment: RunnerDeployment, home: Path) -> None:
    """Register the deployment and run its scheduled runs one at a time until Ctrl-C or SIGTERM,
    from the folder `home` (the root's Prefect home).

    Each run is a process that imports the flow with its working folder first on its module
    path (Prefect's flow loader puts it there): the runs start in `home`, which holds no package,
    so a `pipeline/` or `banks/` folder where the command was started shadows nothing. The
    schedule stays active when serving stops, so a restarted service picks it up again.
    """
    os.chdir(home)
    serve(deployment, pause_on_shutdown=False, limit=1, print_starting_message=False)
