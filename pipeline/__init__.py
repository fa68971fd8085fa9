"""The bank pipeline: admission of generated puzzles, Prefect build and verify flows, the CLI.

pipeline is the only layer that joins a genre to a bank; it holds no puzzle logic of its own and
never branches on a genre's name. Prefect is imported only by `flows` and the modules of its
worker pool (`pool`, and `warm` in the pool's fork server), and lazily by the CLI, so
`puzzlebank solve`, `show` and `query` start without it.
"""
