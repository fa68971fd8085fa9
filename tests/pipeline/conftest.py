"""Fixtures of the pipeline tests: one Prefect test server per session.

`prefect_api` starts Prefect's test harness once (about 12 s), with PREFECT_HOME in a temp folder
and logging at WARNING, and exports its url as PREFECT_API_URL so the CLI (in this process or in a
subprocess) reuses it instead of starting a server of its own. Tests that use it are marked flow.
"""

from collections.abc import Iterator

import pytest

QUIET_PREFECT = {
    "PREFECT_LOGGING_LEVEL": "WARNING",
    "PREFECT_SERVER_ANALYTICS_ENABLED": "false",
    "DO_NOT_TRACK": "1",
}


@pytest.fixture(scope="session")
def prefect_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Yield the url of a Prefect test server that lasts the session, set as PREFECT_API_URL."""
    home = tmp_path_factory.mktemp("prefect-home")
    with pytest.MonkeyPatch.context() as env:
        for name, value in (QUIET_PREFECT | {"PREFECT_HOME": str(home)}).items():
            env.setenv(name, value)
        from prefect.settings import PREFECT_API_URL
        from prefect.testing.utilities import prefect_test_harness

        with prefect_test_harness(server_startup_timeout=180):  # a loaded machine is slow
            url = PREFECT_API_URL.value()
            env.setenv("PREFECT_API_URL", url)
            yield url
