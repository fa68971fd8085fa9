"""The play page: one static HTML file on which a player solves a day's puzzles (or a bank
version's), with undo, check, hints from the stored traces, a timer and saved progress.

Vocabulary: the page's *data* is what banks/daydocs.py gives a front end, the day document and
the solutions document of the same rows, plus each puzzle's *sentences*: the explainer's sentence
of every step of its stored trace, in order (sentences are not stored; the explainer gives them
again from the puzzle and its solution, and the trace it gives must be the stored one), and the
colours of the pictures (solvers/core/svg.py PALETTE; colour k for a Color Sort character k in
base 36). The page
needs no server and fetches nothing: its style, its scripts (pipeline/web/replay.js, the trace
decoder the export's round-trip test runs under node, and pipeline/web/play.js) and its data are
inline, and its Content-Security-Policy forbids loading anything else. The same rows give the
same bytes. The per-day export (`export --days`) writes each day's page beside its files.
"""

import datetime
import html
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from banks.daydocs import day_document, solutions_document
from pipeline.arguments import InputError
from pipeline.gallery import bucket_key, head, read_rows
from solvers import get_explainer, get_genre
from solvers.core.explain import encode
from solvers.core.svg import PALETTE
from solvers.core.walk import Contradiction

WEB = Path(__file__).with_name("web")
SCRIPTS = ("replay.js", "play.js")


def sentences(row: Mapping[str, Any]) -> list[str]:
    """Return the sentence of every step of the row's stored trace, in order; InputError when
    the explainer no longer gives that trace (the row needs `verify`)."""
    genre, explainer = get_genre(row["genre"]), get_explainer(row["genre"])
    puzzle = genre.parse(row["puzzle"])
    trace = explainer.explain(puzzle, genre.parse_solution(row["solution"], puzzle))
    if isinstance(trace, Contradiction) or encode(trace, row["width"]) != row["trace"]:
        raise InputError(f"puzzle {row['id']}: its stored trace is not the one the explainer "
                         "gives now (puzzlebank verify names the rows)")
    return [step.text for step in trace.steps]


def page_data(day: Mapping[str, Any], answers: Mapping[str, Any]) -> dict[str, Any]:
    """Return the page's data (see the module) of a day document and its solutions document."""
    solved = {entry["id"]: entry for entry in answers["solutions"]}
    return {"day": day, "solutions": answers,
            "sentences": {p["id"]: sentences({**p, **solved[p["id"]]}) for p in day["puzzles"]},
            "palette": list(PALETTE)}


def inline_json(value: Any) -> str:
    """Return JSON text that is safe inside a <script> element (no "</" can close it)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).replace(
        "</", "<\\/")


def play_page(day: Mapping[str, Any], answers: Mapping[str, Any], title: str) -> str:
    """Return the play page of a day document and its solutions document (the puzzles in the
    day document's order) under the heading `title`."""
    data = page_data(day, answers)
    style = (WEB / "play.css").read_text(encoding="utf-8")
    scripts = "".join(f"<script>{(WEB / name).read_text(encoding='utf-8')}</script>"
                      for name in SCRIPTS)
    heading = html.escape(title)
    return (
        head(heading, style) + f'<body><header><h1>{heading}</h1><nav id="puzzles"></nav></header>'
        f'<main id="boards"></main>'
        f'<script type="application/json" id="play-data">{inline_json(data)}</script>\n'
        f"{scripts}</body></html>\n"
    )


def rows_page(bank: str, date: str | None, title: str,
              rows: Sequence[Mapping[str, Any]]) -> str:
    """Return the play page of bank rows, in their order."""
    return play_page(day_document(bank, date, rows), solutions_document(bank, date, rows), title)


def version_page(root: str | Path, bank: str, version: int | None) -> tuple[str, int]:
    """Return (the play page of every puzzle of a bank version, in the gallery's bucket order,
    how many puzzles); BankError when there is no such bank or version."""
    version, rows = read_rows(root, bank, version)
    ordered = sorted(rows, key=lambda row: (bucket_key(row), row["id"]))
    return rows_page(bank, None, f"{bank} version {version}", ordered), len(ordered)


def day_pages(read: Callable[[str], bytes], first: datetime.date,
              last: datetime.date) -> Iterator[tuple[str, str]]:
    """Return (name, text) of the play page of every day first..last of a per-day export
    (banks/dayexport.py), days/YYYY-MM-DD.html beside the day's files, each made from the day
    and solutions files `read(name)` gives."""
    for n in range((last - first).days + 1):
        date = first + datetime.timedelta(days=n)
        day = json.loads(read(f"days/{date}.json"))
        answers = json.loads(read(f"solutions/{date}.json"))
        yield f"days/{date}.html", play_page(day, answers, f"{day['bank']} {date}")


def write_page(text: str, out: str | Path) -> Path:
    """Write a page's text to `out` whole (through a temporary file beside it); return its
    path."""
    path = Path(out)
    partial = path.with_name(path.name + ".partial")
    partial.write_text(text, encoding="utf-8")
    partial.replace(path)
    return path
