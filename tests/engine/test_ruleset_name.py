"""One name for the rules a game is played under: ``ruleset``.  The older keyword
``variant`` is still accepted (some test modules of other areas use it this round) and means
the same; an unknown name is refused with the stable code ``unknown_variant``."""

from __future__ import annotations

import pytest

from mrp_tutor.engine import Game, event_to_dict, load_spec
from mrp_tutor.engine.bots import bot_game
from mrp_tutor.engine.errors import MalformedIntent
from mrp_tutor.engine.phases.setup import setup_events

SPEC = load_spec(use_env_overrides=False)
FOUR = ["red", "blue", "green", "yellow"]


def test_the_older_keyword_plays_the_same_game() -> None:
    new = Game.new(SPEC, FOUR, 5, ruleset="two_player")
    old = Game.new(SPEC, FOUR, 5, variant="two_player")
    assert new.state.ruleset == "two_player"
    assert [event_to_dict(e) for e in new.log] == [event_to_dict(e) for e in old.log]
    a = bot_game(SPEC, FOUR, 2, ruleset="two_player")
    b = bot_game(SPEC, FOUR, 2, variant="two_player")
    assert [event_to_dict(e) for e in a.log] == [event_to_dict(e) for e in b.log]


def test_an_unknown_ruleset_is_refused_by_name() -> None:
    with pytest.raises(MalformedIntent) as err:
        setup_events(SPEC, FOUR[:3], 1, ruleset="chess")
    assert err.value.code == "unknown_variant" and "unknown ruleset 'chess'" in err.value.message
