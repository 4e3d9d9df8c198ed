"""Every event and every error the engine produces reads as a cited sentence."""

from __future__ import annotations

import dataclasses
import random

import pytest
from testkit.engine_codes import engine_codes

from mrp_tutor.games.mission_red_planet.engine import (
    EVENT_TYPES,
    INTENT_TYPES,
    Game,
    IllegalIntent,
    MalformedIntent,
    MrpError,
    intent_from_dict,
    state_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine.game import check_intent
from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS
from mrp_tutor.games.mission_red_planet.explain import (
    EVENT_TEMPLATES,
    explain_error,
    explain_event,
    search_rules,
)


def test_every_event_type_has_a_template():
    # every event type, the referee's position_edited too, is registered by the engine itself
    assert "position_edited" in EVENT_TYPES
    assert set(EVENT_TYPES) <= set(EVENT_TEMPLATES)


def test_every_error_code_cites_an_existing_rule(spec):
    # a ruleset module's refusals cite its own rules file
    known = set(spec.rules)
    for rules in RULESETS.values():
        known |= set(rules.spec(use_env_overrides=False).rules)
    codes = engine_codes()
    assert len(codes) > 30
    for code, rules in codes.items():
        for rule in rules:
            assert rule is None or rule == "?" or rule in known, (code, rule)


@pytest.mark.parametrize("seed", range(3))
def test_every_event_of_a_game_reads_as_a_cited_sentence(spec, seed):
    g = Game.new(spec, ["red", "blue", "green", "yellow"], seed=seed)
    rng = random.Random(seed)
    while not g.over:
        g.play(rng.choice(g.legal_intents()), trusted=True)
    for ev in g.log:
        ex = explain_event(spec, ev)
        assert ex.text and not ex.text[0].islower() and ex.text.rstrip().endswith((".", ")"))
        assert ex.citation is not None and ex.citation.section != "(unknown rule)"


ABILITY_INTENTS = ("use_ability", "pay_token", "decline_ability")


def _random_intent(spec, s, rng):
    # the standard game's intents (ability intents: tests/engine/unique_abilities)
    cls = rng.choice([c for c in INTENT_TYPES.values() if c.type not in ABILITY_INTENTS])
    values = {}
    for f in dataclasses.fields(cls):
        if f.name == "colour":
            values[f.name] = rng.choice([*s.order, *s.order, "mauve"])
        elif f.name in ("ship", "place"):
            values[f.name] = rng.choice([*spec.ships, *spec.zones])
        elif f.name in ("zone", "from_zone", "to_zone", "token"):
            values[f.name] = rng.choice([*spec.zones, None] if f.name == "token" else spec.zones)
        elif f.name in ("victim",):
            values[f.name] = rng.choice(s.order)
        elif f.name == "character":
            values[f.name] = rng.choice([*spec.characters, "jester"])
        elif f.name == "card":
            values[f.name] = rng.choice([*spec.missions, "x"])
        elif f.name == "count":
            values[f.name] = rng.choice([1, 2, 3])
        elif f.name == "ability":  # ability sheets (unique_abilities), refused elsewhere
            values[f.name] = rng.choice(["stealthy_spy", "major_mayhem", "x"])
        elif f.name == "target":
            values[f.name] = rng.choice([None, *spec.zones, *spec.characters])
        elif f.name == "resource":
            values[f.name] = rng.choice(["ice", "sylvanite", "celerium"])
    return cls(**values)


def test_every_illegal_intent_explains_itself_with_a_citation(spec):
    seen: set[str] = set()
    for seed in range(12):
        g = Game.new(spec, ["red", "blue", "green", "yellow"][: 3 + seed % 2], seed=seed)
        rng = random.Random(seed)
        while not g.over:
            for _ in range(6):
                it = _random_intent(spec, g.state, rng)
                err = check_intent(spec, g.state, it)
                if err is None:
                    continue
                assert isinstance(err, MrpError)
                seen.add(err.code)
                ex = explain_error(spec, err)
                assert ex.text and "Traceback" not in ex.text and ex.text.endswith(".")
                if isinstance(err, IllegalIntent):
                    assert ex.citation is not None and ex.citation.section != "(unknown rule)"
                before = state_to_dict(g.state) if rng.random() < 0.1 else None
                with pytest.raises(MrpError):
                    g.play(it)
                if before is not None:  # an illegal intent changes nothing
                    assert state_to_dict(g.state) == before
            g.play(rng.choice(g.legal_intents()), trusted=True)
    assert len(seen) >= 15, seen
    assert seen <= set(engine_codes())


def test_malformed_intents_are_typed_errors():
    for bad in ({"type": "fly"}, {"type": "board", "colour": "red"}, [],
                {"type": "board", "colour": "red", "ship": "s01", "wings": 2}):
        with pytest.raises(MalformedIntent) as err:
            intent_from_dict(bad)
        assert err.value.code == "intent_malformed"


def test_search_rules_finds_rulings(spec):
    assert search_rules(spec, "travel agent")[0].rule == "characters.travel_agent"
    assert search_rules(spec, "ice monopoly")[0].rule.startswith("ice_monopoly")
    assert search_rules(spec, "zzzz qqqq") == []


def test_a_skipped_travel_agent_is_all_or_nothing_not_as_fully_as_possible(spec):
    from mrp_tutor.games.mission_red_planet.engine import events as E
    from mrp_tutor.games.mission_red_planet.explain import explain_event

    ev = E.StepSkipped(rule="characters.travel_agent", colour="blue", character="travel_agent",
                       step=0, effect="board", reason="no_docked_ship_with_room", left=3)
    text = explain_event(spec, ev).text
    assert "as fully as possible" not in text and "fully or not at all" in text
    assert "room for 3 more" in text


def test_wording_of_kills_and_returned_tokens(spec):
    from mrp_tutor.games.mission_red_planet.engine import events as E
    from mrp_tutor.games.mission_red_planet.engine.events import DestinationTokensReturned
    from mrp_tutor.games.mission_red_planet.explain import explain_event

    empty = E.ShipDestroyed(rule="characters.saboteur", ship="s01", killed=(), tokens=(),
                            colour="red")
    text = explain_event(spec, empty).text
    assert "nobody killed" not in text and "nobody is killed" in text
    one = E.ShipDestroyed(rule="characters.saboteur", ship="s01", killed=(("blue", 1),),
                          tokens=(), colour="red")
    assert "1 blue is killed" in explain_event(spec, one).text
    landed = E.ShipLanded(rule="round.land.token", ship="s01", zone="hellas",
                          crew=(("red", 2),), tokens=("ausonia", "hellas"))
    text = explain_event(spec, landed).text
    assert "2 destination tokens return" in text and "its destination token returns" not in text
    back = DestinationTokensReturned(rule="characters.saboteur.tokens", ship="s01",
                                     tokens=("hellas", "ausonia"))
    assert explain_event(spec, back).text == ("The Hellas and Ausonia destination tokens of "
                                              "the destroyed ship 1 return to the supply.")


def test_a_docked_ship_keeps_its_zone_name_capitalised(spec):
    from mrp_tutor.games.mission_red_planet.engine import events as E

    text = explain_event(spec, E.ShipDocked(rule="round.refill", ship="s16", dock=0)).text
    assert text == "Ship 16 (Mare Tyrrhenum, capacity 2) docks at dock 1."


@pytest.mark.parametrize("stage, words", [
    ("resolve", "Next: the chosen characters are revealed and resolved as they are called "
                "(countdown from 9 to 1)."),
    ("choose", "Next: every player chooses a character card in secret."),
    ("missions", "Next: each player keeps one starting mission."),
    ("final_scoring", "Next: final scoring."),
])
def test_a_new_stage_is_said_in_words_not_shorthand(spec, stage, words):
    """Issue 36: "Next: resolve." read like shorthand."""
    from mrp_tutor.games.mission_red_planet.engine import events as E

    ev = E.StageChanged(rule="round.countdown", stage=stage)
    assert explain_event(spec, ev).text == words


def test_the_first_edition_calls_its_characters_from_1_to_9():
    from mrp_tutor.games.mission_red_planet.engine import events as E
    from mrp_tutor.games.mission_red_planet.engine import load_spec

    fe = load_spec(RULESETS["first_edition"].data, use_env_overrides=False)
    text = explain_event(fe, E.StageChanged(rule="round.countdown", stage="resolve")).text
    assert "(called from 1 to 9)" in text
    assert "bonus card" in explain_event(
        fe, E.StageChanged(rule="setup.missions", stage="missions")).text
