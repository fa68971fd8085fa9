"""Test-wide rule: where PUZZLEBANK_NO_SKIPS is set (CI sets it), a skipped test is a failure.

A few tests need a program beside Python (node for the Color Sort seed's engine, chromium for
the gallery page) and skip where it is missing, so the README's test command runs anywhere;
CI installs both, and there a skip would hide an assertion that never ran.
"""

import os

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.skipped and os.environ.get("PUZZLEBANK_NO_SKIPS"):
        report.outcome = "failed"
        report.longrepr = f"skipped under PUZZLEBANK_NO_SKIPS: {report.longrepr}"
    return report
