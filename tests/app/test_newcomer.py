"""What a newcomer trips over (issue 26), checked on the app's widgets: card text where a
card is chosen, feedback beside the control that caused it, and a game that ends with its
scores where it ended.  Each test fails on the app before issue 26."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.ui.cards import UNVERIFIED, choice_detail
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


def text(h: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", h))


@pytest.fixture
def seated(make_app: Any) -> TutorApp:
    a = make_app(11)
    a.players.value = 4
    a.seat.colour.value = "red"
    a.seed.value = "11"
    a.seat.take_btn.click()
    return a


def test_keep_the_mission_choices_say_what_each_mission_asks(seated: TutorApp) -> None:
    spec = seated.session.spec
    labels, details = seated.seat.choices.labels, seated.seat.choices.details
    assert labels and all(lbl.startswith("Keep the mission") for lbl in labels)
    for x, d in zip(seated.seat._choice_intents, details, strict=True):
        assert isinstance(x, I.KeepMission)
        mission = spec.missions[x.card]
        assert d.startswith(mission.text)  # the card's own text, under its choice
        assert (UNVERIFIED in d) is (not mission.verified)  # with its unverified flag


def test_character_choices_carry_their_card_text(seated: TutorApp) -> None:
    seated.seat.play_choice(0)  # keep a mission: the bots play on to the character choice
    spec = seated.session.spec
    intents = seated.seat._choice_intents
    assert intents and all(isinstance(x, I.ChooseCharacter) for x in intents)
    shown = dict(zip(seated.seat.choices.labels, seated.seat.choices.details, strict=True))
    travel = next(lbl for lbl in shown if lbl.startswith("Play the Travel Agent (3)"))
    assert shown[travel].startswith(spec.characters["travel_agent"].text)


def test_the_stepper_lists_the_cards_of_a_card_choice(make_app: Any) -> None:
    a = make_app(11)
    a.viewer.value = "red"
    while not any(isinstance(x, I.ChooseCharacter) for x in a.stepper.intents):
        a.stepper.next_btn.click()
    notes = text(a.stepper.decision.value)
    assert a.session.spec.characters["soldier"].text in notes


def test_countdown_chips_have_a_tap_tooltip_with_the_card_text(make_app: Any) -> None:
    a = make_app(11)
    cd = a.stepper.countdown.value
    tips = re.findall(r'data-tip="([^"]*)"', cd)
    assert len(tips) == 9
    pilot = next(html.unescape(t) for t in tips if t.startswith("Pilot"))
    assert a.session.spec.characters["pilot"].text in pilot


def test_no_card_detail_for_a_move(spec: Any) -> None:
    assert choice_detail(spec, I.Move("red", "hellas", "ausonia")) == ""


def test_check_my_prediction_with_nothing_picked_answers_beside_the_button(
        make_app: Any) -> None:
    a = make_app(11)
    a.lesson.on_start()
    lesson = a.panel("Lesson & quiz")
    assert lesson is a.lesson
    a.lesson.quiz_check.click()
    assert "Choose your prediction first" in text(a.lesson.quiz_out.value)


def test_set_round_answers_under_its_own_row(make_app: Any) -> None:
    a = make_app(11)
    a.mode.value = "Referee"
    a.open_tab("Table")
    editor = a.panel("Table").editor  # type: ignore[attr-defined]
    editor.set_round.click()
    note = text(editor.notes["round"].value)
    assert "table as entered" in note
    assert all(not n.value for k, n in editor.notes.items() if k != "round")


def test_the_game_ends_with_its_scores_where_it_ended(make_app: Any) -> None:
    a = make_app(5)
    while not a.session.game.over:
        a.stepper.round_btn.click()
    res = a.session.view()["result"]
    shown = text(a.stepper.decision.value)
    winner = res["winners"][0].capitalize()
    assert f"Winner: {winner}" in " ".join(shown.split())
    for c, score in res["scores"].items():
        # the total leads, beside the colour (issue 36), then the four scoring lines
        assert re.search(rf"{c.capitalize()}\s+{score}\s+(\d+\s+){{3}}\d+\b", shown), shown
    assert "Diversification" in shown or "not completed" in shown  # missions revealed
    assert "Scores tab" in shown
    assert a.stepper.scores_btn.layout.display == ""
    a.stepper.scores_btn.click()
    assert a.shown_tab() == "Scores"


def test_seated_game_over_summary_is_in_the_prompt(seated: TutorApp) -> None:
    from mrp_tutor.games.mission_red_planet.ui import seat as S

    sess = seated.session
    while not sess.game.over:
        mine = S.my_options(sess, "red")
        if mine:
            seated.seat.play(mine[0])
        else:
            seated.stepper.next_btn.click()
    prompt = text(seated.seat.prompt.value)
    assert "The game is over" in prompt and "total" in prompt and "Scores tab" in prompt


def _play_until(app: TutorApp, want: Any, limit: int = 400) -> list[I.Intent]:
    """Play the seated game (last option each time) until ``want(decision)`` holds."""
    from mrp_tutor.games.mission_red_planet.ui import seat as S

    sess = app.session
    for _ in range(limit):
        mine = S.my_options(sess, "red")
        d = sess.view()["decision"]
        if mine and want(d):
            return mine
        if mine:
            app.seat.play(mine[-1])
        else:
            app.stepper.next_btn.click()
        assert not sess.game.over
    raise AssertionError("decision not met")


def test_prompts_name_the_character_and_the_step(seated: TutorApp) -> None:
    seen: dict[str, str] = {}
    for ch in ("femme_fatale", "saboteur", "secret_agent", "scientist", "soldier", "pilot"):
        mine = _play_until(seated, lambda d, ch=ch: bool(d) and d.get("character") == ch
                           and d["kind"] != "board", limit=2000) if ch not in seen else []
        if mine:
            name = seated.session.spec.card_name(ch)
            prompt = text(seated.seat.prompt.value)
            assert f"{name}:" in prompt, prompt
            assert "decide:" not in prompt
            seen[ch] = prompt
        if len(seen) >= 2:
            break
    assert len(set(seen.values())) == len(seen) >= 2  # one prompt per step, not one for all


def test_board_a_ship_lights_only_ships_and_options_are_not_doubled(seated: TutorApp) -> None:
    _play_until(seated, lambda d: bool(d) and d["kind"] == "board")
    targets = seated.board.board["targets"]
    assert targets["ships"] and not targets["zones"]
    prompt = text(seated.seat.prompt.value)
    assert "highlighted ship" in prompt and "zone" not in prompt.split(":")[-1]
    assert seated.stepper.options.layout.display == "none"  # the choices by the prompt only


def test_the_production_ruling_says_what_it_assumes_and_counts_what_waits(spec: Any) -> None:
    from mrp_tutor.games.mission_red_planet.referee import production_ruling
    from mrp_tutor.games.mission_red_planet.ui.panels.rulings import production_summary_html
    from mrp_tutor.games.mission_red_planet.ui.session import Session

    sess = Session.new(spec, ("red", "blue", "green"), 5)
    seen = {"assumes": False, "waiting": False}
    for _ in range(600):
        sess.next()
        st = sess.game.state
        page = text(production_summary_html(spec, production_ruling(spec, st)))
        if any(st.seats[c].chosen for c in st.order) and st.stage != "production":
            assert "takes the board as it is now" in page and "still to resolve" in page
            seen["assumes"] = True
        for z in spec.zones:
            left = {r: n for r, n in st.waiting[z].items() if n}
            if left and st.face_up.get(z) and any(st.zones[z].values()):
                assert "already waiting" in page, page
                seen["waiting"] = True
        if all(seen.values()):
            break
    assert all(seen.values()), seen


def test_one_editor_ships_by_their_card_and_the_header_follows_a_loaded_table(
        make_app: Any) -> None:
    a = make_app(11)
    a.mode.value = "Referee"
    a.open_tab("Referee")
    ref = a.panel("Referee")
    labels = [lbl for lbl, _ in ref.ship.options]  # type: ignore[attr-defined]
    assert labels and all(lbl.startswith("ship ") and "(to " in lbl for lbl in labels), labels
    intro = str(ref.root.children[0].value)  # type: ignore[attr-defined]
    assert "Copy the physical table" not in intro and "Table" in intro  # one editor
    final = ref.rule_final.description  # type: ignore[attr-defined]
    a.open_tab("Table")
    tab = a.panel("Table")
    assert final == tab.final_btn.description  # type: ignore[attr-defined]  # one name
    other = make_app(12)  # a 4-colour game, its table copied by code (as a referee shares it)
    other.players.value = 4
    other.on_new_game()
    other.mode.value = "Referee"
    other.open_tab("Table")
    code = other.panel("Table").code_out.value  # type: ignore[attr-defined]
    assert code
    tab.code_in.value = code  # type: ignore[attr-defined]
    tab.code_btn.click()  # type: ignore[attr-defined]
    assert len(a.session.state.order) == 4
    assert a.players.value == 4  # the header follows the table
    assert "replays this game" not in a.seed_shown.value
