"""The ``scenario`` and ``referee`` subcommands of ``mrp-tutor``.

``mrp-tutor scenario check [PATH...]`` run scenario files (or every *.yaml in folders; none:
                                        the shipped library); exit 0 only when every
                                        expectation holds.
``mrp-tutor scenario schema [--game G]`` print the JSON Schema of a game's scenario files
                                        (each game registers its own; default: this one).
``mrp-tutor referee production FILE``  production ruling for the position in FILE.
``mrp-tutor referee final FILE``       final-scoring ruling for the position in FILE.
``mrp-tutor referee legal FILE JSON``  is this intent legal in the position in FILE?

Users see sentences, never tracebacks: every failure is a located sentence on stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from mrp_tutor.cli.main import positive_int
from mrp_tutor.core.loader import INTENT, file_kind, parse_json
from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError


def add_scenario_commands(subparsers: Any) -> None:
    """Register ``scenario`` and ``referee`` on an argparse subparsers object."""
    sc = subparsers.add_parser("scenario", help="check scenario files")
    sc_sub = sc.add_subparsers(dest="scenario_command", required=True)
    check = sc_sub.add_parser("check", help="run scenario files and check every expectation")
    check.add_argument("paths", nargs="*", type=Path,
                       help="scenario files or folders (default: the shipped library)")
    check.add_argument("-q", "--quiet", action="store_true", help="print failures only")
    check.set_defaults(func=cmd_scenario_check)
    schema = sc_sub.add_parser("schema", help="print the JSON Schema of a game's scenario files")
    schema.add_argument("--game", default=None, help="the game (its name in the registry; "
                        "default: Mission: Red Planet)")
    schema.set_defaults(func=cmd_scenario_schema)

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
    legal = ref_sub.add_parser("legal", help="is this play legal? (intent as JSON)")
    legal.add_argument("file", type=Path)
    legal.add_argument("intent", help='e.g. \'{"type": "board", "colour": "red", "ship": "s07"}\'')
    legal.set_defaults(func=cmd_referee_legal)


def _files(paths: list[Path]) -> tuple[list[Path], list[str]]:
    files: list[Path] = []
    missing: list[str] = []
    for p in paths:
        if p.is_dir():
            files.extend(sorted(p.glob("*.yaml")))
        elif p.is_file():
            files.append(p)
        elif p.exists():
            missing.append(f"{p}: {file_kind(p) or 'cannot be looked at'}, not a scenario file")
        else:
            missing.append(f"{p}: no such file or folder")
    return files, missing


def cmd_scenario_check(args: argparse.Namespace) -> int:
    """Run every scenario; print one line per file; exit 1 on any failure."""
    from mrp_tutor.games.mission_red_planet.scenarios import load_scenario, run_scenario
    from mrp_tutor.resources import scenarios_dir

    files, problems = _files(args.paths or [scenarios_dir()])
    for m in problems:
        print(m, file=sys.stderr)
    failed = len(problems)
    if not files and not problems:
        print("no scenario files found", file=sys.stderr)
        return 1
    for f in files:
        try:
            sc = load_scenario(f)
            result = run_scenario(sc)
        except ContentError as err:
            failed += 1
            print(f"INVALID {f}", file=sys.stderr)
            for p in err.problems:
                print(f"  {f}: {p}", file=sys.stderr)
            continue
        except Exception as exc:  # a defect: reported for this file, the others still run
            failed += 1
            print(f"ERROR   {f}: the tutor failed on this file ({type(exc).__name__}); "
                  "please report it", file=sys.stderr)
            continue
        if result.ok:
            if not args.quiet:
                print(f"ok      {f} ({len(sc.steps)} steps)")
        else:
            failed += 1
            print(f"FAILED  {f}", file=sys.stderr)
            for line in result.failures:
                print(f"  {line}", file=sys.stderr)
    total = len(files) + len(problems)
    print(f"{total - failed} of {plural(total, 'scenario file')} passed")
    return 0 if failed == 0 else 1


def cmd_scenario_schema(args: argparse.Namespace) -> int:
    from mrp_tutor.core import games

    try:
        text = games.schema_of(args.game or games.DEFAULT)
    except LookupError as err:
        print(f"error: {err.args[0]}", file=sys.stderr)
        return 2
    sys.stdout.write(text)
    return 0


def _position(path: Path) -> Any:
    """The game at the position of a scenario file, or of a table code (``MRP1:...``, from
    the app's Table tab: decoded and checked by the same loader)."""
    from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
    from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
        CODE_PREFIX,
        decode_table,
        load_table,
    )

    if str(path).startswith(CODE_PREFIX):
        return load_table(decode_table(str(path), "table code"), "table code").build()
    sc = load_scenario(path)
    return sc.build()


def _run(func: Any, args: argparse.Namespace) -> int:
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
        game = _position(a.file)
        print(production_ruling(game.spec, game.state, a.amount).text())
        return 0

    return _run(go, args)


def cmd_referee_final(args: argparse.Namespace) -> int:
    from mrp_tutor.games.mission_red_planet.referee import final_ruling

    def go(a: argparse.Namespace) -> int:
        game = _position(a.file)
        print(final_ruling(game.spec, game.state).text())
        return 0

    return _run(go, args)


def cmd_referee_legal(args: argparse.Namespace) -> int:
    from mrp_tutor.games.mission_red_planet.referee import is_legal

    def go(a: argparse.Namespace) -> int:
        raw = parse_json(a.intent, "intent (command line)", INTENT)
        game = _position(a.file)
        verdict = is_legal(game.spec, game.state, raw)
        print(verdict.text())
        return 0 if verdict.legal else 1

    return _run(go, args)


if __name__ == "__main__":  # pragma: no cover - the one entry point is mrp_tutor.cli.main
    from mrp_tutor.cli.main import main

    raise SystemExit(main())
