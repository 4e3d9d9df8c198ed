"""A toy ruleset plugs in through the hooks: one data folder plus one module, no engine edit.

``tests/testkit/toy_ruleset``: countdown ascending (1 -> 9) and tied majorities take nothing
(tokens stay in the zone), each citing its own rule from its own data folder.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from pathlib import Path

import pytest
import testkit

from mrp_tutor.games.mission_red_planet.engine import Game
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.rulesets import (
    RULESETS,
    Rules,
    find_ruleset,
    register,
)
from mrp_tutor.games.mission_red_planet.explain import explain_event

HERE = Path(testkit.__file__).resolve().parent / "toy_ruleset"
ENGINE = (Path(__file__).resolve().parents[2] / "mrp_tutor" / "games" / "mission_red_planet"
          / "engine")
COLOURS = ["red", "blue", "green", "yellow"]


@pytest.fixture(scope="module")
def toy() -> Iterator[Rules]:
    # imported here, not at collection: registering it then would show it to every test
    toy_module = importlib.import_module("testkit.toy_ruleset.toy")
    register(toy_module.Toy)  # again if an earlier test module imported it and popped it
    yield find_ruleset("toy")
    RULESETS.pop("toy", None)


@pytest.fixture(scope="module")
def games(toy: Rules) -> list[Game]:
    spec = toy.spec(use_env_overrides=False)
    return [bot_game(spec, COLOURS, seed, ruleset="toy") for seed in range(6)]


def test_the_toy_is_one_data_folder_and_one_small_module(toy: Rules) -> None:
    assert sorted(p.name for p in HERE.iterdir() if not p.name.startswith("__")) == [
        "data", "toy.py"]
    assert len((HERE / "toy.py").read_text().splitlines()) < 100
    for py in (ENGINE / "phases").glob("*.py"):  # the engine knows nothing of it
        assert "toy" not in py.read_text()
    spec = toy.spec(use_env_overrides=False)
    assert spec.ruleset == "toy" and len(spec.characters) == 9  # base data, plus its rules
    assert {"toy.countdown_ascending", "toy.ties_stay", "round.countdown"} <= set(spec.rules)


def test_characters_resolve_from_one_up_ties_clockwise(games: list[Game]) -> None:
    for g in games:
        assert g.over and g.state.ruleset == "toy"
        rounds = 0
        for ev in g.log:
            if ev.type == "resolution_order_set":
                rounds += 1
                assert ev.rule == "toy.countdown_ascending"
                numbers: list[int] = []
            elif ev.type == "resolution_started":
                numbers.append(g.spec.characters[ev.character].number)
                assert numbers == sorted(numbers)
        assert rounds >= 5


def test_tied_majorities_take_nothing_tokens_stay(games: list[Game]) -> None:
    stayed = 0
    for g in games:
        assert not [e for e in g.log if e.type == "tokens_awarded" and e.rule == "production.tie"]
        stayed += sum(1 for e in g.log if e.type == "tokens_stayed" and e.rule == "toy.ties_stay")
    assert stayed > 0  # ties happened, and their tokens stayed


def test_toy_events_read_as_cited_sentences(games: list[Game]) -> None:
    g = games[0]
    for ev in g.log:
        if ev.rule.startswith("toy."):
            ex = explain_event(g.spec, ev)
            assert ex.citation is not None and ex.citation.section.startswith("Toy ruleset")
