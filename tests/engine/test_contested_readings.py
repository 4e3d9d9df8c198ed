"""Contested readings chosen for a table (issue 42): the Femme Fatale's ship presence.

Rulebook, Card Clarifications > 4 Femme Fatale (in our words): she may replace an astronaut
on a docked ship, on a launched ship, or in a zone (Phobos included) where her player already
has one of his own astronauts.  Whether that last condition covers the ships too is open: the
tutor's reading (characters.femme_fatale.ship_presence) says yes, the other reading
(characters.femme_fatale.zones_only) says zones only.  A referee may choose the other for a
table; the choice is a typed field of the position, made by an event citing the reading now
in force, and it travels with the table's file and its share code.
"""

from __future__ import annotations

import copy

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.checks import state_from_dict
from mrp_tutor.games.mission_red_planet.engine.errors import (
    ContentError,
    IllegalIntent,
    MalformedIntent,
)
from mrp_tutor.games.mission_red_planet.engine.readings import choose_reading
from mrp_tutor.games.mission_red_planet.engine.state import state_to_dict
from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict
from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
    decode_table,
    encode_table,
    load_table,
    parse_table_text,
    table_document,
    table_position,
    table_yaml,
)

TUTOR = "characters.femme_fatale.ship_presence"
OTHER = "characters.femme_fatale.zones_only"

# Red resolves a Femme Fatale; Red has an astronaut only on the launched ship s17 and in
# Hellas; Blue is aboard the docked s05 and in Hellas and Ausonia, Green aboard s01 and s17
DOC = {
    "id": "ff-readings", "title": "t", "lesson": "l", "players": ["red", "blue", "green"],
    "position": {
        "stage": "resolve", "round": 4, "first": "red",
        "ships": [
            {"id": "s01", "dock": 0, "crew": {"green": 1}},
            {"id": "s05", "dock": 1, "crew": {"blue": 1}},
            {"id": "s13", "dock": 2},
            {"id": "s17", "launched": True, "crew": {"red": 1, "green": 2}},
        ],
        "zones": {"hellas": {"astronauts": {"red": 1, "blue": 1}, "resource": "ice"},
                  "ausonia": {"astronauts": {"blue": 2}, "resource": "ice"}},
        "resolving": {"colour": "red", "character": "femme_fatale", "step": 1},
        "seats": {"blue": {"played": ["recruiter"]}, "green": {"played": ["recruiter"]}},
    },
    "steps": [],
}


def _game(readings: list[str] | None = None) -> Game:
    doc = copy.deepcopy(DOC)
    if readings is not None:
        doc["position"]["readings"] = readings
    game = scenario_from_dict(doc, "test").build()
    assert isinstance(game, Game)
    return game


def _targets(game: Game) -> set[tuple[str, str]]:
    return {(i.place, i.victim) for i in game.legal_intents("red") if isinstance(i, I.Replace)}


def test_the_tutors_reading_needs_her_player_aboard_a_ship() -> None:
    game = _game()
    assert game.state.readings == []
    assert _targets(game) == {("s17", "green"), ("hellas", "blue")}
    with pytest.raises(IllegalIntent) as err:
        game.play(I.Replace(colour="red", place="s05", victim="blue"))
    assert err.value.code == "presence_required" and err.value.rule == TUTOR


def test_the_other_reading_opens_every_ship_but_not_the_zones() -> None:
    game = _game([OTHER])
    assert game.state.readings == [OTHER]
    assert _targets(game) == {("s17", "green"), ("hellas", "blue"), ("s01", "green"),
                              ("s05", "blue")}
    with pytest.raises(IllegalIntent) as err:  # zones keep the condition under both readings
        game.play(I.Replace(colour="red", place="ausonia", victim="blue"))
    assert err.value.code == "presence_required" and err.value.rule == "characters.femme_fatale"
    events = game.play(I.Replace(colour="red", place="s05", victim="blue"))
    replaced = [e for e in events if e.type == "astronaut_replaced"]
    assert replaced and replaced[0].rule == OTHER  # the ruling names the reading it rests on
    assert game.state.ships["s05"].crew == {"red": 1}


def test_the_referee_switches_the_reading_by_an_event_citing_it() -> None:
    game = _game()
    spec = game.spec
    ev = choose_reading(spec, game.state, "femme_fatale_ships", True)
    assert ev.rule == OTHER and ev.type == "reading_chosen"
    state = game.state.clone()
    ev.apply(state)
    assert state.readings == [OTHER]
    back = choose_reading(spec, state, "femme_fatale_ships", False)
    assert back.rule == TUTOR
    back.apply(state)
    assert state.readings == []
    assert spec.rules[TUTOR].is_reading and spec.rules[OTHER].is_reading


def test_a_wrong_reading_is_refused_with_its_code() -> None:
    game = _game()
    with pytest.raises(MalformedIntent) as bad:
        choose_reading(game.spec, game.state, "soldier_ships", True)
    assert bad.value.code == "unknown_reading"
    fe = load_spec("first_edition")
    with pytest.raises(IllegalIntent) as other_rules:
        choose_reading(fe, game.state, "femme_fatale_ships", True)
    assert other_rules.value.code == "reading_not_in_ruleset"


@pytest.mark.parametrize("readings", [["characters.soldier.zones_only"], [OTHER, OTHER]])
def test_a_table_file_with_a_wrong_reading_gets_a_located_sentence(readings: list[str]) -> None:
    doc = copy.deepcopy(DOC)
    doc["position"]["readings"] = readings
    with pytest.raises(ContentError) as err:
        scenario_from_dict(doc, "table.yaml").build()
    assert any("readings" in p for p in err.value.problems), err.value.problems
    state = _game([OTHER]).state
    data = state_to_dict(state)
    data["readings"] = readings
    with pytest.raises(ContentError) as saved:  # a saved state says the same
        state_from_dict(data)
    assert any(p.startswith("readings:") for p in saved.value.problems), saved.value.problems


def test_the_choice_survives_save_load_and_share_code() -> None:
    game = _game([OTHER])
    spec = game.spec
    # the engine's own save (state dict) and the table's file and share code
    assert state_from_dict(state_to_dict(game.state)).readings == [OTHER]
    pos = table_position(spec, game.state)
    assert pos["readings"] == [OTHER]
    doc = table_document(["red", "blue", "green"], pos)
    from_file = load_table(parse_table_text(table_yaml(doc)), "file").build()
    from_code = load_table(decode_table(encode_table(doc)), "code").build()
    for g in (from_file, from_code):
        assert isinstance(g, Game)
        assert g.state.readings == [OTHER]
        assert ("s05", "blue") in _targets(g)
    # the tutor's reading is the default and writes nothing
    assert "readings" not in table_position(spec, _game().state)


# ------------------------------------------------------------------ the neutral Scientist
# Rulebook, 2-Player Variant > Resolving Neutral Characters (in our words): for a neutral
# Scientist the controlling player draws the event card; the paragraph neither offers nor
# forbids the Scientist card's other choice, a look at a face-down discovery.

def _scientist(readings: list[str] | None = None) -> Game:
    from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
    from mrp_tutor.resources import scenarios_dir

    sc = load_scenario(scenarios_dir() / "two_player-neutral-scientist-empty-deck.yaml")
    doc = sc.doc.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
    if readings is not None:
        doc["position"]["readings"] = readings
    doc["steps"] = []
    game = scenario_from_dict(doc, "test").build()
    assert isinstance(game, Game)
    return game


def test_a_neutral_scientist_only_draws_by_the_tutors_reading() -> None:
    game = _scientist()
    assert game.legal_intents() == []  # the deck is empty: the step is skipped
    events = game.advance()
    assert events[0].type == "step_skipped"
    assert events[0].rule == "two_player.neutral_scientist.draws"


def test_the_other_reading_lets_its_controller_look() -> None:
    game = _scientist(["two_player.neutral_scientist.may_look"])
    looks = [i for i in game.legal_intents() if isinstance(i, I.Peek)]
    assert looks and all(i.colour == "blue" for i in looks)
    events = game.play(looks[0])
    peeked = [e for e in events if e.type == "discovery_peeked"]
    assert peeked and peeked[0].rule == "two_player.neutral_scientist.may_look"


def test_a_standard_table_is_not_asked_the_neutral_question() -> None:
    from mrp_tutor.games.mission_red_planet.engine.readings import NEUTRAL_SCIENTIST, asked

    game = _game()
    assert not asked(NEUTRAL_SCIENTIST, game.spec, game.state)
    assert asked(NEUTRAL_SCIENTIST, _scientist().spec, _scientist().state)
