"""Seed 003 §5 "Score Tokens as Currency": abilities cost point tokens of any type, the player
picks which, nobody goes below zero, and the paid tokens go back to the supply."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import IllegalIntent, state_to_dict
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities.effects import (
    forced_payment,
)

from .conftest import DOCKED, PositionGame


def _despot(tokens: dict[str, int]) -> dict[str, object]:
    return {"stage": "choose", "round": 4, "first": "red", "ships": DOCKED,
            "seats": {"red": {"sheet": "devious_despot", "played": ["soldier", "explorer"],
                              "tokens": tokens},
                      "blue": {"sheet": "stealthy_spy", "played": ["scientist"]},
                      "green": {"sheet": "major_mayhem", "played": ["saboteur"]}}}


def test_the_player_picks_the_tokens_one_at_a_time(at: PositionGame) -> None:
    g = at(_despot({"ice": 1, "sylvanite": 1, "celerium": 1}))
    g.play(I.UseAbility("red", "devious_despot", "soldier"))
    d = g.decision()
    assert d is not None and (d.kind, d.colours, d.left, d.rule) == (
        "pay_ability", ("red",), 2, "fe.abilities.currency")
    assert g.legal_intents() == [I.PayToken("red", "ice"), I.PayToken("red", "sylvanite"),
                                 I.PayToken("red", "celerium")]
    g.play(I.PayToken("red", "celerium"))
    assert g.decision().kind == "pay_ability" and g.decision().left == 1
    new = g.play(I.PayToken("red", "sylvanite"))
    assert [e.type for e in new] == ["tokens_spent", "character_taken_back",
                                     "ability_window_closed"]
    assert g.state.seats["red"].tokens == {"ice": 1, "sylvanite": 0, "celerium": 0}
    assert g.decision().kind == "choose_character"


def test_paid_tokens_go_back_to_the_supply(at: PositionGame) -> None:
    g = at(_despot({"celerium": 2}))
    before = dict(g.state.token_supply)
    new = g.play(I.UseAbility("red", "devious_despot", "explorer"))
    spent = [e for e in new if e.type == "tokens_spent"]
    assert [(e.resource, e.count, e.rule) for e in spent] == [
        ("celerium", 2, "fe.abilities.currency")]  # one type held: paid at once
    assert g.state.token_supply["celerium"] == before["celerium"] + 2


def test_an_ability_that_cannot_be_paid_in_full_is_refused_and_changes_nothing(
        at: PositionGame) -> None:
    g = at(_despot({"celerium": 1}))
    before = state_to_dict(g.state)
    assert not any(isinstance(x, I.UseAbility) for x in g.legal_intents())
    with pytest.raises(IllegalIntent) as err:
        g.play(I.UseAbility("red", "devious_despot", "explorer"))
    assert (err.value.code, err.value.rule) == ("ability_cannot_pay", "fe.abilities.currency")
    assert err.value.detail["cost"] == 2 and err.value.detail["tokens"]["celerium"] == 1
    assert state_to_dict(g.state) == before


def test_paying_with_a_token_one_does_not_hold_is_refused(at: PositionGame) -> None:
    g = at(_despot({"ice": 1, "sylvanite": 2}))
    g.play(I.UseAbility("red", "devious_despot", "soldier"))
    with pytest.raises(IllegalIntent) as err:
        g.play(I.PayToken("red", "celerium"))
    assert err.value.code == "pay_token_missing"
    with pytest.raises(IllegalIntent) as err:
        g.play(I.PayToken("blue", "ice"))
    assert err.value.code in ("pay_not_owed", "not_your_decision")
    with pytest.raises(IllegalIntent) as err:  # a choice must wait for the payment
        g.play(I.ChooseCharacter("red", "recruiter"))
    assert err.value.code == "wrong_decision"


@pytest.mark.parametrize(("tokens", "owed", "forced"), [
    ({"ice": 2, "sylvanite": 0, "celerium": 0}, 2, [("ice", 2)]),
    ({"ice": 5, "sylvanite": 0, "celerium": 0}, 1, [("ice", 1)]),
    ({"ice": 1, "sylvanite": 1, "celerium": 0}, 2, [("ice", 1), ("sylvanite", 1)]),
    ({"ice": 1, "sylvanite": 1, "celerium": 0}, 1, []),
    ({"ice": 2, "sylvanite": 1, "celerium": 0}, 2, []),
])
def test_tokens_are_paid_automatically_only_when_there_is_no_choice(
        tokens: dict[str, int], owed: int, forced: list[tuple[str, int]]) -> None:
    assert forced_payment(tokens, owed) == forced


def test_no_token_ever_goes_below_zero_in_a_whole_game(ua_spec: object) -> None:
    from mrp_tutor.games.mission_red_planet.engine.bots import bot_game

    for seed in range(8):
        g = bot_game(ua_spec, ["red", "blue", "green", "yellow", "purple"], seed,  # type: ignore[arg-type]
                     ruleset="unique_abilities", bot="greedy" if seed % 2 else "random")
        paid = sum(e.count for e in g.log if e.type == "tokens_spent")
        owed = sum(e.cost for e in g.log if e.type == "ability_declared")
        assert paid == owed  # every declared use was paid in full
        for seat in g.state.seats.values():
            assert min(seat.tokens.values()) >= 0
