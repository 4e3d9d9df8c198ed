"""2-player colours named, main and neutral for each player, in the same words on the board's
legend, the seat panel and the lessons, in a lesson and in a free game (issue 42)."""

from __future__ import annotations

from pathlib import Path

import pytest
from testkit.app_widgets import base_app

from mrp_tutor.games.mission_red_planet.explain.words import colour_roles, roles_sentence
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
from mrp_tutor.games.mission_red_planet.ui.board import board_payload, zone_layout
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp
from mrp_tutor.resources import scenarios_dir


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> TutorApp:
    return base_app(monkeypatch, tmp_path)


def test_the_lesson_and_its_board_name_main_and_neutral_colours(app: TutorApp) -> None:
    sc = load_scenario(scenarios_dir() / "two_player-setup.yaml")
    app.scenario.value = sc.id
    app.on_load_scenario()
    app.open_tab("Lesson & quiz")
    shown = app.panel("Lesson & quiz").quiz_q.value + app.panel("Lesson & quiz").lesson_html.value
    want = ("Two players. Player Red: Red (main colour) and Blue (neutral colour); player "
            "Green: Green (main colour) and Yellow (neutral colour).")
    assert want in shown
    roles = board_payload(app.spec, app.session.view(), zone_layout(app.spec))["roles"]
    assert roles == {"red": "main colour", "green": "main colour",
                     "blue": "neutral, Red plays it", "yellow": "neutral, Green plays it"}


def test_a_free_two_player_game_says_the_same_in_the_seat_panel(app: TutorApp) -> None:
    app.rules.players.value = 2
    app.on_new_game()
    state = app.session.state
    roles = colour_roles(state.seats)
    mains = [c for c, r in roles.items() if r == "main colour"]
    assert len(mains) == 2 and len(roles) == 4
    sentence = roles_sentence(state.seats)
    assert sentence.startswith("Two players. Player ")
    assert all(f"{c.capitalize()} (main colour)" in sentence for c in mains)
    seat = app.seat
    seat.colour.value = mains[0]
    seat.on_take()
    app.render()
    assert sentence in seat.prompt.value.replace("&#x27;", "'")


def test_a_game_without_neutral_colours_names_no_roles() -> None:
    game = load_scenario(scenarios_dir() / "destinations-supply-limit.yaml").build()
    assert colour_roles(game.state.seats) == {} and roles_sentence(game.state.seats) == ""
