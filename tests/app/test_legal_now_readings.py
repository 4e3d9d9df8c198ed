"""The Table tab's "Legal now" beside the rulings names the contested reading that shaped it,
says what the other reading would allow, and lets the referee choose the table's reading,
which the table's code keeps (issue 36, issue 42)."""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import pytest
from testkit.app_widgets import base_app

from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict
from mrp_tutor.games.mission_red_planet.scenarios.table_file import decode_table, load_table
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_contested_readings import DOC, OTHER, TUTOR


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> TutorApp:
    a = base_app(monkeypatch, tmp_path)
    a.mode.value = "Referee"
    a.open_tab("Table")
    a.use_table(scenario_from_dict(copy.deepcopy(DOC), "table"), "loaded")
    a.open_tab("Table")
    return a


def _tab(app: TutorApp) -> Any:
    return app.panel("Table")


def test_legal_now_names_the_reading_and_the_other_answer(app: TutorApp) -> None:
    html = _tab(app).legal.out.value
    assert "Legal now" in html and "Red to decide" in html
    assert f"[{TUTOR}]" in html and f"[{OTHER}]" in html
    assert "tutor reading: aboard a ship too, her player must already have an astronaut" in html
    assert "would also allow" in html and "blue astronaut aboard ship 5" in html
    assert 'id="mrp-reading-characters-femme_fatale-ship_presence"' in html  # the argument


def test_the_referee_switches_the_reading_and_the_code_keeps_it(app: TutorApp) -> None:
    tab = _tab(app)
    tab.legal.choosers["femme_fatale_ships"].value = "other"
    state = app.session.state
    assert state.readings == [OTHER]
    assert app.session.game.log[-1].type == "reading_chosen"
    assert app.session.game.log[-1].rule == OTHER
    html = tab.legal.out.value
    assert "would not allow" in html and f"[{OTHER}]" in html
    app.open_tab("Table")  # the draft follows the game: its code carries the reading
    code = tab.code_out.value
    again = load_table(decode_table(code)).build()
    assert again.state.readings == [OTHER]
    tab.legal.choosers["femme_fatale_ships"].value = "tutor"
    assert app.session.state.readings == []


def test_nothing_shows_outside_referee_mode(app: TutorApp) -> None:
    app.mode.value = "Tutor"
    app.open_tab("Table")
    assert _tab(app).legal.out.value == ""


def test_the_options_list_says_which_reading_shaped_it(app: TutorApp) -> None:
    app.render()
    note = app.stepper.decision.value
    assert "These options rest on a" in note and f"[{TUTOR}]" in note
    assert "would also allow" in note and "blue astronaut aboard ship 5" in note
    app.mode.value = "Tutor"  # a viewer who does not decide for Red sees no note on Red's
    app.viewer.value = "blue"
    app.render()
    assert "These options rest on" not in app.stepper.decision.value
    app.viewer.value = "red"
    app.render()
    note = app.stepper.decision.value
    assert "These options rest on a" in note and "would also allow" in note
    assert TUTOR not in note and OTHER not in note  # a learner reads no rule id
