"""Secrets never sit in a widget: every widget's synced state is what the page holds.

Pass-and-play picks (Hand tab), the seed (it decides every hidden card), switching the hand's
player.  The browser test ``tests/browser/test_secret_frames.py`` checks the same on the wire.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from testkit.app_widgets import page_state, to_choose, tracked

from mrp_tutor.app import build_app
from mrp_tutor.app.seeds import SEED_ENV, parse_seed
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

from .conftest import fresh_log

SEED = 982451653  # long enough that its digits appear nowhere by chance


@pytest.fixture
def app(make_app: Callable[[int], TutorApp]) -> TutorApp:
    return tracked(lambda: make_app(SEED))


def open_hand(app: TutorApp, colour: str) -> None:
    app.open_tab("Hand")
    app.panel("Hand").seat.value = colour
    app.panel("Hand").show_btn.click()


def test_the_seed_is_in_no_widget_once_the_game_started(app: TutorApp) -> None:
    assert str(SEED) not in page_state(app)
    app.seed.value = "123456789012"
    app.new_btn.click()
    assert app.session.state.seed == 123456789012
    assert "123456789012" not in page_state(app)
    assert app.seed.value == ""
    assert "seed" not in app.status_text().lower()


def test_only_referee_mode_shows_the_seed(app: TutorApp) -> None:
    app.mode.value = "Referee"
    assert str(SEED) in app.seed_shown.value
    app.mode.value = "Tutor"
    assert app.seed_shown.value == ""
    assert str(SEED) not in page_state(app)


def test_a_blank_seed_is_random_and_a_bad_one_is_a_sentence(app: TutorApp) -> None:
    app.new_btn.click()
    first = app.session.state.seed
    app.new_btn.click()
    assert app.session.state.seed != first
    app.seed.value = "12; import os"
    app.new_btn.click()
    assert "whole number" in app.status_text()
    assert app.session.state.seed != 12
    assert parse_seed("1" * 19) is None and parse_seed("٣") is None and parse_seed(" 42 ") == 42


def test_the_first_seed_comes_from_the_environment_or_is_random(
        spec: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SEED_ENV, "31337")
    assert build_app(spec=spec).session.state.seed == 31337
    monkeypatch.delenv(SEED_ENV)
    seeds = {build_app(spec=spec).session.state.seed for _ in range(3)}
    assert len(seeds) == 3 and 1 not in seeds


def test_a_locked_pick_leaves_nothing_of_itself(app: TutorApp, spec: Any) -> None:
    to_choose(app)
    app.viewer.value = ""  # the table
    open_hand(app, "blue")
    assert app.panel("Hand").cards.index is None  # nothing preselected
    app.panel("Hand").cards.value = "pilot"
    app.panel("Hand").lock_btn.click()
    assert app.session.state.seats["blue"].chosen == "pilot"
    assert app.panel("Hand").cards.index is None and app.panel("Hand").cards.options == ()
    state = page_state(app)
    assert "pilot" not in state  # the id (labels are names) ...
    assert "Locked pick: Pilot" not in state
    # ... and the next player's hand opens with nothing selected
    open_hand(app, "red")
    assert "Red's hand" in app.panel("Hand").info.value
    assert app.panel("Hand").cards.index is None and app.panel("Hand").cards.value is None
    assert "Locked pick: none yet" in app.panel("Hand").info.value
    app.panel("Hand").lock_btn.click()  # locking nothing is refused, nothing is played
    assert "pick a character first" in app.status_text()
    assert app.session.state.seats["red"].chosen is None
    blue_mission = spec.card_name(app.session.state.seats["blue"].missions[0])
    assert blue_mission not in page_state(app)


def test_switching_the_hands_player_resets_every_control(app: TutorApp, spec: Any) -> None:
    to_choose(app)
    app.viewer.value = ""
    open_hand(app, "green")
    app.panel("Hand").cards.value = "soldier"
    green_mission = spec.card_name(app.session.state.seats["green"].missions[0])
    assert green_mission in app.panel("Hand").info.value
    app.panel("Hand").seat.value = "red"  # the device is passed on without "Hide"
    assert app.panel("Hand").open is None and app.session.viewer is None
    assert app.panel("Hand").cards.index is None and app.panel("Hand").cards.options == ()
    assert app.panel("Hand").box.children == ()
    assert "Hands are hidden" in app.panel("Hand").info.value
    assert green_mission not in page_state(app)
    assert app.session.state.seats["green"].chosen is None


def test_the_log_row_cache_always_shows_what_the_viewer_may_see_now(app: TutorApp) -> None:
    to_choose(app)
    app.viewer.value = "red"
    app.dispatch({"type": "choose_character", "colour": "red", "character": "soldier"})
    log = app.panel("Log").html
    assert "Soldier" in log.value and log.value == fresh_log(app)
    app.viewer.value = "blue"  # red's pick is red's secret again
    assert "Soldier" not in log.value and log.value == fresh_log(app)
    app.mode.value = "Referee"
    assert "Soldier" in app.panel("Log").html.value
    app.mode.value = "Tutor"
    for _ in range(5):
        app.stepper.next_btn.click()
        assert app.panel("Log").html.value == fresh_log(app)
    for _ in range(3):
        app.stepper.back_btn.click()
        assert app.panel("Log").html.value == fresh_log(app)
    app.new_btn.click()
    assert app.panel("Log").html.value == fresh_log(app)
