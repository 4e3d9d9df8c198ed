"""Audit: illegal choices against the rulebook's constraints, across its sections.

Each wrong choice must raise a typed error (``IllegalIntent`` or a subclass) with a stable code
and the id of the rule it breaks, that id must resolve to a section of the rules file, and the
game must be exactly as before (state, log, legal options).  The rule each case checks:

- a character is chosen in step 1 only, and only by the player whose turn it is to act
  (The Game Round › 1.-2.);
- the Soldier cannot kill in Syrtis Major or Valles Marineris, and must move at least one
  astronaut from Phobos, to a zone of Mars (Card Clarifications › 2 Soldier);
- Phobos is adjacent to no zone (Phobos);
- a discovery never goes to Phobos or a central zone (Discovery Cards, Phobos);
- astronauts board docked ships only, never beyond capacity; the first one aboard an
  unknown-destination ship gives it a token (Resolve Character Effects, Destination Tokens);
- the Saboteur destroys a docked ship, the Secret Agent launches a docked one (5, 6);
- the Travel Agent places all three at once (3 Travel Agent);
- the destination-token supply is two per zone (Destination Tokens).
"""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    AssignDiscovery,
    Board,
    ChooseCharacter,
    Destroy,
    DrawEvent,
    Drop,
    IllegalIntent,
    Kill,
    Launch,
    Move,
    NotYourDecision,
    PlaceToken,
    Stop,
    WrongPhase,
    state_to_dict,
)

from .conftest import fresh, until


def _choose_while_resolving(t):  # type: ignore[no-untyped-def]
    red = t.colours[0]
    t.choose({red: "soldier"})
    return ChooseCharacter(red, "pilot")


def _board_out_of_turn(t):  # type: ignore[no-untyped-def]
    red, blue = t.colours[:2]
    t.choose({red: "recruiter", blue: "pilot"})
    return Board(blue, "s01")


def _kill_in_valles_marineris(t):  # type: ignore[no-untyped-def]
    red, blue = t.colours[:2]
    t.put("valles_marineris", blue)
    t.put("hellas", blue)
    t.choose({red: "soldier"})
    until(t, red, "kill")
    return Kill(red, "valles_marineris", blue)


def _soldier(t):  # type: ignore[no-untyped-def]
    red, blue = t.colours[:2]
    t.put("phobos", red, 2)
    t.put("hellas", blue)
    t.choose({red: "soldier"})
    until(t, red, "kill")
    t.play(Kill(red, "hellas", blue))
    return red


def _soldier_stops_before_moving(t):  # type: ignore[no-untyped-def]
    return Stop(_soldier(t))


def _soldier_drops_on_phobos(t):  # type: ignore[no-untyped-def]
    return Drop(_soldier(t), "phobos")


def _explorer_to_phobos(t):  # type: ignore[no-untyped-def]
    red = t.colours[0]
    t.put("hellas", red)
    t.choose({red: "explorer"})
    until(t, red, "move_adjacent")
    return Move(red, "hellas", "phobos")


def _discovery(t, zone):  # type: ignore[no-untyped-def]
    red = t.colours[0]
    deck = t.state.event_deck
    card = next(c for c in deck if c in t.spec.discoveries)
    deck.remove(card)
    deck.insert(0, card)
    t.touch()
    t.choose({red: "scientist"})
    until(t, red, "draw_or_peek")
    t.play(DrawEvent(red))
    return AssignDiscovery(red, zone)


def _board_launched(t):  # type: ignore[no-untyped-def]
    red, blue = t.colours[:2]
    t.launched("s10", {blue: 1})
    t.choose({red: "saboteur"})
    return Board(red, "s10")


def _destroy_launched(t):  # type: ignore[no-untyped-def]
    red, blue = t.colours[:2]
    t.launched("s10", {blue: 1})
    t.choose({red: "saboteur"})
    until(t, red, "destroy_docked")
    return Destroy(red, "s10")


def _launch_launched(t):  # type: ignore[no-untyped-def]
    red, blue = t.colours[:2]
    t.launched("s10", {blue: 1})
    t.choose({red: "secret_agent"})
    until(t, red, "force_launch")
    return Launch(red, "s10")


def _over_capacity(t):  # type: ignore[no-untyped-def]
    red, blue = t.colours[:2]
    t.dock([("s07", {blue: 1}), "s01", "s04", "s02"])  # s07: capacity 2
    t.choose({red: "travel_agent"})
    return Board(red, "s07", 3)


def _travel_agent_one(t):  # type: ignore[no-untyped-def]
    red = t.colours[0]
    t.choose({red: "travel_agent"})
    return Board(red, "s01", 1)


def _unknown_without_token(t):  # type: ignore[no-untyped-def]
    red = t.colours[0]
    t.dock(["s32", "s01", "s04", "s02"])  # s32: unknown destination, capacity 3
    t.choose({red: "travel_agent"})
    return Board(red, "s32", 3)


def _token_supply_empty(t):  # type: ignore[no-untyped-def]
    red = t.colours[0]
    t.state.dest_supply["hellas"] = 0
    t.touch()
    t.choose({red: "pilot"})
    until(t, red, "place_destination_token")
    return PlaceToken(red, "s01", "hellas")


CASES = [
    (_choose_while_resolving, WrongPhase, "wrong_decision", "characters.placement"),
    (_board_out_of_turn, NotYourDecision, "not_your_decision", "characters.placement"),
    (_kill_in_valles_marineris, IllegalIntent, "zone_protected", "characters.soldier.kill"),
    (_soldier_stops_before_moving, IllegalIntent, "must_continue", "characters.soldier.move"),
    (_soldier_drops_on_phobos, IllegalIntent, "drop_target_invalid", "characters.soldier.move"),
    (_explorer_to_phobos, IllegalIntent, "not_adjacent", "phobos.no_adjacency"),
    (lambda t: _discovery(t, "phobos"), IllegalIntent, "discovery_zone_forbidden",
     "phobos.no_discovery"),
    (lambda t: _discovery(t, "syrtis_major"), IllegalIntent, "discovery_zone_forbidden",
     "discoveries.allowed_zones"),
    (_board_launched, IllegalIntent, "ship_not_docked", "ships.docked_only"),
    (_destroy_launched, IllegalIntent, "ship_not_docked", "characters.saboteur"),
    (_launch_launched, IllegalIntent, "ship_not_docked", "characters.secret_agent"),
    (_over_capacity, IllegalIntent, "ship_full", "ships.capacity"),
    (_travel_agent_one, IllegalIntent, "must_place_all", "characters.travel_agent"),
    (_unknown_without_token, IllegalIntent, "destination_token_required",
     "destination_tokens.unknown_ship"),
    (_token_supply_empty, IllegalIntent, "destination_token_unavailable",
     "destination_tokens.supply_limit"),
]


@pytest.mark.parametrize(("build", "kind", "code", "rule"), CASES,
                         ids=[c[2] + "-" + c[3] for c in CASES])
def test_an_illegal_choice_is_refused_by_its_rule_and_changes_nothing(
        table, build, kind, code, rule):
    t = fresh(table)
    intent = build(t)
    before, log, legal = state_to_dict(t.state), len(t.game.log), t.legal()
    assert intent not in legal
    with pytest.raises(IllegalIntent) as err:
        t.play(intent)
    assert type(err.value) is kind
    assert (err.value.code, err.value.rule) == (code, rule)
    declared = {sec.path for sec in t.spec.content.rules.sections}
    assert t.spec.rules[rule].section in declared
    assert state_to_dict(t.state) == before and len(t.game.log) == log
    t.touch()
    assert t.legal() == legal
