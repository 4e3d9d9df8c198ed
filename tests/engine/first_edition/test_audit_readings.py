"""Issue 24, items 4-8: readings of seed 003 an outside audit found unlabelled or pulling
against each other.  Each is decided once, labelled as a tutor reading (with its argument) in
the first-edition rules file, and cited where it decides (each test failed before)."""

from __future__ import annotations

from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict

READINGS = ("fe.tutor.landing_together", "fe.tutor.vamp_presence", "fe.tutor.monument_own",
            "fe.tutor.radioactive_rock", "fe.tutor.action_parts")


def build(ruleset: str, position: dict[str, Any]) -> Game:
    doc = {"id": "t", "title": "t", "lesson": "t", "ruleset": ruleset,
           "players": ["red", "blue", "green"], "position": position}
    return scenario_from_dict(doc).build(advance_now=True)


@pytest.mark.parametrize("ruleset", ["first_edition", "unique_abilities"])
@pytest.mark.parametrize("rule", READINGS)
def test_each_reading_is_labelled_with_its_argument_from_seed_003(ruleset: str,
                                                                  rule: str) -> None:
    book = find_ruleset(ruleset).spec(use_env_overrides=False).rules
    entry = book.get(rule)
    assert entry is not None, rule
    assert entry.section == "Tutor readings" and "tutor reading" in entry.source
    assert "seed 003 §" in entry.source
    assert "Argument" in entry.summary or "principle" in entry.summary


# ------------------------------------------------------------ 4. shuttles land together


def landing(order: list[str]) -> Game:
    """Green's Travel Agent finds no shuttle for three: the turn ends; f09 (Major Mayhem's
    astronaut) and f10 (Blue's) both land in Outer region 1, launched in ``order``."""
    launched = {"f09": {"red": 1}, "f10": {"blue": 1}}
    return build("unique_abilities", {
        "stage": "resolve", "round": 2, "first": "red",
        "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1}, {"id": "f11", "dock": 2},
                  *({"id": sid, "launched": True, "crew": launched[sid]} for sid in order)],
        "resolving": {"colour": "green", "character": "travel_agent", "step": 0},
        "zones": {"outer_1": {"resource": "ice"}},
        "seats": {"red": {"sheet": "major_mayhem", "tokens": {"ice": 2}},
                  "blue": {"sheet": "stealthy_spy", "played": ["recruiter"]},
                  "green": {"sheet": "devious_despot", "played": ["explorer"]}}})


@pytest.mark.parametrize("order", [["f09", "f10"], ["f10", "f09"]])
def test_launch_order_does_not_decide_what_major_mayhem_reaches(order: list[str]) -> None:
    """Seed 003 §4 phase 4: all shuttles that launched this turn land; abilities trigger in
    the phase (fe.tutor.landing_together): Blue's astronaut is in the landing zone either way."""
    g = landing(order)
    landed = [e.ship for e in g.log if e.type == "ship_landed"]
    opened = [e for e in g.log if e.type == "ability_window_opened"]
    assert landed == order and len(opened) == 1  # both down before the window opens
    assert I.UseAbility("red", "major_mayhem", "blue") in g.legal_intents("red")


def test_a_later_landing_window_nobody_can_pay_for_is_passed_over() -> None:
    g = build("unique_abilities", {
        "stage": "resolve", "round": 2, "first": "red",
        "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1}, {"id": "f11", "dock": 2},
                  {"id": "f09", "launched": True, "crew": {"red": 1}},
                  {"id": "f13", "launched": True, "crew": {"red": 1}}],
        "resolving": {"colour": "green", "character": "travel_agent", "step": 0},
        "zones": {"outer_1": {"astronauts": {"blue": 1}, "resource": "ice"},
                  "outer_2": {"astronauts": {"blue": 1}, "resource": "ice"}},
        "seats": {"red": {"sheet": "major_mayhem", "tokens": {"ice": 2}},
                  "blue": {"sheet": "stealthy_spy", "played": ["recruiter"]},
                  "green": {"sheet": "devious_despot", "played": ["explorer"]}}})
    assert [w.zone for w in g.state.windows] == ["outer_1", "outer_2"]
    g.play(I.UseAbility("red", "major_mayhem", "blue"))
    assert not g.state.windows  # no token left for outer_2: passed over, the turn ends
    closed = [e for e in g.log if e.type == "ability_window_closed"]
    assert closed[-1].rule == "fe.tutor.landing_together" and not closed[-1].used
    assert g.state.round == 3


# ------------------------------------------------------------ 5. the Vamp's presence


def test_vamp_presence_may_come_from_the_astronaut_just_placed() -> None:
    g = build("first_edition", {
        "stage": "resolve", "round": 2, "first": "red",
        "ships": [{"id": "f08", "dock": 0, "crew": {"blue": 1}}, {"id": "f09", "dock": 1},
                  {"id": "f11", "dock": 2}],
        "resolving": {"colour": "red", "character": "femme_fatale", "step": 0},
        "seats": {"blue": {"played": ["recruiter"]}, "green": {"played": ["recruiter"]}}})
    g.play(I.Board("red", "f08"))
    assert g.legal_intents("red") == [I.Replace("red", "f08", "blue")]
    rule = g.spec.rules["fe.tutor.vamp_presence"]
    assert "already" in rule.summary and "just put" in rule.summary


# ------------------------------------------------------------ 6, 7. Monument, Radioactive Rock


def final(seats: dict[str, Any], zones: dict[str, Any], memorial: dict[str, int]) -> Game:
    return build("first_edition", {"stage": "production", "production": 3, "first": "red",
                                   "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1},
                                             {"id": "f09", "dock": 2}],
                                   "zones": zones, "seats": seats, "memorial": memorial})


def run_out(g: Game) -> Game:
    while not g.over:
        g.advance()
    return g


def test_monument_to_the_dead_counts_the_holders_own_lost_astronauts() -> None:
    g = run_out(final({"red": {"missions": ["monument_to_the_dead"]}}, {},
                      {"red": 2, "blue": 5}))
    ev = next(e for e in g.log if e.type == "mission_scored" and e.colour == "red")
    assert (ev.points, ev.rule) == (2, "fe.tutor.monument_own")


def test_radioactive_rock_sends_the_removed_astronauts_to_the_supply() -> None:
    g = run_out(final({}, {"outer_1": {"astronauts": {"red": 3, "blue": 1},
                                       "resource": "celerium", "discovery": "radioactive_rock"}},
                      {}))
    removed = [e for e in g.log if e.type == "astronaut_removed"]
    assert {(e.rule, e.to) for e in removed} == {("fe.tutor.radioactive_rock", "supply")}
    assert g.state.memorial.get("red", 0) == 0 and g.state.seats["red"].supply == 22


# ------------------------------------------------------------ 8. one principle


def test_one_principle_for_the_soldier_and_the_explorer() -> None:
    """No 'do all you can' rule in seed 003: each part is done as its own words say.  The
    Soldier's command ('destroy 1 astronaut') is done when only its own astronauts are in
    reach; the Explorer's ceiling ('up to 3') lets it stop before the first move."""
    rules = find_ruleset("first_edition").spec(use_env_overrides=False).rules
    for rule in ("fe.tutor.soldier_own", "fe.tutor.explorer_moves"):
        text = rules[rule].summary
        assert "fe.tutor.action_parts" in text and "as fully as possible" not in text
    assert "fe.tutor.as_fully_as_possible" not in rules
    soldier = build("first_edition", {
        "stage": "resolve", "round": 2, "first": "red",
        "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1}, {"id": "f09", "dock": 2}],
        "zones": {"outer_3": {"astronauts": {"red": 2}, "resource": "ice"},
                  "central_north": {"astronauts": {"blue": 1}, "resource": "ice"}},
        "resolving": {"colour": "red", "character": "soldier", "step": 1},
        "seats": {"blue": {"played": ["recruiter"]}, "green": {"played": ["recruiter"]}}})
    assert soldier.legal_intents("red") == [I.Kill("red", "outer_3", "red")]  # no Stop
    explorer = build("first_edition", {
        "stage": "resolve", "round": 2, "first": "red",
        "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1}, {"id": "f09", "dock": 2}],
        "zones": {"outer_3": {"astronauts": {"red": 2}, "resource": "ice"}},
        "resolving": {"colour": "red", "character": "explorer", "step": 1},
        "seats": {"blue": {"played": ["recruiter"]}, "green": {"played": ["recruiter"]}}})
    assert I.Stop("red") in explorer.legal_intents("red")
    # a part nothing fits is skipped under the same principle, cited as such
    empty = build("first_edition", {
        "stage": "resolve", "round": 2, "first": "red",
        "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1}, {"id": "f09", "dock": 2}],
        "zones": {"central_north": {"astronauts": {"blue": 1}, "resource": "ice"}},
        "resolving": {"colour": "red", "character": "soldier", "step": 1},
        "seats": {"blue": {"played": ["recruiter"]}, "green": {"played": ["recruiter"]}}})
    skipped = next(e for e in empty.log if e.type == "step_skipped")
    assert skipped.rule == "fe.tutor.action_parts"
