"""Abilities in the app (the ``unique_abilities`` ruleset): the sheet picker, ability options
and seat buttons in words, a seated game in which the learner uses an ability, and a Versatile
Villain's secret peek reaching only its player's view (never a widget of another view).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from testkit.app_widgets import page_state, tracked

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

SHEETS = find_ruleset("unique_abilities").sheets()  # type: ignore[attr-defined]
ID_LIKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # snake_case ids never reach a visitor


@pytest.fixture
def app(make_app: Callable[[int], TutorApp]) -> TutorApp:
    # all but the scenario picker (its fixed titles name cards): what the page holds
    return tracked(lambda: make_app(21), leave_out=lambda a: [a.scenario])


def test_the_sheet_picker_appears_only_for_a_ruleset_with_sheets(app: TutorApp) -> None:
    assert app.rules.sheet.layout.display == "none"
    app.rules.ruleset.value = "unique_abilities"
    assert app.rules.sheet.layout.display == ""
    assert [v for _, v in app.rules.sheet.options] == ["", *SHEETS]
    assert all("_" not in label for label, _ in app.rules.sheet.options)
    app.rules.ruleset.value = "first_edition"
    assert app.rules.sheet.layout.display == "none"


def test_learner_takes_a_seat_with_a_sheet_and_uses_its_ability(app: TutorApp) -> None:
    app.rules.ruleset.value = "unique_abilities"
    app.players.value = 4
    app.rules.sheet.value = "devious_despot"
    app.seat.colour.value = "green"
    app.seed.value = "21"  # a seat starts a new game: pinned, so the test replays exactly
    app.seat.take_btn.click()
    s = app.session.state
    assert s.ruleset == "unique_abilities" and s.seats["green"].sheet == "devious_despot"
    assert len({s.seats[c].sheet for c in s.order}) == 4  # every colour a different sheet
    assert "Your ability (Devious Despot)" in app.seat.prompt.value
    used = 0
    for _ in range(400):
        if app.session.game.over:
            break
        opts = app.seat.options()
        assert opts, "the bots stop only at the learner's decision"
        labels = app.seat.choices.labels
        for text in labels + app.stepper.options.labels:
            assert not ID_LIKE.search(text), text
        uses = [x for x in opts if x.type == "use_ability"]
        if uses and used < 2:
            i = next(i for i, text in enumerate(labels)
                     if text.startswith("Use the Devious Despot's ability"))
            assert "(pay 2 point tokens): take the set-aside" in labels[i]
            app.seat.choices.click(i)
            used += 1
            continue
        app.seat.play(next(x for x in opts if x.type != "use_ability"))
    assert app.session.game.over and used >= 1
    log = app.session.game.log
    assert sum(isinstance(ev, E.CharacterTakenBack) and ev.colour == "green" for ev in log) == used
    assert "Winner" in app.seat.prompt.value


def test_a_villain_peek_reaches_only_its_players_view(app: TutorApp) -> None:
    app.scenario.value = "unique_abilities-faq-repeat-until-out-of-tokens"
    app.on_load_scenario()
    assert app.session.viewer == "red"  # the Versatile Villain's own view
    app.stepper.on_next()  # Red pays a token and looks at Outer region 2 (Lichen)
    assert "Lichen" in app.stepper.explain.value
    app.open_tab("Hand")  # the Hand tab, then every other tab, built and shown
    for title in app.tab_titles():
        app.open_tab(title)
    assert "Lichen" in page_state(app)  # red's page holds it: the scan below can fail
    app.viewer.value = "blue"  # another player's view of the same table
    assert app.session.viewer == "blue"
    text = page_state(app)
    assert "Lichen" not in text and "lichen" not in text
    assert app.session.view()["zones"]["outer_2"]["discovery"] == "hidden"
    app.viewer.value = "red"
    assert "Lichen" in app.stepper.explain.value  # red still sees what red saw


def test_a_unique_abilities_game_stepped_with_next_to_the_end(app: TutorApp) -> None:
    """The play flow (no seat): Next and Run to end of round play every colour, abilities
    included, every tab renders, and the options read in words."""
    app.rules.ruleset.value = "unique_abilities"
    app.players.value = 5
    app.on_new_game()
    assert app.session.state.ruleset == "unique_abilities" and len(app.session.state.order) == 5
    for title in app.tab_titles():
        app.open_tab(title)
    for _ in range(60):
        if app.session.game.over:
            break
        app.stepper.on_run_round()
        assert not app.status_text().startswith("Something went wrong"), app.status_text()
        for label in app.stepper.options.labels:
            assert not ID_LIKE.search(label), label
    assert app.session.game.over
    assert any(ev.type == "ability_declared" for ev in app.session.game.log)


def test_a_board_click_never_spends_tokens_alone(app: TutorApp) -> None:
    """Clicking a region while choosing narrows the Versatile Villain's options to the look at
    it; the look (which costs a point token) waits for the learner's confirmation below."""
    app.rules.ruleset.value = "unique_abilities"
    app.players.value = 3
    app.rules.sheet.value = "versatile_villain"
    app.seat.colour.value = "red"
    app.seed.value = "5"  # pinned: with some seeds no discovery lies face down in time
    app.seat.take_btn.click()
    looks: list[Any] = []
    for _ in range(300):  # play on (never an ability) until a discovery lies face down
        opts = app.seat.options()
        looks = [x for x in opts if x.type == "use_ability"]
        if looks or app.session.game.over:
            break
        app.seat.play(opts[0])
    assert looks, "before choosing, the Villain may look at a face-down discovery"
    before = len(app.session.game.log)
    app.seat.on_pick("zone", looks[0].target, None)
    assert len(app.session.game.log) == before  # nothing played, no token spent
    assert not any(ev.type == "ability_declared" and ev.colour == "red"
                   for ev in app.session.game.log)
    labels = app.seat.choices.labels
    assert len(labels) == 1 and labels[0].startswith("Use the Versatile Villain's ability"), labels
    app.seat.choices.click(0)  # confirmed: now it is used
    assert any(ev.type == "ability_declared" and ev.colour == "red"
               for ev in app.session.game.log)
