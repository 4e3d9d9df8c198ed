"""One validator of table positions: the scenario loader and the referee's edits refuse the
same unreachable tables, with the same sentence and rule."""

from __future__ import annotations

from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.engine.errors import IllegalIntent
from mrp_tutor.games.mission_red_planet.explain import explain_error
from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict, table_problems
from mrp_tutor.games.mission_red_planet.scenarios.build import Scenario
from mrp_tutor.games.mission_red_planet.ui.edits import EditForm, check_edit

SPEC = load_spec(use_env_overrides=False)


def _doc(**position: Any) -> dict[str, Any]:
    pos: dict[str, Any] = {
        "stage": "choose", "round": 3, "first": "red",
        "ships": [{"id": "s07", "dock": 0}, {"id": "s12", "dock": 1}, {"id": "s33", "dock": 2}],
        **position}
    return {"id": "t", "title": "t", "lesson": "l", "rules": ["round.sequence"],
            "players": ["red", "blue", "green"], "position": pos, "steps": []}


def _loader_problems(**position: Any) -> list[str]:
    from mrp_tutor.games.mission_red_planet.engine.errors import ContentError

    try:
        sc: Scenario = scenario_from_dict(_doc(**position))
        sc.build()
    except ContentError as err:
        return err.problems
    return []


def _state():
    return scenario_from_dict(_doc()).build().state


def test_a_zone_edit_turns_a_face_down_resource_up_like_a_landing() -> None:
    s = _state()
    assert not s.face_up["hellas"]
    ev = check_edit(SPEC, s, EditForm(what="zone", place="hellas", colour="red", count=2))
    t = s.clone()
    ev.apply(t)
    assert t.face_up["hellas"] and t.zones["hellas"] == {"red": 2}
    assert table_problems(SPEC, t) == []


def test_a_docked_ship_filled_to_capacity_is_refused_like_the_loader() -> None:
    cap = SPEC.cap["s07"]
    s = _state()
    with pytest.raises(IllegalIntent) as info:
        check_edit(SPEC, s, EditForm(what="crew", place="s07", colour="red", count=cap))
    err = info.value
    assert err.code == "table_unreachable" and err.rule == "round.launch_full"
    loader = _loader_problems(ships=[{"id": "s07", "dock": 0, "crew": {"red": cap}},
                                     {"id": "s12", "dock": 1}, {"id": "s33", "dock": 2}])
    assert any("round.launch_full" in p for p in loader)
    sentence = explain_error(SPEC, err).text
    assert "would have launched" in sentence and "s07" in sentence
    assert any(err.detail["problems"][0] in p for p in loader)


def test_crew_on_an_unknown_ship_without_a_token_is_refused_like_the_loader() -> None:
    s = _state()
    with pytest.raises(IllegalIntent) as info:
        check_edit(SPEC, s, EditForm(what="crew", place="s33", colour="blue", count=1))
    assert info.value.rule == "destination_tokens.unknown_ship"
    loader = _loader_problems(ships=[{"id": "s07", "dock": 0}, {"id": "s12", "dock": 1},
                                     {"id": "s33", "dock": 2, "crew": {"blue": 1}}])
    assert any("destination_tokens.unknown_ship" in p for p in loader)


def test_the_validator_accepts_every_library_position() -> None:
    from mrp_tutor.games.mission_red_planet.scenarios import library

    for sc in library():
        if "position" in sc.doc.model_dump(exclude_none=True):
            game = sc.build()
            assert table_problems(game.spec, game.state) == [], sc.id


def test_a_ruling_on_an_unreachable_table_says_so_first() -> None:
    from mrp_tutor.games.mission_red_planet.referee import production_ruling, table_reasons

    s = _state()
    assert table_reasons(SPEC, s) == []
    s.zones["hellas"]["red"] = 2  # astronauts with the token still face down
    s.seats["red"].supply -= 2
    reasons = table_reasons(SPEC, s)
    assert [r.rule for r in reasons] == ["round.land.flip"] and "Hellas" in reasons[0].text
    assert production_ruling(SPEC, s).notes[0].text == reasons[0].text
