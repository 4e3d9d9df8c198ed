"""Issue 37, rule errors of the third audit against seed 003 (each test failed before its
fix): the Soldier's two astronauts in one shuttle, a first-edition skip told truly, the
Guileful Genius's latest moment and the Secret Mission not completed."""

from __future__ import annotations

from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import Game, IllegalIntent
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.explain import explain_error, explain_event
from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict


def build(ruleset: str, position: dict[str, Any], players: list[str] | None = None) -> Game:
    doc = {"id": "t", "title": "t", "lesson": "t", "ruleset": ruleset,
           "players": players or ["red", "blue", "green"], "position": position}
    return scenario_from_dict(doc).build(advance_now=True)


def soldier(ships: list[dict[str, Any]], supply: int | None = None) -> Game:
    g = build("first_edition", {
        "stage": "resolve", "round": 2, "first": "red", "ships": ships,
        "resolving": {"colour": "red", "character": "soldier", "step": 0}})
    if supply is not None:  # (the rest lost in space: only the supply is read here)
        g.state.seats["red"].supply = supply
    return g


# ------------------------------------------------------------ 1. the Soldier

def test_soldier_first_astronaut_must_go_where_both_fit() -> None:
    """Seed 003 §5: 'Place 2 astronauts in one shuttle'. f07 has room for one, f08 (empty,
    capacity 2) for both: the first astronaut may not take f07 (fe.tutor.soldier_shuttle)."""
    g = soldier([{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1}])
    ships = {x.ship for x in g.legal_intents() if isinstance(x, I.Board)}
    assert ships == {"f08"}
    with pytest.raises(IllegalIntent) as err:
        g.play(I.Board("red", "f07", 1))
    assert err.value.code == "ship_too_small_for_all"
    assert err.value.rule == "fe.tutor.soldier_shuttle"
    text = explain_error(g.spec, err.value).text
    assert "room for 1 only" in text and "shuttle 8" in text and "ship" not in text
    n = len(g.log)
    g.play(I.Board("red", "f08", 1))
    g.play(I.Board("red", "f08", 1))
    assert sum(e.count for e in g.log[n:]
               if e.type == "astronauts_boarded" and e.ship == "f08") == 2


def test_soldier_with_no_room_for_two_places_one_and_says_why_truly() -> None:
    """No shuttle has room for two: one astronaut goes aboard, the second is skipped because
    that shuttle is full; never the 2nd edition's 'unknown destination' reason."""
    g = soldier([{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1, "crew": {"blue": 1}}])
    assert {x.ship for x in g.legal_intents() if isinstance(x, I.Board)} == {"f07", "f08"}
    n = len(g.log)
    g.play(I.Board("red", "f07", 1))
    skipped = [e for e in g.log[n:] if e.type == "step_skipped"]
    assert skipped and skipped[0].reason == "same_ship_full"
    text = explain_event(g.spec, skipped[0]).text
    assert "unknown destination" not in text and "destination token" not in text
    assert "full" in text


def test_soldier_with_one_astronaut_left_takes_any_shuttle_with_room() -> None:
    g = soldier([{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1}], supply=1)
    assert {x.ship for x in g.legal_intents() if isinstance(x, I.Board)} == {"f07", "f08"}


# ------------------------------------------------------------ 3. the Guileful Genius

def genius_choosing() -> Game:
    """Round 3: Blue chose the Explorer (2), Green the Scientist (3); Red, the Genius, takes
    the Recruiter (1), called first."""
    g = build("unique_abilities", {
        "stage": "choose", "round": 3, "first": "red",
        "ships": [{"id": "f07", "dock": 0}, {"id": "f08", "dock": 1}, {"id": "f09", "dock": 2}],
        "seats": {"red": {"sheet": "guileful_genius", "tokens": {"ice": 2},
                          "played": ["explorer"]},
                  "blue": {"sheet": "audacious_adventurer", "played": ["soldier"],
                           "chosen": "explorer"},
                  "green": {"sheet": "cunning_conspirator", "played": ["pilot"],
                            "chosen": "scientist"}}})
    g.play(I.ChooseCharacter("red", "recruiter"))
    return g


def test_guileful_genius_may_act_later_than_its_number() -> None:
    """Seed 003 §5: 'at any point in the turn order': later than its number too.  At its own
    number (1) it pays 1 to hold its card; the Explorer (2) resolves; before the Scientist
    (3) it acts, for nothing more."""
    g = genius_choosing()
    assert g.state.queue == ["red", "blue", "green"]
    later = I.UseAbility("red", "guileful_genius", "later")
    assert later in g.legal_intents()
    new = g.play(later)
    assert g.state.seats["red"].tokens["ice"] == 1  # paid once, at the hold
    assert g.state.seats["red"].chosen == "recruiter"  # still face down
    assert not [e for e in new if e.type == "character_revealed" and e.colour == "red"]
    text = [explain_event(g.spec, e).text for e in new]
    assert any("holds its card face down" in x for x in text), text
    while g.state.cur is not None or g.decision().kind != "use_ability":
        g.play(g.legal_intents()[0], trusted=True)
    assert g.state.queue == ["green", "red"]  # the Explorer is done, the Scientist waits
    now = I.UseAbility("red", "guileful_genius", "now")
    assert now in g.legal_intents()
    new = g.play(now)
    assert g.state.seats["red"].tokens["ice"] == 1  # nothing more to pay
    started = next(e for e in new if e.type == "resolution_started")
    assert (started.colour, started.character) == ("red", "recruiter")


def test_a_held_genius_that_never_acts_acts_last() -> None:
    g = genius_choosing()
    start = len(g.log)
    g.play(I.UseAbility("red", "guileful_genius", "later"))
    for _ in range(200):
        if g.state.stage != "resolve":
            break
        d = g.decision()
        if d is not None and d.kind == "use_ability":
            g.play(I.DeclineAbility("red", "guileful_genius"))
            continue
        g.play(g.legal_intents()[0], trusted=True)
    order = [e.colour for e in g.log[start:] if e.type == "resolution_started"]
    assert order == ["blue", "green", "red"]


# ------------------------------------------------------------ 4. the Secret Mission

def test_secret_mission_with_two_of_four_red_regions_is_not_completed() -> None:
    """Seed 003 §6: 'Secret Mission: 8 pts if you have >=1 astronaut in all red-marked zones':
    two of the four is not completed (never 'completed, 0 points' nor '✓ 0 points')."""
    from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
    from mrp_tutor.games.mission_red_planet.engine.phases.scoring import mission_points
    from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
    from mrp_tutor.games.mission_red_planet.referee import final_ruling
    from mrp_tutor.games.mission_red_planet.ui.summary import game_over_html

    spec = find_ruleset("first_edition").spec(use_env_overrides=False)
    s = bot_game(spec, ["red", "blue", "green"], 3, ruleset="first_edition").state.clone()
    red_zones = list(spec.missions["secret_mission"].effect.zones)  # type: ignore[union-attr]
    for z in s.zones:
        s.zones[z].pop("red", None)
    for z in red_zones[:2]:
        s.zones[z]["red"] = 1
    s.seats["red"].missions = ["secret_mission"]
    assert mission_points(spec, s, "red", "secret_mission")[:2] == (False, 0)
    ruling = final_ruling(spec, s)
    line = next(m for m in ruling.scores["red"].missions if m.card == "secret_mission")
    assert not line.completed
    assert "Secret Mission: not completed, 0 points" in ruling.text()
    scored = [e for e in ruling.events if e.type == "mission_scored" and e.colour == "red"]
    assert "not completed" in explain_event(spec, scored[0]).text
    page = game_over_html(spec, {"result": {"winners": ["blue"]}, "order": ["red"]}, scored)
    assert "✓" not in page and "Secret Mission ✗ not completed" in page
    for z in red_zones[2:]:
        s.zones[z]["red"] = 1
    assert mission_points(spec, s, "red", "secret_mission")[:2] == (True, 8)


def test_the_bonus_prompt_says_the_cards_not_kept_leave_the_game() -> None:
    """Seed 003 §3: 'Discarded Bonus cards are removed from the game' (the second edition's
    'the other goes back' is not so here)."""
    from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
    from mrp_tutor.games.mission_red_planet.explain.words import speaker
    from mrp_tutor.games.mission_red_planet.ui.prompts import step_words

    spec = find_ruleset("first_edition").spec(use_env_overrides=False)
    said = speaker(spec)(step_words("keep_mission", mission="bonus card"))
    assert said == "keep one bonus card (the others dealt leave the game)"
