"""Mission: Red Planet's own ``mrp-tutor`` commands (its registry ``commands`` hook):

``rulesets`` (the registered rulesets), ``rules WORDS`` (search the rules file), ``simulate``
(seeded bot games on Dask, :mod:`.simulate`) and ``referee`` (rulings on a table,
:mod:`.referee`).  Errors are sentences (:class:`~mrp_tutor.cli.args.CliError`, or the
engine's typed errors explained by the command line through the registry).
"""

from __future__ import annotations

import argparse
import json

from mrp_tutor.cli.args import CliError, Subparsers, positive_int


def add_commands(sub: Subparsers) -> None:
    """Add this game's commands to ``mrp-tutor``."""
    from mrp_tutor.games.mission_red_planet.commands.referee import add_referee_commands
    from mrp_tutor.games.mission_red_planet.commands.simulate import add_simulate_command

    add_simulate_command(sub)
    p = sub.add_parser("rulesets", help="list the registered rulesets",
                       description="List the rulesets a game can be played under: name, "
                       "players, one line, source.")
    p.add_argument("--json", action="store_true", help="print them as JSON")
    p.set_defaults(func=run_rulesets)
    p = sub.add_parser("rules", help="find rules by words; prints paraphrase and citation",
                       description="Search the rules (paraphrased, with rulebook citations).")
    p.add_argument("query", nargs="+", help="words to look for, e.g. travel agent")
    p.add_argument("--limit", type=positive_int, default=5, help="most results to show (default 5)")
    p.add_argument("--ruleset", default=None, metavar="NAME",
                   help="search this ruleset's own rules file (default: the standard game's; "
                   "mrp-tutor rulesets lists them)")
    p.set_defaults(func=run_rules)
    add_referee_commands(sub)


def run_rulesets(args: argparse.Namespace) -> int:
    from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS

    rows = [{"name": r.name, "players": list(r.players), "summary": r.summary,
             "source": r.source, "data": r.data} for r in RULESETS.values()]
    if args.json:
        print(json.dumps({"rulesets": rows}))
        return 0
    for r in RULESETS.values():
        lo, hi = r.players
        count = f"{lo}" if lo == hi else f"{lo}-{hi}"
        print(f"{r.name:12s} {count:>3s} players  {r.summary} ({r.source})")
    return 0


def run_rules(args: argparse.Namespace) -> int:
    from mrp_tutor.games.mission_red_planet.engine import load_spec
    from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS
    from mrp_tutor.games.mission_red_planet.explain import search_rules

    if args.ruleset is not None and args.ruleset not in RULESETS:
        raise CliError(f"No ruleset {args.ruleset[:40]!r}; the rulesets: "
                       + ", ".join(sorted(RULESETS)) + ".")
    spec = load_spec() if args.ruleset is None else RULESETS[args.ruleset].spec()
    query = " ".join(args.query)
    found = search_rules(spec, query, limit=args.limit)
    if not found:
        raise CliError(f"No rule matches {query!r}; try other words (e.g. 'launch', "
                       "'destination token', 'ice monopoly').")
    for c in found:
        print(f"{c.rule}  —  {c.section}")
        print(f"    {c.summary}")
    return 0


def about() -> str:
    """Its line for ``mrp-tutor --version``: which engine runs (compiled or plain Python)."""
    from mrp_tutor.games.mission_red_planet.engine import ENGINE

    return f"engine: {ENGINE}"
