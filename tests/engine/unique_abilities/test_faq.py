"""Seed 003 §7 "FAQ or Edge Cases": the answers about abilities, as tests."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import GameSpec, IllegalIntent
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game

from .conftest import DOCKED, PositionGame


def test_an_ability_may_be_used_more_than_once_each_use_paid_in_full(
        at: PositionGame, ua_spec: GameSpec) -> None:
    """"Can I use my special ability more than once? Yes, if you have enough score tokens.\""""
    g = at({"stage": "choose", "round": 6, "first": "red", "ships": DOCKED,
            "seats": {"red": {"sheet": "devious_despot",
                              "played": ["soldier", "explorer", "travel_agent"],
                              "tokens": {"ice": 4, "celerium": 0}},
                      "blue": {"sheet": "stealthy_spy"}, "green": {"sheet": "major_mayhem"}}})
    g.play(I.UseAbility("red", "devious_despot", "soldier"))
    g.play(I.UseAbility("red", "devious_despot", "explorer"))
    assert g.state.seats["red"].tokens["ice"] == 0
    assert sorted(g.state.seats["red"].played) == ["travel_agent"]
    assert ua_spec.rules["fe.faq.repeat_ability"].section == "7. FAQ or Edge Cases"
    with pytest.raises(IllegalIntent) as err:  # "...if you have enough score tokens"
        g.play(I.UseAbility("red", "devious_despot", "travel_agent"))
    assert err.value.code == "ability_cannot_pay"


def test_each_player_uses_only_the_ability_of_its_own_sheet(at: PositionGame) -> None:
    """"Can I use multiple special abilities in one game? No.\""""
    g = at({"stage": "choose", "round": 2, "first": "red", "ships": DOCKED,
            "zones": {"outer_3": {"discovery": "lichen"}},
            "seats": {"red": {"sheet": "devious_despot", "played": ["soldier"],
                              "tokens": {"ice": 3}},
                      "blue": {"sheet": "stealthy_spy"}, "green": {"sheet": "major_mayhem"}}})
    with pytest.raises(IllegalIntent) as err:
        g.play(I.UseAbility("red", "versatile_villain", "outer_3"))
    assert (err.value.code, err.value.rule) == ("ability_wrong_sheet", "fe.faq.one_ability")


def test_tokens_spent_can_be_earned_again_at_the_scorings(ua_spec: GameSpec) -> None:
    """"What happens if I run out of score tokens? You can still earn more via scoring.\""""
    found = False
    for seed in range(20):
        g = bot_game(ua_spec, ["red", "blue", "green", "yellow"], seed,
                     ruleset="unique_abilities")
        for c in g.state.order:
            broke_at = next((i for i, e in enumerate(g.log) if e.type == "tokens_spent"
                             and e.colour == c and _tokens_after(g.log[: i + 1], c) == 0),
                            None)
            if broke_at is not None and any(
                    e.type == "tokens_awarded" and e.colour == c for e in g.log[broke_at:]):
                found = True
    assert found


def _tokens_after(log: list[object], colour: str) -> int:
    n = 0
    for e in log:
        if getattr(e, "colour", None) != colour:
            continue
        if e.type in ("tokens_gained", "tokens_awarded"):  # type: ignore[attr-defined]
            n += e.count  # type: ignore[attr-defined]
        elif e.type == "tokens_spent":  # type: ignore[attr-defined]
            n -= e.count  # type: ignore[attr-defined]
    return n


def test_guileful_genius_may_act_even_before_the_recruiter(at: PositionGame) -> None:
    """"Can I use Guileful Genius to act before Recruiter retrieves cards? Yes.\""""
    g = at({"stage": "choose", "round": 3, "first": "blue", "ships": DOCKED,
            "seats": {"red": {"sheet": "guileful_genius", "played": ["explorer"],
                              "tokens": {"ice": 1}},
                      "blue": {"sheet": "major_mayhem", "played": ["soldier"],
                               "chosen": "recruiter"},
                      "green": {"sheet": "stealthy_spy", "played": ["scientist"],
                                "chosen": "recruiter"}}})
    g.play(I.ChooseCharacter("red", "recruiter"))  # all three play the Recruiter
    assert g.state.queue == ["blue", "green", "red"]  # ties: clockwise from the first
    new = g.play(I.UseAbility("red", "guileful_genius"))
    assert [e.colour for e in new if e.type == "resolution_started"] == ["red"]
    # Red's own Recruiter acts first and takes back its set-aside cards before Blue's
    assert g.state.cur == "red"


def test_major_mayhem_cannot_eliminate_its_own_astronaut(at: PositionGame) -> None:
    """"Can Major Mayhem eliminate his own astronaut? No.\""""
    g = at({"stage": "resolve", "round": 2, "first": "red",
            "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1},
                      {"id": "f10", "launched": True, "crew": {"red": 1}}],
            "resolving": {"colour": "green", "character": "travel_agent", "step": 0},
            "zones": {"outer_1": {"astronauts": {"red": 1}, "resource": "ice"}},
            "seats": {"red": {"sheet": "major_mayhem", "played": ["soldier"],
                              "tokens": {"ice": 2}},
                      "blue": {"sheet": "stealthy_spy", "played": ["scientist"]},
                      "green": {"sheet": "devious_despot", "played": ["explorer"]}}})
    # only its own astronauts are there: Mayhem is not even offered the ability
    assert not g.state.windows and g.state.round == 3


def test_the_explorer_moves_only_astronauts_already_on_mars(at: PositionGame) -> None:
    """"Can the Explorer move astronauts before they land? No.\""""
    g = at({"stage": "resolve", "round": 2, "first": "red",
            "ships": [{"id": "f09", "dock": 0, "crew": {"red": 2}}, {"id": "f08", "dock": 1},
                      {"id": "f10", "launched": True, "crew": {"red": 1}}],
            "resolving": {"colour": "red", "character": "explorer", "step": 1},
            "seats": {"red": {"sheet": "versatile_villain", "played": ["pilot"]},
                      "blue": {"sheet": "stealthy_spy", "played": ["scientist"]},
                      "green": {"sheet": "devious_despot", "played": ["explorer"]}}})
    skipped = [e for e in g.log if e.type == "step_skipped"]
    assert skipped and skipped[0].effect == "move_adjacent" and skipped[0].colour == "red"
    assert not any(isinstance(x, I.Move) for x in g.legal_intents())


def test_the_pilot_cannot_redirect_a_shuttle_that_has_landed(at: PositionGame) -> None:
    """"Can I use the Pilot to change destination of a landed shuttle? No.\""""
    g = at({"stage": "resolve", "round": 2, "first": "red",
            "ships": [{"id": "f09", "dock": 0}, {"id": "f08", "dock": 1},
                      {"id": "f10", "launched": True, "crew": {"blue": 1}}],
            "ship_discard": ["f11"],  # landed last turn
            "resolving": {"colour": "red", "character": "pilot", "step": 1},
            "seats": {"red": {"sheet": "versatile_villain", "played": ["explorer"]},
                      "blue": {"sheet": "stealthy_spy", "played": ["scientist"]},
                      "green": {"sheet": "devious_despot", "played": ["explorer"]}}})
    ships = {x.ship for x in g.legal_intents() if isinstance(x, I.PlaceToken)}
    assert ships == {"f08", "f09", "f10"}  # docked, or launched this turn
    with pytest.raises(IllegalIntent):
        g.play(I.PlaceToken("red", "f11", "outer_2"))
