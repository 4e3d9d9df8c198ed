"""Loading is strict: every problem of a scenario file is reported at once, located, with
the rule it breaks, and nothing is half-loaded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.scenarios import library, load_scenario, scenario_from_dict

BASE: dict[str, Any] = {
    "id": "t", "title": "t", "lesson": "t", "players": ["red", "blue", "green"],
    "position": {"stage": "choose", "round": 2, "ships": [
        {"id": "s03", "dock": 0}, {"id": "s09", "dock": 1}, {"id": "s15", "dock": 2}]},
}


def problems(doc: Any) -> list[str]:
    with pytest.raises(ContentError) as info:
        scenario_from_dict(doc, "case.yaml")
    assert info.value.source == "case.yaml"
    return info.value.problems


def with_position(**changes: Any) -> dict[str, Any]:
    doc = yaml.safe_load(yaml.safe_dump(BASE))
    doc["position"].update(changes)
    return doc


def test_the_base_document_is_valid() -> None:
    sc = scenario_from_dict(BASE, "case.yaml")
    assert sc.build().decision().kind == "choose_character"  # type: ignore[union-attr]


@pytest.mark.parametrize(("change", "where", "rule"), [
    ({"zones": {"olympus": {}}}, "position.zones.olympus", "components.board"),
    ({"zones": {"hellas": {"astronauts": {"pink": 1}}}}, "position.zones.hellas.astronauts.pink",
     "setup.colors"),
    ({"zones": {"hellas": {"discovery": "atlantis"}}}, "position.zones.hellas.discovery",
     "components.event_cards"),
    ({"zones": {"phobos": {"discovery": "lichens"}}}, "position.zones.phobos.discovery",
     "phobos.no_discovery"),
    ({"zones": {"syrtis_major": {"discovery": "lichens"}}},
     "position.zones.syrtis_major.discovery", "discoveries.allowed_zones"),
    ({"zones": {"hellas": {"discovery": "lichens"}, "ausonia": {"discovery": "lichens"}}},
     "position.zones.ausonia.discovery", "components.event_cards"),
    ({"zones": {"hellas": {"astronauts": {"red": 23}}}}, "position.red", "components.astronauts"),
    ({"memorial": {"red": 12}, "zones": {"hellas": {"astronauts": {"red": 11}}}}, "position.red",
     "components.astronauts"),
    ({"zones": {"hellas": {"astronauts": {"red": -1}}}}, "zones.hellas.astronauts.red",
     "components.astronauts"),
    ({"zones": {"hellas": {"astronauts": {"red": 1}, "face_up": False}}},
     "position.zones.hellas.face_up", "round.land.flip"),
    ({"seats": {"red": {"played": ["wizard"]}}}, "position.seats.red.played[0]",
     "components.character_cards"),
    ({"seats": {"red": {"missions": ["world_peace"]}}}, "position.seats.red.missions[0]",
     "events.missions"),
    ({"seats": {"red": {"tokens": {"gold": 1}}}}, "position.seats.red.tokens.gold",
     "components.point_tokens"),
    ({"seats": {"red": {"tokens": {"ice": 41}}}}, "position.seats", "components.point_tokens"),
    ({"stage": "production", "production": 2, "round": 3}, "position.round", "production.when"),
    ({"discoveries_revealed": True}, "position.discoveries_revealed",
     "discoveries.reveal_phase"),
    ({"resolving": {"colour": "red", "character": "pilot"}}, "position.resolving",
     "round.choose"),
])
def test_each_problem_is_located_with_its_rule(change: dict[str, Any], where: str,
                                               rule: str) -> None:
    found = problems(with_position(**change))
    assert any(p.startswith(where) or f".{where}" in p or where in p.split(":")[0]
               for p in found), found
    assert any(f"rule {rule}" in p for p in found), found


def test_ship_over_capacity_and_unknown_ship() -> None:
    found = problems(with_position(ships=[
        {"id": "s07", "dock": 0, "crew": {"red": 3}},
        {"id": "s99", "dock": 1}, {"id": "s15", "dock": 2}]))
    assert any("ships[0].crew" in p and "capacity 2" in p and "ships.capacity" in p
               for p in found), found
    assert any("ships[1].id" in p and "s99" in p for p in found), found


def test_all_problems_are_reported_at_once() -> None:
    doc = with_position(
        zones={"olympus": {}, "phobos": {"discovery": "lichens"}},
        ships=[{"id": "s07", "dock": 0, "crew": {"red": 9}}, {"id": "s09", "dock": 1},
               {"id": "s15", "dock": 2}],
        seats={"red": {"played": ["wizard"]}})
    doc["steps"] = [{"intent": {"type": "teleport", "colour": "red"}},
                    {"intent": {"type": "board", "colour": "pink", "ship": "s03"}}]
    found = problems(doc)
    for bit in ("olympus", "phobos.no_discovery", "ships.capacity", "wizard",
                "steps[0].intent", "steps[1].intent.colour"):
        assert any(bit in p for p in found), (bit, found)


def test_structural_problems_name_the_field_path() -> None:
    doc = dict(BASE, players="red")
    doc["position"] = dict(BASE["position"], round="ten")
    found = problems(doc)
    assert any(p.startswith("players:") for p in found), found
    assert any(p.startswith("position.round:") for p in found), found


def test_position_or_setup_exactly_one() -> None:
    doc = dict(BASE, setup={"seed": 1})
    assert problems(doc)
    doc = {k: v for k, v in BASE.items() if k != "position"}
    assert problems(doc)


def test_setup_with_changes() -> None:
    doc = {k: v for k, v in BASE.items() if k != "position"}
    doc["setup"] = {"seed": 3}
    doc["changes"] = [{"zones": {"hellas": {"astronauts": {"red": 2}}}}]
    sc = scenario_from_dict(doc, "case.yaml")
    assert sc.build().state.zones["hellas"] == {"red": 2}
    doc["changes"] = [{"zones": {"hellas": {"astronauts": {"red": 30}}}}]
    assert any("components.astronauts" in p for p in problems(doc))


def test_mid_resolution_position_gives_the_right_decision() -> None:
    doc = with_position(stage="resolve", resolving={"colour": "blue", "character": "explorer",
                                                    "step": 1},
                        zones={"hellas": {"astronauts": {"blue": 1}}},
                        seats={"red": {"chosen": "pilot"}, "green": {"chosen": "recruiter"}})
    found = problems(doc)  # green's Recruiter (9) would already have been resolved
    assert any("seats.green.chosen" in p and "round.countdown" in p for p in found), found
    doc["position"]["seats"]["green"] = {"played": ["recruiter"]}
    game = scenario_from_dict(doc, "case.yaml").build()
    d = game.decision()
    assert d is not None and d.kind == "move_adjacent" and d.colours == ("blue",)
    assert game.state.queue == ["red"]
    assert "explorer" in game.state.seats["blue"].played
    assert game.state.left == 3


def test_unreadable_and_non_yaml_files(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: [unclosed\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_scenario(bad)
    assert "YAML" in info.value.problems[0]
    with pytest.raises(ContentError):
        load_scenario(tmp_path / "missing.yaml")
    (tmp_path / "list.yaml").write_text("- 1\n- 2\n", encoding="utf-8")
    with pytest.raises(ContentError):
        load_scenario(tmp_path / "list.yaml")


def test_library_reports_every_bad_file(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text(yaml.safe_dump(BASE), encoding="utf-8")
    (tmp_path / "b.yaml").write_text("id: b\n", encoding="utf-8")
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(dict(BASE, players=["red"])),
                                     encoding="utf-8")
    with pytest.raises(ContentError) as info:
        library(tmp_path)
    names = {p.split(":")[0] for p in info.value.problems}
    assert names == {"b.yaml", "c.yaml"}


def test_structural_and_game_problems_together() -> None:
    doc = with_position(zones={"olympus": {}})
    doc["title"] = ["not", "a", "string"]
    found = problems(doc)
    assert any(p.startswith("title:") for p in found), found
    assert any("olympus" in p and "components.board" in p for p in found), found


def test_ruleset_names_a_registered_ruleset_or_a_data_folder() -> None:
    four = {**BASE, "players": ["red", "blue", "green", "yellow"]}
    four["position"] = {**BASE["position"], "ships": [*BASE["position"]["ships"],
                                                      {"id": "s04", "dock": 3}]}
    by_name = scenario_from_dict({**four, "ruleset": "two_player"}, "case.yaml").build()
    by_variant = scenario_from_dict({**four, "variant": "two_player"}, "case.yaml").build()
    assert by_name.state.ruleset == by_variant.state.ruleset == "two_player"
    assert by_name.state.seats["green"].neutral and by_name.spec.ruleset == "base"
    found = problems({**four, "ruleset": "two_player", "variant": "standard"})
    assert found and "disagrees" in found[0]
    found = problems({**BASE, "ruleset": "chess"})
    assert found and "standard, two_player" in found[0]
