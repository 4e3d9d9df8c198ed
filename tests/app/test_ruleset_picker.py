"""The app's ruleset picker: the rules and player counts of a new game, played or seated.

Checks the pure choices (which rulesets, which counts, the 2-player variant following the
count), then the app: a first-edition game set up from the picker (its own data, board of ten
regions without a moon, characters shown 1 to 9, placeholders named as unverified), taking a
seat in it and playing to the end, and that the picker, not the last scenario, decides.
"""

from __future__ import annotations

from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.ui.board import board_payload
from mrp_tutor.games.mission_red_planet.ui.panels import ruleset as R
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


@pytest.fixture
def app(make_app: Any) -> TutorApp:
    return make_app(11)


def test_the_choices_follow_the_registered_rulesets() -> None:
    names = [n for _, n in R.rulesets()]
    assert names[0] == "standard" and "first_edition" in names
    assert "two_player" not in names  # it follows the standard game's player count
    assert [v for _, v in R.player_options("standard")] == [3, 4, 5, 6, 2]
    assert [v for _, v in R.player_options("first_edition")] == [3, 4, 5]
    assert R.played_ruleset("standard", 2) == "two_player"
    assert R.played_ruleset("standard", 4) == "standard"
    assert R.played_ruleset("first_edition", 3) == "first_edition"


def test_choosing_the_first_edition_limits_the_player_counts(app: TutorApp) -> None:
    app.players.value = 6
    app.rules.ruleset.value = "first_edition"
    assert [v for _, v in app.players.options] == [3, 4, 5]
    assert app.players.value == 3  # 6 is not allowed: the first allowed count
    note = app.rules.note.value
    assert "10 regions" in note and "34 shuttle cards" in note and "unverified" in note
    app.players.value = 5
    assert [v for _, v in app.seat.colour.options][1:] == [
        "red", "blue", "green", "yellow", "purple"]
    app.rules.ruleset.value = "standard"
    assert app.rules.note.value == "" and app.players.value == 5


def test_a_new_first_edition_game_uses_its_own_data_and_board(app: TutorApp) -> None:
    app.rules.ruleset.value = "first_edition"
    app.players.value = 4
    app.seed.value = "5"
    app.on_new_game()
    s = app.session.state
    assert s.ruleset == "first_edition" and app.spec.ruleset == "first_edition"
    assert s.order == ["red", "blue", "green", "yellow"]
    assert all(seat.tokens.get("ice") == 2 for seat in s.seats.values())  # fe.setup.players
    payload = board_payload(app.spec, app.session.view(), app.layout)
    assert len(payload["zones"]) == 10 and payload["moon"] is None
    assert not any(z["verified"] for z in payload["zones"])  # placeholders, marked so
    assert all(0 <= z["x"] <= 100 and 0 <= z["y"] <= 100 for z in payload["zones"])
    strip = app.stepper.countdown.value
    assert strip.index("Recruiter") < strip.index("Explorer") < strip.index("Pilot")
    assert app.status_text() == "New game set up: press Next."


def test_take_a_seat_in_a_first_edition_game_and_play_it_to_the_end(app: TutorApp) -> None:
    app.rules.ruleset.value = "first_edition"
    app.players.value = 3
    app.seat.colour.value = "blue"
    app.seed.value = "3"  # a seat starts a new game: pinned, so every run plays the same game
    app.seat.take_btn.click()
    assert app.session.state.ruleset == "first_edition" and app.seat.seat == "blue"
    for _ in range(300):
        if app.session.game.over:
            break
        assert app.seat.options(), "the bots stop only at the learner's decision"
        app.seat.play(app.seat.options()[0])
    assert app.session.game.over
    assert "Winner" in app.seat.prompt.value


def test_the_picker_not_the_last_scenario_decides_the_rules(app: TutorApp) -> None:
    app.scenario.value = "first_edition-setup"
    app.on_load_scenario()
    assert app.session.state.ruleset == "first_edition"
    app.on_new_game()  # the picker still says standard
    assert app.session.state.ruleset == "standard" and app.spec.ruleset == "base"
    assert len(app.layout) == len(load_spec(use_env_overrides=False).zones)


def test_two_players_under_the_standard_rules_is_the_variant(app: TutorApp) -> None:
    app.players.value = 2
    app.on_new_game()
    assert app.session.state.ruleset == "two_player" and len(app.session.state.order) == 4
    assert [v for _, v in app.seat.colour.options][1:] == ["red", "blue"]


def test_corrections_of_other_data_do_not_leak_into_a_ruleset(app: TutorApp) -> None:
    from mrp_tutor.games.mission_red_planet.ui.panels.corrections import spec_with

    app.corrected_spec = spec_with({"ships": {"ships": [{"id": "s01", "capacity": 2}]}})
    app.rules.ruleset.value = "first_edition"
    app.on_new_game()
    assert app.spec.ruleset == "first_edition"  # the standard data's correction is not used
    app.rules.ruleset.value = "standard"
    app.on_new_game()
    assert app.spec is app.corrected_spec and app.spec.cap["s01"] == 2
