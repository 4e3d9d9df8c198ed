"""Rulebook "Final Scoring Phase" and "Ice Monopoly Mission"."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import advance, rank_winners


@pytest.fixture
def t(table):
    table.clear_board()
    for c in table.colours:
        table.state.seats[c].missions = []
    return table


def _score(t):
    s = t.state
    s.track_index, s.stage = len(t.spec.track) - 1, "final_scoring"
    out: list = []
    advance(t.spec, s, out)
    return out


def test_ice_monopoly_most_ice_gains_nine(t):
    red, blue = t.colours[:2]
    t.tokens(red, ice=5)
    t.tokens(blue, ice=4)
    out = _score(t)
    ev = next(e for e in out if e.type == "ice_monopoly_scored")
    assert ev.colours == (red,) and ev.points == 9 and ev.rule == "ice_monopoly.award"
    assert t.state.result.breakdown[red]["ice_monopoly"] == 9
    assert t.state.result.breakdown[blue]["ice_monopoly"] == 0


@pytest.mark.parametrize("tied,each", [(2, 4), (3, 3), (4, 2)])
def test_ice_monopoly_tie_splits_nine_rounded_down(t, tied, each):
    for c in t.colours[:tied]:
        t.tokens(c, ice=2)
    out = _score(t)
    ev = next(e for e in out if e.type == "ice_monopoly_scored")
    assert len(ev.colours) == tied and ev.points == each and ev.rule == "ice_monopoly.tie"


def test_no_ice_at_all_nobody_completes_ice_monopoly(t, spec):
    """Tutor reading (ice_monopoly.no_ice): nobody scores, and the log says so."""
    from mrp_tutor.games.mission_red_planet.explain import explain_event

    out = _score(t)
    ice = [e for e in out if e.type == "ice_monopoly_scored"]
    assert len(ice) == 1
    assert ice[0].colours == () and ice[0].points == 0 and ice[0].rule == "ice_monopoly.no_ice"
    assert all(b["ice_monopoly"] == 0 for b in t.state.result.breakdown.values())
    assert "nobody" in explain_event(spec, ice[0]).text


def test_score_adds_missions_token_values_and_discoveries(t):
    red = t.colours[0]
    t.tokens(red, ice=1, sylvanite=2, celerium=3)  # 1 + 4 + 9 = 14
    t.state.seats[red].missions = ["diversification"]  # one of each token: completed
    t.state.discoveries["hellas"] = "radiation_leak"
    t.state.discoveries_revealed = True
    t.put("hellas", red)
    _score(t)
    b = t.state.result.breakdown[red]
    pts = t.spec.missions["diversification"].effect.points
    assert b == {"missions": pts, "ice_monopoly": 9, "tokens": 14, "discoveries": -3}
    assert t.state.result.scores[red] == pts + 9 + 14 - 3


def test_highest_score_wins(t):
    red, blue = t.colours[:2]
    t.tokens(red, celerium=2)
    t.tokens(blue, sylvanite=2)
    out = _score(t)
    end = out[-1]
    assert end.type == "game_ended" and end.winners == (red,) and end.rule == "scoring.final"
    assert t.state.stage == "over"


def test_tie_break_most_point_tokens_regardless_of_value(t):
    red, blue = t.colours[:2]
    t.tokens(red, celerium=2)  # 6 points, 2 tokens
    t.tokens(blue, sylvanite=3)  # 6 points, 3 tokens
    end = _score(t)[-1]
    assert end.winners == (blue,) and end.rule == "scoring.tie_break"


def test_still_tied_players_share_the_victory(t):
    red, blue = t.colours[:2]
    t.tokens(red, celerium=2)
    t.tokens(blue, celerium=2)
    end = _score(t)[-1]
    assert set(end.winners) == {red, blue} and end.rule == "scoring.shared"


def test_rank_winners_directly(t):
    s = t.state
    cs = t.colours
    assert rank_winners(s, {cs[0]: 5, cs[1]: 3, cs[2]: 1, cs[3]: 0},
                        dict.fromkeys(cs, 1))[0] == [cs[0]]

