"""A hint about a single option (issue 35's audit): no game is played out, so no chance is
shown; the page said "won 0% of 0 games (likely 0%–100%)", which is not so."""

from __future__ import annotations

import random

from testkit.hidden import resolve_choice

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain.coach import hints
from mrp_tutor.games.mission_red_planet.ui.panels.hint import chance_html


def test_a_single_option_gets_no_chance_and_says_so() -> None:
    spec = load_spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green", "yellow"], 7)
    me = resolve_choice(g, random.Random(7))
    only = [x for x in g.legal_intents() if x.colour == me][:1]
    found, res = hints(spec, view_for(spec, g.state, me), only)
    assert res.iterations == 0 and len(found) == 1
    h = found[0]
    assert h.intent == only[0] and h.chance is None and h.low is None
    assert chance_html(h, 1) == ""  # no "won 0% of 0 games"
    assert h.reason
