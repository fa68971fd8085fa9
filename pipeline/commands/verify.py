"""The `verify` command: re-verify a build's rows, or a whole bank, from disk in a Prefect flow
run (pipeline.flows.verify_version) on this process, the pool or Dask; it changes nothing."""

import argparse

from pipeline.arguments import InputError, whole_arg
from pipeline.commands.build_input import reach_dask
from pipeline.commands.common import Register, bank_errors, bank_options, flow_options, resolved
from pipeline.jobs import Compute
from pipeline.results import Verification
from pipeline.session import run_flow

VERIFY_OUTCOME = "verify changes nothing"  # what a stopped verify leaves


def add_verify(command: Register) -> None:
    """Add `verify`."""
    verify = command("verify", cmd_verify,
                     "re-verify a build's rows from disk, or the whole bank (0 if they pass)")
    bank_options(verify)
    verify.add_argument("--version", type=whole_arg,
                        help="the build committed as this version (default: the latest)")
    verify.add_argument("--all", action="store_true",
                        help="every row of the bank as of that version")
    flow_options(verify)


def verified(args: argparse.Namespace, version: int) -> Verification:
    """Return the report of the verify-bank-version flow run for `verify`'s arguments."""
    from pipeline.flows import verify_version

    return verify_version(bank=args.bank, version=version, root=resolved(args.root),
                          compute=Compute(args.workers, args.dask), whole=args.all)


def cmd_verify(args: argparse.Namespace) -> int:
    """Re-verify a build's rows (default: the latest build), or with --all the whole bank as of
    that version, without changing anything; 0 only when every row passes. The bank's files are
    checked first, so a corrupt or tampered bank is named in one line before any server starts."""
    from banks import BankStore

    with bank_errors():
        version = BankStore(args.root).snapshot(args.bank, args.version).version
    reach_dask(args.dask)
    pooled = args.workers > 1 or (args.dask or "").startswith("local")
    report = run_flow(args.root, args.api, args.progress, VERIFY_OUTCOME,
                      lambda: verified(args, version), [] if pooled else None)
    what = f"{args.bank} version {version}" + (" (whole bank)" if args.all else "")
    if report.passed:
        print(f"{what}: passed, {report.rows} rows re-verified in {report.seconds:.1f} s")
        return 0
    for problem in report.problems:
        print(problem)
    raise InputError(f"{what} fails verification: {report.problem_count} problem(s), "
                     f"first: {report.problems[0]}")

