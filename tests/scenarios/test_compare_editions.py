"""Issue 37: one table under two rulesets (``mrp-tutor referee compare FILE --rulesets
first_edition,standard``): what each rules for the position (order of play, the next
scoring), every difference with both rulesets' citations, each from its own rules file, and
a sentence where the position cannot exist under a ruleset.  Five positions."""

from __future__ import annotations

from typing import Any

import pytest

from mrp_tutor.cli.main import main
from mrp_tutor.games.mission_red_planet.compare import compare
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario, scenario_from_dict
from mrp_tutor.resources import scenarios_dir

BOTH = ["first_edition", "standard"]


def at(name: str) -> Any:
    return load_scenario(scenarios_dir() / f"{name}.yaml").build()


def cited_both(by: dict[str, Any]) -> None:
    assert set(by) == set(BOTH)
    assert by["first_edition"].rule.startswith("fe.")
    assert not any(r.startswith("fe.") for r in by["standard"].rule.split(", "))
    for r in by.values():
        assert r.citation and "no section" not in r.citation


def test_a_tie_shared_in_the_second_edition_takes_nothing_in_the_first() -> None:
    g = at("production-tie-example-three-tokens")
    c = compare(g.spec, g.state, BOTH)
    diff = c.differences()
    assert len(diff) == 1
    what, by = diff[0]
    assert "Mare Tyrrhenum (red 2, blue 2, green 1)" in what
    assert by["first_edition"].text == "3 tokens stay on the zone"
    assert by["standard"].text.startswith("Red takes 1 sylvanite token; Blue takes 1")
    assert "production.tie" in by["standard"].rule
    cited_both(by)


def test_a_majority_is_ruled_the_same() -> None:
    g = at("production-majority")
    c = compare(g.spec, g.state, BOTH)
    assert c.points and not c.differences()
    for _, by in c.points:
        cited_both(by)


def test_the_order_of_play_is_the_same_under_opposite_numbers() -> None:
    g = at("first_edition-characters-called-1-to-9")
    c = compare(g.spec, g.state, BOTH)
    what, by = c.points[0]
    assert what.startswith("Order of play")
    assert by["first_edition"].text == "called Blue (Explorer 2), Red (Soldier 8)"
    assert by["standard"].text == "called Blue (Explorer 8), Red (Soldier 2)"
    assert not c.differences()
    cited_both(by)


def test_a_six_player_table_cannot_exist_in_the_first_edition() -> None:
    doc = {"id": "t", "title": "t", "lesson": "t",
           "players": ["red", "blue", "green", "yellow", "purple", "black"],
           "position": {"stage": "choose", "round": 2,
                        "ships": [{"id": f"s{i:02d}", "dock": i - 1} for i in range(1, 7)]}}
    g = scenario_from_dict(doc).build()
    c = compare(g.spec, g.state, BOTH)
    assert c.cannot == {"first_edition": "this position cannot exist: First edition seats 3 "
                                         "to 5 players, and this table has 6."}
    assert not c.points


def test_ability_sheets_cannot_exist_without_abilities() -> None:
    g = at("unique_abilities-cunning-conspirator")
    c = compare(g.spec, g.state, ["unique_abilities", "first_edition", "standard"])
    assert set(c.cannot) == {"first_edition", "standard"}
    assert all("has no ability sheets" in why for why in c.cannot.values())


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    path = scenarios_dir() / "production-tie-example-three-tokens.yaml"
    assert main(["referee", "compare", str(path), "--rulesets", "first_edition,standard"]) == 0
    out = capsys.readouterr().out
    assert "1 difference" in out and "[fe.tutor.ties: Tutor readings]" in out
    assert main(["referee", "compare", str(path), "--rulesets", "first_edition"]) == 2


def test_the_app_shows_the_same_comparison(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Any) -> None:
    """The Referee tab's Compare editions: the same rulings and citations as the command."""
    from mrp_tutor.app import build_app
    from mrp_tutor.games.mission_red_planet.engine import load_spec

    monkeypatch.setenv("MRP_TUTOR_OVERRIDES", str(tmp_path / "overrides.yaml"))
    app = build_app(spec=load_spec(use_env_overrides=False), seed=3)
    app.scenario.value = "production-tie-example-three-tokens"
    app.on_load_scenario()
    app.mode.value = "Referee"
    panel = app.panel("Referee")
    panel.rule_compare.click()
    page = panel.ruling.value
    c = compare(app.session.spec, app.session.state, ["standard", "first_edition",
                                                      "unique_abilities"])
    (_, by), = c.differences()
    assert "Differs" in page and "Mare Tyrrhenum" in page
    for r in by.values():
        assert r.citation in page and r.rule in page
    assert "Red takes 1 sylvanite token; Blue takes 1 sylvanite token" in page


def test_a_resource_the_table_did_not_enter_is_not_named() -> None:
    g = at("production-tie-example-three-tokens")
    (_, by), = compare(g.spec, g.state, BOTH, unknown_resources=("mare_tyrrhenum",)).points
    assert by["standard"].text.startswith("Red takes 1 token (their kind was not entered)")
    assert "sylvanite" not in by["standard"].text
