"""Taking a seat: the learner plays one colour by clicking, the bots play the others.

Checks the rules of the seat (the game waits only at the learner's decisions, bots decide
everything else), acting by clicks on the board (narrowing, then playing the only option),
Back to the learner's previous decision, and that no bot secret sits in any widget.
"""

from __future__ import annotations

from typing import Any

import pytest
from testkit.app_widgets import shown_text

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.ui import seat as S
from mrp_tutor.games.mission_red_planet.ui.session import Session
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


@pytest.fixture
def app(make_app: Any) -> TutorApp:
    a = make_app(11)
    a.players.value = 4
    a.seat.colour.value = "red"
    a.seed.value = "11"  # a seat starts a new game: pinned, so every run plays the same game
    a.seat.take_btn.click()
    return a


def click(app: TutorApp, target: str, ident: str, colour: str | None = None) -> None:
    content = {"kind": "pick", "target": target, "id": ident}
    if colour:
        content["colour"] = colour
    app.board._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                           "buffers": []})


def act_once(app: TutorApp) -> None:
    """What a learner does: click a highlighted place, else a choice button."""
    targets = app.board.board.get("targets") or {}
    if targets.get("ships"):
        click(app, "ship", targets["ships"][0])
    elif targets.get("zones"):
        click(app, "zone", targets["zones"][0])
    else:
        app.seat.choices.click(0)


def test_taking_a_seat_waits_only_at_the_learners_decisions(app: TutorApp) -> None:
    sess = app.session
    assert app.seat.seat == "red" and sess.viewer == "red"
    legal = sess.game.legal_intents()
    assert legal and all(x.colour == "red" for x in legal)  # the bots have all decided
    assert "Your turn (Red)" in app.seat.prompt.value
    assert len(sess.reports) >= 3  # the three bots kept their missions, explained
    before = len(sess.game.log)
    app.stepper.next_btn.click()  # Next never plays the learner's colour
    assert len(sess.game.log) == before and "your turn" in app.status_text().lower()


def test_a_whole_game_by_clicks_keeps_bot_secrets_off_the_page(app: TutorApp) -> None:
    sess = app.session
    mine = 0
    for _ in range(400):
        if sess.game.over:
            break
        s = sess.state
        secrets = {m for c in s.order if c != "red" for m in s.seats[c].missions}
        secrets |= {str(s.seats[c].chosen) for c in s.order
                    if c != "red" and s.seats[c].chosen and s.stage == "choose"}
        text = shown_text(app)
        leaked = [x for x in secrets if f'"{x}"' in text or f"{x}'" in text]
        assert not leaked, leaked
        before = len(sess.reports)
        act_once(app)
        mine += len(sess.reports) != before
    assert sess.game.over, "the game did not end"
    assert mine >= 10
    assert "The game is over" in app.seat.prompt.value


def test_clicks_narrow_moves_from_then_to() -> None:
    moves = [I.Move("red", "hellas", "ausonia"), I.Move("red", "ausonia", "hellas"),
             I.Move("red", "hellas", "tritonis_sinus")]
    picks, found = S.add_pick(moves, [], ["hellas"])
    assert picks == ["hellas"] and len(found) == 3
    picks, found = S.add_pick(moves, picks, ["ausonia"])
    assert found == [moves[0]]  # from Hellas to Ausonia, not the reverse
    picks, found = S.add_pick(moves, ["tritonis_sinus"], ["ausonia"])
    assert picks == ["ausonia"] and found == moves[:2]  # a new start: both use Ausonia


def test_a_click_on_an_astronaut_picks_the_victim(spec: Any) -> None:
    kills = [I.Kill("red", "hellas", "blue"), I.Kill("red", "hellas", "green")]
    _, found = S.add_pick(kills, [], ["hellas", "green"])
    assert found == [kills[1]]
    tg = S.targets(spec, kills, [])
    assert tg["zones"] == ["hellas"] and tg["ships"] == []


def test_back_returns_to_the_learners_previous_decision(app: TutorApp) -> None:
    sess = app.session
    first = sess.game.legal_intents()
    app.seat.choices.click(0)
    assert sess.game.legal_intents() != first
    app.stepper.back_btn.click()
    assert sess.game.legal_intents() == first
    assert "previous decision" in app.status_text()


def test_bots_play_alone_in_a_session(spec: Any) -> None:
    sess = Session.new(spec, ("red", "blue", "green", "yellow"), 3)
    reps = S.bots_play(sess, "blue")
    assert reps and all(r.actor != "blue" for r in reps)
    assert {x.colour for x in S.my_options(sess, "blue")} == {"blue"}


def test_a_seated_learner_cannot_switch_to_a_bots_view(app: TutorApp) -> None:
    app.viewer.value = "blue"  # as a hostile page could send despite the disabled control
    assert app.session.viewer == "red" and app.viewer.value == "red"
    assert "only red's view" in app.status_text()
    app.open_tab("Hand")
    app.panel("Hand").seat.value = "blue"
    app.panel("Hand").show_btn.click()
    assert app.session.viewer == "red" and app.panel("Hand").open is None


def test_a_click_naming_an_unknown_astronaut_is_refused(app: TutorApp) -> None:
    before = len(app.session.game.log)
    click(app, "zone", "hellas", "purple")  # no purple colour in this game
    assert "no such astronaut in this game" in app.status_text()  # no id echoed
    click(app, "ship", "s99")
    assert "There is no such ship" in app.status_text()
    assert len(app.session.game.log) == before


def test_what_if_compares_the_learners_own_options(app: TutorApp) -> None:
    app.open_tab("What if")
    whatif = app.panel("What if")
    assert whatif.a.value is not None and whatif.b.value is not None  # nothing starts blank
    assert all(label.startswith("Red: ") for label, _ in app.panel("What if").a.options)
    before = len(app.session.game.log)
    app.panel("What if").go.click()
    assert "Both choices were played on copies" in app.status_text()
    assert len(app.session.game.log) == before


def test_referee_mode_asks_a_seated_learner_first_then_marks_the_seat(app: TutorApp) -> None:
    """Issue 36: one tap on Referee does not show a seated learner every secret; it asks,
    saying what would be shown, and once confirmed the seat is marked for the game."""
    bots_missions = [m for c in ("blue", "green", "yellow")
                     for m in app.session.state.seats[c].missions]
    app.mode.value = "Referee"
    assert not app.session.referee and app.mode.value == "Tutor"
    confirm = app.referee_confirm
    assert confirm.widget.layout.display == "" and "every secret" in confirm.text.value
    assert "You play Red" in confirm.text.value
    assert not any(app.session.spec.card_name(m) in shown_text(app) for m in bots_missions)
    confirm.no.click()  # stay seated: nothing shown, nothing marked
    assert confirm.widget.layout.display == "none" and not app.seat.saw_all
    assert not app.session.referee
    app.mode.value = "Referee"
    confirm.yes.click()
    assert app.session.referee and app.mode.value == "Referee" and app.seat.saw_all
    app.mode.value = "Tutor"  # the seat resumes, marked as having seen everything
    assert not app.session.referee and app.seat.seat == "red"
    assert "Red has seen every secret" in app.seat.prompt.value
    app.mode.value = "Referee"  # marked already: no second question
    assert app.session.referee and confirm.widget.layout.display == "none"
    app.mode.value = "Tutor"
    app.seat.take_btn.click()  # a new seat, a new game: the mark goes
    assert not app.seat.saw_all and "has seen every secret" not in app.seat.prompt.value
