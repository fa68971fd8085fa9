"""A working folder that holds packages named like ours (`banks/`, `pipeline/`, `solvers/`,
`generators/`, each with an __init__.py) shadows nothing: builds started there run in this
process, on the pool and on a local Dask cluster, and a scheduled run of `schedule` started there
publishes, since no process the CLI starts puts the working folder on its module path."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from banks import BankStore

pytestmark = [pytest.mark.flow,
              pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")]

PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))
SHADOWS = ("banks", "pipeline", "solvers", "generators")
POOLED = ("--genre", "slant", "--size", "10x10", "--grade", "count", "--per-grade", "150",
          "--seed", "3")  # a first plan of 2+ works: a pool of two (see executors.choose)


@pytest.fixture
def shadowing(tmp_path):
    """Return a folder whose packages named like ours fail at their import."""
    folder = tmp_path / "work"
    for name in SHADOWS:
        (folder / name).mkdir(parents=True)
        (folder / name / "__init__.py").write_text(
            f"raise ImportError('the shadowing {name} of the working folder was imported')\n")
    return folder


@pytest.mark.parametrize("runner", [("--workers", "1"), ("--workers", "2"),
                                    ("--dask", "local:2")], ids=["in-process", "pool", "dask"])
def test_a_build_from_a_folder_of_shadowing_packages_publishes(prefect_api, shadowing, tmp_path,
                                                               runner):
    root = tmp_path / "root"
    done = subprocess.run([PUZZLEBANK, "build", "shade", *POOLED, *runner, "--root", str(root)],
                          cwd=shadowing, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "shadowing" not in done.stderr
    assert BankStore(root).latest("shade") == 0
    tasks = BankStore(root).snapshot("shade").manifest(0).build_stats["timeline"]["workers"]
    assert tasks == (1 if runner[1] == "1" else 2)  # the pool's and cluster's workers ran


def registered(client, name):
    """Return the deployment called `name`, or None while there is none."""
    from prefect.exceptions import ObjectNotFound

    try:
        return client.read_deployment_by_name(name)
    except ObjectNotFound:
        return None


def flow_run_state(run_id):
    """Return the state type of a flow run, by id."""
    from prefect import get_client

    with get_client(sync_client=True) as client:
        state = client.read_flow_run(run_id).state
    return state.type.value if state else None


def test_a_scheduled_run_from_a_folder_of_shadowing_packages_publishes(prefect_api, shadowing,
                                                                       tmp_path):
    from prefect import get_client

    root = tmp_path / "root"
    env = os.environ | {"PREFECT_RUNNER_POLL_FREQUENCY": "1"}
    schedule = subprocess.Popen(
        [PUZZLEBANK, "schedule", "night", "--cron", "0 3 1 1 *", "--genre", "slant", "--size",
         "5x5", "--per-grade", "1", "--root", str(root)],
        cwd=shadowing, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        start_new_session=True)
    try:
        assert schedule.stdout is not None
        assert "building on" in schedule.stdout.readline()  # the deployment is being served
        deadline = time.monotonic() + 600
        with get_client(sync_client=True) as client:
            while not (deployment := registered(client, "build-app/night")):
                assert time.monotonic() < deadline and schedule.poll() is None
                time.sleep(0.5)
            run = client.create_flow_run_from_deployment(deployment.id)  # a run now
        while flow_run_state(run.id) not in ("COMPLETED", "FAILED", "CRASHED", "CANCELLED"):
            assert time.monotonic() < deadline and schedule.poll() is None
            time.sleep(0.5)
        state = flow_run_state(run.id)
    finally:
        os.killpg(schedule.pid, signal.SIGTERM)
        _, err = schedule.communicate(timeout=120)
    assert state == "COMPLETED", err
    assert BankStore(root).latest("night") == 0
    assert "shadowing" not in err
