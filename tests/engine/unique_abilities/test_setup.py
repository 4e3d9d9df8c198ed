"""Seed 003 §2-3 "Components" / "Setup" with abilities: the sheets, one each, crew-only hands."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec, IllegalIntent, MalformedIntent
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
from mrp_tutor.games.mission_red_planet.engine.rulesets.unique_abilities import UniqueAbilities

from .conftest import COLOURS, SEED_SHEETS


def test_the_seven_sheets_are_the_seeds_crews_and_costs(ua: UniqueAbilities,
                                                        ua_spec: GameSpec) -> None:
    sheets = ua.sheets()
    number = {ch.id: ch.number for ch in ua_spec.characters.values()}
    assert {s.id: (tuple(sorted(number[c] for c in s.crew)), s.cost)
            for s in sheets.values()} == SEED_SHEETS
    for s in sheets.values():  # each sheet cites its seed 003 rule, paraphrased, unverified
        assert s.rule in ua_spec.rules and "seed 003" in s.source and not s.verified
        assert ua_spec.rules[s.rule].section.startswith("5. Core Mechanics")
    assert sheets["stealthy_spy"].second_cost == 1


def test_eight_sheets_counted_seven_described_is_a_tutor_reading(ua_spec: GameSpec) -> None:
    reading = ua_spec.rules["fe.tutor.sheet_count"]
    assert reading.section == "Tutor readings" and "seven" in reading.summary
    for rule in ua_spec.rules.values():  # every tutor reading of this ruleset argues its case
        if rule.id.startswith("ua."):
            assert rule.section == "Tutor readings" and "seed 003" in rule.source


def test_each_player_gets_a_different_sheet_drawn_seeded_and_recorded(
        ua_spec: GameSpec) -> None:
    seen = set()
    for seed in range(12):
        g = Game.new(ua_spec, COLOURS[: 3 + seed % 3], seed, ruleset="unique_abilities")
        dealt = [ev for ev in g.log if ev.type == "sheets_dealt"]
        assert len(dealt) == 1 and dealt[0].rule == "ua.tutor.sheets_dealt"  # drawn: the reading
        sheets = [x for _, x in dealt[0].sheets]
        assert len(set(sheets)) == len(sheets) == len(g.state.order)
        assert dealt[0].drawn == tuple(g.state.order)
        again = Game.new(ua_spec, COLOURS[: 3 + seed % 3], seed, ruleset="unique_abilities")
        assert [ev for ev in again.log if ev.type == "sheets_dealt"] == dealt
        seen.add(tuple(sheets))
    assert len(seen) > 6  # the draw depends on the seed


def test_fixed_sheets_are_kept_and_the_others_drawn_from_the_rest(ua_spec: GameSpec) -> None:
    g = Game.new(ua_spec, ["red", "blue", "green"], 4, ruleset="unique_abilities",
                 choices={"blue": "major_mayhem"})
    ev = next(e for e in g.log if e.type == "sheets_dealt")
    assert dict(ev.sheets)["blue"] == "major_mayhem" and ev.drawn == ("red", "green")
    assert "major_mayhem" not in (dict(ev.sheets)["red"], dict(ev.sheets)["green"])
    fixed = {"red": "stealthy_spy", "blue": "guileful_genius", "green": "devious_despot"}
    g2 = Game.new(ua_spec, ["red", "blue", "green"], 4, ruleset="unique_abilities",
                  choices=fixed)
    assert {c: g2.state.seats[c].sheet for c in fixed} == fixed
    assert next(e for e in g2.log if e.type == "sheets_dealt").drawn == ()


@pytest.mark.parametrize(("choices", "code"), [
    ({"red": "sneaky_snake"}, "unknown_sheet"),
    ({"red": "stealthy_spy", "blue": "stealthy_spy"}, "sheet_taken"),
    ({"mauve": "stealthy_spy"}, "unknown_colour"),
])
def test_a_wrong_sheet_choice_is_refused(ua_spec: GameSpec, choices: dict[str, str],
                                         code: str) -> None:
    with pytest.raises(MalformedIntent) as err:
        Game.new(ua_spec, ["red", "blue", "green"], 1, ruleset="unique_abilities",
                 choices=choices)
    assert err.value.code == code


def test_the_first_edition_takes_no_sheets() -> None:
    fe = find_ruleset("first_edition")
    with pytest.raises(MalformedIntent) as err:
        Game.new(fe.spec(use_env_overrides=False), ["red", "blue", "green"], 1,
                 ruleset="first_edition", choices={"red": "stealthy_spy"})
    assert err.value.code == "setup_choice_not_taken"


def test_hands_hold_only_the_crew_and_other_characters_are_refused(
        ua: UniqueAbilities, ua_spec: GameSpec) -> None:
    g = Game.new(ua_spec, ["red", "blue", "green"], 2, ruleset="unique_abilities",
                 choices={"red": "versatile_villain"})
    while g.decision() is not None and g.decision().kind != "choose_character":
        g.play(g.legal_intents()[0], trusted=True)
    crew = ua.sheets()["versatile_villain"].crew
    assert sorted(g.state.seats["red"].hand) == sorted(crew)
    chosen = {x.character for x in g.legal_intents("red") if isinstance(x, I.ChooseCharacter)}
    assert chosen == set(crew)
    with pytest.raises(IllegalIntent) as err:
        g.play(I.ChooseCharacter("red", "travel_agent"))
    assert err.value.code == "character_not_in_crew" and err.value.rule == "fe.characters.crew_only"


def test_the_recruiter_takes_back_only_crew_characters(ua: UniqueAbilities,
                                                       ua_spec: GameSpec) -> None:
    recalls = 0
    for seed in range(6):
        g = bot_game(ua_spec, ["red", "blue", "green", "yellow"], seed,
                     ruleset="unique_abilities")
        for ev in g.log:
            if ev.type == "cards_recalled":
                recalls += 1
                crew = set(ua.sheets()[g.state.seats[ev.colour].sheet or ""].crew)
                assert set(ev.cards) <= crew and "recruiter" in ev.cards
        for seat in g.state.seats.values():
            crew = set(ua.sheets()[seat.sheet or ""].crew)
            assert set(seat.hand) | set(seat.played) == crew
    assert recalls > 10


def test_everyone_starts_with_two_ice_tokens_to_pay_with(ua_spec: GameSpec) -> None:
    g = Game.new(ua_spec, ["red", "blue", "green"], 5, ruleset="unique_abilities")
    assert all(seat.tokens == {"ice": 2, "sylvanite": 0, "celerium": 0}
               for seat in g.state.seats.values())
