"""Fuzzing every command that runs without Prefect: whatever the arguments, the CLI answers exit 0
with a silent stderr, or exit 2 with exactly one "puzzlebank: ..." line, never a traceback (or,
for `bench` and `calendar`, the documented exit 1 of a supply that fell short).

Each command has a strategy of argument lists mixing well-formed values (small boards of every
genre, real bank names, ids and URLs) with garbage (any text, control characters, lone
surrogates as undecodable argv bytes give, huge numbers). The default run keeps every command
to FAST examples; `-m slow` runs LONG of each.
"""

import shutil
import string
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pipeline.commands.common import DEFAULT_MAX_SECONDS
from solvers import GENRE_NAMES
from tests.faults.conftest import run_cli

FAST = 25
MARGIN = 30  # seconds a fuzzed command may take besides solving, on a loaded machine
LONG = 400
SIZES = ("2x2", "3x3", "4x4", "3x2", "0x3", "200x200", "4by4", "x", "")

# Characters each genre's texts are made of, and the odd ones out.
ALPHABETS = {
    "slant": "01234.,",
    "shakashaka": ".#01234,",
    "araf": ".123456789 ,",
    "chesspy": ".0123456789,",
    "colorsort": "0123456,",
}
NOISE = st.sampled_from(["\x1b[2J", "\n", "\t", "\x00", "\udcff", "é", "/", ":", "-", "9" * 30])
ANY_TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=30) | NOISE


def grid(alphabet: str) -> st.SearchStrategy[str]:
    """Return texts of up to 5 rows of up to 5 characters of `alphabet`, rows joined by ','."""
    row = st.text(st.sampled_from(alphabet.replace(",", "")), max_size=5)
    return st.lists(row, min_size=1, max_size=5).map(",".join)


def genre_text(name: str) -> st.SearchStrategy[str]:
    """Return puzzle-like texts of a genre: mostly small grids of its alphabet, some garbage."""
    shaped = grid(ALPHABETS[name])
    if name == "chesspy":
        counts = st.integers(0, 3).map(str)
        shaped = st.builds(lambda r, b, n, g: f"R{r}B{b}N{n}:{g}", counts, counts, counts, shaped)
    elif name == "colorsort":
        shaped = st.builds(lambda c, g: f"{c}:{g}", st.integers(0, 7), shaped)
    return st.one_of(shaped, shaped, ANY_TEXT, st.builds(str.__add__, shaped, NOISE))


def url() -> st.SearchStrategy[str]:
    """Return puzz.link-like URLs: real pids and others, small and absurd sizes, code bodies."""
    pid = st.sampled_from(["gokigen", "shakashaka", "araf", "nurikabe", ""])
    side = st.sampled_from(["1", "2", "3", "4", "0", "9999", "x"])
    body = st.text(st.sampled_from("0123456789abcdefghijklmnopqrstuvwxyz.-+"), max_size=16)
    return st.builds(lambda p, c, r, b: f"https://puzz.link/p?{p}/{c}/{r}/{b}",
                     pid, side, side, body)


def number() -> st.SearchStrategy[str]:
    """Return option values meant as numbers: small ones, edge ones and garbage."""
    return st.one_of(st.integers(-2, 6).map(str),
                     st.sampled_from(["10" * 20, "1e3", "", " 3", "٣", "0x10"]))


def options(*pairs: tuple[str, st.SearchStrategy[str]]) -> st.SearchStrategy[list[str]]:
    """Return argument lists holding each option of `pairs` or not, in a random order."""
    chosen: list[st.SearchStrategy[list[str]]] = [
        st.one_of(st.just([]), st.tuples(st.just(name), value).map(list)) for name, value in pairs]
    return st.tuples(*chosen).flatmap(st.permutations).map(
        lambda parts: [arg for part in parts for arg in part]) if pairs else st.just([])


def solve_argv(name: str) -> st.SearchStrategy[list[str]]:
    """Return `solve` argument lists of genre `name` (or of a URL alone)."""
    one = st.builds(lambda text, json: ["solve", name, text, *json], genre_text(name),
                    st.sampled_from([[], ["--json"]]))
    alone = st.builds(lambda link, json: ["solve", link, *json], url(),
                      st.sampled_from([[], ["--json"]]))
    return one | alone


def show_argv(name: str, scratch: str) -> st.SearchStrategy[list[str]]:
    """Return `show` argument lists of genre `name`: a text or a URL, with or without a
    solution, --solve or an SVG file."""
    picture = st.sampled_from([[], ["--svg", f"{scratch}/p.svg"], ["--svg", "/proc/no/p.svg"]])
    drawn: st.SearchStrategy[list[str]] = st.one_of(st.just([]), st.just(["--solve"]),
                      genre_text(name).map(lambda text: ["--solution", text]))
    given_text = st.builds(lambda text, d, p: ["show", name, text, *d, *p], genre_text(name),
                           drawn, picture)
    alone = st.builds(lambda link, d, p: ["show", link, *d, *p], url(), drawn, picture)
    return given_text | alone


def bank_argv(root: str, ids: list[str], scratch: str) -> st.SearchStrategy[list[str]]:
    """Return argument lists of the bank commands (query, export, gallery, play, show BANK ID)
    on the fault bank, a missing one and bad names."""
    bank = st.sampled_from(["faults", "faults", "nobank", "../up", "-x", "b" * 300, "é\x1b"])
    version = ("--version", number())
    query = st.builds(lambda b, opts: ["query", b, "--root", root, *opts], bank, options(
        ("--genre", st.sampled_from([*GENRE_NAMES, "slnt", ""])),
        ("--grade", st.sampled_from(["count", "cycle", "ration", "nonesuch"])),
        ("--size", st.sampled_from(SIZES)), ("--limit", number()), version,
        ("--format", st.sampled_from(["table", "json", "csv", "xml"])),
        ("--min-score", number()), ("--max-score", number()),
        ("--sort", st.sampled_from(["score", "size", ""])), ("--build", number())))
    export = st.builds(lambda b, opts: ["export", b, "--root", root, "--out", scratch, *opts],
                       bank, options(version))
    gallery = st.builds(lambda b, out, opts: ["gallery", b, "--root", root, "--out", out, *opts],
                        bank, st.sampled_from([f"{scratch}/g.html", "/proc/no/g.html"]),
                        options(version))
    play = st.builds(lambda b, out, opts: ["play", b, "--root", root, "--out", out, *opts],
                     bank, st.sampled_from([f"{scratch}/p.html", "/proc/no/p.html"]),
                     options(version))
    row = st.one_of(st.sampled_from(ids), st.sampled_from(ids).map(lambda i: i[:6]),
                    st.text(st.sampled_from(string.hexdigits.lower()), max_size=21), ANY_TEXT)
    show = st.builds(lambda b, r, opts: ["show", b, r, "--root", root, *opts], bank, row,
                     options(version, ("--solve", st.just("")))).map(
        lambda argv: [arg for arg in argv if arg != ""])
    return query | export | gallery | play | show


def small_command_argv() -> st.SearchStrategy[list[str]]:
    """Return argument lists of daily, ladder-report and colorsort-deal."""
    genre = st.sampled_from([*GENRE_NAMES, "slnt"])
    date = st.dates().map(str) | st.sampled_from(["2026-02-30", "tomorrow", "99999-01-01"])
    daily = st.builds(lambda g, d: ["daily", g, d], genre, date)
    report = st.builds(lambda g, s, b: ["ladder-report", g, "--size", s, "--boards", b], genre,
                       st.sampled_from(SIZES), st.sampled_from(["1", "2", "0", "x"]))
    small = st.integers(0, 6).map(str) | st.sampled_from(["-1", "99", "10" * 12, "x"])
    deal = st.builds(lambda seed, opts: ["colorsort-deal", "--seed", seed, *opts], ANY_TEXT,
                     options(("--colors", small), ("--capacity", small),
                             ("--duplicates", small), ("--empty", small),
                             ("--node-limit", st.sampled_from(["1", "500", "0", "x"]))))
    return daily | report | deal


def flag(name: str) -> tuple[str, st.SearchStrategy[str]]:
    """Return an option pair for a flag without a value (its empty value is dropped, `bare`)."""
    return name, st.just("")


def bare(argv: list[str]) -> list[str]:
    """Return `argv` without the empty values `flag` options carry."""
    return [arg for arg in argv if arg != ""]


def capacity_argv() -> st.SearchStrategy[list[str]]:
    """Return argument lists of `grades` and `bench`: every genre, measured and unmeasured
    sizes, real and made-up grades, small and bad counts and seeds (never a count that asks
    bench for hours of work: bench makes as many puzzles as it is asked)."""
    genre = st.sampled_from([*GENRE_NAMES, "slnt", ""])
    size = st.sampled_from([*SIZES, "5x5", "7x7", "10x10", "65x65"])
    grades = st.builds(lambda g, opts: ["grades", g, *opts], genre,
                       options(("--size", size), flag("--json"))).map(bare)
    small_size = st.sampled_from([*SIZES, "1x1"])
    bench = st.builds(lambda g, z, opts: ["bench", g, "--size", z, *opts], genre, small_size,
                      options(("--grade", st.sampled_from(["count", "cycle", "easy", "nonesuch",
                                                           ""])),
                              ("--puzzles", st.sampled_from(["1", "2", "0", "-1", "x",
                                                             "10" * 20])),
                              ("--seed", st.sampled_from(["0", "7", "-1", "x", "9" * 30])),
                              flag("--stages"), flag("--json"))).map(bare)
    return grades | bench


def days_argv(root: str, specs: list[str]) -> st.SearchStrategy[list[str]]:
    """Return argument lists of `calendar` and `day` on a copy of the fault bank: real and
    impossible dates, time zones real and not, spec files good, broken, missing and of another
    bank."""
    bank = st.sampled_from(["faults", "faults", "faults", "nobank", "../up", "-x", "é\x1b"])
    date = st.sampled_from(PLANNED) | st.dates().map(str) | st.sampled_from(
        ["2026-02-30", "tomorrow", "99999-01-01", "0001-01-01", "9999-12-31", ""])
    zone = st.sampled_from(["UTC", "Europe/Paris", "Pacific/Kiritimati", "Etc/GMT+12",
                            "Mars/Olympus", "", "../../etc/passwd", "UTC\x00"])
    spec = ("--spec", st.sampled_from(specs))
    calendar = st.builds(lambda b, opts: ["calendar", b, "--root", root, *opts], bank, options(
        ("--through", date), ("--per-bucket", number()), ("--from", date),
        ("--timezone", zone), spec))
    day = st.builds(lambda b, opts: ["day", b, "--root", root, *opts], bank, options(
        ("--date", date), ("--timezone", zone), spec, flag("--json"))).map(bare)
    return calendar | day


def any_argv() -> st.SearchStrategy[list[str]]:
    """Return argument lists of words any command or option might be, in any order (the flow
    commands build, schedule and verify only where they fail before starting a server)."""
    words = st.sampled_from(["solve", "show", "query", "export", "gallery", "daily",
                             "ladder-report", "colorsort-deal", "--json", "--solve", "--help",
                             "--version", "--root", "--genre", "--size", "--limit", "slant",
                             "araf", "3x3", "-", "--", "-x", "1.1,...,1.1", "R1B1N1:,"])
    first = st.sampled_from(["solve", "show", "query", "daily", "colorsort-deal", "frobnicate",
                             "--bogus", "-h"])
    return st.builds(lambda head, rest: [head, *rest], first,
                     st.lists(words | ANY_TEXT, max_size=6))


def hint_argv(name: str) -> st.SearchStrategy[list[str]]:
    """Return argument lists of `hint` on texts of genre `name`, with or without a state (a text
    of the genre's alphabet or garbage) and a budget."""
    state = st.sampled_from([[], *(["--state", text] for text in ("?", "", "0>1", "9" * 40))]) \
        | genre_text(name).map(lambda text: ["--state", text])
    budget = st.sampled_from([[], ["--max-seconds", "1"], ["--max-seconds", "0"]])
    return st.builds(lambda text, s, b, j: ["hint", name, text, *s, *b, *j],
                     genre_text(name), state, budget, st.sampled_from([[], ["--json"]]))


@pytest.fixture(scope="session")
def scratch(tmp_path_factory):
    """Return a folder the fuzzed commands may write pictures, pages and exports into."""
    return str(tmp_path_factory.mktemp("fault-scratch"))


PLANNED = ("2026-01-01", "2026-01-02")  # the days the fixture plans on the copy of the fault bank
GOOD_SPEC = """timezone = "Europe/Paris"
[banks.faults]
plan_days = 3
per_bucket = 1
[[banks.faults.genres]]
genre = "slant"
sizes = ["4x4"]
per_grade = 1
"""


@pytest.fixture(scope="session")
def days(bank, tmp_path_factory):
    """Return (root, spec files) for `calendar` and `day`: a copy of the fault bank (calendar
    writes into it) and a good spec file, one of another bank, a broken one and a missing one."""
    folder = tmp_path_factory.mktemp("fault-days")
    shutil.copytree(bank[0], folder / "root")
    planned = run_cli("calendar", "faults", "--root", folder / "root", "--from", PLANNED[0],
                      "--through", PLANNED[-1])
    assert planned.status == 0, planned
    texts = {"good.toml": GOOD_SPEC, "other.toml": GOOD_SPEC.replace("faults", "other"),
             "broken.toml": "timezone = [\n"}
    for name, text in texts.items():
        (folder / name).write_text(text)
    return str(folder / "root"), [str(folder / name) for name in [*texts, "missing.toml"]]


def strategy_of(kind: str, bank, scratch: str, days) -> st.SearchStrategy[list[str]]:
    """Return the argument-list strategy of one fuzzed kind of command line."""
    root, rows = bank
    if kind in GENRE_NAMES:
        return solve_argv(kind) | show_argv(kind, scratch) | hint_argv(kind)
    return {"banks": lambda: bank_argv(str(root), [row["id"] for row in rows], scratch),
            "small": small_command_argv, "capacity": capacity_argv,
            "days": lambda: days_argv(*days), "any": any_argv}[kind]()


KINDS = [*GENRE_NAMES, "banks", "small", "capacity", "days", "any"]
QUICK = settings(max_examples=FAST, deadline=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
THOROUGH = settings(max_examples=LONG, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def fell_short(argv: list[str], run) -> bool:
    """Return True for the documented exit 1 of a command that made or planned less than it was
    asked (README): bench's one stderr line, calendar's "short: ..." line on stdout."""
    if run.status != 1 or "Traceback" in run.out + run.err:
        return False
    if argv[0] == "bench":
        return run.one_error_line() and run.err.startswith("puzzlebank: bench: made ")
    return argv[0] == "calendar" and run.err == "" and run.out.splitlines()[-1].startswith(
        "short: ")


def check(cli, argv: list[str]) -> None:
    """Assert that `puzzlebank ARGV` kept the promise (see Run.kept_the_promise, or fell short
    as documented), within the solving budget of every puzzle text it may hold and a margin for
    the rest."""
    started = time.monotonic()
    run = cli(*argv)
    assert run.kept_the_promise() or fell_short(argv, run), (argv, run)
    assert time.monotonic() - started < DEFAULT_MAX_SECONDS * len(argv) + MARGIN, argv


@pytest.mark.parametrize("kind", KINDS)
@QUICK
@given(data=st.data())
def test_fuzzed_command_lines_give_exit_0_or_one_error_line_and_exit_2(cli, bank, scratch, days,
                                                                      kind, data):
    check(cli, data.draw(strategy_of(kind, bank, scratch, days), label="argv"))


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
@THOROUGH
@given(data=st.data())
def test_many_fuzzed_command_lines_give_exit_0_or_one_error_line_and_exit_2(cli, bank, scratch,
                                                                           days, kind, data):
    check(cli, data.draw(strategy_of(kind, bank, scratch, days), label="argv"))
