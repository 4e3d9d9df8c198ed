"""``mrp-tutor fm round FILE``: the explained bookkeeping of one round (state in, state out);
``mrp-tutor fm rules WORDS``: search the rules file;
``mrp-tutor fm schema``: the JSON Schema of scenario files.

Every line is a sentence with the rulebook section and rule id it comes from; ``--out``
writes the HUB state after the round (a state file again).  Errors are located sentences.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

from mrp_tutor.core.errors import ContentError, MrpError
from mrp_tutor.core.loading import read_yaml
from mrp_tutor.core.located import file_lines
from mrp_tutor.games.first_martians.content import load_board, rulebook
from mrp_tutor.games.first_martians.errors import InputNeeded
from mrp_tutor.games.first_martians.explain import explain_error, explain_event, summary
from mrp_tutor.games.first_martians.intents import with_roll_for_me
from mrp_tutor.games.first_martians.round_file import play_round, round_intents
from mrp_tutor.games.first_martians.state import state_to_dict


def add_fm_commands(sub: Any) -> None:
    fm = sub.add_parser("fm", help="First Martians table assistant")
    fm_sub = fm.add_subparsers(dest="fm_command", required=True)
    rnd = fm_sub.add_parser("round", help="explained bookkeeping of one round for a HUB file")
    rnd.add_argument("file", type=Path, help="HUB state (or state: + round: inputs), YAML")
    rnd.add_argument("--out", type=Path, default=None, help="write the HUB state after it")
    rnd.add_argument("--seed", type=int, default=None, help="seed for --roll-for-me draws")
    rnd.add_argument("--roll-for-me", action="store_true",
                     help="roll the dice and draw the tiles and tokens (seeded, logged) the "
                     "file does not enter; by default every die, tile and draw is the "
                     "table's own, from the file. The table's choices (which Facility, who "
                     "is wounded, what a Build does ...) are never made for it: the file "
                     "gives them")
    rnd.add_argument("--board", type=Path, default=None,
                     help="board data corrections (YAML, entries by id, as board.yaml)")
    rnd.set_defaults(func=cmd_round)
    schema = fm_sub.add_parser("schema", help="print the JSON Schema of First Martians "
                               "scenario files (scenarios/first_martians/schema.json)")
    schema.set_defaults(func=cmd_schema)
    rules = fm_sub.add_parser("rules", help="search the First Martians rules (our paraphrase)")
    rules.add_argument("query", nargs="+", help="words, e.g. 'shutdown stress'")
    rules.set_defaults(func=cmd_rules)


def cmd_schema(args: argparse.Namespace) -> int:
    from mrp_tutor.games.first_martians.schema import schema_json

    sys.stdout.write(schema_json())
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    found = rulebook().search(" ".join(args.query))
    if not found:
        print("No rule matches; try other words (e.g. 'wilt', 'fight', 'rover').")
        return 1
    for c in found:
        print(f"{c.rule}  —  {c.section}")
        print(f"    {c.summary}")
    return 0


def _not_a_scenario(doc: object, source: str) -> None:
    """A scenario file (of any game: an ``id`` and ``steps``) is not a HUB state: say which
    game's scenario it is and the command that checks it.

    Raises:
        ContentError: ``doc`` is a scenario file.
    """
    from mrp_tutor.core.games import game_of

    if isinstance(doc, dict) and "id" in doc and "steps" in doc:
        title = game_of(doc, source).title
        raise ContentError(source, [f"document: this is a {title} scenario file, not a HUB "
                                    "state (fm round reads a state, or state: + round:); "
                                    "check a scenario with: mrp-tutor scenario check FILE"])


def cmd_round(args: argparse.Namespace) -> int:
    try:
        doc = read_yaml(args.file)
        _not_a_scenario(doc, str(args.file))
        if args.seed is not None and isinstance(doc, dict):
            target = doc["state"] if isinstance(doc.get("state"), dict) else doc
            target["seed"] = args.seed
        board = load_board(args.board) if args.board is not None else None
        table, intents = round_intents(doc, str(args.file), board, file_lines(args.file))
    except ContentError as err:
        print(f"INVALID {err.source}", file=sys.stderr)
        for p in err.problems:
            print(f"  {p}", file=sys.stderr)
        return 2
    print(summary(table.state))
    phase = None
    for name, it in intents:
        if table.state.result is not None:
            break
        if name != phase:
            phase = name
            print(f"\n== {name.replace('cleanup', 'clean-up').capitalize()}")
        if args.roll_for_me:
            it = with_roll_for_me(it)
        try:
            events = play_round(table, [(name, it)])
        except InputNeeded as err:
            print(_input_needed(err, name, args.roll_for_me), file=sys.stderr)
            return 1
        except MrpError as err:
            print(f"mrp-tutor: refused ({err.code}): {explain_error(err)}", file=sys.stderr)
            return 1
        except Exception as exc:  # a defect of the assistant: a sentence, never a traceback
            print(f"mrp-tutor: the assistant failed in the {name} phase ("
                  f"{type(exc).__name__}); please report it with the file", file=sys.stderr)
            return 3
        for e in events:
            if e.type != "phase_started":
                print(f"  - {explain_event(e)}")
    print("\n" + summary(table.state))
    if table.state.result:
        print(f"The mission is over: {table.state.result}.")
    if args.out is not None:
        try:
            args.out.write_text(yaml.safe_dump(state_to_dict(table.state), sort_keys=False),
                                encoding="utf-8")
        except OSError as exc:
            print(f"mrp-tutor: cannot write {args.out} ({exc.strerror or exc})", file=sys.stderr)
            return 2
        print(f"HUB state written to {args.out}")
    return 0


def _input_needed(err: InputNeeded, phase: str, rolled: bool) -> str:
    """What the file must still give: a die or draw (or ``--roll-for-me``), a choice or a
    printed icon (only the table can say, so only the file)."""
    step = "that step" if phase == "round" else \
        f"that {phase.replace('cleanup', 'clean-up')} step"
    enter = f"enter it in {step}'s draws ({err.kind}: one of {', '.join(map(str, err.choices))})"
    if err.table_only:
        where = "what the token shows" if err.kind == "poi" else "printed on the tile"
        return (f"mrp-tutor: the file does not say {err.what}, {where}: {enter}; "
                "only the table can read it")
    if not err.random_draw:
        return (f"mrp-tutor: the file does not say {err.what}, the table's choice: {enter}; "
                "--roll-for-me rolls dice and draws tiles, it never chooses for the table")
    return (f"mrp-tutor: the file does not say {err.what}: {enter}"
            + ("" if rolled else ", or run with --roll-for-me"))
