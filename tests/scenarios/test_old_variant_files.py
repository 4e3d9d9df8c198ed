"""One name, ``ruleset``, for the rules a game is played under (issue 27).

Decided: the engine's API, the command line, the shipped files, the docs and the tests say
``ruleset`` only; a file or share code written before (``ruleset: base`` + ``variant:
two_player``, the older spelling) still loads, to the same table: a learner cannot rename a
code someone sent them.  Writing never uses ``variant`` (the table editor, ``table_document``).
The event log keeps its recorded field ``game_started.variant`` (a log format: golden logs and
saved logs unchanged)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import yaml

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.scenarios.model import ruleset_of
from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
    decode_table,
    encode_table,
    load_table,
    table_document,
    table_position,
)

ROOT = Path(__file__).resolve().parents[2]
SPEC = load_spec(use_env_overrides=False)
FOUR = ["red", "blue", "green", "yellow"]


def _two_player_table() -> tuple[Game, dict]:
    game = Game.new(SPEC, FOUR, 8, ruleset="two_player")
    return game, table_position(SPEC, game.state)


def test_a_table_document_says_ruleset_only() -> None:
    game, pos = _two_player_table()
    doc = table_document(FOUR, pos, ruleset=game.state.ruleset)
    assert doc["ruleset"] == "two_player" and "variant" not in doc
    assert load_table(decode_table(encode_table(doc))).build().state.ruleset == "two_player"


@pytest.mark.parametrize("older", [{"ruleset": "base", "variant": "two_player"},
                                   {"variant": "two_player"}])
def test_an_older_share_code_with_variant_loads_the_same_table(older: dict) -> None:
    _, pos = _two_player_table()
    new = table_document(FOUR, pos, ruleset="two_player")
    old = {k: v for k, v in new.items() if k != "ruleset"} | older
    assert ruleset_of(old) == ruleset_of(new) == "two_player"
    a = load_table(decode_table(encode_table(new))).build()
    b = load_table(decode_table(encode_table(old))).build()
    assert b.state.ruleset == "two_player"
    assert b.state == a.state


def test_an_older_standard_document_is_the_standard_game() -> None:
    assert ruleset_of({"ruleset": "base"}) == "standard"
    assert ruleset_of({"ruleset": "base", "variant": "standard"}) == "standard"
    assert ruleset_of({"ruleset": "first_edition"}) == "first_edition"


def test_no_shipped_scenario_file_writes_variant() -> None:
    bad = []
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        doc = yaml.safe_load(path.read_text())
        if isinstance(doc, dict) and ("variant" in doc or "variant" in (doc.get("setup") or {})):
            bad.append(path.name)
    assert not bad, bad


NO_VARIANT = ("new", "bot_game", "setup_events", "table_document", "play_game")


def test_no_call_passes_the_older_keyword() -> None:
    """Only the log's own event (``GameStarted(variant=...)``) has a field of that name."""
    bad = []
    for folder in ("mrp_tutor", "tests", "benchmarks", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Call) and any(k.arg == "variant" for k in node.keywords):
                    name = ast.unparse(node.func).rsplit(".", 1)[-1]
                    if name != "GameStarted":
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert not bad, bad
