"""A hint about a single option (issue 35's audit): no game is played out, so no chance is
shown; the page said "won 0% of 0 games (likely 0%–100%)", which is not so."""

from __future__ import annotations

import random
from typing import Any

from testkit.hidden import resolve_choice, to_characters

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


def test_a_card_storys_counts_are_in_good_english() -> None:
    """The page said "0.3 destinations token placed", "0.7 discoverys looked at" and
    "1.0 astronauts boarded" (0.98, shown as 1.0)."""
    from mrp_tutor.games.mission_red_planet.explain.card_story import _DID, _words

    assert _words(0.3, ("destination token", "placed")) == "0.3 destination tokens placed"
    assert _words(0.7, ("discovery", "looked at")) == "0.7 discoveries looked at"
    assert _words(0.98, ("astronaut", "boarded")) == "1.0 astronaut boarded"
    assert _words(2.0, ("card", "taken back")) == "2.0 cards taken back"
    for _, (noun, verb) in _DID.values():
        assert _words(1, (noun, verb)) == f"1.0 {noun} {verb}"


def test_a_card_story_counts_a_shared_win_as_a_game_won(monkeypatch: Any) -> None:
    """A unique_abilities game showed "In the 0 of 60 games played out after choosing the
    Saboteur that you won, its turn averaged 1.0 astronaut boarded": a win shared with
    another colour counted as half a game, rounded to none."""
    from mrp_tutor.games.mission_red_planet.engine import intents as I
    from mrp_tutor.games.mission_red_planet.engine.state import Result
    from mrp_tutor.games.mission_red_planet.explain import card_story as CS

    spec = load_spec(use_env_overrides=False)
    g = to_characters(5)
    it = next(x for x in g.legal_intents() if isinstance(x, I.ChooseCharacter))
    other = next(c for c in g.state.order if c != it.colour)
    calls: list[int] = []

    def play_out(game: Any, _policy: Any) -> None:
        calls.append(1)
        shared = [it.colour, other] if len(calls) == 1 else [other]
        game.state.result = Result({}, {}, {}, shared)

    monkeypatch.setattr(CS, "play_out", play_out)
    text = CS.card_story(spec, view_for(spec, g.state, it.colour), it).text
    assert text.startswith("In the 1 of 60 games"), text
    # its games are its own, played at random: not the search's, whose count the hint shows
    assert "played out at random" in text


def test_a_range_is_rounded_outwards() -> None:
    """"Keep the action card ... won 0% of 1,500 games (likely 0%–0%)": the range of 0 of
    1,500 reaches 0.26 %, and a range of 0%–0% claims a certainty the games do not give."""
    from mrp_tutor.games.mission_red_planet.explain.coach import Hint, interval

    low, high = interval(0.0, 1500)
    h = Hint(None, "Keep it", 0.0, 1500, "", None, low=low, high=high)  # type: ignore[arg-type]
    assert "likely 0%–1%" in chance_html(h, 2)
    h = Hint(None, "Keep it", 0.1, 1200, "", None, low=0.07, high=0.14)  # type: ignore[arg-type]
    assert "likely 7%–14%" in chance_html(h, 2)
