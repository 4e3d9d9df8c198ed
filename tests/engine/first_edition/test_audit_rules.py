"""Issue 24, rule errors an outside audit found against seed 003 (each test failed before its
fix): a table position's event deck, the Cunning Conspirator's Secret Agent, the turn-10
leftovers and what a first-edition tie is said to mean."""

from __future__ import annotations

from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec, IllegalIntent
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.checks import state_problems
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.explain import explain_event
from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict

DOCKED = [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1}, {"id": "f09", "dock": 2}]


def build(ruleset: str, position: dict[str, Any], players: list[str] | None = None) -> Game:
    doc = {"id": "t", "title": "t", "lesson": "t", "ruleset": ruleset,
           "players": players or ["red", "blue", "green"], "position": position}
    return scenario_from_dict(doc).build(advance_now=True)


# ------------------------------------------------------------ 1. a position's event deck


@pytest.mark.parametrize("ruleset", ["first_edition", "unique_abilities"])
def test_table_position_event_deck_holds_no_bonus_card(ruleset: str) -> None:
    """Seed 003 §3: the bonus cards not kept leave the game; the rest (discoveries) form the
    draw deck.  A Scientist at a table position can never draw a bonus card."""
    seats = {c: {"missions": [m]} for c, m in zip(["red", "blue", "green"],
                                                  ["colonization", "celerium", "sylvanite"],
                                                  strict=True)}
    if ruleset == "unique_abilities":
        for c, sheet in zip(seats, ["stealthy_spy", "major_mayhem", "devious_despot"],
                            strict=True):
            seats[c]["sheet"] = sheet
    g = build(ruleset, {"stage": "choose", "round": 2, "ships": DOCKED, "seats": seats})
    spec = g.spec
    deck = g.state.event_deck
    assert deck and not [x for x in deck if x in spec.missions]
    assert sorted(deck) == sorted(spec.discoveries)  # every discovery not on Mars


def test_table_position_refuses_a_bonus_card_in_the_event_deck() -> None:
    with pytest.raises(ContentError) as err:
        build("first_edition", {"stage": "choose", "round": 2, "ships": DOCKED,
                                "event_deck": ["lichen", "blocks_of_ice"]})
    assert any("event_deck[1]" in x and "fe.setup.event_deck" in x for x in err.value.problems)


def test_state_check_refuses_a_bonus_card_in_the_event_deck(fe_games: list[Game],
                                                            fe_spec: GameSpec) -> None:
    s = fe_games[0].state.clone()
    s.event_deck = ["blocks_of_ice"]
    s.seats[s.order[0]].missions = [x for x in s.seats[s.order[0]].missions
                                    if x != "blocks_of_ice"]
    for seat in s.seats.values():
        seat.missions = [x for x in seat.missions if x != "blocks_of_ice"]
    assert any(x.startswith("event_deck[0]") and "fe.setup.event_deck" in x
               for x in state_problems(fe_spec, s))


# ------------------------------------------------------------ 2. Conspirator + Secret Agent


def conspirator_agent() -> Game:
    return build("unique_abilities", {
        "stage": "resolve", "round": 2, "first": "red",
        "ships": [{"id": "f07", "dock": 0}, {"id": "f09", "dock": 1},
                  {"id": "f08", "launched": True, "crew": {"blue": 1}}],
        "resolving": {"colour": "red", "character": "secret_agent", "step": 0},
        "seats": {"red": {"sheet": "cunning_conspirator", "tokens": {"ice": 3}},
                  "blue": {"sheet": "audacious_adventurer", "played": ["explorer"]},
                  "green": {"sheet": "devious_despot", "played": ["explorer"]}}})


def test_conspirator_secret_agent_two_different_shuttles() -> None:
    """Seed 003 §5: the Secret Agent puts 1 astronaut in each of 2 different shuttles; the
    Conspirator's ability changes where (a launched shuttle), not that rule."""
    g = conspirator_agent()
    use = I.UseAbility("red", "cunning_conspirator", "f08")
    assert use in g.legal_intents("red")
    g.play(use)
    assert g.state.ships["f08"].crew == {"blue": 1, "red": 1} and g.state.left == 1
    assert use not in g.legal_intents("red")  # the second astronaut: another shuttle
    with pytest.raises(IllegalIntent) as err:
        g.play(use)
    assert err.value.code == "ship_already_used"
    assert err.value.rule == "fe.characters.secret_agent"
    g.play(I.Board("red", "f07"))  # a docked shuttle is still fine
    assert g.state.ships["f07"].crew.get("red") == 1


# ------------------------------------------------------------ 3. turn-10 leftovers, ties


def scoring_position(production: int, zones: dict[str, Any]) -> dict[str, Any]:
    return {"stage": "production", "production": production, "first": "red",
            "ships": DOCKED, "zones": zones}


def test_turn10_leftovers_leave_the_game() -> None:
    """Seed 003 §6, turn 10: the majority takes all the tokens present; leftovers removed."""
    g = build("first_edition", scoring_position(3, {
        "outer_1": {"astronauts": {"red": 2, "blue": 2}, "resource": "ice",
                    "waiting": {"ice": 3}},
        "outer_2": {"astronauts": {"red": 1}, "resource": "sylvanite"}}))
    while not g.over and g.state.stage != "final_scoring":
        g.advance()
    assert g.state.waiting["outer_1"] == {}  # the 3 + 3 tied ice are out of the game
    removed = [e for e in g.log if e.type == "tokens_removed"]
    assert [(e.zone, e.resources, e.rule) for e in removed] == [
        ("outer_1", (("ice", 6),), "fe.scoring.turn10")]
    text = str(explain_event(g.spec, removed[0]))
    assert "leave the game" in text and "fe.scoring.turn10" in text


@pytest.mark.parametrize("production,count", [(1, 1), (2, 2), (3, 6)])
def test_first_edition_tie_takes_nothing_whatever_the_count(production: int,
                                                            count: int) -> None:
    zones = {"outer_1": {"astronauts": {"red": 1, "blue": 1}, "resource": "celerium"}}
    if production == 3:
        zones["outer_1"]["waiting"] = {"celerium": 3}
    g = build("first_edition", scoring_position(production, zones))
    while g.state.stage in ("production", "reveal_discoveries", "actions_before",
                            "actions_after"):
        g.advance()
    stayed = next(e for e in g.log if e.type == "tokens_stayed" and e.zone == "outer_1")
    assert stayed.resources == (("celerium", count),)
    assert not [e for e in g.log if e.type == "tokens_awarded"]
    text = str(explain_event(g.spec, stayed))
    assert "split" not in text and "whatever the count" in text
