"""The ``app`` and ``tutorials`` subcommands of ``mrp-tutor`` (the installed route).

``mrp-tutor app [--port N] [--pool N] [--max-kernels N] [--host H] [VOILA OPTIONS]``
    serves the packaged app notebook with :mod:`mrp_tutor.serve.server` (the hardened Voila server:
    kernel pool, reclaim, JavaScript gate, kernel cap, compressed statics); ``make app`` runs
    this same command.  Options it does not know (``--Voila...``, ``--TutorVoila...``, ...) go
    to Voila unchanged.
``mrp-tutor tutorials [--dir D] [--port N] [--copy-only] [--refresh]``
    copies the tutorial notebooks into ``D`` (a folder of the user's choosing, never inside
    the installed package) and opens JupyterLab there (the ``tutorials`` extra).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import socket
import sys
from pathlib import Path
from typing import Any

from mrp_tutor.cli.args import CliError, whole_number

DEFAULT_PORT = 8866
DEFAULT_TUTORIALS = "mrp-tutor-tutorials"
LAB_MISSING = ("JupyterLab is not installed; install the tutorials extra: "
               "pip install 'mrp-tutor[tutorials]' (pipx: pipx inject mrp-tutor jupyterlab), "
               "or use --copy-only and open the notebooks with your own Jupyter.")


def non_negative_int(text: str) -> int:
    """argparse type: a whole number of at least 0."""
    value = whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is below 0")
    return value


def port_number(text: str) -> int:
    """argparse type: a TCP port (1-65535)."""
    value = non_negative_int(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port number (1-65535)")
    return value


def add_serve_commands(sub: Any) -> None:
    """Register ``app`` and ``tutorials`` on an argparse subparsers object."""
    app = sub.add_parser(
        "app", help="serve the app in the browser (Voila, hardened for many visitors)",
        description="Serve the Mission: Red Planet tutor app at http://HOST:PORT/ with a pool "
        "of preheated kernels, a kernel cap and reclaim of closed tabs (mrp_tutor/serve/). "
        "Other --Voila.../--TutorVoila... options are passed to Voila.")
    app.add_argument("--port", type=port_number, default=DEFAULT_PORT,
                     help=f"port to listen on (default {DEFAULT_PORT})")
    app.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1: this machine only; "
                     "0.0.0.0 for a class network)")
    app.add_argument("--pool", type=non_negative_int, default=2,
                     help="kernels started ahead of visitors (default 2)")
    app.add_argument("--max-kernels", type=non_negative_int, default=64,
                     help="most visitors at once, then a busy page (default 64; 0: no cap)")
    app.add_argument("--browser", action="store_true",
                     help="open the app in this machine's web browser")
    app.set_defaults(func=run_app, passthrough=True)

    tut = sub.add_parser(
        "tutorials", help="copy the tutorial notebooks to a folder and open JupyterLab there",
        description="Copy the tutorial notebooks into DIR (created if needed; notebooks "
        "already there are kept unless --refresh) and open JupyterLab on it. Other "
        "--ServerApp.../--IdentityProvider... options are passed to JupyterLab.")
    tut.add_argument("--dir", type=Path, default=Path(DEFAULT_TUTORIALS),
                     help=f"folder for the copies (default ./{DEFAULT_TUTORIALS})")
    tut.add_argument("--port", type=port_number, default=None,
                     help="JupyterLab's port (default: JupyterLab picks a free one)")
    tut.add_argument("--host", default="127.0.0.1", help="address to listen on")
    tut.add_argument("--refresh", action="store_true",
                     help="overwrite notebooks already in DIR with the shipped ones")
    tut.add_argument("--copy-only", action="store_true",
                     help="copy the notebooks and stop (do not start JupyterLab)")
    tut.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    tut.set_defaults(func=run_tutorials, passthrough=True)


# ------------------------------------------------------------------------------ app


def app_argv(args: argparse.Namespace) -> list[str]:
    """The :mod:`mrp_tutor.serve.server` command line for ``args`` (plus the passed-through
    options)."""
    from mrp_tutor.resources import app_notebook

    argv = [str(app_notebook()), f"--Voila.ip={args.host}", f"--port={args.port}",
            f"--pool_size={args.pool}", f"--TutorVoila.max_kernels={args.max_kernels}"]
    if args.pool == 0:
        argv.append("--preheat_kernel=False")
    if not args.browser:
        argv.append("--no-browser")
    return [*argv, *_options(args, "the app serves its own notebook (Voila options start "
                                   "with --, e.g. --Voila.base_url=/mrp/)")]


def _options(args: argparse.Namespace, hint: str) -> list[str]:
    """The options given for the server (Voila, JupyterLab) that this command does not know."""
    extra: list[str] = list(getattr(args, "extra", []))
    for opt in extra:
        if not opt.startswith("--"):
            raise CliError(f"{opt!r} is not an option; {hint}")
    return extra


def port_in_use(host: str, port: int) -> bool:
    """True when something on this machine already listens on ``host``:``port`` (bound as
    the servers bind: address reuse on, so a port only in TIME_WAIT counts as free)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except socket.gaierror:
        return False  # an unknown host: the server says so itself
    for family, kind, proto, _name, addr in infos:
        with socket.socket(family, kind, proto) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind(addr)
            except OSError:
                return True
    return False


def busy(host: str, port: int, what: str) -> int:
    """The one sentence for a busy port (exit status 1)."""
    print(f"mrp-tutor: port {port} on {host} is already in use (is {what} already running?); "
          f"stop that server or choose another port with --port N.", file=sys.stderr)
    return 1


def run_app(args: argparse.Namespace) -> int:
    from mrp_tutor.core.extras import require

    require("Serving the app (mrp-tutor app)", "serve")
    from mrp_tutor.serve import server as serve

    argv = app_argv(args)
    if port_in_use(args.host, args.port):  # before the banner: one sentence, not three logs
        return busy(args.host, args.port, "the app")
    print(f">>> Mission: Red Planet tutor: http://{args.host}:{args.port}/   (Ctrl-C to stop)",
          flush=True)
    serve.main(argv)
    return 0


# ------------------------------------------------------------------------------ tutorials


def copy_tutorials(target: Path, refresh: bool = False) -> tuple[list[str], list[str]]:
    """Copy the shipped tutorial notebooks into ``target``; (copied, kept) file names.

    Refuses a folder inside the installed package or the shipped folder itself: the copies
    are the user's to edit and run, the package stays as installed."""
    from mrp_tutor.resources import package_dir, tutorials_dir

    source = tutorials_dir()
    if not source.is_dir():
        raise CliError(f"the tutorials are missing from this installation ({source})")
    dest = target.expanduser().resolve()
    for inside, what in ((package_dir(), "inside the installed package"),
                         (source.resolve(), "where the tutorials ship from")):
        if dest == inside or dest.is_relative_to(inside):
            raise CliError(f"{target} is {what} ({inside}); choose a folder of your own "
                           "with --dir")
    if dest.exists() and not dest.is_dir():
        raise CliError(f"{target} exists and is not a folder")
    dest.mkdir(parents=True, exist_ok=True)
    copied: list[str] = []
    kept: list[str] = []
    for nb in sorted(source.glob("*.ipynb")):
        out = dest / nb.name
        if out.exists() and not refresh:
            kept.append(nb.name)
            continue
        shutil.copyfile(nb, out)
        copied.append(nb.name)
    return copied, kept


def lab_command(folder: Path, args: argparse.Namespace) -> list[str]:
    """The JupyterLab command for ``folder`` (``--allow-root`` when running as root:
    JupyterLab refuses root without it)."""
    cmd = [sys.executable, "-m", "jupyterlab", str(folder), f"--ServerApp.ip={args.host}"]
    if args.port is not None:
        cmd += [f"--ServerApp.port={args.port}", "--ServerApp.port_retries=0"]
    if args.no_browser:
        cmd.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        cmd.append("--allow-root")
    return [*cmd, *_options(args, "the tutorials folder is --dir (JupyterLab options start "
                                  "with --)")]


def run_tutorials(args: argparse.Namespace) -> int:
    if not args.copy_only and importlib.util.find_spec("jupyterlab") is None:
        raise CliError(LAB_MISSING)
    cmd = lab_command(args.dir.expanduser().resolve(), args)  # refuses stray words first
    if not args.copy_only and args.port is not None and port_in_use(args.host, args.port):
        return busy(args.host, args.port, "JupyterLab")
    copied, kept = copy_tutorials(args.dir, args.refresh)
    folder = args.dir.expanduser().resolve()
    print(f">>> tutorials in {folder}: {len(copied)} copied"
          + (f", {len(kept)} already there kept (--refresh replaces them)" if kept else ""),
          flush=True)
    if args.copy_only:
        return 0
    print(">>> opening JupyterLab there (Ctrl-C to stop)", flush=True)
    os.chdir(folder)
    os.execv(cmd[0], cmd)  # JupyterLab takes over this process (its own Ctrl-C handling)
    return 0  # pragma: no cover - not reached
