"""One name for the rules a game is played under: ``ruleset``.  The older keyword
``variant`` is gone from the engine's API (a call with it is a TypeError, not a second name);
an unknown name is refused with the stable code ``unknown_variant``.  Files and share codes
written with the older ``variant:`` field still load (tests/scenarios/test_loading.py and
tests/scenarios/test_old_variant_files.py)."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, event_to_dict, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.errors import MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.phases.setup import setup_events

SPEC = load_spec(use_env_overrides=False)
FOUR = ["red", "blue", "green", "yellow"]


def test_the_older_keyword_is_no_second_name() -> None:
    new = Game.new(SPEC, FOUR, 5, ruleset="two_player")
    assert new.state.ruleset == "two_player"
    assert event_to_dict(new.log[0])["variant"] == "two_player"  # the log's field: unchanged
    for make in (Game.new, bot_game, setup_events):
        with pytest.raises(TypeError, match="variant"):
            make(SPEC, FOUR, 5, **{"variant": "two_player"})  # the refused keyword


def test_an_unknown_ruleset_is_refused_by_name() -> None:
    with pytest.raises(MalformedIntent) as err:
        setup_events(SPEC, FOUR[:3], 1, ruleset="chess")
    assert err.value.code == "unknown_variant" and "unknown ruleset 'chess'" in err.value.message
