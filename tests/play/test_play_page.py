"""`puzzlebank play`: the page's data is the day and solutions documents of banks/daydocs.py
with the explainer's sentences, its scripts are the tested trace decoder and the page's own, it
loads nothing, the same bank gives the same bytes, `play --date` and `export --days` make the
same page of a planned day (the export's from its own files), and a missing bank or day or a
stale trace is one line and status 2 with no file written."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from banks.daydocs import day_document, solutions_document
from pipeline.arguments import InputError
from pipeline.cli import main
from pipeline.gallery import bucket_key
from pipeline.play import WEB, inline_json, rows_page, sentences

DATA = re.compile(r'<script type="application/json" id="play-data">(.*?)</script>', re.S)


def page_data(html: str) -> dict:
    found = DATA.search(html)
    assert found is not None
    return json.loads(found.group(1))


def test_the_page_carries_the_day_and_solutions_documents_of_the_version(play_page_file,
                                                                        play_bank):
    _, rows = play_bank
    ordered = sorted(rows, key=lambda row: (bucket_key(row), row["id"]))
    data = page_data(play_page_file.read_text(encoding="utf-8"))
    assert data["day"] == day_document("play", None, ordered)
    assert data["solutions"] == solutions_document("play", None, ordered)
    assert [p["genre"] for p in data["day"]["puzzles"]] == [
        "araf", "chesspy", "colorsort", "shakashaka", "slant"]
    assert all("solution" not in p and "trace" not in p for p in data["day"]["puzzles"])
    for row in rows:
        steps = row["trace"].split("|")[1].split(";")
        assert data["sentences"][row["id"]] == sentences(row)
        assert len(sentences(row)) == len(steps) and all(sentences(row))


def test_the_page_inlines_the_tested_trace_decoder_and_loads_nothing(play_page_file):
    html = play_page_file.read_text(encoding="utf-8")
    replay = (WEB / "replay.js").read_text(encoding="utf-8")
    assert html.count(replay) == 1 and html.count("<script>") == 2
    assert "src=" not in html and "<link" not in html and "http://" not in html.replace(
        "http://www.w3.org/2000/svg", "")
    assert "default-src 'none'" in html


def test_the_page_is_titled_and_headed_by_its_escaped_title(play_bank):
    _, rows = play_bank
    html = rows_page("play", None, "play <&> day", rows)
    assert "<title>play &lt;&amp;&gt; day</title>" in html
    assert "<h1>play &lt;&amp;&gt; day</h1>" in html and "{heading}" not in html


def test_inline_json_cannot_close_its_script_element():
    text = inline_json({"sentence": "a </script><script>alert(1)</script>"})
    assert "</" not in text and json.loads(text)["sentence"].endswith("</script>")


def test_the_same_bank_gives_the_same_bytes_in_another_process(play_bank, tmp_path):
    root, _ = play_bank
    pages = []
    for seed in ("1", "2"):
        out = tmp_path / f"page-{seed}.html"
        subprocess.run([sys.executable, "-c", "from pipeline.cli import main; exit(main())",
                        "play", "play", "--root", str(root), "--out", str(out)],
                       check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": seed})
        pages.append(out.read_bytes())
    assert pages[0] == pages[1] and len(pages[0]) > 10_000


def test_a_missing_bank_or_version_is_one_line_and_status_2(capsys, play_bank, tmp_path):
    root, _ = play_bank
    for args in (("nobank",), ("play", "--version", "7")):
        capsys.readouterr()
        status = main(["play", *args, "--root", str(root), "--out", str(tmp_path / "x.html")])
        out, err = capsys.readouterr()
        assert (status, out) == (2, "")
        assert err.startswith("puzzlebank: ") and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_row_whose_trace_the_explainer_no_longer_gives_is_refused(play_bank):
    _, rows = play_bank
    row = next(row for row in rows if row["genre"] == "slant")
    stale = row | {"trace": row["trace"].rsplit(";", 1)[0]}
    with pytest.raises(InputError, match=f"puzzle {row['id']}: its stored trace"):
        rows_page("play", None, "title", [stale])


def test_the_cli_prints_where_the_page_went(capsys, play_bank, tmp_path):
    root, rows = play_bank
    out = tmp_path / "day.html"
    assert main(["play", "play", "--root", str(root), "--version", "0", "--out", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}: {len(rows)} puzzles\n"
    assert Path(out).read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_play_date_and_export_days_write_the_same_page_of_a_planned_day(cli, play_bank,
                                                                        tmp_path):
    root = tmp_path / "banks"
    shutil.copytree(play_bank[0], root)
    assert cli("calendar", "play", "--root", root, "--from", "2027-01-01",
               "--through", "2027-01-01")[0] == 0
    page = tmp_path / "day.html"
    assert cli("play", "play", "--root", root, "--date", "2027-01-01", "--out",
               page) == (0, f"{page}: 5 puzzles\n", "")
    assert cli("export", "play", "--root", root, "--out", tmp_path / "out", "--days",
               "2027-01-01..2027-01-01")[0] == 0
    folder = tmp_path / "out" / "play"
    exported = folder / "days" / "2027-01-01.html"
    assert exported.read_bytes() == page.read_bytes()
    data = page_data(page.read_text(encoding="utf-8"))
    assert data["day"] == json.loads((folder / "days" / "2027-01-01.json").read_text())
    assert data["solutions"] == json.loads((folder / "solutions" / "2027-01-01.json").read_text())
    assert data["day"]["date"] == "2027-01-01" and len(data["day"]["puzzles"]) == 5

    status, out, err = cli("play", "play", "--root", root, "--date", "2027-01-02",
                           "--out", tmp_path / "none.html")
    assert (status, out) == (2, "") and err.count("\n") == 1
    assert "no puzzles planned on 2027-01-02 (planned through 2027-01-01" in err
    status, _, err = cli("play", "play", "--root", root, "--date", "2027-01-01",
                         "--version", "0", "--out", tmp_path / "none.html")
    assert status == 2 and "--date or --version" in err
    assert not (tmp_path / "none.html").exists()
