"""Command line: ``mrp-tutor <command> ...``.

Commands are registered in :data:`COMMANDS`: each entry is a small function that adds one
subparser and sets ``func`` (the function that runs it and returns the exit status).  To add
a command, write ``@command`` above a function ``(subparsers) -> None``.

Errors are printed as one sentence (with the rule they come from when there is one) and the
exit status is non-zero; users never see a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from mrp_tutor.cli.args import CliError, Subparsers, positive_int, whole_number
from mrp_tutor.core.errors import MrpError
from mrp_tutor.core.extras import ExtraMissing

__all__ = ["COMMANDS", "CliError", "build_parser", "command", "main", "positive_int",
           "version_text", "whole_number"]
COMMANDS: list[Callable[[Subparsers], None]] = []


def command(add: Callable[[Subparsers], None]) -> Callable[[Subparsers], None]:
    """Register a function that adds one subcommand."""
    COMMANDS.append(add)
    return add


# ------------------------------------------------------------------------------ scenario, games


@command
def add_scenario(sub: Subparsers) -> None:
    from mrp_tutor.cli.scenarios import add_scenario_commands

    add_scenario_commands(sub)


@command
def add_game_commands(sub: Subparsers) -> None:
    """Each registered game's own commands (``referee``, ``simulate``, ``fm``, ...); each
    parser they add remembers its game (``command_game``), whose words explain its errors."""
    from mrp_tutor.core.games import games

    for game in games():
        if game.commands is None:
            continue
        before = set(sub.choices)
        game.commands(sub)
        for name in set(sub.choices) - before:
            sub.choices[name].set_defaults(command_game=game.name)


@command
def add_app_and_tutorials(sub: Subparsers) -> None:
    from mrp_tutor.cli.serve import add_serve_commands

    add_serve_commands(sub)


# ------------------------------------------------------------------------------ main


def build_parser() -> argparse.ArgumentParser:
    """The parser with every registered subcommand."""
    from mrp_tutor.core.games import titles

    parser = argparse.ArgumentParser(
        prog="mrp-tutor",
        description="Rules tutor and referee assistant for board games: "
        + ", ".join(title for _, title in titles()) + ".")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="print the version and which engine runs (compiled or plain "
                        "Python), then exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for add in COMMANDS:
        add(sub)
    return parser


class _Version(argparse.Action):
    """``--version``: prints :func:`version_text` as is (argparse's own action re-wraps it)."""

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        print(version_text())
        parser.exit()


def version_text() -> str:
    """``mrp-tutor X.Y.Z``, where it runs from, and each game's line (which engine runs)."""
    import platform
    from importlib import metadata

    from mrp_tutor import __version__
    from mrp_tutor.core.games import games

    try:
        version = metadata.version("mrp-tutor")
    except metadata.PackageNotFoundError:
        version = __version__
    notes = [f"Python {platform.python_version()}",
             *(g.about() for g in games() if g.about is not None)]
    return f"mrp-tutor {version} ({'; '.join(notes)})"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.  Everything it prints goes through
    :func:`mrp_tutor.core.loader.printable` (no control character of user text reaches the
    terminal)."""
    from mrp_tutor.core.loader import terminal_safe

    with terminal_safe():
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args, extra = parser.parse_known_args(argv)
        if extra and not getattr(args, "passthrough", False):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.extra = extra  # `app` passes them to Voila
    except SystemExit as stop:  # argparse has printed its usage sentence (or --help)
        return stop.code if isinstance(stop.code, int) else 2
    try:
        status: int = args.func(args)
        return status
    except (CliError, ExtraMissing) as err:
        print(f"mrp-tutor: {err}", file=sys.stderr)
        return 2
    except MrpError as err:
        from mrp_tutor.core.games import explain

        print(f"mrp-tutor: {explain(err, getattr(args, 'command_game', None))}",
              file=sys.stderr)
        return 1
    except (OSError, ValueError) as err:
        print(f"mrp-tutor: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("mrp-tutor: interrupted.", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    # the package's own module (not this __main__ copy), so its CliError is the one caught
    from mrp_tutor.cli.main import main as cli_main

    sys.exit(cli_main())
