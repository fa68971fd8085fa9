"""Digests of what the bank's gate gives, to prove a speed-up changes no shipped row.

Run: python bench/digest_rows.py [--attempts N] [--genres slant araf ...]. For every genre, at
its sizes below and every grade its reachability table says is reachable there, the gate
(`admission.admit`, as `puzzlebank bench` runs it) gets N attempts with the seeds a build with
master seed 0 derives; every outcome (the whole row, trace and score included, or the rejection's
reason) is hashed. Prints one line per genre: its sha256, the attempts and the rows admitted, and
a last line hashing the explanation columns alone (trace, score...) of every genre's rows.
Equal digests before and after a change: the change altered no row and no explanation.
"""

import argparse
import hashlib
import json

from generators.reachability import load
from pipeline.admission import admit
from pipeline.outcomes import Rejection
from pipeline.seeds import derive_seed
from pipeline.sizes import Size

SIZES = {"slant": ("5x5", "7x7", "10x10"), "shakashaka": ("6x6", "8x8"), "araf": ("6x6",),
         "chesspy": ("5x5", "6x6"), "colorsort": ("4x4", "6x4")}
EXPLANATION = ("trace", "score", "score_rule", "score_depth", "score_applications")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=6, help="attempts per (size, grade)")
    parser.add_argument("--genres", nargs="+", default=list(SIZES), choices=list(SIZES))
    args = parser.parse_args()
    explanations = hashlib.sha256()
    for genre in args.genres:
        digest, rows, attempts = hashlib.sha256(), 0, 0
        for text in SIZES[genre]:
            size = Size.parse(text)
            for grade in load(genre).reachable(text) or ():
                for attempt in range(args.attempts):
                    outcome = admit(genre, size.spec(grade),
                                    derive_seed(0, text, grade, 0, attempt))
                    attempts += 1
                    if isinstance(outcome, Rejection):
                        digest.update(f"{outcome}\n".encode())
                        continue
                    rows += 1
                    digest.update(json.dumps(outcome, sort_keys=True).encode() + b"\n")
                    explained = {column: outcome[column] for column in EXPLANATION}  # type: ignore[literal-required]
                    explanations.update(json.dumps(explained, sort_keys=True).encode() + b"\n")
        print(f"{genre:10s} {digest.hexdigest()}  {attempts} attempts, {rows} rows", flush=True)
    print(f"{'explained':10s} {explanations.hexdigest()}")


if __name__ == "__main__":
    main()
