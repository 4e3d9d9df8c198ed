"""The ``referee`` commands of ``mrp-tutor`` (Mission: Red Planet's rulings on a table).

``mrp-tutor referee production FILE``  production ruling for the position in FILE.
``mrp-tutor referee final FILE``       final-scoring ruling for the position in FILE.
``mrp-tutor referee legal FILE JSON``  is this intent legal in the position in FILE?

FILE is a scenario file (read by the one scenario loader, :func:`mrp_tutor.core.games.load_file`)
or a table code ``MRP1:...`` from the app.  A file of another game gets a sentence naming both
games.  Users see sentences, never tracebacks: every failure is a located sentence on stderr.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from mrp_tutor.cli.args import Subparsers, positive_int
from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.games import expect_game, load_file
from mrp_tutor.core.loader import INTENT, parse_json
from mrp_tutor.games.mission_red_planet.engine.game import Game
from mrp_tutor.games.mission_red_planet.unknowns import Unknowns

NAME = "mission_red_planet"  # this game's name in the registry (registration.py)


def add_referee_commands(subparsers: Subparsers) -> None:
    """Register ``referee`` on an argparse subparsers object."""
    ref = subparsers.add_parser("referee", help="rulings on a table position (scenario file, "
                                "or a table code MRP1:... from the app)")
    ref_sub = ref.add_subparsers(dest="referee_command", required=True)
    prod = ref_sub.add_parser("production", help="who receives what in a production phase")
    prod.add_argument("file", type=Path)
    prod.add_argument("--amount", type=positive_int, default=None,
                      help="tokens per zone (default: the current or next production phase)")
    prod.set_defaults(func=cmd_referee_production)
    fin = ref_sub.add_parser("final", help="final scoring breakdown, tie-breaks, winners")
    fin.add_argument("file", type=Path)
    fin.set_defaults(func=cmd_referee_final)
    comp = ref_sub.add_parser("compare", help="what each ruleset rules for this position "
                              "(order of play, the next scoring), each difference cited")
    comp.add_argument("file", type=Path)
    comp.add_argument("--rulesets", default="first_edition,standard",
                      help="two or more rulesets, comma-separated "
                      "(default: first_edition,standard)")
    comp.set_defaults(func=cmd_referee_compare)
    legal = ref_sub.add_parser("legal", help="is this play legal? (intent as JSON)")
    legal.add_argument("file", type=Path)
    legal.add_argument("intent", help='e.g. \'{"type": "board", "colour": "red", "ship": "s07"}\'')
    legal.set_defaults(func=cmd_referee_legal)


def _position(path: Path) -> tuple[Game, Unknowns]:
    """The game at the position of a scenario file, or of a table code (``MRP1:...``, from
    the app's Table tab: decoded and checked by the same loader), and what that table leaves
    unknown (a file given to ``referee`` is a table: what it leaves out is not known)."""
    from mrp_tutor.games.mission_red_planet.scenarios.build import Scenario
    from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
        CODE_PREFIX,
        decode_table,
        load_table,
    )

    if str(path).startswith(CODE_PREFIX):
        sc = load_table(decode_table(str(path), "table code"), "table code")
    else:
        found = load_file(path)
        expect_game(found, NAME, str(path))  # another game's file: a sentence naming both
        if not isinstance(found, Scenario):
            raise ContentError(str(path), ["game: not a Mission: Red Planet table"])
        sc = found
        sc.entered = True
    return sc.build(), sc.unknowns()


def _run(func: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    try:
        return int(func(args))
    except ContentError as err:
        print(f"INVALID {err.source}", file=sys.stderr)
        for p in err.problems:
            print(f"  {p}", file=sys.stderr)
        return 2


def cmd_referee_production(args: argparse.Namespace) -> int:
    from mrp_tutor.games.mission_red_planet.referee import production_ruling

    def go(a: argparse.Namespace) -> int:
        game, unknown = _position(a.file)
        print(production_ruling(game.spec, game.state, a.amount, unknown=unknown).text())
        return 0

    return _run(go, args)


def cmd_referee_final(args: argparse.Namespace) -> int:
    from mrp_tutor.games.mission_red_planet.referee import final_ruling

    def go(a: argparse.Namespace) -> int:
        game, unknown = _position(a.file)
        print(final_ruling(game.spec, game.state, unknown=unknown).text())
        return 0

    return _run(go, args)


def cmd_referee_compare(args: argparse.Namespace) -> int:
    from mrp_tutor.games.mission_red_planet.compare import compare
    from mrp_tutor.games.mission_red_planet.engine import RULESETS

    names = [n.strip() for n in str(args.rulesets).split(",") if n.strip()]
    wrong = [n for n in names if n not in RULESETS]
    if len(names) < 2 or wrong:
        print("error: --rulesets takes two or more of " + ", ".join(sorted(RULESETS))
              + (f" (not {wrong[0][:40]!r})" if wrong else ""), file=sys.stderr)
        return 2

    def go(a: argparse.Namespace) -> int:
        game, unknown = _position(a.file)
        print(compare(game.spec, game.state, names, unknown.resources).text())
        return 0

    return _run(go, args)


def cmd_referee_legal(args: argparse.Namespace) -> int:
    from mrp_tutor.games.mission_red_planet.referee import is_legal

    def go(a: argparse.Namespace) -> int:
        raw = parse_json(a.intent, "intent (command line)", INTENT)
        game, _unknown = _position(a.file)
        verdict = is_legal(game.spec, game.state, raw)
        print(verdict.text())
        return 0 if verdict.legal else 1

    return _run(go, args)


