"""Seed 003 §5 "Special Abilities (Variant Rules)": each sheet's ability at its moment, its
effect, and the refusals (wrong moment, wrong sheet, wrong target)."""

from __future__ import annotations

from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec, IllegalIntent
from mrp_tutor.games.mission_red_planet.engine import intents as I

from .conftest import DOCKED, PositionGame


def _types(events: list[Any]) -> list[str]:
    return [e.type for e in events]


def choosing(red: dict[str, Any], **zones: Any) -> dict[str, Any]:
    """Round 3, Blue and Green have chosen; Red (``red``: its seat) chooses last."""
    return {"stage": "choose", "round": 3, "first": "red", "ships": DOCKED,
            "zones": zones,
            "seats": {"red": red,
                      "blue": {"sheet": "audacious_adventurer", "played": ["soldier"],
                               "chosen": "explorer"},
                      "green": {"sheet": "cunning_conspirator", "played": ["pilot"],
                                "chosen": "scientist"}}}


def landing(red: dict[str, Any], blue: dict[str, Any], crew: dict[str, int],
            zone_astronauts: dict[str, int]) -> dict[str, Any]:
    """Green's Travel Agent finds no shuttle for three: the round ends and f10 lands in outer
    region 1 with ``crew``."""
    return {"stage": "resolve", "round": 2, "first": "red",
            "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1},
                      {"id": "f10", "launched": True, "crew": crew}],
            "resolving": {"colour": "green", "character": "travel_agent", "step": 0},
            "zones": {"outer_1": {"astronauts": zone_astronauts, "resource": "ice"}},
            "seats": {"red": red, "blue": blue,
                      "green": {"sheet": "devious_despot", "played": ["explorer"]}}}


def refused(g: Game, intent: I.Intent) -> IllegalIntent:
    with pytest.raises(IllegalIntent) as err:
        g.play(intent)
    return err.value


# ------------------------------------------------------------------------- phase 2


def test_devious_despot_takes_a_set_aside_character_back_before_choosing(
        at: PositionGame) -> None:
    g = at(choosing({"sheet": "devious_despot", "played": ["travel_agent", "soldier"],
                     "tokens": {"ice": 3}}))
    assert I.UseAbility("red", "devious_despot", "soldier") in g.legal_intents("red")
    new = g.play(I.UseAbility("red", "devious_despot", "soldier"))
    assert _types(new) == ["ability_declared", "tokens_spent", "character_taken_back",
                           "ability_window_closed"]
    assert new[2].rule == "fe.abilities.devious_despot"
    assert "soldier" in g.state.seats["red"].hand and g.state.seats["red"].tokens["ice"] == 1
    assert g.state.token_supply["ice"] == 100 - 1 - 2 + 2  # the paid tokens are back
    # still before choosing, but one token cannot pay for another use
    assert not any(isinstance(x, I.UseAbility) for x in g.legal_intents("red"))
    err = refused(g, I.UseAbility("red", "devious_despot", "travel_agent"))
    assert err.code == "ability_cannot_pay" and err.rule == "fe.abilities.currency"


def test_devious_despot_refusals(at: PositionGame) -> None:
    g = at(choosing({"sheet": "devious_despot", "played": ["travel_agent"],
                     "tokens": {"ice": 2}}))
    err = refused(g, I.UseAbility("red", "devious_despot", "soldier"))
    assert err.code == "ability_bad_target" and err.detail["played"] == ["travel_agent"]
    err = refused(g, I.UseAbility("red", "stealthy_spy"))
    assert err.code == "ability_wrong_sheet" and err.rule == "fe.faq.one_ability"
    err = refused(g, I.UseAbility("blue", "audacious_adventurer", "outer_2"))
    assert err.code == "ability_not_now"  # the Adventurer's moment is the landing
    g.play(I.ChooseCharacter("red", "explorer"))  # chosen: the moment has passed
    err = refused(g, I.UseAbility("red", "devious_despot", "travel_agent"))
    assert err.code == "ability_not_now" and err.rule == "fe.abilities.devious_despot"


def test_versatile_villain_peeks_at_a_discovery_before_choosing(
        at: PositionGame, ua_spec: GameSpec) -> None:
    g = at(choosing({"sheet": "versatile_villain", "tokens": {"ice": 2}},
                    outer_1={"discovery": "lichen"}, outer_2={"discovery": "nice_stone"}))
    peeks = [x for x in g.legal_intents("red") if isinstance(x, I.UseAbility)]
    assert {x.target for x in peeks} == {"outer_1", "outer_2"}
    new = g.play(I.UseAbility("red", "versatile_villain", "outer_1"))
    assert new[2].type == "discovery_peeked" and new[2].card == "lichen"
    assert new[2].rule == "fe.abilities.versatile_villain"
    assert g.state.seats["red"].peeked == {"outer_1": "lichen"}
    g.play(I.UseAbility("red", "versatile_villain", "outer_2"))  # again, while it can pay
    assert g.state.seats["red"].tokens["ice"] == 0
    err = refused(g, I.UseAbility("red", "versatile_villain", "outer_3"))
    assert err.code == "ability_cannot_pay"


def test_stealthy_spy_reveals_the_others_then_may_swap(at: PositionGame) -> None:
    g = at(choosing({"sheet": "stealthy_spy", "tokens": {"ice": 2}}))
    g.play(I.ChooseCharacter("red", "travel_agent"))
    d = g.decision()
    assert d is not None and d.kind == "use_ability" and d.colours == ("red",)
    assert g.legal_intents() == [I.UseAbility("red", "stealthy_spy"),
                                 I.DeclineAbility("red", "stealthy_spy")]
    new = g.play(I.UseAbility("red", "stealthy_spy"))
    shown = next(e for e in new if e.type == "characters_shown")
    assert shown.shown == (("blue", "explorer"), ("green", "scientist"))
    assert g.decision().kind == "use_ability"  # the second token: the swap
    assert {x.target for x in g.legal_intents() if isinstance(x, I.UseAbility)} == set(
        g.state.seats["red"].hand)
    err = refused(g, I.UseAbility("red", "stealthy_spy", "pilot"))
    assert err.code == "ability_bad_target" and err.rule == "ua.tutor.spy_swap"
    new = g.play(I.UseAbility("red", "stealthy_spy", "secret_agent"))
    swap = next(e for e in new if e.type == "character_swapped")
    assert (swap.returned, swap.chosen) == ("travel_agent", "secret_agent")
    assert g.state.stage == "resolve" and g.state.seats["red"].tokens["ice"] == 0
    assert "travel_agent" in g.state.seats["red"].hand


def test_stealthy_spy_may_decline_and_is_not_asked_without_tokens(at: PositionGame) -> None:
    g = at(choosing({"sheet": "stealthy_spy", "tokens": {"ice": 1}}))
    g.play(I.ChooseCharacter("red", "travel_agent"))
    new = g.play(I.DeclineAbility("red", "stealthy_spy"))
    assert new[0].type == "ability_window_closed" and not new[0].used
    assert g.state.stage == "resolve" and g.state.seats["red"].tokens["ice"] == 1
    poor = at(choosing({"sheet": "stealthy_spy"}))
    new = poor.play(I.ChooseCharacter("red", "travel_agent"))
    assert "ability_window_opened" not in _types(new) and poor.state.stage == "resolve"


# ------------------------------------------------------------------------- phase 3


def test_guileful_genius_acts_before_the_recruiter(at: PositionGame) -> None:
    pos = choosing({"sheet": "guileful_genius", "tokens": {"ice": 2}})
    pos["seats"]["blue"]["chosen"] = "recruiter"  # called first (1)
    g = at(pos)
    g.play(I.ChooseCharacter("red", "travel_agent"))  # called last (7)
    assert g.decision().kind == "use_ability" and g.state.queue == ["blue", "green", "red"]
    new = g.play(I.UseAbility("red", "guileful_genius"))
    started = next(e for e in new if e.type == "resolution_started")
    assert (started.colour, started.character, started.rule) == (
        "red", "travel_agent", "fe.abilities.guileful_genius")
    # only the Genius's card was turned up; the Recruiter still waits face down
    assert [e.colour for e in new if e.type == "character_revealed"] == ["red"]
    assert g.state.seats["blue"].chosen == "recruiter" and g.state.queue == ["blue", "green"]


def test_guileful_genius_is_asked_between_each_pair_of_actions(at: PositionGame) -> None:
    g = at(choosing({"sheet": "guileful_genius", "tokens": {"ice": 2}}))
    g.play(I.ChooseCharacter("red", "travel_agent"))
    g.play(I.DeclineAbility("red", "guileful_genius"))  # Blue's Explorer comes first
    assert g.state.cur == "blue"
    while g.state.cur is not None:  # Blue resolves, then the Genius is asked again
        g.play(g.legal_intents()[0], trusted=True)
    assert g.decision().kind == "use_ability" and g.decision().colours == ("red",)
    g.play(I.UseAbility("red", "guileful_genius"))
    assert g.state.cur == "red" and g.state.queue == ["green"]


def test_cunning_conspirator_boards_a_launched_shuttle_beyond_capacity(
        at: PositionGame, ua_spec: GameSpec) -> None:
    g = at({"stage": "resolve", "round": 2, "first": "red",
            "ships": [{"id": "f07", "dock": 0}, {"id": "f09", "dock": 1},
                      {"id": "f08", "launched": True, "crew": {"blue": 2}}],
            "resolving": {"colour": "red", "character": "saboteur", "step": 0},
            "seats": {"red": {"sheet": "cunning_conspirator", "tokens": {"sylvanite": 1}},
                      "blue": {"sheet": "audacious_adventurer", "played": ["explorer"]},
                      "green": {"sheet": "devious_despot", "played": ["explorer"]}}})
    use = I.UseAbility("red", "cunning_conspirator", "f08")
    assert use in g.legal_intents() and I.Board("red", "f07") in g.legal_intents()
    err = refused(g, I.UseAbility("red", "cunning_conspirator", "f07"))
    assert err.code == "ability_bad_target"  # docked, not launched
    new = g.play(use)
    boarded = next(e for e in new if e.type == "astronauts_boarded")
    assert (boarded.ship, boarded.count, boarded.rule) == ("f08", 1,
                                                           "fe.abilities.cunning_conspirator")
    assert g.state.ships["f08"].aboard() == 3 > ua_spec.cap["f08"]
    assert g.state.seats["red"].tokens["sylvanite"] == 0
    assert g.decision().kind == "destroy_docked"  # the placement was the Saboteur's one


def _all_launched(red: dict[str, Any]) -> dict[str, Any]:
    return {"stage": "resolve", "round": 2, "first": "red",
            "ships": [{"id": "f07", "launched": True, "crew": {"green": 1}},
                      {"id": "f09", "launched": True, "crew": {"blue": 3}},
                      {"id": "f08", "launched": True, "crew": {"blue": 2}}],
            "resolving": {"colour": "red", "character": "scientist", "step": 0},
            "seats": {"red": red,
                      "blue": {"sheet": "audacious_adventurer", "played": ["explorer"]},
                      "green": {"sheet": "devious_despot", "played": ["explorer"]}}}


def test_cunning_conspirator_is_offered_with_every_shuttle_launched(at: PositionGame) -> None:
    # seed 003 §5: during your character's turn; nothing about a free shuttle on the pad
    g = at(_all_launched({"sheet": "cunning_conspirator", "tokens": {"ice": 2}}))
    assert g.decision().kind == "board"
    assert set(g.legal_intents()) == {I.UseAbility("red", "cunning_conspirator", x)
                                      for x in ("f07", "f08", "f09")} | {I.Stop("red")}
    g.play(I.UseAbility("red", "cunning_conspirator", "f07"))
    assert g.state.ships["f07"].crew == {"green": 1, "red": 1}
    # the Scientist's second placement ("1 or 2"): again the ability, or stop
    assert I.UseAbility("red", "cunning_conspirator", "f09") in g.legal_intents()
    new = g.play(I.Stop("red"))  # declined: the placement is given up, nothing paid
    assert new[0].type == "step_stopped"
    assert g.state.seats["red"].tokens["ice"] == 1


def test_cunning_conspirator_not_offered_without_a_token(at: PositionGame) -> None:
    g = at(_all_launched({"sheet": "cunning_conspirator"}))  # nothing to pay with
    skipped = [e for e in g.log if e.type == "step_skipped"]
    assert skipped and skipped[-1].colour == "red" and skipped[-1].effect == "board"
    d = g.decision()
    assert d is not None and d.kind != "board"


def test_cunning_conspirator_needs_its_own_turn(at: PositionGame) -> None:
    g = at({"stage": "resolve", "round": 2, "first": "red",
            "ships": [{"id": "f07", "dock": 0}, {"id": "f09", "dock": 1},
                      {"id": "f08", "launched": True, "crew": {"blue": 2}}],
            "resolving": {"colour": "blue", "character": "explorer", "step": 0},
            "seats": {"red": {"sheet": "cunning_conspirator", "tokens": {"ice": 1},
                              "played": ["recruiter"]},
                      "blue": {"sheet": "audacious_adventurer"},
                      "green": {"sheet": "devious_despot", "played": ["explorer"]}}})
    err = refused(g, I.UseAbility("red", "cunning_conspirator", "f08"))
    assert err.code == "ability_not_now"


# ------------------------------------------------------------------------- phase 4


def test_audacious_adventurer_moves_its_landed_astronauts(at: PositionGame,
                                                          ua_spec: GameSpec) -> None:
    g = at(landing({"sheet": "audacious_adventurer", "played": ["explorer"],
                    "tokens": {"ice": 2}},
                   {"sheet": "cunning_conspirator", "played": ["pilot"]},
                   crew={"red": 2, "blue": 1}, zone_astronauts={"red": 1}))
    assert g.decision().kind == "use_ability"
    assert {x.target for x in g.legal_intents() if isinstance(x, I.UseAbility)} == set(
        ua_spec.adjacent["outer_1"])
    err = refused(g, I.UseAbility("red", "audacious_adventurer", "outer_5"))
    assert err.code == "ability_bad_target"
    new = g.play(I.UseAbility("red", "audacious_adventurer", "outer_2"))
    moves = [e for e in new if e.type == "astronaut_moved"]
    assert len(moves) == 2 and all(e.rule == "fe.abilities.audacious_adventurer" for e in moves)
    assert g.state.zones["outer_1"] == {"red": 1, "blue": 1}  # the one there before stays
    assert g.state.zones["outer_2"] == {"red": 2} and g.state.face_up["outer_2"]
    assert g.state.round == 3  # the round ended after the landing


def test_audacious_adventurer_may_move_them_again_while_it_can_pay(
        at: PositionGame, ua_spec: GameSpec) -> None:
    # seed 003 §7: abilities may be used more than once, each use paid (ua.tutor.your_shuttle)
    g = at(landing({"sheet": "audacious_adventurer", "played": ["explorer"],
                    "tokens": {"ice": 4}},
                   {"sheet": "cunning_conspirator", "played": ["pilot"]},
                   crew={"red": 2, "blue": 1}, zone_astronauts={"red": 1}))
    new = g.play(I.UseAbility("red", "audacious_adventurer", "outer_2"))
    again = [e for e in new if e.type == "ability_window_opened"]
    assert [(e.zone, e.count, e.rule) for e in again] == [("outer_2", 2, "ua.tutor.your_shuttle")]
    assert {x.target for x in g.legal_intents() if isinstance(x, I.UseAbility)} == set(
        ua_spec.adjacent["outer_2"])  # from where they now stand
    g.play(I.UseAbility("red", "audacious_adventurer", "outer_3"))
    assert g.state.zones["outer_3"] == {"red": 2} and g.state.seats["red"].tokens["ice"] == 0
    assert g.state.round == 3  # nothing left to pay with: no third offer, the round ended


def test_major_mayhem_eliminates_another_players_astronaut_never_its_own(
        at: PositionGame) -> None:
    g = at(landing({"sheet": "audacious_adventurer", "played": ["explorer"]},
                   {"sheet": "major_mayhem", "played": ["soldier"], "tokens": {"ice": 2}},
                   crew={"red": 1, "blue": 1}, zone_astronauts={"red": 2}))
    assert g.decision().colours == ("blue",)  # red cannot pay: only Mayhem is asked
    assert {x.target for x in g.legal_intents() if isinstance(x, I.UseAbility)} == {"red"}
    err = refused(g, I.UseAbility("blue", "major_mayhem", "blue"))
    assert err.code == "ability_own_astronaut" and err.rule == "fe.faq.mayhem_own"
    err = refused(g, I.UseAbility("blue", "major_mayhem", "green"))
    assert err.code == "ability_bad_target"
    new = g.play(I.UseAbility("blue", "major_mayhem", "red"))
    killed = next(e for e in new if e.type == "astronaut_killed")
    assert (killed.victim, killed.place, killed.rule) == ("red", "outer_1",
                                                          "fe.abilities.major_mayhem")
    assert g.state.zones["outer_1"] == {"red": 2, "blue": 1} and g.state.memorial == {"red": 1}


def test_landing_windows_are_declined_one_after_the_other(at: PositionGame) -> None:
    g = at(landing({"sheet": "audacious_adventurer", "played": ["explorer"],
                    "tokens": {"ice": 2}},
                   {"sheet": "major_mayhem", "played": ["soldier"], "tokens": {"ice": 2}},
                   crew={"red": 1, "blue": 1}, zone_astronauts={}))
    assert [(w.colour, w.ability) for w in g.state.windows] == [
        ("red", "audacious_adventurer"), ("blue", "major_mayhem")]
    err = refused(g, I.DeclineAbility("blue", "major_mayhem"))
    assert err.code == "not_your_decision" or err.code == "ability_not_now"
    g.play(I.DeclineAbility("red", "audacious_adventurer"))
    g.play(I.DeclineAbility("blue", "major_mayhem"))
    assert not g.state.windows and g.state.round == 3


def test_guileful_genius_is_asked_only_between_whole_actions(ua_spec: GameSpec) -> None:
    # ua.tutor.genius_between: any point of the turn order, never inside another action
    from mrp_tutor.games.mission_red_planet.engine.bots import bot_game

    asked = 0
    for seed in range(30):
        colours = ["red", "blue", "green", "yellow", "purple"][: 3 + seed % 3]
        game = bot_game(ua_spec, colours, seed, ruleset="unique_abilities")
        acting = None
        for ev in game.log:
            if ev.type == "resolution_started":
                acting = ev.colour
            elif ev.type == "resolution_ended":
                acting = None
            elif ev.type == "ability_window_opened" and ev.ability == "guileful_genius":
                assert acting is None, (seed, ev)
                asked += 1
    assert asked > 20
