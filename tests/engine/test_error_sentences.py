"""Every error code the product raises has a sentence, and the sentences name things in
words: zone and card names (not ids), no capitalised ship ids, correct plurals."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import random_bot
from mrp_tutor.games.mission_red_planet.engine.errors import MrpError
from mrp_tutor.games.mission_red_planet.engine.game import Game, check_intent, setup_events
from mrp_tutor.games.mission_red_planet.explain import ERROR_TEMPLATES, explain_error

SPEC = load_spec(use_env_overrides=False)
ROOT = Path(__file__).resolve().parents[2] / "mrp_tutor"
ERROR_CLASSES = {"MrpError", "IllegalIntent", "MalformedIntent", "WrongPhase", "NotYourDecision",
                 "GameOver"}


def raised_codes() -> dict[str, str]:
    """Every error code written in the Mission: Red Planet product's source, with where it is
    (First Martians has its own sentences, in mrp_tutor.games.first_martians.explain)."""
    codes: dict[str, str] = {}
    for path in ROOT.rglob("*.py"):
        if "first_martians" in path.parts:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            first: ast.expr | None = None
            if isinstance(node, ast.Call):
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(
                    f, ast.Attribute) else ""
                if name in ERROR_CLASSES and node.args:
                    first = node.args[0]
            elif (isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple)
                  and len(node.value.elts) == 4):  # a diagnosis: (code, rule, msg, facts)
                first = node.value.elts[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                codes.setdefault(first.value, f"{path.name}:{node.lineno}")
    return codes


def test_every_error_code_has_a_sentence() -> None:
    codes = raised_codes()
    assert len(codes) >= 45, sorted(codes)  # the scan itself still finds the codes
    missing = {c: where for c, where in codes.items() if c not in ERROR_TEMPLATES}
    assert not missing, f"error codes without a sentence: {missing}"


ID_LIKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # a snake_case id (zone, card, decision kind)
CAPITAL_SHIP = re.compile(r"\bS\d{2}\b")


def check_sentence(err: MrpError) -> str:
    template = ERROR_TEMPLATES[err.code]
    text = template(SPEC, err.detail)  # no KeyError: the template fits the facts given
    assert text == explain_error(SPEC, err).text
    assert text.endswith(".") and text[0].isupper(), text
    assert not CAPITAL_SHIP.search(text), text
    assert not ID_LIKE.search(re.sub(r"'[^']*'", "", text)), (err.code, text)  # quoted: input
    assert not re.search(r"\b1 astronauts\b|\b[02-9] astronaut\b", text), text
    return text


def _bad_intents(rng: random.Random, colours: list[str]) -> list[I.Intent]:
    zones = [*SPEC.zones, "atlantis"]
    ships = list(SPEC.ships)
    c = rng.choice(colours)
    z1, z2, sid = rng.choice(zones), rng.choice(zones), rng.choice(ships)
    return [
        I.ChooseCharacter(c, rng.choice([*SPEC.countdown, "wizard"])),
        I.KeepMission(c, rng.choice(list(SPEC.missions))),
        I.Board(c, sid, rng.choice([1, 2, 3]), rng.choice([None, z1])),
        I.Move(c, z1, z2), I.Stop(c), I.DrawEvent(c), I.Peek(c, z1),
        I.AssignDiscovery(c, z1), I.Launch(c, sid), I.Destroy(c, sid),
        I.Replace(c, rng.choice([sid, z1]), rng.choice(colours)),
        I.Kill(c, z1, rng.choice(colours)), I.Drop(c, z1), I.PlaceToken(c, sid, z1),
        I.Rescue(c, z1),
    ]


@pytest.mark.parametrize("variant", ["standard", "two_player"])
def test_engine_errors_read_as_sentences(variant: str) -> None:
    seen: set[str] = set()
    for seed in range(6):
        colours = ["red", "blue", "green", "yellow"][: 4 if variant == "two_player" else 3 +
                                                        seed % 2]
        game = Game.new(SPEC, colours, seed, ruleset=variant)
        bot = random_bot(random.Random(seed))
        rng = random.Random(seed)
        while not game.over:
            if rng.random() < 0.5:
                for intent in _bad_intents(rng, colours):
                    err = check_intent(SPEC, game.state, intent)
                    if err is not None:
                        check_sentence(err)
                        seen.add(err.code)
            game.play(bot(game, game.legal_intents()), trusted=True)
        err = check_intent(SPEC, game.state, I.Stop(colours[0]))
        assert err is not None
        seen.add(check_sentence(err) and err.code)
    assert len(seen) >= 15, sorted(seen)


@pytest.mark.parametrize(("call", "code"), [
    (lambda: setup_events(SPEC, ["red", "red", "pink"], 1), "bad_colours"),
    (lambda: setup_events(SPEC, ["red", "blue"], 1), "bad_player_count"),
    (lambda: setup_events(SPEC, ["red", "blue", "green"], 1, ruleset="chess"), "unknown_variant"),
    (lambda: I.intent_from_dict({"type": "teleport"}), "intent_malformed"),
    (lambda: I.intent_from_dict({"type": "board", "colour": "red", "ship": "s01", "x": 1}),
     "intent_malformed"),
    (lambda: I.intent_from_dict({"type": "board", "colour": "red"}), "intent_malformed"),
])
def test_setup_and_input_errors_read_as_sentences(call: Any, code: str) -> None:
    with pytest.raises(MrpError) as info:
        call()
    assert info.value.code == code
    check_sentence(info.value)


def test_referee_edit_and_ruling_errors_read_as_sentences() -> None:
    from mrp_tutor.games.mission_red_planet.engine.game import replay
    from mrp_tutor.games.mission_red_planet.referee import production_ruling
    from mrp_tutor.games.mission_red_planet.ui.edits import EditForm, check_edit, parse_edit

    game = Game.new(SPEC, ["red", "blue", "green"], 3)
    s = game.state
    docked = s.docked()[0]
    down = next(z for z in SPEC.zones if not s.face_up[z])
    forms: list[Any] = [
        {"what": "face_up", "place": "atlantis"}, {"what": "zone", "place": "hellas"},
        {"what": "zone", "place": "hellas", "colour": "red", "count": -1},
        {"what": "zone", "place": "hellas", "colour": "red", "count": 30},
        {"what": "crew", "place": "s99", "colour": "red", "count": 1},
        {"what": "crew", "place": docked, "colour": "red", "count": 9},
        {"what": "crew", "place": docked, "colour": "red", "count": SPEC.cap[docked]},
    ]
    codes = set()
    for data in forms:
        with pytest.raises(MrpError) as info:
            check_edit(SPEC, s, EditForm.model_validate(data))
        codes.add(info.value.code)
        check_sentence(info.value)
    t = s.clone()
    t.face_up[down] = True
    for place in (down, "phobos"):
        form = EditForm(what="face_up", place=place)
        err = None
        try:
            check_edit(SPEC, t, form)
        except MrpError as e:
            err = e
        if err is not None:
            codes.add(err.code)
            check_sentence(err)
    for call in (lambda: parse_edit({"what": "fly"}), lambda: replay(SPEC, game.log[1:]),
                 lambda: production_ruling(SPEC, s, 0)):
        with pytest.raises(MrpError) as info:
            call()
        codes.add(info.value.code)
        check_sentence(info.value)
    assert {"unknown_zone", "unknown_colour", "negative_count", "not_enough_astronauts",
            "ship_not_in_play", "ship_full", "table_unreachable", "already_face_up",
            "edit_malformed", "bad_log", "bad_amount"} <= codes, codes
