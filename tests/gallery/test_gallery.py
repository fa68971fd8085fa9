"""The gallery page of a bank version, and show BANK ID: the page's buckets, cards and pictures,
its puzz.link links, its bytes, and the page in headless Chromium (loads without errors or
requests, shows every puzzle, reveals a solution on a click). The screenshot is kept at
tests/artifacts/gallery.png (ignored by git)."""

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from pipeline.gallery import page

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
NS = "{http://www.w3.org/2000/svg}"
SVG = re.compile(r"<svg .*?</svg>", re.S)


def test_gallery_has_a_section_per_bucket_and_two_svg_pictures_per_puzzle(cli, small_bank,
                                                                          tmp_path):
    root, rows = small_bank
    out = tmp_path / "small.html"
    assert cli("gallery", "small", "--root", root, "--out", out) == (
        0, f"{out}: 8 puzzles\n", "")
    html = out.read_text(encoding="utf-8")
    assert html.count('<section class="bucket"') == 6
    assert html.count('<figure class="card"') == len(rows) == 8
    assert html.count('<div class="solution-picture" hidden>') == 8
    pictures = [ET.fromstring(found) for found in SVG.findall(html)]
    assert len(pictures) == 16 and all(p.tag == NS + "svg" for p in pictures)
    headings = re.findall(r"<h2>(.*?)</h2>", html)
    assert headings == ["araf 4x4 cell", "chesspy 4x4 number", "colorsort 4x4 easy",
                        "shakashaka 4x4 tips", "slant 4x4 count", "slant 4x4 cycle"]
    assert "src=" not in html and "<link" not in html  # nothing to load
    hrefs = re.findall(r'href="([^"]*)"', html)
    outside = [href for href in hrefs if not href.startswith("#")]
    assert all(href.startswith("https://puzz.link/p?") for href in outside)
    assert len(outside) == sum(bool(row.get("puzzlink")) for row in rows)


def test_puzzlink_links_appear_only_for_rows_that_have_one(small_bank):
    _, rows = small_bank
    slant = [row for row in rows if row["genre"] == "slant"]
    url = "https://puzz.link/p?gokigen/4/4/abc"
    given = [slant[0] | {"puzzlink": url}, slant[1] | {"puzzlink": None},
             {k: v for k, v in slant[2].items() if k != "puzzlink"},
             slant[3] | {"puzzlink": "javascript:alert(1)"}]
    html = page("small", 1, given)
    assert html.count('class="puzzlink"') == 1
    assert f'href="{url}"' in html and "play on puzz.link" in html
    assert "javascript:" not in html.split("<script>")[0]


def test_the_gallery_is_the_same_bytes_when_written_again_in_another_process(small_bank,
                                                                             tmp_path):
    root, _ = small_bank
    pages = []
    for seed in ("1", "2"):
        out = tmp_path / f"page-{seed}.html"
        subprocess.run([sys.executable, "-c", "from pipeline.cli import main; exit(main())",
                        "gallery", "small", "--root", str(root), "--out", str(out)],
                       check=True, capture_output=True, env={**os.environ, "PYTHONHASHSEED": seed})
        pages.append(out.read_bytes())
    assert pages[0] == pages[1]
    assert len(pages[0]) > 1000


def test_gallery_of_a_missing_bank_or_version_is_one_line_and_status_2(cli, small_bank,
                                                                        tmp_path):
    root, _ = small_bank
    for args in (("nobank",), ("small", "--version", "7")):
        status, out, err = cli("gallery", *args, "--root", root, "--out",
                                   tmp_path / "x.html")
        assert (status, out) == (2, "")
        assert err.startswith("puzzlebank: ") and err.count("\n") == 1
    assert not (tmp_path / "x.html").exists()


def test_show_bank_id_draws_the_row_and_with_solve_its_own_solution(cli, small_bank,
                                                                     tmp_path):
    root, rows = small_bank
    row = next(row for row in rows if row["genre"] == "araf")
    status, out, _ = cli("show", "small", row["id"], "--root", root, "--solve")
    assert status == 0
    assert "|" in out and "-" in out
    assert cli("show", "small", row["id"], "--root", root, "--svg",
                   tmp_path / "p.svg")[0] == 0
    assert cli("show", "small", row["id"], "--root", root, "--solve", "--svg",
                   tmp_path / "s.svg")[0] == 0
    walls = [ET.parse(tmp_path / name).getroot().iter(NS + "line") for name in ("p.svg", "s.svg")]
    counts = [sum(line.get("class") == "wall" for line in found) for found in walls]
    labels = row["solution"].replace(",", " ").split()
    assert counts[0] == 0 and counts[1] >= len(set(labels)) - 1 > 0
    status, _, err = cli("show", "small", "0" * 20, "--root", root)
    assert status == 2 and "has no puzzle" in err


def test_the_gallery_in_headless_chromium_loads_cleanly_and_reveals_a_solution(
        cli, small_bank, tmp_path, browser_page):
    page, log = browser_page
    root, rows = small_bank
    out = tmp_path / "gallery.html"
    assert cli("gallery", "small", "--root", root, "--out", out)[0] == 0
    page.goto(out.as_uri(), wait_until="load")

    shown = """(() => {
      const visible = (e) => e.getClientRects().length > 0;
      const all = (s) => [...document.querySelectorAll(s)];
      return {cards: all("figure.card").length, buckets: all("section.bucket").length,
              visible_svgs: all("svg").filter(visible).length,
              visible_solutions: all(".solution-picture svg").filter(visible).length,
              links: all("a.puzzlink").length};
    })()"""
    linked = sum(bool(row.get("puzzlink")) for row in rows)
    assert page.evaluate(shown) == {"cards": 8, "buckets": 6, "visible_svgs": 8,
                                    "visible_solutions": 0, "links": linked}

    first = """(() => {
      const card = document.querySelector("figure.card"), button = card.querySelector("button");
      const height = (s) => card.querySelector(s).getBoundingClientRect().height;
      return {expanded: button.getAttribute("aria-expanded"), label: button.textContent,
              puzzle_height: height(".puzzle-picture"),
              solution_height: height(".solution-picture")};
    })()"""
    before = page.evaluate(first)
    assert before["expanded"] == "false" and before["solution_height"] == 0
    page.locator("button.reveal").first.click()  # a real mouse click in the middle of it
    revealed = page.evaluate(first)
    assert (revealed["expanded"], revealed["label"]) == ("true", "hide solution")
    assert revealed["puzzle_height"] == 0 and revealed["solution_height"] > 0
    assert page.evaluate(shown)["visible_solutions"] == 1
    ARTIFACTS.mkdir(exist_ok=True)
    png = page.screenshot(path=ARTIFACTS / "gallery.png", full_page=True)
    print(f"screenshot: {ARTIFACTS / 'gallery.png'}")
    width, height = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")) == (
        width, height)
    page.locator("button.reveal").first.click()
    assert page.evaluate(first) == before

    assert log.errors == []
    assert [entry for entry in log.console if entry[0] in ("error", "assert")] == []
    assert log.requests == [out.as_uri()]
    # the listener hears errors: one logged now is caught
    page.evaluate("console.error('probe')")
    assert log.console[-1] == ("error", "probe")
