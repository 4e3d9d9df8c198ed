"""Issue 24, item 9: each ruleset speaks its own game's words (each test failed before).

Seed 003 says shuttle, launch place (of the launch pad), region, turn and scoring turn where
the 2nd edition says ship, dock, zone, round and production phase; its unkept bonus cards
leave the game, four resource tokens are left over, and the Travel Agent loses the turn.  The
words come from the ruleset's vocabulary (Rules.vocabulary, Rules.speak), never from a test
of the ruleset's name in the messages."""

from __future__ import annotations

import re

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
from mrp_tutor.games.mission_red_planet.explain import explain_event
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
from mrp_tutor.resources import scenarios_dir

SECOND_EDITION = re.compile(r"\b(ships?|Ships?|docks?|docked|launchpad|production phases?|"
                            r"round tracker|rounds?|zones?|as fully as possible|"
                            r"puts the rest back)\b")


@pytest.mark.parametrize("ruleset", ["first_edition", "unique_abilities"])
def test_a_whole_game_is_told_in_the_first_editions_words(ruleset: str) -> None:
    spec = find_ruleset(ruleset).spec(use_env_overrides=False)
    labels: list[str] = []

    def options(g: Game) -> None:
        labels.extend(describe_intent(spec, x) for x in g.legal_intents()[:4])

    g = bot_game(spec, ["red", "blue", "green", "yellow"], 2, ruleset=ruleset, on_step=options)
    said = [explain_event(spec, ev).text for ev in g.log]
    wrong = [x for x in [*said, *labels] if SECOND_EDITION.search(x)]
    assert not wrong, wrong[:5]
    text = " ".join(said)
    for word in ("shuttle", "launch place", "region", "turn marker moves to turn"):
        assert word in text, word


def test_the_standard_game_keeps_its_own_words() -> None:
    spec = load_spec(use_env_overrides=False)
    docked = explain_event(spec, E.ShipDocked("round.refill", "s07", 0)).text
    assert "docks at dock 1" in docked
    assert describe_intent(spec, I.Board("red", "s15", 1)).startswith("Board ship 15")


def test_first_edition_words_for_a_dock_a_board_and_a_scoring_turn() -> None:
    spec = find_ruleset("first_edition").spec(use_env_overrides=False)
    assert "takes launch place 1" in explain_event(
        spec, E.ShipDocked("fe.phase1.draw", "f07", 0)).text
    # the card shows 7, not the id f07 (issue 26)
    assert describe_intent(spec, I.Board("red", "f07", 1)).startswith("Board shuttle 7 ")
    advanced = explain_event(spec, E.TrackAdvanced("fe.phase5.advance", 5, "production", 1))
    assert "scoring turn 1" in advanced.text


def test_setup_words_bonus_cards_leave_the_game_and_four_tokens_are_set_aside() -> None:
    spec = find_ruleset("first_edition").spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green"], 4, ruleset="first_edition")
    placed = next(e for e in g.log if e.type == "resources_placed")
    assert "the other 4 are set aside" in explain_event(spec, placed).text
    c = g.state.order[0]
    g.play(I.KeepMission(c, g.state.seats[c].dealt[0]))
    kept = explain_event(spec, g.log[-1] if g.log[-1].type == "mission_kept" else next(
        e for e in g.log if e.type == "mission_kept")).text
    assert "leave the game" in kept and "back" not in kept
    start = next(e for e in g.log if e.type == "tokens_gained")
    assert explain_event(spec, start).text.endswith("gains 2 ice tokens to start with.")
    standard = load_spec(use_env_overrides=False)
    s0 = Game.new(standard, ["red", "blue", "green"], 4)
    placed = next(e for e in s0.log if e.type == "resources_placed")
    assert "the last one is set aside" in explain_event(standard, placed).text


def test_the_first_edition_travel_agent_loses_the_turn() -> None:
    sc = load_scenario(scenarios_dir() / "first_edition-travel-agent-three-or-nothing.yaml")
    g = sc.build(advance_now=True)
    skipped = next(e for e in g.log if e.type == "step_skipped")
    text = explain_event(g.spec, skipped).text
    assert "fully or not at all" in text and "as fully as possible" not in text


def test_sheets_drawn_at_random_cite_the_reading_that_deals_them() -> None:
    ua = find_ruleset("unique_abilities")
    spec = ua.spec(use_env_overrides=False)
    drawn = Game.new(spec, ["red", "blue", "green"], 1, ruleset="unique_abilities")
    assert next(e for e in drawn.log if e.type == "sheets_dealt").rule == "ua.tutor.sheets_dealt"
    fixed = Game.new(spec, ["red", "blue", "green"], 1, ruleset="unique_abilities",
                     choices={"red": "major_mayhem", "blue": "stealthy_spy",
                              "green": "devious_despot"})
    assert next(e for e in fixed.log if e.type == "sheets_dealt").rule == "fe.setup.sheets"


#: a swap that left an adjective's article without its noun ("a on the launch pad shuttle")
_BROKEN = re.compile(r"\bon the launch pad (shuttles?|ships?)\b")


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("ruleset", ["first_edition", "unique_abilities"])
def test_every_shipped_sentence_swapped_into_first_edition_words_stays_grammatical(
        ruleset: str) -> None:
    """Every text of every shipped scenario and every sentence template, spoken in the first
    edition's words, keeps each adjective with its noun (a lesson once read "Red may board a
    on the launch pad shuttle")."""
    import yaml

    rules = find_ruleset(ruleset)
    texts = [t for p in sorted(scenarios_dir().glob("*.yaml"))
             for t in _strings(yaml.safe_load(p.read_text(encoding="utf-8")))]
    texts += list(rules.words.values())
    assert len(texts) > 500
    broken = sorted({rules.speak(t) for t in texts if _BROKEN.search(rules.speak(t))})
    assert broken == []
