"""Hidden information of abilities (seed 003 §5): the Stealthy Spy's reveal is public, the
Versatile Villain's look and the Spy's swap are secret - through ``view_for`` and ``redact``,
the only doors through which hidden information leaves the engine."""

from __future__ import annotations

import json

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.secrecy import HIDDEN, redact
from mrp_tutor.games.mission_red_planet.engine.views import view_for

from .conftest import DOCKED, PositionGame


def _position(red: dict[str, object], **zones: object) -> dict[str, object]:
    return {"stage": "choose", "round": 3, "first": "red", "ships": DOCKED, "zones": zones,
            "seats": {"red": red,
                      "blue": {"sheet": "audacious_adventurer", "played": ["soldier"],
                               "chosen": "explorer"},
                      "green": {"sheet": "cunning_conspirator", "played": ["pilot"],
                                "chosen": "scientist"}}}


def test_the_spys_reveal_is_public_its_swap_secret(at: PositionGame) -> None:
    g = at(_position({"sheet": "stealthy_spy", "tokens": {"ice": 2}}))
    assert view_for(g.spec, g.state, "green")["seats"]["blue"]["chosen"] == HIDDEN
    g.play(I.ChooseCharacter("red", "travel_agent"))
    new = g.play(I.UseAbility("red", "stealthy_spy"))
    shown = next(e for e in new if e.type == "characters_shown")
    for viewer in ("blue", "green", None):  # everyone sees the shown cards
        assert redact(shown, g.state, viewer) == shown
        seats = view_for(g.spec, g.state, viewer)["seats"]
        assert seats["blue"]["chosen"] == "explorer" and seats["green"]["chosen"] == "scientist"
        if viewer != "red":
            assert seats["red"]["chosen"] == HIDDEN  # the Spy's own card stays face down
    new = g.play(I.UseAbility("red", "stealthy_spy", "scientist"))
    declared = next(e for e in new if e.type == "ability_declared")
    swap = next(e for e in new if e.type == "character_swapped")
    for viewer in ("blue", "green", None):
        assert redact(declared, g.state, viewer).target is None
        blank = redact(swap, g.state, viewer)
        assert blank.returned is None and blank.chosen is None
        assert view_for(g.spec, g.state, viewer)["seats"]["red"]["chosen"] == HIDDEN
        assert "scientist" not in json.dumps(view_for(g.spec, g.state, viewer)["seats"]["red"])
    assert redact(swap, g.state, "red") == swap
    assert view_for(g.spec, g.state, "red")["seats"]["red"]["chosen"] == "scientist"


def test_shown_cards_are_face_down_again_next_round(at: PositionGame) -> None:
    g = at(_position({"sheet": "stealthy_spy", "tokens": {"ice": 2}}))
    g.play(I.ChooseCharacter("red", "travel_agent"))
    g.play(I.UseAbility("red", "stealthy_spy"))
    g.play(I.DeclineAbility("red", "stealthy_spy"))
    while g.state.round == 3:
        g.play(g.legal_intents()[0], trusted=True)
    assert not any(seat.shown for seat in g.state.seats.values())
    while g.state.seats["blue"].chosen is None:
        g.play(g.legal_intents()[0], trusted=True)
    assert view_for(g.spec, g.state, "green")["seats"]["blue"]["chosen"] == HIDDEN


def test_the_villains_look_is_for_its_eyes_only(at: PositionGame) -> None:
    g = at(_position({"sheet": "versatile_villain", "tokens": {"ice": 1}},
                     outer_4={"discovery": "radioactive_rock"}))
    new = g.play(I.UseAbility("red", "versatile_villain", "outer_4"))
    peek = next(e for e in new if e.type == "discovery_peeked")
    assert redact(peek, g.state, "red").card == "radioactive_rock"
    for viewer in ("blue", "green", None):
        assert redact(peek, g.state, viewer).card is None
        assert redact(peek, g.state, viewer).zone == "outer_4"  # which card: public
        view = view_for(g.spec, g.state, viewer)
        assert view["zones"]["outer_4"]["discovery"] == HIDDEN
        assert "radioactive_rock" not in json.dumps(view)
    mine = view_for(g.spec, g.state, "red")
    assert mine["zones"]["outer_4"]["discovery"] == "radioactive_rock"
    assert mine["seats"]["red"]["peeked"] == {"outer_4": "radioactive_rock"}


def test_sheets_and_open_windows_are_public(at: PositionGame) -> None:
    g = at(_position({"sheet": "stealthy_spy", "tokens": {"ice": 2}}))
    g.play(I.ChooseCharacter("red", "travel_agent"))
    view = view_for(g.spec, g.state, "blue")
    assert view["seats"]["red"]["sheet"] == "stealthy_spy"
    assert view["windows"] == [{"colour": "red", "ability": "stealthy_spy",
                                "point": "after_choosing", "zone": None, "owed": 0,
                                "target": None}]
    assert view["decision"]["kind"] == "use_ability"


def test_the_genius_is_asked_even_when_it_comes_next_so_the_question_tells_nothing(
        at: PositionGame) -> None:
    g = at(_position({"sheet": "guileful_genius", "tokens": {"ice": 1}}))
    g.play(I.ChooseCharacter("red", "recruiter"))  # number 1: Red is called first anyway
    assert g.state.queue[0] == "red"
    assert g.decision().kind == "use_ability" and g.decision().colours == ("red",)
    assert view_for(g.spec, g.state, "blue")["seats"]["red"]["chosen"] == HIDDEN
    g.play(I.DeclineAbility("red", "guileful_genius"))
    assert g.state.cur == "red"
