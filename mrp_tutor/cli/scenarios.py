"""The ``scenario`` subcommands of ``mrp-tutor`` (every game's files, through the registry).

``mrp-tutor scenario check [PATH...]`` run scenario files (or every *.yaml in folders; none:
                                        the shipped library); exit 0 only when every
                                        expectation holds.
``mrp-tutor scenario schema [--game G]`` print the JSON Schema of a game's scenario files
                                        (each game registers its own; default: this one).

Users see sentences, never tracebacks: every failure is a located sentence on stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mrp_tutor.cli.args import Subparsers
from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.loader import file_kind
from mrp_tutor.core.words import plural


def add_scenario_commands(subparsers: Subparsers) -> None:
    """Register ``scenario`` on an argparse subparsers object."""
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
    from mrp_tutor.core.games import load_file, play_scenario
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
            sc = load_file(f)
            result = play_scenario(sc)
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
