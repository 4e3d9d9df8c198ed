"""Rulebook "Production Phase": 1/2/3 tokens, majority, ties, leftovers, empty zones."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import advance, winners_of_zone

TRACK_OF = {1: 5, 2: 9}  # index of the 1st/2nd production on the round tracker


def _produce(t, number):
    s = t.state
    s.track_index = TRACK_OF[number]
    s.stage = "production"
    out: list = []
    advance(t.spec, s, out)
    return out


@pytest.fixture
def t(table):
    table.clear_board()
    table.dock(["s01", "s04", "s02", "s05"])
    return table


def test_productions_follow_rounds_5_8_and_10_with_1_2_3_tokens(spec):
    track = spec.track
    prods = [(i, e.amount) for i, e in enumerate(track) if e.kind == "production"]
    rounds_before = [track[i - 1].number if track[i - 1].kind == "round" else track[i - 2].number
                     for i, _ in prods]
    assert [a for _, a in prods] == [1, 2, 3]
    assert rounds_before == [5, 8, 10]


@pytest.mark.parametrize("number,amount", [(1, 1), (2, 2)])
def test_each_face_up_zone_produces_the_phase_amount(t, number, amount):
    red = t.colours[0]
    t.flip("hellas", "ice")
    t.put("hellas", red)
    out = _produce(t, number)
    made = [e for e in out if e.type == "tokens_produced"]
    assert [(e.zone, e.resource, e.count) for e in made] == [("hellas", "ice", amount)]
    assert made[0].rule == "production.produce"
    assert t.state.seats[red].tokens["ice"] == amount


def test_face_down_zones_produce_nothing(t):
    t.put("ausonia", t.colours[0])
    assert not t.state.face_up["ausonia"]
    out = _produce(t, 2)
    assert not [e for e in out if e.type == "tokens_produced"]


def test_sole_majority_takes_all_tokens(t):
    red, blue = t.colours[:2]
    t.flip("hellas", "celerium")
    t.put("hellas", red, 3)
    t.put("hellas", blue, 2)
    out = _produce(t, 2)
    award = [e for e in out if e.type == "tokens_awarded"]
    assert [(e.colour, e.count, e.rule) for e in award] == [(red, 2, "production.majority")]
    assert t.state.waiting["hellas"] == {}


def test_rulebook_example_two_tied_with_three_tokens(t):
    """Two players tie with three tokens: one each, the third stays in the zone."""
    red, blue, green = t.colours[:3]
    t.flip("hellas", "ice")
    t.put("hellas", red, 2)
    t.put("hellas", blue, 2)
    t.put("hellas", green, 1)
    t.state.waiting["hellas"] = {"ice": 1}  # one token left from an earlier phase
    t.state.token_supply["ice"] -= 1
    out = _produce(t, 2)  # +2 = 3 tokens
    award = [e for e in out if e.type == "tokens_awarded"]
    assert sorted((e.colour, e.count) for e in award) == sorted([(red, 1), (blue, 1)])
    assert all(e.rule == "production.tie" for e in award)
    assert t.state.waiting["hellas"] == {"ice": 1}
    stay = [e for e in out if e.type == "tokens_stayed"]
    assert stay and stay[0].rule == "production.leftover"


def test_rulebook_example_three_tied_with_two_tokens(t):
    """Three players tie with two tokens: nobody gets any, both stay in the zone."""
    red, blue, green = t.colours[:3]
    t.flip("hellas", "ice")
    for c in (red, blue, green):
        t.put("hellas", c)
    out = _produce(t, 2)
    assert not [e for e in out if e.type == "tokens_awarded"]
    assert t.state.waiting["hellas"] == {"ice": 2}
    assert all(t.state.seats[c].tokens["ice"] == 0 for c in (red, blue, green))


def test_leftovers_stay_and_can_be_won_later(t):
    red, blue = t.colours[:2]
    t.flip("hellas", "ice")
    t.put("hellas", red)
    t.put("hellas", blue)
    _produce(t, 1)  # 1 token, tie of two: stays
    assert t.state.waiting["hellas"] == {"ice": 1}
    t.put("hellas", red)  # red now has the majority
    _produce(t, 2)  # +2: red takes all three
    assert t.state.seats[red].tokens["ice"] == 3
    assert t.state.waiting["hellas"] == {}


def test_zone_without_astronauts_keeps_its_tokens(t):
    t.flip("hellas", "sylvanite")
    out = _produce(t, 1)
    stay = [e for e in out if e.type == "tokens_stayed"]
    assert stay and stay[0].rule == "production.empty"
    assert t.state.waiting["hellas"] == {"sylvanite": 1}


def test_production_advances_the_round_tracker(t):
    out = _produce(t, 1)
    adv = [e for e in out if e.type == "track_advanced"]
    assert adv and adv[0].rule == "production.advance" and adv[0].number == 6


def test_winners_of_zone_rulings():
    assert winners_of_zone({}) == ([], "production.empty")
    assert winners_of_zone({"a": 1}) == (["a"], "production.majority")
    assert winners_of_zone({"a": 2, "b": 2, "c": 1})[0] == ["a", "b"]


def test_point_token_supply_limits_production(t):
    red = t.colours[0]
    t.flip("hellas", "celerium")
    t.put("hellas", red)
    t.state.token_supply["celerium"] = 1
    out = _produce(t, 2)
    made = next(e for e in out if e.type == "tokens_produced")
    assert made.count == 1 and made.wanted == 2 and made.rule == "production.supply"
