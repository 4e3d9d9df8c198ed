"""A ruling that rests on a tutor reading says so beside it, on screen and on the printed sheet
(issue 42)."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.referee import final_ruling
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
from mrp_tutor.games.mission_red_planet.ui.panels.rulings import final_summary_html
from mrp_tutor.resources import scenarios_dir


def test_a_final_ruling_on_nobody_holding_ice_labels_the_reading() -> None:
    sc = load_scenario(scenarios_dir() / "scoring-ice-monopoly-nobody.yaml")
    game = sc.build()
    ruling = final_ruling(game.spec, game.state)
    for printable in (False, True):
        page = final_summary_html(game.spec, ruling, running=True, printable=printable)
        assert "[tutor reading ice_monopoly.no_ice]" in page, printable
        assert "[tutor reading scoring.final]" not in page  # a rulebook rule is not one
