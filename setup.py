"""Build step for the compiled kernels; the project's metadata lives in pyproject.toml."""

from setuptools import Extension, setup

KERNELS = ("slant/_kernel", "slant/_brute", "araf/_kernel", "chesspy/_kernel",
           "colorsort/_novice")

setup(ext_modules=[Extension(f"solvers.{name.replace('/', '.')}", [f"solvers/{name}.c"],
                             extra_compile_args=["-O2"]) for name in KERNELS])
