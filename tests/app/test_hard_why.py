"""The hard bot's "Why" on the learner's page (issue 35's audit): it tells what the bot did,
so the coach's "you" (the seat that decides) becomes the bot's colour, and with a single
option it does not claim to have played out games and picked the option that did best."""

from __future__ import annotations

import random
import re

from testkit.hidden import resolve_choice

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.ui import seat as S

YOU = re.compile(r"\byou(r|rs)?\b", re.IGNORECASE)


def test_a_single_option_is_not_said_to_be_searched() -> None:
    spec = load_spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green", "yellow"], 7)
    me = resolve_choice(g, random.Random(7))
    only = [x for x in g.legal_intents() if x.colour == me][:1]
    intent, why = S.SearchLevel()(g, only)
    assert intent == only[0]
    assert "played out" not in why and "did best" not in why
    assert "single option" in why


def test_the_hard_bots_why_names_its_colour_not_you() -> None:
    spec = load_spec(use_env_overrides=False)
    told = 0
    for seed in range(1, 40):  # positions whose move has a standing to tell (a board, a move)
        g = Game.new(spec, ["red", "blue", "green", "yellow"], seed)
        me = resolve_choice(g, random.Random(seed))
        options = [x for x in g.legal_intents() if x.colour == me]
        if not isinstance(options[0], I.Board | I.Move | I.Kill | I.Replace):
            continue
        think = S.SearchLevel().prepare(g, options)
        assert think is not None
        think.budget = 40
        _, why = think(lambda: False)
        assert not YOU.search(why), why
        assert me.capitalize() in why, why
        told += 1
        if told >= 3:
            break
    assert told >= 3
