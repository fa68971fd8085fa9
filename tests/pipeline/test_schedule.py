"""Scheduled builds: the deployment `schedule` serves, read back from the Prefect test server.

Nothing waits for the clock: the deployment is applied and read back through the client, and the
CLI test replaces serving with applying. Bad cron strings fail before any server is touched.
"""

from dataclasses import replace

import pytest
from pydantic import TypeAdapter

from banks import BankStore
from pipeline.jobs import AppBank, BankJob, Compute, GenreJob
from pipeline.sizes import Size

SPEC = ("--genre", "slant", "--size", "4x4", "--size", "5X5", "--per-grade", "2", "--seed", "11",
        "--budget", "900", "--boards-per-task", "8")
CRON = "0 3 * * *"


def expected_job(bank="nightly", **changes):
    """Return the bank job a run of the deployment of `bank` with SPEC gets."""
    genre = GenreJob("slant", (Size(4, 4), Size(5, 5)), 2, budget=900, boards_per_task=8)
    return BankJob(bank, (replace(genre, **changes),), 11, advance_seed=True)


def typed(parameters):
    """Return the stored parameters of a deployment read back as build_app takes them."""
    return parameters | {
        "banks": TypeAdapter(list[AppBank]).validate_python(parameters["banks"])}


@pytest.fixture(scope="module")
def flows(prefect_api):
    """Import the flows before any test captures output: the import binds Prefect's console
    handler to the stderr of that moment (see test_flows.built)."""
    import pipeline.nightly

    return pipeline.nightly


def read_back(bank):
    """Return the stored deployment build-app/`bank` from the API."""
    from prefect import get_client

    with get_client(sync_client=True) as client:
        return client.read_deployment_by_name(f"build-app/{bank}")


@pytest.mark.flow
def test_the_applied_deployment_keeps_the_cron_time_zone_and_every_spec_parameter(
    flows, tmp_path
):
    from pipeline.cli import make_parser
    from pipeline.commands.build_input import bank_job
    from pipeline.schedule import build_deployment

    args = make_parser().parse_args(["schedule", "nightly", "--cron", CRON, "--timezone",
                                     "Europe/Paris", *SPEC, "--workers", "2", "--dask",
                                     "local:2", "--root", str(tmp_path)])
    parameters = {"banks": [AppBank(bank_job(args), Compute(args.workers, args.dask))],
                  "root": str(tmp_path.resolve()), "names": "nightly"}
    deployment_id = build_deployment(parameters, args.cron, args.timezone).apply()

    stored = read_back("nightly")
    assert stored.id == deployment_id
    assert stored.entrypoint == "pipeline.nightly.build_app"
    assert [(s.schedule.cron, s.schedule.timezone, s.active) for s in stored.schedules] == [
        (CRON, "Europe/Paris", True)]
    assert typed(stored.parameters) == {"banks": [AppBank(expected_job(), Compute(2, "local:2"))],
                                        "root": str(tmp_path.resolve()), "names": "nightly"}


@pytest.mark.flow
def test_the_schedule_command_registers_the_bank_deployment_and_serves_it(
    flows, cli, prefect_api, tmp_path, monkeypatch
):
    import pipeline.schedule

    served = []
    monkeypatch.setattr(pipeline.schedule, "serve_deployment",
                        lambda deployment, home: served.append(deployment.apply()))
    run = cli("schedule", "served", "--cron", "30 2 * * 1-5", *SPEC, "--root", tmp_path)
    assert run.status == 0, run.err
    assert f"{prefect_api.removesuffix('/api')}/deployments" in run.out

    stored = read_back("served")
    assert served == [stored.id]
    assert [(s.schedule.cron, s.schedule.timezone) for s in stored.schedules] == [
        ("30 2 * * 1-5", "UTC")]
    assert typed(stored.parameters)["banks"] == [AppBank(expected_job("served"))]

    again = cli("schedule", "served", "--cron", "0 4 * * *", *SPEC, "--root", tmp_path)
    assert again.status == 0, again.err
    restarted = read_back("served")
    assert restarted.id == stored.id  # a restart with a new cron updates, never duplicates
    assert [s.schedule.cron for s in restarted.schedules] == ["0 4 * * *"]


@pytest.mark.parametrize("cron, reason", [
    ("0 3 * *", "Exactly 5, 6 or 7 columns"),
    ("61 3 * * *", "out of range"),
    ("H 3 * * *", "is not a cron string"),
])
def test_a_bad_cron_is_one_line_and_status_2_before_any_server(cli, tmp_path, cron, reason):
    run = cli("schedule", "nightly", "--cron", cron, *SPEC, "--root", tmp_path)
    assert run.status == 2
    assert run.err.count("\n") == 1
    assert f"argument --cron: cron {cron!r}" in run.err and reason in run.err
    assert not (tmp_path / ".prefect").exists()


def test_a_bad_time_zone_is_one_line_and_status_2(cli, tmp_path):
    run = cli("schedule", "nightly", "--cron", CRON, "--timezone", "Mars/Olympus", *SPEC,
              "--root", tmp_path)
    assert run.status == 2
    assert run.err.count("\n") == 1 and "'Mars/Olympus' is not an IANA name" in run.err


@pytest.mark.flow
def test_each_scheduled_build_advances_the_seed_by_the_versions_published(flows, tmp_path):
    from pipeline.schedule import build_deployment

    job = expected_job(per_grade=1, sizes=(Size(5, 5),))
    deployment = build_deployment({"banks": [AppBank(job)], "root": str(tmp_path),
                                   "names": "nightly"}, "0 3 * * *")
    for version in (0, 1):  # the runs the deployment starts, with its stored parameters
        [(line, status)] = flows.build_app(**typed(deployment.parameters))
        assert status == "published", line
        made = BankStore(tmp_path).snapshot("nightly").manifest(version)
        assert made.spec["seed"] == 11 + version
