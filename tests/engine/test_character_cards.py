"""Rulebook "Card Clarifications › Character Cards": one test per clarification."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    Board,
    Destroy,
    DrawEvent,
    Drop,
    IllegalIntent,
    Kill,
    Launch,
    Move,
    Peek,
    PlaceToken,
    Replace,
    Stop,
    check_intent,
    destination,
    state_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine.intents import AssignDiscovery

BIG = ["s01", "s04", "s02", "s05"]  # capacities 4-5, known destinations


@pytest.fixture
def t(table):
    table.clear_board()
    table.dock(BIG)
    table.first(table.colours[0])
    return table


def _types(evs):
    return [e.type for e in evs]


# ----------------------------------------------------------------- general clarifications


def test_effects_are_mandatory_placement_cannot_be_skipped(t):
    red = t.colours[0]
    t.choose({red: "recruiter"})
    assert t.game.decision().kind == "board"
    with pytest.raises(IllegalIntent) as err:
        t.play(Stop(red))
    assert err.value.code == "must_continue" and err.value.rule == "characters.mandatory"
    assert not any(isinstance(x, Stop) for x in t.legal(red))


def test_effect_resolved_as_fully_as_possible_when_supply_runs_short(t):
    red = t.colours[0]
    t.kill(red, t.state.seats[red].supply - 1)  # only one astronaut left in the supply
    t.choose({red: "scientist"})
    evs = t.play(Board(red, "s01"))  # only one of the two astronauts can be placed
    skipped = [e for e in evs if e.type == "step_skipped"]
    assert skipped and skipped[0].reason == "not_enough_astronauts_in_supply"
    assert skipped[0].rule == "characters.as_fully_as_possible"
    assert t.game.decision().kind == "draw_or_peek"  # the rest of the card still resolves


def test_saboteur_example_place_fills_ship_then_destroy_it_before_launch(t):
    """The red player's Saboteur with a single docked ship (rulebook example)."""
    red, blue = t.colours[0], t.colours[1]
    t.dock([("s07", {blue: 1}), None, None, None])  # capacity 2, one docked ship only
    t.choose({red: "saboteur"})
    evs = t.play(Board(red, "s07"))  # must place; the ship is now full ...
    assert "ship_launched" not in _types(evs)  # ... but does not launch yet
    assert t.legal(red) == [Destroy(red, "s07")]
    evs = t.play(Destroy(red, "s07"))
    ev = next(e for e in evs if e.type == "ship_destroyed")
    assert dict(ev.killed) == {red: 1, blue: 1} and ev.rule == "characters.saboteur"
    assert "ship_launched" not in _types(evs)
    assert t.state.memorial == {red: 1, blue: 1}
    assert "s07" in t.state.ship_discard


def test_full_ship_launches_only_after_the_whole_effect(t):
    red, blue = t.colours[0], t.colours[1]
    t.dock([("s07", {blue: 1}), "s01", "s04", "s02"])
    t.put("hellas", red)
    t.choose({red: "explorer"})
    evs = t.play(Board(red, "s07"))  # fills s07 (capacity 2)
    assert "ship_launched" not in _types(evs)
    assert not t.state.ships["s07"].launched
    nxt = t.spec.adjacent["hellas"][0]
    evs = t.play(Move(red, "hellas", nxt))  # the first move is due (a move is possible)
    assert "ship_launched" not in _types(evs)
    evs = t.play(Stop(red))  # end the moves: the effect is over, now the full ship launches
    i_end = _types(evs).index("resolution_ended")
    i_launch = _types(evs).index("ship_launched")
    assert i_end < i_launch
    launched = evs[i_launch]
    assert launched.ship == "s07" and launched.rule == "round.launch_after_effect"


# ----------------------------------------------------------------- 9 Recruiter


def test_recruiter_takes_back_every_played_card_including_itself(t):
    red = t.colours[0]
    seat = t.state.seats[red]
    seat.hand.remove("pilot")
    seat.hand.remove("explorer")
    seat.played = ["pilot", "explorer"]
    t.touch()
    t.choose({red: "recruiter"})
    evs = t.play(Board(red, "s01"))
    rec = next(e for e in evs if e.type == "cards_recalled")
    assert set(rec.cards) == {"pilot", "explorer", "recruiter"}
    assert rec.rule == "characters.recruiter"
    assert sorted(seat.hand) == sorted(t.spec.characters)
    assert seat.played == []


# ----------------------------------------------------------------- 8 Explorer


def test_explorer_moves_to_adjacent_zones_same_astronaut_repeatedly_and_flips(t):
    red = t.colours[0]
    t.put("hellas", red)
    t.choose({red: "explorer"})
    t.play(Board(red, "s01"))
    adjacent = set(t.spec.adjacent["hellas"])
    assert {m.to_zone for m in t.legal(red) if isinstance(m, Move)} == adjacent
    a = sorted(adjacent)[0]
    assert not t.state.face_up[a]
    evs = t.play(Move(red, "hellas", a))
    flip = next(e for e in evs if e.type == "resource_flipped")
    assert flip.zone == a and flip.rule == "characters.explorer.flip"
    b = next(z for z in t.spec.adjacent[a] if z != "hellas")
    t.play(Move(red, a, b))  # the same astronaut moves again
    assert t.state.zones[b] == {red: 1}
    # a third move is allowed, then the effect ends by itself (up to three moves)
    c = t.spec.adjacent[b][0]
    evs = t.play(Move(red, b, c))
    assert "resolution_ended" in _types(evs)


def test_explorer_cannot_move_to_a_non_adjacent_zone(t):
    red = t.colours[0]
    t.put("hellas", red)
    t.choose({red: "explorer"})
    t.play(Board(red, "s01"))
    far = next(z for z in t.spec.mars if z not in t.spec.adjacent["hellas"] and z != "hellas")
    with pytest.raises(IllegalIntent) as err:
        t.play(Move(red, "hellas", far))
    assert err.value.code == "not_adjacent"


def test_explorer_may_stop_early_up_to_three_moves(t):
    red = t.colours[0]
    t.put("hellas", red)
    t.choose({red: "explorer"})
    t.play(Board(red, "s01"))
    assert Stop(red) not in t.legal(red)  # tutor reading: at least one move when possible
    with pytest.raises(IllegalIntent) as err:
        t.play(Stop(red))
    assert err.value.rule == "characters.explorer.at_least_one"
    t.play(Move(red, "hellas", t.spec.adjacent["hellas"][0]))
    assert Stop(red) in t.legal(red)
    evs = t.play(Stop(red))
    assert evs[0].type == "step_stopped" and evs[0].left == 2


# ----------------------------------------------------------------- 7 Scientist


def _scientist(t, top_card):
    red = t.colours[0]
    t.state.event_deck.remove(top_card)
    t.state.event_deck.insert(0, top_card)
    t.choose({red: "scientist"})
    t.play(Board(red, "s01"))
    t.play(Board(red, "s01"))
    return red


def test_scientist_draws_a_mission_and_keeps_it_hidden(t):
    mission = next(c for c in t.state.event_deck if c in t.spec.missions)
    red = _scientist(t, mission)
    evs = t.play(DrawEvent(red))
    assert mission in t.state.seats[red].missions
    drawn = next(e for e in evs if e.type == "event_card_drawn")
    assert "card" in drawn.hidden


def test_scientist_assigns_a_drawn_discovery_to_an_outer_zone(t):
    disc = next(c for c in t.state.event_deck if c in t.spec.discoveries)
    red = _scientist(t, disc)
    t.play(DrawEvent(red))
    d = t.game.decision()
    assert d.kind == "assign_discovery"
    zones = {x.zone for x in t.legal(red)}
    assert zones == set(t.spec.outer)
    t.play(AssignDiscovery(red, "hellas"))
    assert t.state.discoveries["hellas"] == disc


def test_scientist_peek_returns_the_discovery_face_down(t):
    disc = next(c for c in t.state.event_deck if c in t.spec.discoveries)
    t.state.event_deck.remove(disc)
    t.state.discoveries["hellas"] = disc
    other = next(c for c in t.state.event_deck if c in t.spec.missions)
    red = _scientist(t, other)
    assert Peek(red, "hellas") in t.legal(red)
    evs = t.play(Peek(red, "hellas"))
    assert evs[0].type == "discovery_peeked" and evs[0].rule == "characters.scientist.peek"
    assert t.state.discoveries["hellas"] == disc  # still assigned, still face down
    assert not t.state.discoveries_revealed
    assert t.state.seats[red].peeked == {"hellas": disc}


def test_scientist_full_outer_zones_discard_drawn_discovery_and_peek_instead(t):
    deck = t.state.event_deck
    discs = [c for c in deck if c in t.spec.discoveries]
    for z, card in zip(t.spec.outer, discs, strict=False):
        deck.remove(card)
        t.state.discoveries[z] = card
    drawn = next(c for c in deck if c in t.spec.discoveries)
    red = _scientist(t, drawn)
    evs = t.play(DrawEvent(red))
    dis = next(e for e in evs if e.type == "discovery_discarded")
    assert dis.card == drawn and dis.rule == "characters.scientist.no_zone"
    assert t.state.discovery_discard == [drawn]
    assert t.game.decision().kind == "peek"
    assert all(isinstance(x, Peek) for x in t.legal(red))
    assert len(t.legal(red)) == len(t.spec.outer)


# ----------------------------------------------------------------- 6 Secret Agent


def test_secret_agent_can_force_an_empty_ship_to_launch(t):
    red = t.colours[0]
    t.choose({red: "secret_agent"})
    t.play(Board(red, "s01"))
    t.play(Board(red, "s04"))
    assert Launch(red, "s02") in t.legal(red)  # s02 has nobody aboard
    evs = t.play(Launch(red, "s02"))
    ev = next(e for e in evs if e.type == "ship_launched")
    assert ev.forced and ev.rule == "characters.secret_agent"
    assert t.state.ships["s02"].launched and "s02" not in t.state.docks


def test_secret_agent_places_on_two_different_ships(t):
    red = t.colours[0]
    t.choose({red: "secret_agent"})
    t.play(Board(red, "s01"))
    assert Board(red, "s01") not in t.legal(red)
    with pytest.raises(IllegalIntent) as err:
        t.play(Board(red, "s01"))
    assert err.value.code == "ship_already_used"


# ----------------------------------------------------------------- 5 Saboteur


def test_saboteur_kills_everyone_aboard_and_discards_the_ship(t):
    red, blue, green = t.colours[:3]
    t.dock([("s01", {blue: 2, green: 1}), "s04", "s02", "s05"])
    t.state.ships["s01"].tokens.append("hellas")
    t.state.dest_supply["hellas"] -= 1
    t.choose({red: "saboteur"})
    t.play(Board(red, "s04"))
    evs = t.play(Destroy(red, "s01"))
    assert t.state.memorial == {blue: 2, green: 1}
    assert "s01" not in t.state.ships and "s01" in t.state.ship_discard
    assert t.state.dest_supply["hellas"] == 2  # its token goes back to the supply
    # the rulebook is silent on a destroyed ship's tokens: the return is a labelled reading
    back = [e for e in evs if e.type == "destination_tokens_returned"]
    assert len(back) == 1 and back[0].rule == "characters.saboteur.tokens"
    assert back[0].tokens == ("hellas",)


# ----------------------------------------------------------------- 4 Femme Fatale


def test_femme_fatale_targets_docked_launched_and_zones_where_present(t):
    red, blue = t.colours[:2]
    t.dock([("s01", {red: 1, blue: 1}), ("s04", {blue: 1}), "s02", "s05"])
    t.launched("s10", {red: 1, blue: 1})
    t.put("phobos", red)
    t.put("phobos", blue)
    t.put("hellas", blue)
    t.choose({red: "femme_fatale"})
    t.play(Board(red, "s02"))
    places = {(x.place, x.victim) for x in t.legal(red) if isinstance(x, Replace)}
    assert ("s01", blue) in places  # docked ship
    assert ("s10", blue) in places  # launched ship
    assert ("phobos", blue) in places  # Phobos counts as a zone
    assert ("hellas", blue) not in places  # no red astronaut in Hellas
    with pytest.raises(IllegalIntent) as err:
        t.play(Replace(red, "hellas", blue))
    assert err.value.code == "presence_required"
    t.play(Replace(red, "phobos", blue))
    assert t.state.zones["phobos"] == {red: 2}
    assert t.state.memorial == {blue: 1}  # the replaced astronaut is killed


# ----------------------------------------------------------------- 3 Travel Agent


def test_travel_agent_all_or_nothing_skips_without_room_for_three(t):
    red, blue = t.colours[:2]
    t.dock([("s01", {blue: 2}), ("s04", {blue: 2}), ("s02", {blue: 3}), ("s05", {blue: 2})])
    before = t.state.seats[red].supply
    evs = t.choose({red: "travel_agent"})
    skipped = [e for e in evs if e.type == "step_skipped" and e.colour == red]
    assert skipped and skipped[0].rule == "characters.travel_agent"
    assert t.state.seats[red].supply == before  # nothing placed, not even two


def test_travel_agent_places_three_on_one_ship_at_once(t):
    red, blue = t.colours[:2]
    t.dock([("s01", {blue: 2}), ("s04", {blue: 2}), ("s02", {blue: 2}), "s05"])
    t.choose({red: "travel_agent"})
    assert t.legal(red) == [Board(red, "s02", 3), Board(red, "s05", 3)]
    with pytest.raises(IllegalIntent) as err:
        t.play(Board(red, "s05", 1))
    assert err.value.code == "must_place_all" and err.value.rule == "characters.travel_agent"
    t.play(Board(red, "s05", 3))
    assert t.state.ships["s05"].crew == {red: 3}


# ----------------------------------------------------------------- 2 Soldier


def _soldier(t):
    red = t.colours[0]
    t.choose({red: "soldier"})
    t.play(Board(red, "s01"))
    return red


def test_soldier_cannot_kill_in_the_central_zones(t):
    red, blue = t.colours[:2]
    t.put("syrtis_major", blue)
    t.put("valles_marineris", blue)
    t.put("hellas", blue)
    red = _soldier(t)
    zones = {x.zone for x in t.legal(red) if isinstance(x, Kill)}
    assert zones == {"hellas"}
    with pytest.raises(IllegalIntent) as err:
        t.play(Kill(red, "syrtis_major", blue))
    assert err.value.code == "zone_protected" and err.value.rule == "characters.soldier.kill"


def test_soldier_can_kill_his_own_astronaut(t):
    red = t.colours[0]
    t.put("hellas", red)
    red = _soldier(t)
    assert Kill(red, "hellas", red) in t.legal(red)
    t.play(Kill(red, "hellas", red))
    assert t.state.memorial == {red: 1}


def test_soldier_kill_on_phobos_is_allowed(t):
    red, blue = t.colours[:2]
    t.put("phobos", blue)
    red = _soldier(t)
    assert Kill(red, "phobos", blue) in t.legal(red)


def test_soldier_moves_at_least_one_from_phobos_to_different_zones(t):
    red, blue = t.colours[:2]
    t.put("hellas", blue)
    t.put("phobos", red, 3)
    red = _soldier(t)
    t.play(Kill(red, "hellas", blue))
    assert t.game.decision().kind == "drop_from"
    assert Stop(red) not in t.legal(red)  # at least one must move
    with pytest.raises(IllegalIntent) as err:
        t.play(Stop(red))
    assert err.value.code == "must_continue"
    targets = {x.to_zone for x in t.legal(red) if isinstance(x, Drop)}
    assert targets == set(t.spec.mars)  # anywhere on Mars, no adjacency needed
    t.play(Drop(red, "hellas"))
    assert Stop(red) in t.legal(red)  # now he may stop
    t.play(Drop(red, "syrtis_major"))  # a different zone
    assert t.state.zones["hellas"] == {red: 1}
    assert t.state.zones["syrtis_major"] == {red: 1}
    assert t.state.zones["phobos"] == {red: 1}


# ----------------------------------------------------------------- 1 Pilot


def _pilot(t):
    red = t.colours[0]
    t.choose({c: "pilot" for c in t.colours})  # red is first: he resolves first
    t.play(Board(red, "s01"))
    return red


def test_pilot_token_on_a_docked_or_a_launched_ship(t):
    t.launched("s10", {t.colours[1]: 1})
    red = _pilot(t)
    ships = {x.ship for x in t.legal(red) if isinstance(x, PlaceToken)}
    assert ships == {"s01", "s04", "s02", "s05", "s10"}
    evs = t.play(PlaceToken(red, "s10", "phobos"))
    assert evs[0].rule == "characters.pilot"
    assert destination(t.spec, t.state, "s10") == "phobos"


def test_pilot_tokens_stack_and_change_the_destination_again(t):
    t.launched("s10", {t.colours[1]: 1}, tokens=["syrtis_major"])
    red = _pilot(t)
    t.play(PlaceToken(red, "s10", "ausonia"))
    assert t.state.ships["s10"].tokens == ["syrtis_major", "ausonia"]
    assert destination(t.spec, t.state, "s10") == "ausonia"


def test_illegal_character_intents_change_nothing(t):
    red = t.colours[0]
    t.choose({red: "saboteur"})
    before = state_to_dict(t.state)
    for bad in (Board(red, "s99"), Board(red, "s01", 2), Destroy(red, "s01"),
                Move(red, "hellas", "ausonia")):
        with pytest.raises(IllegalIntent) as err:
            t.play(bad)
        assert err.value.code and err.value.rule in t.spec.rules
        assert state_to_dict(t.state) == before


def test_soldier_with_nobody_on_phobos_moves_nothing(t):
    red, blue = t.colours[:2]
    t.put("hellas", blue)
    red = _soldier(t)
    evs = t.play(Kill(red, "hellas", blue))
    skipped = next(e for e in evs if e.type == "step_skipped")
    assert skipped.effect == "drop_from" and skipped.reason == "no_astronaut_on_phobos"
    assert skipped.rule == "characters.as_fully_as_possible"


def test_secret_agent_cannot_force_a_full_ship(t):
    red, blue = t.colours[:2]
    t.dock([("s07", {blue: 1}), "s01", "s04", "s02"])  # s07: capacity 2
    t.choose({red: "secret_agent"})
    t.play(Board(red, "s07"))  # s07 is now full; it launches after the effect anyway
    t.play(Board(red, "s01"))
    assert Launch(red, "s07") not in t.legal(red)
    with pytest.raises(IllegalIntent) as err:
        t.play(Launch(red, "s07"))
    assert err.value.code == "ship_already_full"
    evs = t.play(Launch(red, "s04"))
    launched = [e.ship for e in evs if e.type == "ship_launched"]
    assert launched == ["s04", "s07"]  # the forced one, then the full one after the effect


def test_each_soldier_step_cites_its_own_rule(t):
    red = t.colours[0]
    t.choose({red: "soldier"})
    started = [e for e in t.game.log if e.type == "step_started" and e.colour == red]
    assert started[-1].effect == "board" and started[-1].rule == "characters.placement"


# ------------------------------------- refusals where the step has no legal option left
# A referee's position may stop at a step with nothing legal (``mrp-tutor referee legal``):
# the refusal still names the specific rule, not "wrong decision".


def test_travel_agent_two_where_no_ship_has_room_for_three_is_must_place_all(t):
    red, blue = t.colours[:2]
    t.dock([("s01", {blue: 2}), ("s04", {blue: 2}), ("s02", {blue: 2}), "s05"])
    t.choose({red: "travel_agent"})
    t.state.ships["s05"].crew[blue] = 3  # the referee's table: no ship has room for 3 now
    t.state.ships["s02"].crew[blue] = 3
    t.state.seats[blue].supply -= 4
    t.touch()
    assert t.legal(red) == []
    err = check_intent(t.spec, t.state, Board(red, "s05", 2))
    assert err is not None and err.code == "must_place_all"
    assert err.rule == "characters.travel_agent"


def test_soldier_moving_from_an_empty_phobos_is_no_astronaut_there(t):
    red, blue = t.colours[:2]
    t.put("hellas", blue)
    t.put("phobos", red)
    red = _soldier(t)
    t.play(Kill(red, "hellas", blue))
    assert t.game.decision().kind == "drop_from"
    t.state.zones["phobos"].pop(red)  # the referee's table: nobody left on Phobos
    t.state.seats[red].supply += 1
    t.touch()
    assert t.legal(red) == []
    err = check_intent(t.spec, t.state, Drop(red, "hellas"))
    assert err is not None and err.code == "no_astronaut_there"
    assert err.rule == "characters.soldier.move"
