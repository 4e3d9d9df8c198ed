"""Recorded seats, read without naming a ruleset (issue 27).

The log's reducers are seat-generic: a deck recorded as ``<kind>:<colour>`` is that colour's own
deck whatever its kind, and a recorded pick equal to the card a seat drew clears the drawn card
(any other pick leaves the hand).  The check of a recorded game start and the words of a
recorded start come from the ruleset (``Rules.start_problems``, ``Rules.words``), with the
shared defaults on :class:`~mrp_tutor.games.mission_red_planet.engine.rulesets.Rules`.  The
2-player variant's own
records (``neutral:<colour>`` decks, a neutral colour's draw) are pinned by the golden logs.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    ContentError,
    Game,
    GameSpec,
    load_spec,
    replay,
)
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.checks import checked_replay
from mrp_tutor.games.mission_red_planet.engine.rulesets import PRIORITY, RULESETS, Rules, register
from mrp_tutor.games.mission_red_planet.explain import explain_event

COLOURS = ["red", "blue", "green"]
FOUR = ["red", "blue", "green", "yellow"]  # the 2-player variant: two main, two neutral


@pytest.fixture(scope="module")
def spec() -> GameSpec:
    return load_spec("base", use_env_overrides=False)


def test_a_seat_deck_of_any_kind_is_that_colours_own(spec: GameSpec) -> None:
    s = Game.new(spec, COLOURS, 3).state
    order = ("doctor", "pilot")
    s.seats["blue"].hand = ["doctor", "pilot", "scientist"]
    E.DeckShuffled(rule="x.y", deck="favour:blue", order=order).apply(s)
    assert s.seats["blue"].deck == list(order)
    assert s.seats["blue"].hand == ["scientist"]  # the shuffled cards left the hand
    assert s.seats["red"].deck == [] and s.seats["green"].deck == []


def test_a_pick_equal_to_the_drawn_card_clears_it_any_other_leaves_the_hand(
        spec: GameSpec) -> None:
    s = Game.new(spec, COLOURS, 3).state
    red, blue = s.seats["red"], s.seats["blue"]
    red.hand.remove("pilot")
    red.drawn = "pilot"  # a seat that drew its card, whatever its flags
    E.CharacterChosen(rule="x.y", colour="red", character="pilot").apply(s)
    assert (red.drawn, red.chosen, len(red.hand)) == (None, "pilot", 8)
    E.CharacterChosen(rule="x.y", colour="blue", character="pilot").apply(s)
    assert (blue.drawn, blue.chosen, "pilot" in blue.hand, len(blue.hand)) == (
        None, "pilot", False, 8)


def test_a_recorded_start_needs_one_controller_and_flag_per_colour(spec: GameSpec) -> None:
    log = list(Game.new(spec, FOUR, 5, ruleset="two_player").log)
    start = log[0]
    assert isinstance(start, E.GameStarted) and len(start.colours) == 4
    log[0] = dataclasses.replace(start, neutral=start.neutral[:3])
    want = "log[0] (game_started).colours: 4 colours, 4 controllers, 3 neutral flags"
    for check in (replay, checked_replay):
        with pytest.raises(ContentError) as err:
            check(spec, log)
        assert any(p.startswith(want) for p in err.value.problems), err.value.problems


class Strict(Rules):
    """A toy that checks a recorded start its own way and says it in its own words."""

    name: ClassVar[str] = "strict_toy"
    summary: ClassVar[str] = "a toy ruleset with its own start check and words"
    words: ClassVar[dict[str, str]] = {"game_started": "Seated: {colours}; {seed}."}

    def start_problems(self, ev: E.GameStarted) -> list[str]:
        return [*super().start_problems(ev),
                *(["colours: red may not sit first (rule setup.colors)"]
                  if ev.colours[:1] == ("red",) else [])]


@pytest.fixture
def strict() -> Iterator[None]:
    register(Strict)
    yield
    RULESETS.pop("strict_toy")
    PRIORITY.pop("strict_toy")


def test_the_ruleset_checks_a_recorded_start_and_says_it(spec: GameSpec, strict: None) -> None:
    log = list(Game.new(spec, COLOURS, 4, ruleset="strict_toy").log)
    assert explain_event(spec, log[0]).text == "Seated: Red, Blue, Green; seed 4."
    with pytest.raises(ContentError) as err:
        replay(spec, log)
    assert "log[0] (game_started).colours: red may not sit first (rule setup.colors)" in (
        err.value.problems)
    blue_first = Game.new(spec, ["blue", "red", "green"], 4, ruleset="strict_toy").log
    assert replay(spec, blue_first).order == ["blue", "red", "green"]  # nothing to say


def test_the_shared_words_of_a_recorded_start(spec: GameSpec) -> None:
    start = Game.new(spec, COLOURS, 3).log[0]
    assert explain_event(spec, start).text == (
        "A game begins with Red, Blue, Green (clockwise), seed 3; each colour has 22 "
        "astronauts and all nine characters in hand.")
    two = bot_game(spec, FOUR, 3, ruleset="two_player").log
    assert explain_event(spec, two[0]).text == (
        "A 2-player game begins with Red, Blue, Green, Yellow (clockwise), seed 3; each colour "
        "has 22 astronauts. Green is Red's neutral colour (a neutral deck, no hand). Yellow is "
        "Blue's neutral colour (a neutral deck, no hand).")
    own = [ev for ev in two if ev.type == "deck_shuffled" and ":" in ev.deck]
    assert [explain_event(spec, ev).text for ev in own[:2]] == [  # at setup (then recruits)
        "The neutral deck of Green is shuffled face down.",
        "The neutral deck of Yellow is shuffled face down."]
    ev = E.DeckShuffled(rule="x.y", deck="favour:blue", order=())
    assert explain_event(spec, ev).text == "The favour deck of Blue is shuffled face down."
