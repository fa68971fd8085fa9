"""SVG pictures: the document frame, shapes, text, grid lines and escaping every genre draws with.

Vocabulary: a *picture* is the text of one standalone SVG document (no external resources, no
XML declaration, so it can be saved as a file or put inline in HTML as it is); an *element* is
the text of one SVG element. Lengths are user units; CELL is the side of a board cell and MARGIN
the space around a board. Numbers are written with at most two decimals and attributes in the
order given, so the same drawing is the same bytes every time.
"""

import colorsys
from collections.abc import Iterable, Sequence

CELL = 36
MARGIN = 18
INK = "#000"
PAPER = "#fff"
GRID = "#999"
THIN = 1
THICK = 3
FONT = "DejaVu Sans, Verdana, sans-serif"



def hue(k: int) -> str:
    """Return the k-th extra colour as #rrggbb: hues 137 degrees apart, light and dark in turn."""
    red, green, blue = colorsys.hls_to_rgb(k * 137 % 360 / 360, 0.4 + 0.2 * (k % 2), 0.65)
    return "#" + "".join(f"{round(part * 255):02x}" for part in (red, green, blue))


# The colours of coloured things, k-th for colour k (a Color Sort colour character read in base
# 36): Sasha Trubetskoy's 20 distinct colours, then `hue`s for colours 20..35.
DISTINCT = ("#e6194b", "#4363d8", "#3cb44b", "#ffe119", "#911eb4", "#f58231", "#42d4f4",
            "#f032e6", "#bfef45", "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8",
            "#800000", "#aaffc3", "#808000", "#ffd8b1", "#000075", "#a9a9a9")
PALETTE = DISTINCT + tuple(hue(k) for k in range(36 - len(DISTINCT)))

_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}


def escape(text: str) -> str:
    """Return `text` safe inside an element or a double-quoted attribute."""
    return "".join(_ESCAPES.get(ch, ch) for ch in text)


def number(value: float) -> str:
    """Return a length as the shortest text with at most two decimals ("12", "4.5", "-0.25")."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def element(tag: str, content: str = "", /, **attributes: object) -> str:
    """Return one element: keyword names map to attributes (`stroke_width` -> "stroke-width",
    `class_` -> "class"), None values are left out, numbers go through `number`. `content` is
    markup already (escape plain text first)."""
    parts = [tag]
    for name, value in attributes.items():
        if value is None:
            continue
        shown = number(value) if isinstance(value, int | float) else escape(str(value))
        parts.append(f'{name.rstrip("_").replace("_", "-")}="{shown}"')
    head = " ".join(parts)
    return f"<{head}>{content}</{tag}>" if content else f"<{head}/>"


def document(width: float, height: float, body: Iterable[str], title: str) -> str:
    """Return a picture of `width` x `height` holding the elements of `body`, titled `title`.

    Texts are centred and lines end round throughout (the root sets both for its elements).
    """
    inner = "".join(body)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{number(width)}" '
            f'height="{number(height)}" viewBox="0 0 {number(width)} {number(height)}" '
            f'role="img" font-family="{FONT}" text-anchor="middle" stroke-linecap="round">'
            f"<title>{escape(title)}</title>{inner}</svg>")


def text(x: float, y: float, content: str, *, size: float, fill: str = INK,
         class_: str | None = None, weight: str | None = None) -> str:
    """Return a text element centred on (x, y)."""
    return element("text", escape(content), class_=class_, x=x, y=y, font_size=size,
                   font_weight=weight, fill=fill, dominant_baseline="central")


def line(x1: float, y1: float, x2: float, y2: float, *, stroke: str = INK,
         width: float = THIN, class_: str | None = None) -> str:
    """Return a straight line."""
    return element("line", class_=class_, x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke,
                   stroke_width=width)


def rect(x: float, y: float, width: float, height: float, *, fill: str = "none",
         stroke: str | None = None, stroke_width: float | None = None, rx: float | None = None,
         class_: str | None = None, content: str = "") -> str:
    """Return a rectangle (its top-left corner at (x, y)); `content` may hold a <title>."""
    return element("rect", content, class_=class_, x=x, y=y, width=width, height=height, rx=rx,
                   fill=fill, stroke=stroke, stroke_width=stroke_width)


def circle(x: float, y: float, r: float, *, fill: str = PAPER, stroke: str = INK,
           width: float = THIN, class_: str | None = None) -> str:
    """Return a circle centred on (x, y)."""
    return element("circle", class_=class_, cx=x, cy=y, r=r, fill=fill, stroke=stroke,
                   stroke_width=width)


def polygon(points: Sequence[tuple[float, float]], *, fill: str = INK,
            class_: str | None = None) -> str:
    """Return a filled polygon through `points`."""
    shown = " ".join(f"{number(x)},{number(y)}" for x, y in points)
    return element("polygon", class_=class_, points=shown, fill=fill)


def title(content: str) -> str:
    """Return a <title> (a tooltip when put inside a shape)."""
    return element("title", escape(content))


def grid(left: float, top: float, columns: int, rows: int, *, cell: float = CELL,
         stroke: str = GRID, width: float = THIN) -> list[str]:
    """Return the inner lines between the cells of a `columns` x `rows` board at (left, top)."""
    right, bottom = left + columns * cell, top + rows * cell
    lines = [line(left + c * cell, top, left + c * cell, bottom, stroke=stroke, width=width)
             for c in range(1, columns)]
    lines += [line(left, top + r * cell, right, top + r * cell, stroke=stroke, width=width)
              for r in range(1, rows)]
    return lines


def frame(left: float, top: float, columns: int, rows: int, *, cell: float = CELL,
          width: float = THICK) -> str:
    """Return the outline of a `columns` x `rows` board at (left, top)."""
    return rect(left, top, columns * cell, rows * cell, stroke=INK, stroke_width=width)


def cell_origin(k: int, columns: int, *, left: float = MARGIN, top: float = MARGIN,
                cell: float = CELL) -> tuple[float, float]:
    """Return the top-left corner of cell k (k = r*columns + c) of a board at (left, top)."""
    r, c = divmod(k, columns)
    return left + c * cell, top + r * cell


def fitted_size(content: str, *, cell: float = CELL) -> float:
    """Return a font size that fits `content` inside a cell: 0.55 of it, smaller when long."""
    return min(cell * 0.55, cell * 1.5 / max(len(content), 1))
