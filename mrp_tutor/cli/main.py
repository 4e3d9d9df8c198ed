"""Command line: ``mrp-tutor <command> ...``.

Commands are registered in :data:`COMMANDS`: each entry is a small function that adds one
subparser and sets ``func`` (the function that runs it and returns the exit status).  To add
a command, write ``@command`` above a function ``(subparsers) -> None``.

Errors are printed as one sentence (with the rule they come from when there is one) and the
exit status is non-zero; users never see a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from mrp_tutor.core.extras import ExtraMissing
from mrp_tutor.games.mission_red_planet.engine import MrpError, load_spec
from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec

Subparsers = Any  # argparse's private _SubParsersAction
COMMANDS: list[Callable[[Subparsers], None]] = []


class CliError(Exception):
    """A user mistake on the command line: printed as a sentence, exit status 2."""


def whole_number(text: str) -> int:
    """``text`` as an int, or argparse's refusal that it is not a whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1 (anything else is refused, not clamped)."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value


def command(add: Callable[[Subparsers], None]) -> Callable[[Subparsers], None]:
    """Register a function that adds one subcommand."""
    COMMANDS.append(add)
    return add


# ------------------------------------------------------------------------------ simulate

@command
def add_simulate(sub: Subparsers) -> None:
    from mrp_tutor.cli.simulate import add_simulate_command

    add_simulate_command(sub, positive_int)


# ------------------------------------------------------------------------------ rulesets


@command
def add_rulesets(sub: Subparsers) -> None:
    p = sub.add_parser("rulesets", help="list the registered rulesets",
                       description="List the rulesets a game can be played under: name, "
                       "players, one line, source.")
    p.add_argument("--json", action="store_true", help="print them as JSON")
    p.set_defaults(func=run_rulesets)


def run_rulesets(args: argparse.Namespace) -> int:
    rows = [{"name": r.name, "players": list(r.players), "summary": r.summary,
             "source": r.source, "data": r.data} for r in RULESETS.values()]
    if args.json:
        print(json.dumps({"rulesets": rows}))
        return 0
    for row in rows:
        lo, hi = row["players"]
        count = f"{lo}" if lo == hi else f"{lo}-{hi}"
        print(f"{row['name']:12s} {count:>3s} players  {row['summary']} ({row['source']})")
    return 0


# ------------------------------------------------------------------------------ rules


@command
def add_rules(sub: Subparsers) -> None:
    p = sub.add_parser("rules", help="find rules by words; prints paraphrase and citation",
                       description="Search the rules (paraphrased, with rulebook citations).")
    p.add_argument("query", nargs="+", help="words to look for, e.g. travel agent")
    p.add_argument("--limit", type=positive_int, default=5, help="most results to show (default 5)")
    p.set_defaults(func=run_rules)


def run_rules(args: argparse.Namespace) -> int:
    from mrp_tutor.games.mission_red_planet.explain import search_rules

    spec = load_spec()
    query = " ".join(args.query)
    found = search_rules(spec, query, limit=args.limit)
    if not found:
        raise CliError(f"No rule matches {query!r}; try other words (e.g. 'launch', "
                       "'destination token', 'ice monopoly').")
    for c in found:
        print(f"{c.rule}  —  {c.section}")
        print(f"    {c.summary}")
    return 0


# ------------------------------------------------------------------------------ scenario, referee


@command
def add_game_commands(sub: Subparsers) -> None:
    """Each registered game's own commands (``scenario``/``referee``, ``fm``, ...)."""
    from mrp_tutor.core.games import games

    for game in games():
        if game.commands is not None:
            game.commands(sub)


@command
def add_app_and_tutorials(sub: Subparsers) -> None:
    from mrp_tutor.cli.serve import add_serve_commands

    add_serve_commands(sub)


# ------------------------------------------------------------------------------ main


def build_parser() -> argparse.ArgumentParser:
    """The parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="mrp-tutor",
        description="Mission: Red Planet (2nd edition) rules tutor and referee assistant.")
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
    """``mrp-tutor X.Y.Z``, where it runs from, and which engine runs (compiled or plain)."""
    import platform
    from importlib import metadata

    from mrp_tutor import __version__
    from mrp_tutor.games.mission_red_planet.engine import ENGINE

    try:
        version = metadata.version("mrp-tutor")
    except metadata.PackageNotFoundError:
        version = __version__
    return (f"mrp-tutor {version} (Python {platform.python_version()}; engine: {ENGINE})")


def _explain(spec: GameSpec | None, err: MrpError) -> str:
    try:
        from mrp_tutor.games.mission_red_planet.explain import explain_error

        if spec is None:
            spec = load_spec(use_env_overrides=False)
        return str(explain_error(spec, err))
    except Exception:  # the explanation itself must never turn into a traceback
        return err.message


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
        print(f"mrp-tutor: {_explain(None, err)}", file=sys.stderr)
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
