"""What a build's fixed cost rests on (issues 13 and 25; the seconds are printed by
bench/bench_fixed_cost.py and bench/bench_build_cost.py): a build of one work starts no fork
server and no pool whatever --workers says, flow runs from the CLI send no heartbeat (whose end
waits up to 1 s) unless the environment asks, Prefect follows the server's url, the CLI run as a
program freezes its heap for the exit, a build's imports leave out polars, the export and the
genres it does not build, and the command line itself loads neither the banks nor Prefect (every
command, `--help` too, pays for its imports)."""

import concurrent.futures
import gc
import multiprocessing.forkserver
import subprocess
import sys

import pytest

from pipeline.cli import main
from pipeline.session import flow_settings

DEMO = ("--genre", "slant", "--size", "5x5", "--size", "7x7", "--per-grade", "3", "--seed", "1")


@pytest.mark.flow
def test_a_build_of_one_work_with_two_workers_starts_no_fork_server_and_no_pool(
        cli, tmp_path, prefect_api, monkeypatch):
    started = []

    def refuse(what):
        def start(*args, **kwargs):
            started.append(what)
            raise RuntimeError(f"a {what} started")
        return start

    monkeypatch.setattr(multiprocessing.forkserver, "ensure_running", refuse("fork server"))
    monkeypatch.setattr(concurrent.futures.ProcessPoolExecutor, "__init__", refuse("pool"))
    run = cli("build", "demo", *DEMO, "--workers", "2", "--root", tmp_path)  # the README demo
    assert run.status == 0, run.out + run.err
    assert started == []
    assert multiprocessing.active_children() == []


def test_flow_runs_from_the_cli_send_no_heartbeat_and_talk_to_the_servers_url(prefect_api):
    from prefect.settings import get_current_settings

    before = get_current_settings()
    with flow_settings("http://127.0.0.1:9/api"):
        inside = get_current_settings()
        assert inside.flows.heartbeat_frequency is None
        assert inside.api.url == "http://127.0.0.1:9/api"
    assert get_current_settings() is before and before.flows.heartbeat_frequency is not None


def test_heartbeats_stay_when_the_environment_sets_their_frequency(prefect_api, monkeypatch):
    from prefect.settings import get_current_settings

    monkeypatch.setenv("PREFECT_FLOWS_HEARTBEAT_FREQUENCY", "60")
    frequency = get_current_settings().flows.heartbeat_frequency
    with flow_settings(get_current_settings().api.url or ""):
        assert get_current_settings().flows.heartbeat_frequency == frequency is not None


def test_the_program_freezes_its_heap_for_the_exit_and_an_in_process_caller_does_not(
        monkeypatch, capsys):
    assert gc.get_freeze_count() == 0
    assert main(["--version"]) == 0 and gc.get_freeze_count() == 0
    monkeypatch.setattr(sys, "argv", ["puzzlebank", "--version"])
    try:
        assert main() == 0 and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    assert "puzzlebank" in capsys.readouterr().out


def test_the_command_line_imports_neither_the_banks_nor_prefect():
    code = ("import sys, pipeline.cli\n"
            "print(sorted(m for m in ('banks', 'pyarrow', 'polars', 'deltalake', 'prefect')"
            " if m in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout == "[]\n"


def test_a_builds_imports_leave_out_polars_the_export_and_the_genres_it_does_not_build():
    """A Slant build's store gets no picture key (no Slant likeness) and loads no other genre
    for one (Chesspy's brings CP-SAT's model and pandas); the readers and the export load at
    their first use."""
    code = ("import sys, banks, pipeline.cli, pipeline.flows\n"
            "from pipeline.admission import picture_key\n"
            "print(picture_key(['slant']), sorted(m for m in ('polars', 'banks.export', "
            "'solvers.chesspy', 'solvers.araf') if m in sys.modules))\n"
            "from banks import export_json, scan\n"
            "print('polars' in sys.modules, scan.__module__, export_json.__module__)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split("\n")[:2] == ["None []", "True banks.query banks.export"]


def test_a_flow_run_records_its_parameters_as_prefect_does_without_fastapis_encoder(prefect_api):
    from prefect.flows import Flow

    from pipeline.flows import build_banks, verify_version
    from pipeline.jobs import BankJob, Compute, GenreJob
    from pipeline.sizes import Size

    genre = GenreJob("slant", (Size(4, 4), Size(5, 7)), 3, ("count",), options={"x": (1, 2)})
    parameters = {"banks": [BankJob("b", (genre,), 7, max_seconds=60)], "root": "/r",
                  "compute": Compute(2, "local:2"), "names": "b", "odd": object()}
    recorded = build_banks.serialize_parameters(parameters)
    assert recorded == Flow.serialize_parameters(build_banks, parameters)
    assert recorded["compute"] == {"workers": 2, "dask": "local:2"}
    assert recorded["odd"] == "<object>"
    assert type(verify_version) is type(build_banks) is not Flow


def test_a_night_records_its_parameters_as_prefect_does(prefect_api):
    from prefect.flows import Flow

    from pipeline.bankspec import Notify
    from pipeline.jobs import AppBank, BankJob, Compute, GenreJob
    from pipeline.nightly import build_app
    from pipeline.sizes import Size

    job = BankJob("b", (GenreJob("araf", (Size(6, 6),), 2, ("cell",)),), 3)
    parameters = {"banks": [AppBank(job, Compute(2, None), plan_days=7)], "root": "/r",
                  "timezone": "Europe/Paris", "names": "b",
                  "notify_settings": Notify("https://hooks.example/x", None, ("failed",))}
    recorded = build_app.serialize_parameters(parameters)
    assert recorded == Flow.serialize_parameters(build_app, parameters)
    assert recorded["banks"][0]["plan_days"] == 7 and type(build_app) is not Flow


def test_the_flows_import_with_the_garbage_collector_paused_and_it_runs_again_after(monkeypatch):
    from pipeline import session

    seen = []
    monkeypatch.setattr(session.importlib, "import_module", lambda name: seen.append(
        (name, gc.isenabled())))
    assert gc.isenabled()
    session.preheat(None)
    assert seen == [("pipeline.flows", False)] and gc.isenabled()
    gc.disable()
    try:
        with session.collector_paused():
            pass
        assert not gc.isenabled()  # paused by a caller: left paused
    finally:
        gc.enable()
