"""The Guileful Genius's hold (seed 003 §5 "at any point in the turn order";
``ua.tutor.genius_between``) is a recorded, public fact: the ``character_held`` event sets
``GameState.holds`` (who holds, since which call) and the order still to call puts the held
card last.  Views, exported positions (files and share codes), samples of the search bot and
replayed logs keep it; the Genius is asked the same question at every call, whatever is
hidden (issue 37; each test here failed before)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec, replay
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.bots import greedy_bot
from mrp_tutor.games.mission_red_planet.engine.checks import checked_replay, state_problems
from mrp_tutor.games.mission_red_planet.engine.determinize import determinize
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.game import legal_intents
from mrp_tutor.games.mission_red_planet.engine.secrecy import HIDDEN
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain import explain_event
from mrp_tutor.games.mission_red_planet.scenarios import position_from_state, scenario_from_dict
from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
    decode_table,
    encode_table,
    load_table,
    located_sentence,
    table_document,
    table_position,
)

from .conftest import DOCKED, PositionGame

GENIUS = "guileful_genius"
LATER = I.UseAbility("red", GENIUS, "later")


def _table(blue: str = "explorer", green: str = "scientist") -> dict[str, Any]:
    """Turn 3: Blue (Adventurer) and Green (Conspirator) chose; Red, the Genius, chooses."""
    return {"stage": "choose", "round": 3, "first": "red", "ships": DOCKED,
            "seats": {"red": {"sheet": GENIUS, "tokens": {"ice": 2}, "played": ["pilot"]},
                      "blue": {"sheet": "audacious_adventurer", "played": ["femme_fatale"],
                               "chosen": blue},
                      "green": {"sheet": "cunning_conspirator", "played": ["pilot"],
                                "chosen": green}}}


def _held(at: PositionGame) -> Game:
    """Red chose the Recruiter (1) and held it at the first call; Blue's Explorer (2) is
    being resolved, Green's Scientist (3) waits, then Red."""
    g = at(_table())
    g.play(I.ChooseCharacter("red", "recruiter"))
    g.play(LATER)
    assert g.state.cur == "blue"
    return g


def _signature(g: Game) -> tuple[object, list[str]]:
    d = g.decision()
    return ((d.kind, d.colours, d.rule) if d else None, sorted(map(repr, g.legal_intents())))


def _to_next_genius_window(g: Game) -> list[tuple[str, str]]:
    """Play the first legal option until Red is asked again; the events (type, rule)."""
    events: list[E.Event] = []
    while g.state.cur is not None or g.decision().kind != "use_ability":
        events += g.play(g.legal_intents()[0], trusted=True)
    return [(e.type, e.rule) for e in events]


# ------------------------------------------------------------ the question at every call

def test_the_genius_is_asked_the_same_at_every_call_whatever_is_hidden(
        at: PositionGame, ua_spec: GameSpec) -> None:
    """Red chose the Explorer (2).  Whether Blue's hidden card is the Recruiter (1: called
    first) or the Soldier (8: Red's own number comes first, a higher one after it), Red sees
    the same table and is asked the same question (before: 'hold' only at its own number,
    'act now' only before it, telling Red what Blue chose)."""
    tables = []
    for blue in ("recruiter", "soldier"):
        g = at(_table(blue=blue))
        g.play(I.ChooseCharacter("red", "explorer"))
        tables.append(g)
    first, own = tables
    assert first.state.queue[0] == "blue" and own.state.queue[0] == "red"
    assert view_for(ua_spec, first.state, "red") == view_for(ua_spec, own.state, "red")
    assert first.legal_intents() == own.legal_intents() == [
        I.UseAbility("red", GENIUS), LATER, I.DeclineAbility("red", GENIUS)]


def test_a_hold_before_its_number_keeps_the_card_face_down_at_its_number(
        at: PositionGame) -> None:
    """Held at the first call, Red's Scientist (3) is not turned up with Green's Scientist."""
    g = at(_table(blue="recruiter"))
    g.play(I.ChooseCharacter("red", "scientist"))
    assert g.state.queue == ["blue", "red", "green"]  # equal numbers clockwise from Red
    g.play(LATER)
    assert g.state.holds == {"red": ""} and g.state.queue == ["green", "red"]
    while g.state.cur != "green":
        g.play(g.legal_intents()[-1], trusted=True)  # decline, or the step's last option
    assert g.state.seats["red"].chosen == "scientist"  # not turned up with Green's
    assert g.state.queue == ["red"]


# ------------------------------------------------------------ a recorded, public fact

def test_the_hold_is_an_event_with_its_rule_that_sets_who_holds_since_which_call(
        at: PositionGame, ua_spec: GameSpec) -> None:
    g = at(_table())
    g.play(I.ChooseCharacter("red", "recruiter"))
    new = g.play(LATER)
    held = [e for e in new if e.type == "character_held"]
    assert len(held) == 1 and (held[0].colour, held[0].since) == ("red", "")
    assert held[0].rule == "ua.tutor.genius_between"
    assert g.state.holds == {"red": ""}
    assert "before the first call" in explain_event(ua_spec, held[0]).text
    # public: the others see who holds (it paid in sight, nothing turned up), not the card
    blue = view_for(ua_spec, g.state, "blue")
    assert blue["holds"] == {"red": ""} and blue["seats"]["red"]["chosen"] == HIDDEN
    assert blue["queue"][-1] == "red"
    # the next call's question: act now, paid already, or wait
    _to_next_genius_window(g)
    assert g.legal_intents() == [I.UseAbility("red", GENIUS, "now"),
                                 I.DeclineAbility("red", GENIUS)]
    assert g.state.holds == {"red": ""}
    g.play(I.UseAbility("red", GENIUS, "now"))
    assert g.state.cur == "red" and g.state.holds == {}


def test_a_hold_after_a_call_records_that_call(at: PositionGame) -> None:
    g = at(_table(blue="recruiter", green="saboteur"))
    g.play(I.ChooseCharacter("red", "scientist"))
    g.play(I.DeclineAbility("red", GENIUS))  # Blue's Recruiter (1) is called
    while g.state.cur is not None or g.decision().kind != "use_ability":
        g.play(g.legal_intents()[0], trusted=True)
    new = g.play(LATER)
    # (the Recruiter took its cards back, itself with them: still the call it held after)
    assert [e.since for e in new if e.type == "character_held"] == ["recruiter"]
    assert g.state.cur == "green" and g.state.queue == ["red"]  # the Saboteur (5) first


# ------------------------------------------------------------ exported positions

def test_a_held_genius_reloads_from_its_exported_position_and_share_code(
        at: PositionGame, ua_spec: GameSpec) -> None:
    """Before: the export did not say who held, and the reload was refused (Red's
    Recruiter 'would already have been resolved', fe.phase3.order) or re-sorted."""
    g = _held(at)
    pos = position_from_state(g.state, ua_spec)
    doc = {"id": "t", "title": "t", "lesson": "t", "ruleset": "unique_abilities",
           "players": list(g.state.order), "position": pos}
    h = scenario_from_dict(doc).build()
    assert _signature(h) == _signature(g)
    assert pos["holds"] == {"red": None}
    assert state_problems(ua_spec, h.state) == []
    assert (h.state.holds, h.state.queue) == (g.state.holds, g.state.queue) == (
        {"red": ""}, ["green", "red"])
    assert _signature(h) == _signature(g)
    code = load_table(decode_table(encode_table(table_document(
        list(g.state.order), table_position(ua_spec, g.state),
        ruleset="unique_abilities")))).build()
    assert (code.state.holds, code.state.queue) == ({"red": ""}, ["green", "red"])
    assert _to_next_genius_window(h) == _to_next_genius_window(g)
    assert _signature(h) == _signature(g)
    assert I.UseAbility("red", GENIUS, "now") in h.legal_intents()


def test_a_position_with_a_wrong_hold_is_refused(at: PositionGame) -> None:
    g = _held(at)
    pos = position_from_state(g.state, g.spec)

    def problems(holds: dict[str, Any], ruleset: str = "unique_abilities") -> list[str]:
        doc = {"id": "t", "title": "t", "lesson": "t", "ruleset": ruleset,
               "players": list(g.state.order), "position": {**pos, "holds": holds}}
        with pytest.raises(ContentError) as err:
            scenario_from_dict(doc).build()
        return err.value.problems

    wrong = problems({"red": None, "blue": None})
    assert any("holds.blue" in x and "fe.abilities.guileful_genius" in x for x in wrong)
    said = [located_sentence(g.spec, x) for x in wrong]  # in words for the referee
    assert any(x.startswith("Blue's card held for later: only the Guileful Genius")
               for x in said), said
    # a Recruiter (1) cannot have waited face down past the Recruiter's call
    assert any("holds.red" in x and "ua.tutor.genius_between" in x
               for x in problems({"red": "recruiter"}))
    assert any("holds.purple" in x for x in problems({"red": None, "purple": None}))


# ------------------------------------------------------------ the search bot's samples

@pytest.mark.parametrize("viewer", ["red", "blue", "green"])
def test_a_sample_keeps_the_hold(at: PositionGame, ua_spec: GameSpec, viewer: str) -> None:
    """Before: a sample re-sorted the queue by the numbers it drew, so the held Recruiter (1)
    came first again and Red's options changed (hold, not 'act now, paid')."""
    g = _held(at)
    _to_next_genius_window(g)
    for i in range(12):
        sample = determinize(ua_spec, view_for(ua_spec, g.state, viewer), random.Random(i))
        assert sample.queue == g.state.queue == ["green", "red"]
        assert legal_intents(ua_spec, sample) == g.legal_intents()
        assert sample.holds == {"red": ""}
        assert state_problems(ua_spec, sample) == []
        s = Game(ua_spec, sample, [])
        while s.state.queue or s.state.cur is not None:  # Red waits: it acts last
            s.play(s.legal_intents()[-1], trusted=True)
        started = [e.colour for e in s.log if e.type == "resolution_started"]
        assert started[-1] == "red"


# ------------------------------------------------------------ replayed logs

def _seeded_hold() -> tuple[GameSpec, list[E.Event], int]:
    """A seeded game in which Red's Genius holds its card once; the log and the index of
    the hold."""
    from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset

    spec = find_ruleset("unique_abilities").spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green", "yellow"], 5, ruleset="unique_abilities",
                 choices={"red": GENIUS})
    bot = greedy_bot(random.Random(5))
    while not any(e.type == "character_held" for e in g.log):
        legal = g.legal_intents()
        g.play(LATER if LATER in legal else bot(g, legal))
    while g.state.stage == "resolve":
        g.play(bot(g, g.legal_intents()))
    at = next(i for i, e in enumerate(g.log) if e.type == "character_held")
    return spec, list(g.log), at


def test_a_replayed_log_keeps_the_hold_and_refuses_a_forged_one() -> None:
    spec, log, at = _seeded_hold()
    assert replay(spec, log) == checked_replay(spec, log)  # a true hold replays
    honest = log[at]
    assert isinstance(honest, E.CharacterHeld)
    # the hold said to date from a call that was not the last one
    forged = [*log[:at], E.CharacterHeld(rule=honest.rule, colour=honest.colour,
                                         since="travel_agent"), *log[at + 1:]]
    with pytest.raises(ContentError) as err:
        replay(spec, forged)
    assert f"log[{at}] (character_held)" in err.value.problems[0]
    # a hold nobody paid for, by a colour without the Genius's sheet, where Red's Genius
    # declined a call
    window = next(i for i, e in enumerate(log) if e.type == "ability_window_closed"
                  and e.ability == GENIUS and not e.used)
    then = checked_replay(spec, log[:window + 1])
    other = next(c for c in then.queue if c != "red" and then.seats[c].chosen is not None)
    fake = [*log[:window + 1], E.CharacterHeld(rule=honest.rule, colour=other),
            *log[window + 1:]]
    with pytest.raises(ContentError) as err:
        replay(spec, fake)
    assert f"log[{window + 1}] (character_held)" in err.value.problems[0]
    # the fold check (each event applied, then the state checked) refuses it too
    with pytest.raises(ContentError) as err:
        checked_replay(spec, fake[:window + 2])
    assert any(f"log[{window + 1}] (character_held)" in x and "only the Guileful Genius" in x
               for x in err.value.problems), err.value.problems
    # and a hold of a card that is not waiting cannot happen at all
    gone = next(c for c in then.order if c not in then.queue)
    with pytest.raises(ContentError) as err:
        checked_replay(spec, [*log[:window + 1], E.CharacterHeld(rule=honest.rule, colour=gone)])
    assert "cannot happen in this position" in err.value.problems[0]
