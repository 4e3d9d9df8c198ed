"""Rulebook "The Game Round" steps 2-4: ships launch, land, refill and reshuffle."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import Board, IllegalIntent, advance


def _finish_round(t):
    start = t.state.round
    while t.state.round == start:
        t.play(t.legal()[0])


@pytest.fixture
def t(four_docks):
    return four_docks


def test_launched_ship_lands_unloads_everyone_flips_and_is_discarded(t):
    red, blue = t.colours[:2]
    t.launched("s10", {red: 2, blue: 1})  # printed destination: Hellas
    assert not t.state.face_up["hellas"]
    t.choose({})
    _finish_round(t)
    landed = next(e for e in t.game.log if e.type == "ship_landed" and e.ship == "s10")
    assert landed.zone == "hellas" and landed.rule == "round.land"
    assert t.state.zones["hellas"] == {red: 2, blue: 1}
    assert t.state.face_up["hellas"]
    flip = next(e for e in t.game.log if e.type == "resource_flipped" and e.zone == "hellas")
    assert flip.rule == "round.land.flip"
    assert "s10" in t.state.ship_discard and "s10" not in t.state.ships


def test_ship_with_destination_token_lands_on_the_token_zone_and_returns_tokens(t):
    red = t.colours[0]
    t.launched("s10", {red: 1}, tokens=["ausonia", "phobos"])
    t.choose({})
    _finish_round(t)
    landed = next(e for e in t.game.log if e.type == "ship_landed" and e.ship == "s10")
    assert landed.zone == "phobos" and landed.rule == "round.land.token"
    assert t.state.zones["phobos"].get(red) == 1
    assert t.state.dest_supply["ausonia"] == 2 and t.state.dest_supply["phobos"] == 2


def test_ship_that_is_not_full_stays_docked(t):
    red = t.colours[0]
    t.choose({red: "recruiter"})
    t.play(Board(red, "s02"))  # capacity 5, now 1 aboard
    assert not t.state.ships["s02"].launched
    assert "s02" in t.state.docks


def test_full_ship_launches_at_end_of_effect(t):
    red, blue = t.colours[:2]
    t.dock([("s01", {blue: 3}), "s04", "s02", "s05"])
    t.choose({red: "recruiter"})
    evs = t.play(Board(red, "s01"))
    launch = next(e for e in evs if e.type == "ship_launched")
    assert launch.ship == "s01" and not launch.forced
    assert t.state.docks[0] is None and t.state.launched == ["s01"]


def test_no_astronaut_boards_a_full_ship(t):
    red, blue = t.colours[:2]
    t.dock([("s07", {blue: 1}), "s04", "s02", "s05"])
    t.choose({red: "scientist"})
    t.play(Board(red, "s07"))  # s07 (capacity 2) is full but waits for the end of the effect
    assert Board(red, "s07") not in t.legal(red)
    with pytest.raises(IllegalIntent) as err:
        t.play(Board(red, "s07"))
    assert err.value.code == "ship_full" and err.value.rule == "ships.capacity"


def test_empty_docks_are_refilled_from_the_top_of_the_ship_deck(t):
    red = t.colours[0]
    t.launched("s10", {red: 1})
    t.dock([None, "s04", "s02", "s05"])
    top = t.state.ship_deck[0]
    t.choose({})
    _finish_round(t)
    assert t.state.docks[0] == top
    ev = next(e for e in t.game.log if e.type == "ship_docked" and e.ship == top)
    assert ev.rule == "round.refill" and ev.dock == 0


def test_empty_ship_deck_reshuffles_the_discard_pile(t):
    red = t.colours[0]
    t.dock([None, "s04", "s02", "s05"])
    s = t.state
    s.ship_discard.extend(s.ship_deck)
    s.ship_deck.clear()
    t.touch()
    t.choose({})
    _finish_round(t)
    shuffle = [e for e in t.game.log if e.type == "deck_shuffled" and e.deck == "ships"][-1]
    assert shuffle.rule == "round.refill.reshuffle"
    assert s.docks[0] is not None
    assert sorted(s.docked() + s.ship_deck + s.ship_discard + s.launched) == sorted(t.spec.ships)
    assert red in s.order


def test_unknown_ship_without_token_and_crew_lands_nowhere(t):
    s = t.state
    t.launched("s31", {})
    out: list = []
    s.queue, s.cur, s.stage = [], None, "resolve"
    advance(t.spec, s, out)  # round end: land, refill, new first player
    landed = next(e for e in out if e.type == "ship_landed")
    assert landed.zone is None and landed.crew == ()
