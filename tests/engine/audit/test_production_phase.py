"""Audit, rulebook "Playing the Game › Production Phase".

Rulebook facts checked (paraphrased): majority is about astronauts in the zone (astronauts
still aboard a docked ship bound for it are not there); tied players split a zone's tokens
evenly and what cannot be split stays in the zone, adding to what the zone makes later, so a
tie that took nothing can pay out at a later production. (A sole majority winning the
leftovers later and Phobos producing are tests/engine/test_production.py and
test_memorial_phobos.py.)
"""

from __future__ import annotations

from .conftest import at_track, fresh

FIRST, SECOND, THIRD = 5, 9, 13  # the productions' places on the round tracker


def _awarded(evs, zone):
    return {(e.colour, e.resource): e.count for e in evs
            if e.type == "tokens_awarded" and e.zone == zone}


def test_astronauts_on_a_docked_ship_bound_for_the_zone_do_not_count(table):
    """Red has 2 astronauts in Hellas, blue 1 there and 3 on a docked Hellas-bound ship:
    red has the most astronauts in the zone and takes its token alone."""
    t = fresh(table)
    red, blue = t.colours[:2]
    t.dock([("s12", {blue: 3}), "s01", "s04", "s02"])  # s12: Hellas, capacity 4
    t.flip("hellas", "sylvanite")
    t.put("hellas", red, 2)
    t.put("hellas", blue, 1)
    evs = at_track(t, FIRST, "production")
    assert _awarded(evs, "hellas") == {(red, "sylvanite"): 1}
    assert next(e for e in evs if e.type == "tokens_awarded").rule == "production.majority"


def test_a_four_way_tie_takes_nothing_then_splits_what_has_piled_up(table):
    """Four tied players with 1 token: none for anyone, it stays. The second production adds 2
    (3 waiting): still none. The third adds 3 (6 waiting): 1 each, 2 stay."""
    t = fresh(table)
    t.flip("tritonis_sinus", "ice")
    for c in t.colours:
        t.put("tritonis_sinus", c, 2)
    evs = at_track(t, FIRST, "production")
    assert _awarded(evs, "tritonis_sinus") == {}
    assert t.state.waiting["tritonis_sinus"] == {"ice": 1}
    evs = at_track(t, SECOND, "production")
    assert _awarded(evs, "tritonis_sinus") == {}
    assert t.state.waiting["tritonis_sinus"] == {"ice": 3}
    t.state.discoveries_revealed = True  # (the reveal phase comes before the third)
    evs = at_track(t, THIRD, "production")
    assert _awarded(evs, "tritonis_sinus") == {(c, "ice"): 1 for c in t.colours}
    assert t.state.waiting["tritonis_sinus"] == {"ice": 2}
    stayed = next(e for e in evs if e.type == "tokens_stayed" and e.zone == "tritonis_sinus")
    assert stayed.rule == "production.leftover"

