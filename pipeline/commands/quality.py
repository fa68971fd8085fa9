"""`puzzlebank quality BANK`: the quality floor's measures of a bank version, bucket by bucket,
beside the reference's numbers (solvers/core/quality.py).

Vocabulary: a *bucket* is (genre, size, grade); its *measures* are the medians of its rows'
`quality` column (the floor's measures, stored with each row), its *reference* the genre's
reference numbers at the size (`Floor.reference`; none where the reference has no table).
"""

import argparse
import json
import statistics
from collections import defaultdict
from typing import Any

from pipeline.commands.common import Register, bank_errors, bank_options, version_options
from pipeline.commands.rendering import table_text
from pipeline.sizes import Size
from solvers import get_genre


def add_quality(command: Register) -> None:
    """Add `quality`."""
    quality = command("quality", cmd_quality,
                      "print a bank's quality measures per bucket beside the reference's")
    bank_options(quality)
    version_options(quality)
    quality.add_argument("--json", action="store_true",
                         help="a list of {genre, size, grade, rows, measures, reference}")


def buckets(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Return one report per bucket of `rows`, in (genre, size by cells, ladder) order:
    {"genre", "size", "grade", "rows", "measures": {name: median}, "reference": {name: value}}."""
    grouped: dict[tuple[str, str, str], list[dict[str, float]]] = defaultdict(list)
    for row in rows:
        grouped[row["genre"], row["size"], row["grade"]].append(json.loads(row["quality"]))
    reports = []
    for (genre_name, size, grade), measured in grouped.items():
        genre, parsed = get_genre(genre_name), Size.parse(size)
        names = list(dict.fromkeys(name for values in measured for name in values))
        medians = {name: round(statistics.median(values[name] for values in measured
                                                 if name in values), 4) for name in names}
        reports.append({"genre": genre_name, "size": size, "grade": grade,
                        "rows": len(measured), "measures": medians,
                        "reference": genre.quality.reference(parsed.width, parsed.height)})
    return sorted(reports, key=lambda r: (r["genre"], Size.parse(r["size"]).cells,
                                          r["size"], get_genre(r["genre"]).level_index(r["grade"])))


def cmd_quality(args: argparse.Namespace) -> int:
    """Print the bank's quality report (as of --version) as a table or JSON."""
    from banks import scan

    with bank_errors():
        rows = scan(args.root, args.bank, args.version).collect().to_dicts()
    reports = buckets(rows)
    if args.json:
        print(json.dumps(reports))
        return 0
    shown = [{"genre": r["genre"], "size": r["size"], "grade": r["grade"], "rows": r["rows"],
              "medians (reference)": "  ".join(
                  f"{name} {value:g}" + (f" ({r['reference'][name]})"
                                         if name in r["reference"] else "")
                  for name, value in r["measures"].items())}
             for r in reports]
    print(table_text(shown, ("genre", "size", "grade", "rows", "medians (reference)")))
    return 0
