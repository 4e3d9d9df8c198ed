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
import time
from collections.abc import Callable, Sequence
from typing import Any

from .engine import MrpError, load_spec
from .engine.bots import BOTS, bot_game
from .engine.spec import GameSpec

Subparsers = Any  # argparse's private _SubParsersAction
COMMANDS: list[Callable[[Subparsers], None]] = []


class CliError(Exception):
    """A user mistake on the command line: printed as a sentence, exit status 2."""


def positive_int(text: str) -> int:
    """argparse type: a whole number of at least 1 (anything else is refused, not clamped)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not 1 or more")
    return value


def command(add: Callable[[Subparsers], None]) -> Callable[[Subparsers], None]:
    """Register a function that adds one subcommand."""
    COMMANDS.append(add)
    return add


# ------------------------------------------------------------------------------ simulate

COLOURS_NEEDED = {2: 4}  # the 2-player variant plays four colours (two main, two neutral)


@command
def add_simulate(sub: Subparsers) -> None:
    p = sub.add_parser(
        "simulate", help="play seeded bot games and report results and speed",
        description="Play seeded games between bots. Game i uses seed S+i. With --players 2 "
        "the 2-player variant is played (two main and two neutral colours).")
    p.add_argument("--players", type=int, default=4, help="2 to 6 (default 4)")
    p.add_argument("--games", type=positive_int, default=10, help="number of games (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument("--bot", choices=sorted(BOTS), default="random",
                   help="bot deciding for every colour (default random)")
    p.add_argument("--json", action="store_true", help="print results as JSON")
    p.set_defaults(func=run_simulate)


def game_record(game: Any, seed: int, players: int) -> dict[str, Any]:
    """The JSON record of one finished game."""
    s = game.state
    result = s.result
    assert result is not None
    return {
        "seed": seed,
        "players": players,
        "scores": {c: result.scores[c] for c in s.order},
        "winners": list(result.winners),
        "tokens": {c: {r: s.seats[c].tokens[r] for r in ("ice", "sylvanite", "celerium")}
                   for c in s.order},
        "astronauts": {c: s.astronaut_places(c) for c in s.order},
        "events": len(game.log),
    }


def run_simulate(args: argparse.Namespace) -> int:
    spec = load_spec()
    players = args.players
    lo, hi = spec.content.game.players.min, spec.content.game.players.max
    if not lo <= players <= hi:
        raise CliError(f"--players must be between {lo} and {hi} (the rulebook's player "
                       f"counts), not {players}.")
    colours = list(spec.colours[: COLOURS_NEEDED.get(players, players)])
    variant = "two_player" if players == 2 else "standard"
    records = []
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        game = bot_game(spec, colours, seed, bot=args.bot, variant=variant)
        records.append(game_record(game, seed, players))
    elapsed = time.perf_counter() - start
    rate = args.games / elapsed if elapsed > 0 else float("inf")
    if args.json:
        print(json.dumps({"games": records}))
        print(f"{rate:.1f} games/s", file=sys.stderr)
        return 0
    for r in records:
        scores = ", ".join(f"{c} {p}" for c, p in r["scores"].items())
        print(f"seed {r['seed']}: {scores}; winners: {', '.join(r['winners']) or 'nobody'} "
              f"({r['events']} events)")
    print(f"{args.games} game(s), {players} players, bot {args.bot}: {rate:.1f} games/s")
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
    from .explain import search_rules

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
def add_scenario_and_referee(sub: Subparsers) -> None:
    from .cli_scenarios import add_scenario_commands

    add_scenario_commands(sub)


@command
def add_first_martians(sub: Subparsers) -> None:
    from .first_martians.cli import add_fm_commands

    add_fm_commands(sub)


# ------------------------------------------------------------------------------ main


def build_parser() -> argparse.ArgumentParser:
    """The parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="mrp-tutor",
        description="Mission: Red Planet (2nd edition) rules tutor and referee assistant.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for add in COMMANDS:
        add(sub)
    return parser


def _explain(spec: GameSpec | None, err: MrpError) -> str:
    try:
        from .explain import explain_error

        if spec is None:
            spec = load_spec(use_env_overrides=False)
        return str(explain_error(spec, err))
    except Exception:  # the explanation itself must never turn into a traceback
        return err.message


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # argparse has printed its usage sentence (or --help)
        return stop.code if isinstance(stop.code, int) else 2
    try:
        status: int = args.func(args)
        return status
    except CliError as err:
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
    sys.exit(main())
