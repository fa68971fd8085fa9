"""The commands of the command line (pipeline/cli.py registers them), one module per concern:
building.py (build; its options made typed values in build_input.py),
serving.py (schedule, server), verify.py (verify), reading.py (bank reading: history,
query, export, show, gallery), puzzles.py (solve, daily, colorsort-deal, hint, ladder-report),
capacity.py (grades, bench); rendering.py writes tables and JSON, common.py holds what they
share (the option groups, the checks of a genre's grade and size, bank errors as one line).
"""
