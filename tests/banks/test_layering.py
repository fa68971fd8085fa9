"""Facts about where banks sits: it knows rows, not rules, and imports no layer above it."""

import ast
from pathlib import Path

import banks

FORBIDDEN = {"solvers", "generators", "pipeline", "prefect"}


def test_banks_imports_no_solver_generator_pipeline_or_prefect_module():
    for path in Path(banks.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"
