"""Rulebook "Card Clarifications › Mission Cards" (red zones, "most" ties, Strategic Zones)."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import mission_points

RED = ["ausonia", "hellas", "mare_tyrrhenum", "mare_serpentis"]  # eastern_influence (data)


@pytest.fixture
def t(table):
    table.clear_board()
    return table


@pytest.mark.parametrize("k,points", [(0, 0), (1, 1), (2, 2), (3, 4), (4, 7)])
def test_red_zones_score_1_2_4_7(t, k, points):
    red = t.colours[0]
    for z in RED[:k]:
        t.put(z, red, 2)
    ok, pts, _ = mission_points(t.spec, t.state, red, "eastern_influence")
    assert (ok, pts) == (k > 0, points)


def test_most_missions_are_completed_when_tied_for_most(t):
    red, blue = t.colours[:2]
    t.tokens(red, celerium=3)
    t.tokens(blue, celerium=3)
    for c in (red, blue):
        ok, pts, _ = mission_points(t.spec, t.state, c, "celerium_baron")
        assert ok and pts == t.spec.missions["celerium_baron"].effect.points
    t.tokens(blue, celerium=1)
    assert not mission_points(t.spec, t.state, red, "celerium_baron")[0]


def test_most_in_a_zone_tie_counts(t):
    red, blue = t.colours[:2]
    t.put("syrtis_major", red, 2)
    t.put("syrtis_major", blue, 2)
    assert mission_points(t.spec, t.state, red, "syrtis_major_control")[0]
    assert mission_points(t.spec, t.state, blue, "syrtis_major_control")[0]


def test_strategic_zones_counts_both_central_zones_without_majority_in_either(t):
    red, blue, green = t.colours[:3]
    t.put("syrtis_major", red, 2)
    t.put("valles_marineris", red, 2)  # red: 4 in total, majority in neither zone
    t.put("syrtis_major", blue, 3)
    t.put("valles_marineris", green, 3)
    ok, pts, _ = mission_points(t.spec, t.state, red, "strategic_zones")
    assert ok and pts == t.spec.missions["strategic_zones"].effect.points
    assert not mission_points(t.spec, t.state, blue, "strategic_zones")[0]


def test_missions_are_scored_at_final_scoring_with_their_rule(t):
    from mrp_tutor.games.mission_red_planet.engine import advance

    red = t.colours[0]
    t.state.seats[red].missions = ["eastern_influence", "strategic_zones", "celerium_baron"]
    t.put("hellas", red)
    s = t.state
    s.track_index, s.stage = len(t.spec.track) - 1, "final_scoring"
    out: list = []
    advance(t.spec, s, out)
    rules = {e.card: e.rule for e in out if e.type == "mission_scored" and e.colour == red}
    assert rules == {"eastern_influence": "missions.red_zones",
                     "strategic_zones": "missions.strategic_zones",
                     "celerium_baron": "missions.most_tie"}
    assert s.result.breakdown[red]["missions"] == 1
