"""Rulebook "Destination Tokens": unknown ships, supply limit, stacking, return on landing."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import Board, IllegalIntent, PlaceToken, destination


@pytest.fixture
def t(table):
    table.clear_board()
    table.dock(["s31", "s01", "s04", "s02"])  # s31: unknown destination, capacity 2
    table.first(table.colours[0])
    return table


def test_first_astronaut_on_an_unknown_ship_chooses_a_destination_token(t):
    red = t.colours[0]
    t.choose({red: "recruiter"})
    opts = [x for x in t.legal(red) if x.ship == "s31"]
    assert {x.token for x in opts} == set(t.spec.zones)  # any zone token from the supply
    with pytest.raises(IllegalIntent) as err:
        t.play(Board(red, "s31"))
    assert err.value.code == "destination_token_required"
    evs = t.play(Board(red, "s31", 1, "hellas"))
    tok = next(e for e in evs if e.type == "destination_token_placed")
    assert tok.rule == "destination_tokens.unknown_ship" and tok.colour == red
    assert destination(t.spec, t.state, "s31") == "hellas"
    assert t.state.dest_supply["hellas"] == 1


def test_no_token_left_an_empty_unknown_ship_cannot_be_boarded(t):
    """Tutor reading (destination_tokens.none_left): with the whole destination-token supply
    used up, nobody can be the first aboard an unknown ship; other ships stay legal."""
    red = t.colours[0]
    for z in t.state.dest_supply:
        t.state.dest_supply[z] = 0
    t.touch()
    t.choose({red: "recruiter"})
    assert not [x for x in t.legal(red) if x.ship == "s31"]
    assert [x for x in t.legal(red) if x.ship == "s01"]
    before = t.state.ships["s31"].aboard()
    with pytest.raises(IllegalIntent) as err:
        t.play(Board(red, "s31", 1, "hellas"))
    assert err.value.code == "no_destination_token_left"
    assert err.value.rule == "destination_tokens.none_left"
    assert t.state.ships["s31"].aboard() == before


def test_later_astronauts_on_that_ship_place_no_token(t):
    red, blue = t.colours[:2]
    t.choose({red: "recruiter", blue: "recruiter"})
    t.play(Board(red, "s31", 1, "hellas"))
    opts = [x for x in t.legal(blue) if x.ship == "s31"]
    assert opts == [Board(blue, "s31")]
    with pytest.raises(IllegalIntent) as err:
        t.play(Board(blue, "s31", 1, "ausonia"))
    assert err.value.code == "destination_token_not_allowed"


def test_supply_holds_two_tokens_per_zone(t):
    red = t.colours[0]
    assert set(t.state.dest_supply.values()) == {2}
    assert len(t.state.dest_supply) == len(t.spec.zones)
    t.state.dest_supply["hellas"] = 0
    t.touch()
    t.choose({red: "recruiter"})
    assert "hellas" not in {x.token for x in t.legal(red) if x.ship == "s31"}
    with pytest.raises(IllegalIntent) as err:
        t.play(Board(red, "s31", 1, "hellas"))
    assert err.value.code == "destination_token_unavailable"
    assert err.value.rule == "destination_tokens.supply_limit"


def test_pilot_cannot_take_a_token_the_supply_has_run_out_of(t):
    red = t.colours[0]
    t.state.dest_supply["ausonia"] = 0
    t.touch()
    t.choose({c: "pilot" for c in t.colours})
    t.play(Board(red, "s01"))
    assert not any(x.zone == "ausonia" for x in t.legal(red) if isinstance(x, PlaceToken))
    with pytest.raises(IllegalIntent) as err:
        t.play(PlaceToken(red, "s01", "ausonia"))
    assert err.value.code == "destination_token_unavailable"


def test_stacked_tokens_the_top_one_counts(t):
    red = t.colours[0]
    t.choose({c: "pilot" for c in t.colours})
    t.play(Board(red, "s31", 1, "hellas"))
    t.play(PlaceToken(red, "s31", "phobos"))  # on top of the first token
    assert t.state.ships["s31"].tokens == ["hellas", "phobos"]
    assert destination(t.spec, t.state, "s31") == "phobos"


def test_tokens_return_to_the_supply_when_the_ship_lands(t):
    red = t.colours[0]
    t.launched("s10", {red: 1}, tokens=["ausonia", "ausonia"])
    assert t.state.dest_supply["ausonia"] == 0
    t.choose({})
    while t.state.round == 1:
        t.play(t.legal()[0])
    landed = next(e for e in t.game.log if e.type == "ship_landed" and e.ship == "s10")
    assert landed.tokens == ("ausonia", "ausonia")
    assert t.state.dest_supply["ausonia"] == 2
