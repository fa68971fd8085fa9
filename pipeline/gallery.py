"""The gallery: one static HTML page of a bank version, every puzzle drawn as an SVG picture with
a button that reveals its solution, and its puzz.link link where the row has one.

Vocabulary: a *row* is a bank row (a dict of the bank's columns; a `puzzlink` URL may be there,
or None); a *bucket* is the rows sharing (genre, size, grade), shown in the order genre, width,
height, grade level; a *card* is one puzzle's figure. The page needs no server and fetches
nothing: styles, pictures and script are inline, and its Content-Security-Policy forbids loading
anything else. The same rows give the same bytes.
"""

import html
import itertools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pipeline.sizes import Size
from solvers import get_genre
from solvers.core import Genre

BucketKey = tuple[str, int, int, int, str]  # genre, width, height, grade level, grade
PUZZLINK_PREFIX = "https://puzz.link/p?"
POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #111; background: #fafafa; }
nav a { margin-right: 1rem; }
.cards { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.card { margin: 0; padding: .75rem; background: #fff; border: 1px solid #ccc; border-radius: 6px; }
.card svg { display: block; max-width: 100%; height: auto; }
figcaption { font-size: .8rem; margin-top: .5rem; }
figcaption code { font-size: .75rem; }
button.reveal { margin-right: .75rem; }
"""

# Reveals or hides a card's solution: swaps its two pictures and relabels the button.
SCRIPT = """
document.addEventListener("click", function (event) {
  var button = event.target.closest("button.reveal");
  if (!button) return;
  var card = button.closest(".card");
  var open = button.getAttribute("aria-expanded") !== "true";
  button.setAttribute("aria-expanded", String(open));
  button.textContent = open ? "hide solution" : "show solution";
  card.querySelector(".puzzle-picture").hidden = open;
  card.querySelector(".solution-picture").hidden = !open;
});
"""


def read_rows(
    root: str | Path, bank: str, version: int | None = None
) -> tuple[int, list[dict[str, Any]]]:
    """Return (version, rows) of the bank as of `version` (the latest when None), every file
    checked; BankError when there is no such bank or version or a file fails its check."""
    from banks import BankStore

    snapshot = BankStore(root).snapshot(bank, version)
    return snapshot.version, snapshot.read().to_pylist()


def write_gallery(root: str | Path, bank: str, out: str | Path | None = None,
                  version: int | None = None) -> tuple[Path, int]:
    """Write the gallery page of a bank version to `out` (default ./<bank>-v<NNNN>.html);
    return (the page's path, how many puzzles it shows)."""
    version, rows = read_rows(root, bank, version)
    path = Path(out) if out is not None else Path(f"{bank}-v{version:04d}.html")
    path.write_text(page(bank, version, rows), encoding="utf-8")
    return path, len(rows)


def bucket_key(row: dict[str, Any]) -> BucketKey:
    """Return the sort key of a row's bucket: genre, width, height, grade level, grade."""
    return row["genre"], row["width"], row["height"], row["grade_level"], row["grade"]


def page(bank: str, version: int, rows: Iterable[dict[str, Any]]) -> str:
    """Return the HTML page of the rows of `bank` version `version`, bucket by bucket."""
    ordered = sorted(rows, key=lambda row: (bucket_key(row), row["id"]))
    buckets = [(key, list(group)) for key, group in itertools.groupby(ordered, key=bucket_key)]
    title = html.escape(f"{bank} version {version}")
    links = "".join(f'<a href="#{anchor(key)}">{html.escape(heading(key))} ({len(group)})</a>'
                    for key, group in buckets)
    sections = "".join(section(key, group) for key, group in buckets)
    return (
        head(title, STYLE) + f"<body><h1>{title}</h1>"
        f'<p class="summary">{len(ordered)} puzzles in {len(buckets)} buckets</p>'
        f"<nav>{links}</nav>\n{sections}<script>{SCRIPT}</script></body></html>\n"
    )


def head(title: str, style: str) -> str:
    """Return a self-contained page's start up to its body: the policy that lets it load
    nothing (POLICY), the escaped `title` and the inline `style`."""
    return ("<!DOCTYPE html>\n"
            f'<html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title}</title><style>{style}</style></head>\n")


def heading(key: BucketKey) -> str:
    """Return the heading of a bucket: "slant 7x7 duet"."""
    genre, width, height, _, grade = key
    return f"{genre} {Size(width, height)} {grade}"


def anchor(key: BucketKey) -> str:
    """Return the HTML id of a bucket's section."""
    genre, width, height, _, grade = key
    return html.escape(f"{genre}-{Size(width, height)}-{grade}")


def section(key: BucketKey, rows: list[dict[str, Any]]) -> str:
    """Return a bucket's section: its heading and the cards of its rows."""
    genre = get_genre(key[0])
    cards = "".join(card(genre, row) for row in rows)
    return (f'<section class="bucket" id="{anchor(key)}"><h2>{html.escape(heading(key))}</h2>'
            f'<div class="cards">{cards}</div></section>\n')


def card(genre: Genre[Any, Any], row: dict[str, Any]) -> str:
    """Return a row's card: its puzzle picture, its hidden solution picture, the reveal button
    and facts about it, and its puzz.link link when the row has one."""
    puzzle = genre.parse(row["puzzle"])
    solution = genre.parse_solution(row["solution"], puzzle)
    link = row.get("puzzlink")
    play = (f' <a class="puzzlink" href="{html.escape(link)}" rel="noopener noreferrer">'
            f"play on puzz.link</a>" if link and link.startswith(PUZZLINK_PREFIX) else "")
    facts = f"{row['steps']} steps, {row['clues']} clues"
    return (
        f'<figure class="card" id="p-{html.escape(row["id"])}">'
        f'<div class="puzzle-picture">{picture(genre, puzzle, None)}</div>'
        f'<div class="solution-picture" hidden>{picture(genre, puzzle, solution)}</div>'
        f"<figcaption><code>{html.escape(row['id'])}</code><br>{facts}<br>"
        f'<button type="button" class="reveal" aria-expanded="false">show solution</button>'
        f"{play}</figcaption></figure>"
    )


def picture(genre: Genre[Any, Any], puzzle: Any, solution: Any) -> str:
    """Return the genre's SVG picture, or its text drawing in a <pre> for a genre without one."""
    if genre.picture is not None:
        return genre.picture(puzzle, solution)
    return f"<pre>{html.escape(genre.draw(puzzle, solution))}</pre>"
