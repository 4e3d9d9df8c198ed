"""``state_from_dict`` and ``replay`` check the game's rules, not just the shape
(``mrp_tutor/games/mission_red_planet/engine/checks.py``): every reachable position passes, and
each way of breaking
a rule is refused with a sentence naming the field and the rule."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    Game,
    load_spec,
    replay,
    state_from_dict,
    state_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine.checks import log_from_data, state_problems
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.events import event_to_dict

SPEC = load_spec(use_env_overrides=False)


def _play(seed: int, colours: list[str], until: Callable[[Game], bool],
          variant: str = "standard") -> Game:
    g = Game.new(SPEC, colours, seed, ruleset=variant)
    rng = random.Random(seed)
    while not until(g):
        g.play(rng.choice(g.legal_intents()))
    return g


CHOOSE = state_to_dict(_play(5, ["red", "blue", "green"],
                             lambda g: g.state.stage == "choose" and g.state.round == 3).state)
RESOLVE = state_to_dict(_play(6, ["red", "blue", "green"],
                              lambda g: g.state.stage == "resolve" and g.state.round == 2).state)
TWO = state_to_dict(_play(7, list(SPEC.colours[:4]), lambda g: g.state.round == 2,
                          "two_player").state)


def test_every_decision_point_of_seeded_games_keeps_every_rule() -> None:
    checked = 0
    for seed, n, variant in ((11, 3, "standard"), (12, 6, "standard"), (13, 4, "two_player")):
        g = Game.new(SPEC, list(SPEC.colours[:n]), seed, ruleset=variant)
        rng = random.Random(seed)
        while not g.over:
            assert state_problems(SPEC, g.state) == [], (seed, len(g.log))
            checked += 1
            g.play(rng.choice(g.legal_intents()))
        assert state_problems(SPEC, g.state) == []
        log = log_from_data([event_to_dict(e) for e in g.log], "log.json")
        assert state_to_dict(replay(SPEC, log)) == state_to_dict(g.state)
    assert checked > 400


def _zone_with(data: dict[str, Any]) -> str:
    return next(z for z, counts in data["zones"].items() if counts)


def _queue_without_card(d: dict[str, Any]) -> None:
    c = next(c for c in d["order"] if c != d["cur"])
    d["seats"][c].update(chosen=None, played=[], hand=list(SPEC.countdown))
    d["queue"] = [c]


def _edit(base: dict[str, Any], fn: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    data = copy.deepcopy(base)
    fn(data)
    return data


BREAKS: list[tuple[str, dict[str, Any], Callable[[dict[str, Any]], Any], str]] = [
    ("astronauts out of nowhere", CHOOSE,
     lambda d: d["zones"]["hellas"].update(red=d["zones"]["hellas"].get("red", 0) + 5), "red:"),
    ("negative supply", CHOOSE, lambda d: d["seats"]["red"].update(supply=-1),
     "seats.red.supply:"),
    ("face-down zone with astronauts", CHOOSE,
     lambda d: d["face_up"].update({_zone_with(d): False}), "face_up."),
    ("a colour decides for another", CHOOSE,
     lambda d: d["seats"]["blue"].update(controller="red"), "seats.blue.controller:"),
    ("discoveries revealed in round 3", CHOOSE, lambda d: d.update(discoveries_revealed=True),
     "discoveries_revealed:"),
    ("stage off the tracker", CHOOSE, lambda d: d.update(stage="production"), "stage:"),
    ("round off the tracker", CHOOSE, lambda d: d.update(round=7), "round:"),
    ("a dock too many", CHOOSE, lambda d: d["docks"].append(None), "docks:"),
    ("a character in two places", CHOOSE,
     lambda d: d["seats"]["red"]["hand"].append(d["seats"]["red"]["hand"][0]), "seats.red:"),
    ("five dealt missions", CHOOSE,
     lambda d: d["seats"]["red"].update(dealt=list(SPEC.missions)[:5]), "seats.red.dealt:"),
    ("seven characters played in round 3", CHOOSE,
     lambda d: d["seats"]["red"].update(played=list(SPEC.countdown)[:7],
                                        hand=list(SPEC.countdown)[7:]), "seats.red.played:"),
    ("an unknown peeked card", CHOOSE,
     lambda d: d["seats"]["red"]["peeked"].update(hellas="atlantis"), "seats.red.peeked.hellas:"),
    ("an event card in two places", CHOOSE,
     lambda d: d["event_deck"].append(d["event_deck"][0]), "event_deck:"),
    ("an unknown ship", CHOOSE, lambda d: d["ship_deck"].append("s99"), "ship_deck["),
    ("a work item of junk", CHOOSE, lambda d: d.update(work=[["dance", "red"]]), "work[0]:"),
    ("an unknown colour on a ship", CHOOSE,
     lambda d: next(iter(d["ships"].values()))["crew"].update(pink=1), "ships."),
    ("a step the character lacks", RESOLVE, lambda d: d.update(step=9), "step:"),
    ("a negative step", RESOLVE, lambda d: d.update(step=-4), "step:"),
    ("a colour twice in the queue", RESOLVE, lambda d: d.update(queue=["red", "red"]), "queue:"),
    ("resolving a card not revealed", RESOLVE,
     lambda d: d.update(char=d["seats"][d["cur"]]["hand"][0]), "char:"),
    ("a queued colour with no card", RESOLVE, lambda d: _queue_without_card(d), "queue[0]:"),
    ("a neutral colour with a hand", TWO,
     lambda d: d["seats"][d["order"][2]].update(hand=["pilot"]), f"seats.{TWO['order'][2]}"),
]


@pytest.mark.parametrize(("what", "base", "fn", "field"), BREAKS, ids=[b[0] for b in BREAKS])
def test_a_rule_breaking_state_is_refused_naming_the_field(
        what: str, base: dict[str, Any], fn: Callable[[dict[str, Any]], Any], field: str) -> None:
    assert state_problems(SPEC, state_from_dict(base, spec=SPEC)) == []
    data = _edit(base, fn)
    before = copy.deepcopy(data)
    with pytest.raises(ContentError) as info:
        state_from_dict(data, source="table.json", spec=SPEC)
    assert info.value.source == "table.json"
    assert any(p.startswith(field) and "(rule " in p for p in info.value.problems), \
        (what, info.value.problems)
    assert data == before  # nothing half-applied to the caller's data


def test_a_mutated_log_is_refused_at_the_event_that_breaks_a_rule() -> None:
    g = _play(8, ["red", "blue", "green"], lambda g: g.state.round == 2)
    data = [event_to_dict(e) for e in g.log]
    i = next(k for k, e in enumerate(data) if e["type"] == "astronauts_boarded")
    data[i]["count"] = 30
    with pytest.raises(ContentError) as info:
        replay(SPEC, log_from_data(data, "game.json"), source="game.json")
    assert info.value.source == "game.json"
    said = info.value.problems[0]
    assert said.startswith(f"log[{i}] (astronauts_boarded): no choice the rules allow here "
                           "produces it (one they allow: astronauts_boarded with count "), said
    assert said.endswith("not 30); the game waits for green to decide (board) (rule "
                         "characters.placement)"), said
    data[i] = {"type": "astronauts_boarded", "colour": ["red"]}
    with pytest.raises(ContentError) as info:
        log_from_data(data, "game.json")
    assert info.value.problems[0].startswith(f"log[{i}] (astronauts_boarded).")


def test_a_state_naming_a_ruleset_outside_the_data_folder_is_refused() -> None:
    data = _edit(CHOOSE, lambda d: d.update(ruleset="../../etc"))
    with pytest.raises(ContentError) as info:
        state_from_dict(data, source="table.json")
    assert info.value.source == "table.json"
    assert info.value.problems[0].startswith("ruleset: unknown ruleset '../../etc'")
