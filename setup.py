"""Build step for the compiled kernels; the project's metadata lives in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension(f"solvers.{genre}._kernel", [f"solvers/{genre}/_kernel.c"],
                             extra_compile_args=["-O2"]) for genre in ("slant", "araf")])
