"""The long-running commands: `schedule` (the build as a Prefect deployment on a cron schedule,
served until stopped) and `server` (the root's long-lived Prefect server and UI)."""

import argparse
import os

from pipeline.arguments import cron_arg, port_arg, timezone_arg
from pipeline.commands.build_input import app_flow, bank_job
from pipeline.commands.common import (
    DEFAULT_ROOT,
    Register,
    bank_errors,
    flow_options,
    resolved,
    spec_given,
    spec_options,
)
from pipeline.jobs import AppBank, Compute
from pipeline.server import home_of, local_server
from pipeline.session import safe_path


def add_schedule(command: Register) -> None:
    """Add `schedule`."""
    schedule = command("schedule", cmd_schedule,
                       "serve the build as a Prefect deployment on a cron schedule until stopped")
    schedule.add_argument("--cron", type=cron_arg, required=True, help='e.g. "0 3 * * *"')
    schedule.add_argument("--timezone", type=timezone_arg,
                          help="IANA time zone of the cron times (default: the --spec file's, "
                               "else UTC)")
    spec_options(schedule)
    flow_options(schedule)


def add_server(command: Register) -> None:
    """Add `server`."""
    server = command("server", cmd_server,
                     "run the root's long-lived Prefect server (and UI) until stopped; "
                     "builds and verifies of the root use it")
    server.add_argument("--root", default=DEFAULT_ROOT, help="folder of the banks")
    server.add_argument("--port", type=port_arg, help="port (default 4200, or a free one)")


def cmd_server(args: argparse.Namespace) -> int:
    """Run the root's long-lived Prefect server until SIGINT or SIGTERM; 0 once stopped."""
    from pipeline.server import serve, ui_address, wait_for_stop

    with serve(args.root, args.port) as url:
        print(f"puzzlebank server of {resolved(args.root)}: UI at {ui_address(url)} "
              f"(API {url}); Ctrl-C stops", flush=True)
        wait_for_stop()
    return 0


def cmd_schedule(args: argparse.Namespace) -> int:
    """Serve the bank's build, or every bank of the --spec file, as a deployment of one flow
    run (pipeline.nightly) on the --cron schedule; 0 once stopped."""
    if spec_given(args):
        app = app_flow(args, fail_run=True)
    else:
        app = {"banks": [AppBank(bank_job(args), Compute(args.workers, args.dask))],
               "root": resolved(args.root), "names": args.bank}
    zone = args.timezone or app.get("timezone", "UTC")
    os.environ.setdefault("PREFECT_LOGGING_HANDLERS_CONSOLE_LEVEL", "WARNING")
    safe_path()
    with bank_errors(), local_server(args.root, args.api) as url:
        from pipeline.schedule import build_deployment, serve_deployment

        deployment = build_deployment(app, args.cron, zone)
        print(f"{app['names']}: building on {args.cron!r} ({zone}); "
              f"runs at {url.removesuffix('/api')}/deployments; Ctrl-C stops", flush=True)
        serve_deployment(deployment, home_of(args.root))
    return 0

