"""The build and verify flows end to end, through the CLI, on tiny Slant banks.

All of them share one Prefect test server (see conftest.prefect_api); banks are copied before a
test changes them, so each test starts from the same built banks.
"""

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from banks import BankStore
from pipeline.cli import main
from solvers import get_genre
from tests.peak_memory import run_measured

pytestmark = pytest.mark.flow

BANK = "tiny"
SPEC = ("--genre", "slant", "--size", "4x4", "--size", "5x5", "--per-grade", "1",
        "--boards-per-task", "8", "--batches-per-round", "8", "--seed", "11")
PUZZLEBANK = str(Path(sys.executable).with_name("puzzlebank"))


def build_args(root, *extra, workers=1, bank=BANK):
    return ["build", bank, *SPEC, "--workers", str(workers), "--root", str(root), *extra]


def part_bytes(root, bank=BANK):
    """Return {file name: bytes} of the bank's data files."""
    return {path.name: path.read_bytes() for path in sorted((Path(root) / bank).glob("*.parquet"))}


def manifest(root, version=0, bank=BANK):
    """Return the manifest of the build committed as `version`."""
    return BankStore(root).snapshot(bank).manifest(version)


@pytest.fixture(scope="module")
def started():
    """Return the list of worker counts the flows started executors with (executors.choose)."""
    return []


@pytest.fixture(scope="module")
def built(prefect_api, tmp_path_factory, started):
    """Return {workers: root} of the same bank built with 1 and with 2 workers.

    Works are cut small here (batches.TASK_MS), so that the tiny spec's first plan has several
    works and the two-worker build runs on a pool of two (`started` says so).
    """
    import pipeline.executors

    choose = pipeline.executors.choose

    def recording(workers, dask, works):
        executor = choose(workers, dask, works)
        started.append(executor.workers)
        return executor

    roots = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("pipeline.batches.TASK_MS", 2)
        patch.setattr("pipeline.executors.choose", recording)
        for workers in (1, 2):
            roots[workers] = tmp_path_factory.mktemp(f"workers{workers}")
            assert main(build_args(roots[workers], workers=workers)) == 0
    return roots


@pytest.fixture
def copy_of(tmp_path):
    """Return a function giving a fresh copy of a built root."""
    def copy(root):
        target = tmp_path / "copy"
        shutil.copytree(root, target, ignore=shutil.ignore_patterns(".prefect"))
        return target
    return copy


def test_one_or_two_workers_write_byte_identical_parquet(built, started):
    assert started == [1, 2]  # the second build ran on a pool of two workers
    one, two = part_bytes(built[1]), part_bytes(built[2])
    assert one and one == two
    manifests = [manifest(root) for root in (built[1], built[2])]
    assert manifests[0].logical_sha256 == manifests[1].logical_sha256
    assert manifests[0].buckets == {f"{size}/{grade}": 1 for size in ("4x4", "5x5")
                                    for grade in ("count", "cycle", "duet", "probe")}


def test_a_build_publishes_a_verified_version_whose_manifest_says_how_it_was_made(built):
    made = manifest(built[1])
    assert BankStore(built[1]).latest(BANK) == 0
    assert made.status == "passed" and made.verification["report"]["rows"] == 8
    assert made.spec["seed"] == 11 and made.spec["sizes"] == ["4x4", "5x5"]
    stats = made.build_stats
    assert stats["short"] == [] and stats["accepted"] == 8
    assert stats["attempts"] == stats["accepted"] + sum(stats["rejections"].values())


def test_a_built_slant_banks_rows_carry_their_puzzlink_urls(built):
    rows = BankStore(built[1]).snapshot(BANK).read().to_pylist()
    slant = get_genre("slant")
    assert rows and all(row["puzzlink"] == slant.to_puzzlink(slant.parse(row["puzzle"]))
                        and row["puzzlink"].startswith(f"https://puzz.link/p?gokigen/{row['width']}/")
                        for row in rows)


def test_verify_passes_a_published_version(cli, built):
    run = cli("verify", BANK, "--root", built[2], "--workers", "2")
    assert run.status == 0, run.err
    assert "passed, 8 rows re-verified" in run.out


def test_the_same_build_again_is_found_published_exits_3_and_nothing_is_built(cli, built, copy_of):
    root = copy_of(built[1])
    before = part_bytes(root)
    run = cli(*build_args(root, workers=2))
    assert run.status == 3, run.out + run.err  # a cron job sees that nothing was published
    build_id = manifest(root).build_id
    assert f"already published as version 0 (build {build_id}, 8 puzzles)" in run.out
    assert cli(*build_args(root, "--ok-if-published")).status == 0
    assert BankStore(root).latest(BANK) == 0 and part_bytes(root) == before


def test_a_second_version_never_repeats_a_puzzle_of_the_first(cli, built, copy_of):
    root = copy_of(built[1])
    run = cli(*build_args(root, "--budget", "1000"))  # another spec, the same seed
    assert run.status == 0, run.out + run.err
    store = BankStore(root)
    first, second = (set(store.snapshot(BANK).read(v).column("id").to_pylist()) for v in (0, 1))
    assert len(second) == 8 and not first & second
    made = manifest(root, 1)
    assert made.parent_version == 0
    assert made.build_stats["rejections"]["duplicate"] >= 8  # same seed: build 0 came back


def test_a_flipped_byte_fails_verify_naming_the_file(cli, built, copy_of):
    root = copy_of(built[1])
    part = next((root / BANK).glob("*.parquet"))
    data = bytearray(part.read_bytes())
    data[len(data) // 2] ^= 0x01
    part.write_bytes(bytes(data))
    run = cli("verify", BANK, "--root", root)
    assert run.status == 2
    assert run.err.count("\n") == 1
    assert part.name in run.err and "sha256" in run.err


def test_a_changed_clue_with_every_hash_fixed_up_is_caught_by_the_recount(cli, built, copy_of):
    from banks.commits import log_path
    from banks.digest import bytes_sha256, file_sha256, logical_sha256

    root = copy_of(built[1])
    part = next((root / BANK).glob("*.parquet"))
    table = pq.read_table(part)
    rows = table.to_pylist()
    puzzle = rows[0]["puzzle"]
    at = next(i for i, ch in enumerate(puzzle) if ch in "1234")
    rows[0]["puzzle"] = puzzle[:at] + "0" + puzzle[at + 1 :]
    forged = pa.Table.from_pylist(rows, schema=table.schema)
    pq.write_table(forged, part)
    log = log_path(root / BANK, 0)
    actions = [json.loads(line) for line in log.read_text().splitlines()]
    for action in actions:
        if "add" in action:
            action["add"]["size"] = part.stat().st_size
        if "commitInfo" in action:
            made = action["commitInfo"]["puzzlebank"]
            made["files"][0] |= {"sha256": file_sha256(part), "bytes": part.stat().st_size}
            made["logical_sha256"] = logical_sha256(forged)
    log.write_text("".join(json.dumps(action) + "\n" for action in actions))
    head = root / BANK / "_head.json"  # a writer with the bank's permissions fixes the head too
    record = json.loads(head.read_text())
    assert record["version"] == 0
    record["log_sha256"] = bytes_sha256(log.read_bytes())
    head.write_text(json.dumps(record, sort_keys=True) + "\n")

    run = cli("verify", BANK, "--root", root)
    assert run.status == 2
    assert run.err.count("\n") == 1
    assert f"{rows[0]['id']}: fails admission" in run.err
    assert f"{rows[0]['id']}: fails admission" in run.out


def test_a_short_bank_is_reported_bucket_by_bucket_and_not_written(cli, tmp_path, prefect_api):
    run = cli(*build_args(tmp_path, "--budget", "4"))
    assert run.status == 1
    short = [line for line in run.out.splitlines() if line.startswith("short: ")]
    assert len(short) >= 4  # 4 attempts reach at most four of the eight buckets
    assert "short: 5x5/probe made 0 of 1 (short by 1)" in short
    assert BankStore(tmp_path).latest(BANK) is None and not part_bytes(tmp_path)


def test_allow_short_publishes_and_the_manifest_lists_exactly_the_short_buckets(
    cli, tmp_path, prefect_api
):
    run = cli(*build_args(tmp_path, "--budget", "4", "--allow-short"))
    assert run.status == 0, run.out + run.err
    made = manifest(tmp_path)
    expected = [
        {"size": size, "grade": grade, "quota": 1, "made": 0, "short": 1}
        for size in ("4x4", "5x5") for grade in ("count", "cycle", "duet", "probe")
        if f"{size}/{grade}" not in made.buckets
    ]
    assert made.build_stats["short"] == expected
    printed = [line for line in run.out.splitlines() if line.startswith("short: ")]
    assert printed == [f"short: {b['size']}/{b['grade']} made 0 of 1 (short by 1)"
                       for b in expected]


def test_grade_picks_the_buckets_a_build_fills(cli, tmp_path, prefect_api):
    run = cli(*build_args(tmp_path, "--grade", "duet", "--grade", "count"))
    assert run.status == 0, run.out + run.err
    made = manifest(tmp_path)
    assert made.spec["grades"] == ["duet", "count"]
    assert sorted(made.buckets) == ["4x4/count", "4x4/duet", "5x5/count", "5x5/duet"]


def test_an_araf_build_fills_the_levels_its_generator_aims_at(cli, tmp_path, prefect_api):
    run = cli("build", "arafs", "--genre", "araf", "--size", "4x4", "--per-grade", "1",
              "--seed", "2", "--root", str(tmp_path))
    assert run.status == 0, run.out + run.err
    made = manifest(tmp_path, bank="arafs")
    assert made.spec["grades"] == ["cell", "ration"]
    assert made.spec["boards_per_task"] == 4
    assert sorted(made.buckets) == ["4x4/cell", "4x4/ration"]
    rows = BankStore(tmp_path).snapshot("arafs").read().to_pylist()
    assert all(row["puzzlink"].startswith("https://puzz.link/p?araf/4/4/") for row in rows)


def test_a_build_that_fails_re_verification_is_discarded_not_committed(
    cli, built, copy_of, monkeypatch
):
    import pipeline.admission

    root = copy_of(built[1])
    monkeypatch.setattr(pipeline.admission, "verify_rows",
                        lambda rows: [f"{rows[0]['id']}: a planted problem"])
    before = part_bytes(root)
    run = cli(*build_args(root, "--seed", "12"))
    assert run.status == 1
    assert "a planted problem" in run.out
    store = BankStore(root)
    assert store.latest(BANK) == 0 and part_bytes(root) == before
    [failed] = store.failed_builds(BANK)
    assert failed.verification["report"]["problems"][0].endswith(": a planted problem")
    assert (root / BANK / "_builds" / f"{failed.build_id}.json").is_file()


def children_of(pid):
    """Return the pids of the direct children of process `pid` (all its threads)."""
    found = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found.update(int(child) for child in (task / "children").read_text().split())
    return found


def gone(pid):
    """Return True when process `pid` has exited (or is a zombie waiting to be reaped)."""
    try:
        return "State:\tZ" in Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True


def history_runs(root):
    """Return the last cells of `history`'s lines for runs (those that are no version)."""
    from pipeline.history import history_text

    return [line.split("  ")[-1].strip() for line in history_text(root, BANK).splitlines()[1:]
            if line.startswith("-")]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_build_killed_mid_way_leaves_the_published_version_and_a_rerun_succeeds(
    built, copy_of
):
    root = copy_of(built[1])
    before = part_bytes(root)
    args = [PUZZLEBANK, *build_args(root, workers=2)]
    args[args.index("--per-grade") + 1] = "150"  # with 10x10 boards, a first plan of 2+ works:
    args += ["--size", "10x10", "--grade", "count"]  # a pool of two (see executors.choose)
    env = os.environ | {"PREFECT_LOGGING_LEVEL": "DEBUG",
                        "PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL": "DEBUG"}
    build = subprocess.Popen(args, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                             env=env)
    for line in build.stderr:
        if "a work done" in line:  # a work is done, others are running or to come
            workers = children_of(build.pid)
            build.send_signal(signal.SIGKILL)
            break
    assert build.wait() == -signal.SIGKILL, "the build ended before it could be killed"
    assert len(workers) >= 2  # the two pool workers (and multiprocessing's resource tracker)
    deadline = time.monotonic() + 60
    while not all(gone(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert all(gone(pid) for pid in workers), "pool workers outlived the killed build"

    store = BankStore(root)
    assert store.latest(BANK) == 0 and part_bytes(root) == before
    crashed = history_runs(root)  # the killed run recorded its start and no end
    assert len(crashed) == 1 and crashed[0].startswith("run crashed: started ")
    assert f"(pid {build.pid}; http" in crashed[0]

    args[args.index("--workers") + 1] = "1"  # workers change nothing but speed
    assert main(args[1:]) == 0
    assert store.latest(BANK) == 1
    assert history_runs(root) == crashed  # the rerun's own record ended with it
    assert manifest(root, 1).build_stats["tasks"] >= 2  # so the kill was mid-way
    assert set(before) < set(part_bytes(root))
    assert all(part_bytes(root)[name] == data for name, data in before.items())


def test_verify_chunks_cost_alike_fit_the_workers_and_an_id_in_two_chunks_is_a_problem():
    from pipeline.verifying import VERIFY_TASK_MS, repeated_across, row_cost, verify_chunks

    rows = [{"id": f"r{i}", "genre": "slant", "size": "4x4" if i % 3 else "10x10"}
            for i in range(120)] + [{"id": "r0", "genre": "slant", "size": "10x10"}]
    assert verify_chunks(rows, workers=2) == [rows]  # cheap rows: one task, in this process
    many = rows * 20
    chunks = verify_chunks(many, workers=2)
    assert len(chunks) % 2 == 0 and [row for chunk in chunks for row in chunk] == many
    costs = [sum(row_cost("slant", row["size"]) for row in chunk) for chunk in chunks]
    assert max(costs) <= VERIFY_TASK_MS + row_cost("slant", "10x10")
    assert max(costs) - min(costs) <= 2 * row_cost("slant", "10x10")
    assert repeated_across([rows[:5], rows[-1:]]) == ["r0: appears 2 times"]
    assert repeated_across([rows[:2] + rows[:1]]) == []  # within a chunk: verify_rows says so


def test_max_seconds_stops_new_work_and_a_short_build_writes_nothing(cli, tmp_path, prefect_api):
    # 600 10x10 probe puzzles are about 10 s of work (16 ms a graded one, 3 December 2026; 60
    # were made within the second once Slant's kernels got fast), far more than one second
    run = cli("build", "timed", "--genre", "slant", "--size", "10x10", "--grade", "probe",
              "--per-grade", "600", "--seed", "5", "--max-seconds", "1", "--root", tmp_path)
    assert run.status == 1, run.out + run.err
    assert "out of time: no new work after --max-seconds 1" in run.out
    assert "short: 10x10/probe" in run.out
    assert BankStore(tmp_path).latest("timed") is None and not part_bytes(tmp_path, "timed")


def test_a_tiny_build_asked_for_two_workers_runs_in_this_process(cli, tmp_path, prefect_api,
                                                                   monkeypatch):
    import pipeline.executors

    started = []
    choose = pipeline.executors.choose
    monkeypatch.setattr(pipeline.executors, "choose",
                        lambda *asked: started.append(choose(*asked)) or started[-1])
    run = cli(*build_args(tmp_path, workers=2))  # the tiny spec's first plan is one work
    assert run.status == 0, run.out + run.err
    assert [type(executor).__name__ for executor in started] == ["InProcess"]
    assert manifest(tmp_path).build_stats["tasks"] >= 2  # more works came, in this process


# CI runs the pool (about 10 s a build); one worker, in the CLI's own process, behind slow
@pytest.mark.parametrize("workers", [pytest.param(1, marks=pytest.mark.slow), 2])
def test_max_seconds_is_kept_by_the_works_themselves_whatever_the_quota(tmp_path, prefect_api,
                                                                        workers):
    """A quota no budget reaches: the works stop between attempts at the deadline, the plan
    stays small (memory flat), and the short build is published as asked."""
    args = [PUZZLEBANK, "build", "endless", "--genre", "slant", "--size", "5x5", "--per-grade",
            "1000000000", "--max-seconds", "3", "--allow-short", "--workers", str(workers),
            "--root", str(tmp_path)]
    out = tmp_path / "out.txt"
    with out.open("w") as printed:
        # measured apart from pytest, whose own peak a child started here would report
        exit_code, peak_kb = run_measured(args, tmp_path / "peak.txt", stdout=printed,
                                          stderr=subprocess.STDOUT)
    assert exit_code == 0, out.read_text()
    assert "out of time: no new work after --max-seconds 3" in out.read_text()
    stats = manifest(tmp_path, bank="endless").build_stats
    assert stats["out_of_time"] and stats["accepted"] > 0
    assert stats["generate_seconds"] < 3 + 2  # the deadline, and the last attempts' end
    assert peak_kb < 600_000  # kB, the CLI's peak: no plan of 10**9 boards was held
