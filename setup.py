"""Build step for the compiled kernels; the project's metadata lives in pyproject.toml."""

from setuptools import Extension, setup

setup(ext_modules=[Extension("solvers.slant._kernel", ["solvers/slant/_kernel.c"],
                             extra_compile_args=["-O2"])])
