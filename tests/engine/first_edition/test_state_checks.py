"""First-edition positions pass the engine's state rule checks (engine/checks.py).

The checks read the ruleset and its spec, not the standard game's numbers: 3 to 5 players,
10 regions, its own round track, three event cards dealt each from all 24 (two with 5
players), and Analysis Error drawing only from resource tokens neither on the board nor set
aside at setup.
"""

from __future__ import annotations

import random

import pytest

from mrp_tutor.engine import Game, GameSpec, event_to_dict, replay, state_from_dict, state_to_dict
from mrp_tutor.engine.checks import log_from_data, state_problems
from mrp_tutor.engine.errors import ContentError

from .conftest import COLOURS


def test_every_decision_point_of_seeded_first_edition_games_keeps_every_rule(
        fe_spec: GameSpec) -> None:
    checked = 0
    for seed in range(9):
        g = Game.new(fe_spec, COLOURS[: 3 + seed % 3], seed, variant="first_edition")
        rng = random.Random(seed)
        while not g.over:
            assert state_problems(fe_spec, g.state) == [], (seed, len(g.log))
            checked += 1
            g.play(rng.choice(g.legal_intents()))
        assert state_problems(fe_spec, g.state) == []
        # state_from_dict defaults to the spec of the state's ruleset
        again = state_from_dict(state_to_dict(g.state))
        assert state_to_dict(again) == state_to_dict(g.state)
        log = log_from_data([event_to_dict(e) for e in g.log], "log.json")
        assert state_to_dict(replay(fe_spec, log)) == state_to_dict(g.state)
    assert checked > 300


def test_finished_bot_games_pass_the_checks(fe_spec: GameSpec, fe_games: list[Game]) -> None:
    for g in fe_games:  # seeds 0-11: seed 9 once drew a fifth celerium token (the spare)
        assert state_problems(fe_spec, g.state) == []
        state_from_dict(state_to_dict(g.state))


def test_a_dealt_hand_larger_than_the_ruleset_deals_is_refused(fe_spec: GameSpec) -> None:
    g = Game.new(fe_spec, COLOURS[:3], 1, variant="first_edition")
    d = state_to_dict(g.state)
    c = d["order"][0]
    while len(d["seats"][c]["dealt"]) < 3:  # three event cards with 3 players
        d["seats"][c]["dealt"].append(d["mission_deck"].pop())
    state_from_dict(d)
    d["seats"][c]["dealt"].append(d["mission_deck"].pop())
    with pytest.raises(ContentError, match="4 dealt missions; each player is dealt 3"):
        state_from_dict(d)
