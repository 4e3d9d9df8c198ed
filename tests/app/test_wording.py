"""Readable everywhere: every sentence the explainer produces for events, every option as
the learner sees it and every reason the tutor bot gives name things in words: no snake_case
ids, no raw ship ids (``s07``), no True/False/None.

The sentences come from real play: seeded bot games at every player count (2-player
variant included), explained for the referee and for a player (redacted), and every step
of every scenario in the library.  Every legal option met on the way is described too.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from mrp_tutor.app import bot
from mrp_tutor.app.session import Session
from mrp_tutor.engine import load_spec
from mrp_tutor.engine.game import Game
from mrp_tutor.engine.views import redact, view_for
from mrp_tutor.explain import EVENT_TEMPLATES, explain_event
from mrp_tutor.explain.options import describe_intent, plural, ship_name
from mrp_tutor.scenarios import library

RAW = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\bs\d{2}\b|\b(?:True|False|None)\b")
GAMES = [(2, 5), (3, 1), (4, 2), (5, 3), (6, 4)]  # (players, seed)


@pytest.fixture(scope="module")
def spec() -> Any:
    return load_spec(use_env_overrides=False)


def raw_words(text: str) -> list[str]:
    return RAW.findall(text)


def test_the_scan_catches_ids() -> None:
    assert raw_words("Ship s15 lands in tritonis_sinus: True") == ["s15", "tritonis_sinus",
                                                                   "True"]
    assert raw_words("Ship 15 lands in Tritonis Sinus.") == []


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_event_sentences_and_options_of_whole_games_use_names(spec: Any, players: int,
                                                             seed: int) -> None:
    colours = list(spec.colours)[: 4 if players == 2 else players]
    game = Game.new(spec, colours, seed, variant="two_player" if players == 2 else "standard")
    bad: dict[str, str] = {}
    seen_options: set[str] = set()
    for _ in range(4000):
        if game.over:
            break
        legal = game.legal_intents()
        if not legal:
            game.advance()
            continue
        view = view_for(spec, game.state, legal[0].colour)
        for x in legal[:30]:
            seen_options.add(x.type)
            text = describe_intent(spec, x, view, who=True)
            if raw_words(text):
                bad[f"option {x.type}"] = text
        intent, why = bot.choose(game, legal)
        if raw_words(why):
            bad[f"bot reason {intent.type}"] = why
        game.play(intent)
    assert game.over
    types = set()
    for ev in game.log:
        types.add(ev.type)
        for viewer in (None, colours[0]):
            shown = redact(ev, game.state, viewer, referee=viewer is None)
            text = explain_event(spec, shown).text
            if raw_words(text):
                bad[ev.type] = text
    assert not bad, bad
    assert len(types) >= 20 and "board" in seen_options


def test_event_sentences_of_every_scenario_use_names() -> None:
    bad: dict[str, str] = {}
    types: set[str] = set()
    for sc in library():
        game = sc.build()
        sess = Session(game.spec, game, viewer=None, referee=True, scenario=sc)
        while sess.scenario_pos < len(sc.steps):
            rep = sess.next()
            for ev, ex in zip(rep.events, sess.explain(rep), strict=True):
                types.add(ev.type)
                if raw_words(ex.text):
                    bad[f"{sc.id}: {ev.type}"] = ex.text
    assert not bad, bad
    assert len(types) >= 0.7 * len(EVENT_TEMPLATES)  # most event kinds were met


def test_option_words(spec: Any) -> None:
    assert plural(1, "astronaut") == "1 astronaut" and plural(2, "astronaut") == "2 astronauts"
    assert ship_name("s07") == "ship 7"
