"""How an error line shows what it was given: cut to about 80 characters, control characters
escaped, so a 10 MB line or a terminal escape sequence never reaches the user's screen raw.

Vocabulary: to *clip* is to cut a text to a most number of characters (marking the cut with
'...'); to *escape* is to write each character str.isprintable refuses (newlines, tabs, ESC,
lone surrogates from undecodable bytes...) as its Python escape; an *excerpt* is a text clipped,
escaped and quoted, as an error line echoes it.
"""

EXCERPT = 80  # characters of an input an error line echoes


def clip(text: str, most: int = EXCERPT) -> str:
    """Return `text` when it has at most `most` characters, else its start and '...' (`most`
    characters in all)."""
    return text if len(text) <= most else text[: max(most - 3, 0)] + "..."


def escape(text: str) -> str:
    """Return `text` with every non-printable character written as its escape (e.g. '\\x1b')."""
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                   for ch in text)


def excerpt(text: str, most: int = EXCERPT) -> str:
    """Return `text` clipped to `most` characters, escaped and quoted: what an error line echoes."""
    return f"'{escape(clip(text, most))}'"
