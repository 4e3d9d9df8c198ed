"""Audit, rulebook "2-Player Variant" (setup, playing and resolving the neutral colours,
their points).

Rulebook facts checked (paraphrased): a neutral colour's character is the top card of its
deck, never a choice, so no one may choose for it; the Recruiter starts below three other
cards; a neutral Recruiter goes to the box and the other eight cards become the new deck, so
it never comes back that game; a neutral colour
is a colour of its own, so a main colour's Femme Fatale may replace the astronaut of its
player's own neutral colour like anyone else's.
"""

from __future__ import annotations

import random

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    ChooseCharacter,
    IllegalIntent,
    Replace,
    play_out,
    state_to_dict,
)

from .conftest import BLUE, GREEN, RED, YELLOW, first_until, mains_choose, neutral_plays, two_player


def test_no_one_chooses_a_character_for_a_neutral_colour(spec):
    """The neutral colour's character is its drawn card: a choice for it is refused, with a
    typed error citing a rule, and changes nothing."""
    game = two_player(spec, 4)
    drawn = game.state.seats[BLUE].chosen
    other = next(ch for ch in spec.countdown if ch != drawn)
    before = state_to_dict(game.state)
    with pytest.raises(IllegalIntent) as err:
        game.play(ChooseCharacter(BLUE, other))
    assert err.value.code and err.value.rule in spec.rules
    assert state_to_dict(game.state) == before
    assert ChooseCharacter(BLUE, other) not in game.legal_intents()


def test_a_main_femme_fatale_may_replace_her_players_own_neutral_colour(spec):
    """Red controls blue, but blue is a colour of its own: red's Femme Fatale may replace a
    blue astronaut where red is present, and the blue astronaut goes to the Memorial."""
    game = two_player(spec, 3)
    neutral_plays(game, BLUE, "pilot")
    neutral_plays(game, YELLOW, "pilot")
    s = game.state
    for c in (RED, BLUE):
        s.seats[c].supply -= 1
        s.zones["hellas"][c] = 1
    game.invalidate()
    mains_choose(game, {RED: "femme_fatale", GREEN: "pilot"})
    first_until(game, RED, "replace")
    assert Replace(RED, "hellas", BLUE) in game.legal_intents()
    game.play(Replace(RED, "hellas", BLUE))
    assert game.state.memorial.get(BLUE) == 1 and game.state.zones["hellas"] == {RED: 2}


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_neutral_recruiter_once_boxed_never_comes_back(spec, seed):
    """Whole random games: each neutral colour reveals its Recruiter at most once, and once it
    is boxed the colour plays from the other eight cards only (the deck was set up with the
    Recruiter below three other cards, so it is drawn in round 4 at the earliest)."""
    from mrp_tutor.games.mission_red_planet.engine import Game

    rng = random.Random(seed)
    game = Game.new(spec, [RED, GREEN, BLUE, YELLOW], seed, ruleset="two_player")
    boxed_at: dict[str, int] = {}

    def watch(g):  # type: ignore[no-untyped-def]
        for c in (BLUE, YELLOW):
            seat = g.state.seats[c]
            if "recruiter" in seat.boxed:
                boxed_at.setdefault(c, len(g.log))
                held = [*seat.deck, *seat.played, *([seat.chosen] if seat.chosen else [])]
                assert "recruiter" not in held
                assert sorted(held) == sorted(ch for ch in spec.countdown if ch != "recruiter")

    play_out(game, lambda g, legal: rng.choice(legal), on_step=watch)
    rounds: dict[str, list[int]] = {BLUE: [], YELLOW: []}
    number = 1
    for e in game.log:
        if e.type == "track_advanced" and e.kind == "round":
            number = e.number
        elif e.type == "character_revealed" and e.colour in rounds and e.character == "recruiter":
            rounds[e.colour].append(number)
    for c in (BLUE, YELLOW):
        # three unseen cards on top, the Recruiter among the six below: drawn once, in one of
        # rounds 4 to 9, and boxed
        assert len(rounds[c]) == 1 and 4 <= rounds[c][0] <= 9, rounds
        assert c in boxed_at


def test_a_neutral_scientists_draw_only_is_a_labelled_tutor_reading(spec):
    """The rulebook has the controller draw for a neutral Scientist and does not say whether
    the card's look at a discovery is still open; refusing the look is the engine's reading,
    so the refusal cites a rule filed under the tutor readings."""
    from mrp_tutor.games.mission_red_planet.engine import Peek

    game = two_player(spec, 2)
    neutral_plays(game, BLUE, "scientist")
    neutral_plays(game, YELLOW, "pilot")
    game.state.discoveries["hellas"] = next(iter(spec.discoveries))
    game.invalidate()
    mains_choose(game, {RED: "pilot", GREEN: "pilot"})
    first_until(game, BLUE, "draw_or_peek")
    with pytest.raises(IllegalIntent) as err:
        game.play(Peek(BLUE, "hellas"))
    rule = spec.rules[err.value.rule]
    assert err.value.code == "neutral_scientist_draws"
    assert rule.section.startswith("Tutor readings › ") and "tutor reading" in rule.source
