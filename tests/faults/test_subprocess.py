"""A few faults through the real `puzzlebank` script, as a shell runs it: what the process
prints and its exit status, with nothing of pytest in between."""

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(sys.executable).parent / "puzzlebank"


def run(*args: str | bytes, **options) -> subprocess.CompletedProcess:
    """Run the installed script with `args`; return the finished process (bytes output)."""
    return subprocess.run([SCRIPT, *args], capture_output=True, timeout=120, **options)


def test_the_issues_chesspy_text_is_one_line_and_exit_2_from_the_script():
    done = run("solve", "chesspy", "R1B1N1:,")
    assert done.returncode == 2
    assert done.stderr == b"puzzlebank: 'R1B1N1:,': does not parse: row 0: a row needs at " \
                          b"least one cell\n"


def test_a_binary_file_is_one_line_and_exit_2_from_the_script():
    done = run("solve", "slant", "--file", sys.executable)
    assert done.returncode == 2 and done.stderr.count(b"\n") == 1
    assert b"is not UTF-8 text" in done.stderr and done.stdout == b""


def test_undecodable_argument_bytes_are_echoed_escaped():
    done = run("solve", "slant", b"1.\xff\x1b,...,1.1")
    assert done.returncode == 2 and done.stderr.count(b"\n") == 1
    assert b"\\udcff\\x1b" in done.stderr and b"\x1b" not in done.stderr


def test_version_from_the_script():
    done = run("--version")
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.startswith(b"puzzlebank ")


def test_a_reader_that_stops_early_ends_the_command_quietly_with_141():
    texts = ["1.1,...,1.1"] * 1500  # about 200 kB of drawings, more than a pipe holds
    with subprocess.Popen([SCRIPT, "solve", "slant", *texts], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as process:
        assert process.stdout.readline() == b"puzzle    1.1,...,1.1\n"
        process.stdout.close()
        assert process.wait(timeout=120) == 141
        assert process.stderr.read() == b""
