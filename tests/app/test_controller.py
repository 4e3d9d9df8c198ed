"""The app without a browser: build it, click buttons, assert on the session and the status.

Widget clicks run the same callbacks the browser triggers (ipywidgets ``Button.click()``);
board clicks are the custom messages board.js sends.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from testkit.app_widgets import to_choose, walk

from mrp_tutor.app import build_app, page_guard
from mrp_tutor.games.mission_red_planet.engine import ChooseCharacter, load_spec
from mrp_tutor.games.mission_red_planet.engine.state import state_to_dict
from mrp_tutor.games.mission_red_planet.explain.options import ship_name
from mrp_tutor.games.mission_red_planet.ui.session import Session
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


@pytest.fixture
def app(make_app: Any) -> TutorApp:
    return make_app(7)


def board_msg(app: TutorApp, content: dict[str, Any]) -> None:
    """Deliver a custom message exactly as the comm does when board.js calls model.send."""
    app.board._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                           "buffers": []})


def snapshot(app: TutorApp) -> dict[str, Any]:
    return state_to_dict(app.session.state)


def zone_form(app: TutorApp, zone: str, colour: str, n: int) -> None:
    """Fill the Referee tab's astronauts-in-a-zone edit (not yet applied)."""
    app.panel("Referee").zone.value = zone
    app.panel("Referee").zone_colour.value = colour
    app.panel("Referee").zone_n.value = n


def test_app_builds_with_stable_classes(app: TutorApp) -> None:
    classes = {c for w in walk(app.root) for c in getattr(w, "_dom_classes", ())}
    for needed in ("mrp-app", "mrp-next", "mrp-back", "mrp-log", "mrp-explain", "mrp-scenario",
                   "mrp-status", "mrp-board-widget"):
        assert needed in classes, needed
    assert app.status_text() == "Ready."
    assert {z["id"] for z in app.board.board["zones"]} == set(app.spec.zones)


def test_next_plays_a_decision_and_explains_it_with_a_citation(app: TutorApp) -> None:
    before = len(app.session.game.log)
    log_before = app.panel("Log").html.value
    app.stepper.next_btn.click()
    assert len(app.session.game.log) > before
    assert "Step played" in app.status_text()
    explained = app.stepper.explain.value
    assert "mrp-cite" in explained and 'data-rule="setup.missions"' in explained
    assert "[setup.missions]" not in explained  # a learner reads the section, not the id
    assert app.panel("Log").html.value != log_before
    app.mode.value = "Referee"  # a referee also reads the rule id
    app.stepper.next_btn.click()
    assert re.search(r"\[[a-z_]+\.[a-z_.]+\]", app.stepper.explain.value)


def test_back_restores_the_previous_position(app: TutorApp) -> None:
    start = snapshot(app)
    app.stepper.next_btn.click()
    app.stepper.next_btn.click()
    assert snapshot(app) != start
    app.stepper.back_btn.click()
    app.stepper.back_btn.click()
    assert snapshot(app) == start
    app.stepper.back_btn.click()
    assert "Nothing to undo" in app.status_text()


def test_back_across_a_reveal_says_so(app: TutorApp) -> None:
    to_choose(app)
    for c in ("red", "blue", "green"):  # the last pick reveals everyone's character
        legal = app.session.game.legal_intents(c)
        app.dispatch({"type": "choose_character", "colour": c,
                      "character": legal[0].character})  # type: ignore[attr-defined]
    assert app.session.state.stage == "resolve"
    app.stepper.back_btn.click()
    assert "could not be taken back" in app.status_text()
    app.stepper.back_btn.click()
    assert app.status_text() == "Back one step."


def test_run_to_end_of_round_changes_the_round(app: TutorApp) -> None:
    to_choose(app)
    r = app.session.state.round
    app.stepper.round_btn.click()
    s = app.session.state
    assert (s.round, s.stage) != (r, "choose")
    assert s.round == r + 1 or s.stage in ("production", "over")


def test_illegal_intent_yields_a_sentence_and_changes_nothing(app: TutorApp) -> None:
    to_choose(app)
    start = snapshot(app)
    app.dispatch({"type": "board", "colour": "red", "ship": "s01", "count": 1})
    text = app.status_text()
    assert "Traceback" not in text
    assert "red" in text.lower() and "choose" in text.lower()
    assert snapshot(app) == start


def test_malformed_browser_input_yields_a_sentence(app: TutorApp) -> None:
    start = snapshot(app)
    app.dispatch({"type": "board", "colour": "red", "ship": "s01", "count": "many"})
    assert "board" in app.status_text().lower() and "Traceback" not in app.status_text()
    app.dispatch({"type": "teleport", "colour": "red"})
    assert "no decision of type 'teleport'" in app.status_text().lower()
    assert snapshot(app) == start


def test_unexpected_exception_becomes_a_sentence(app: TutorApp,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    def boom() -> None:
        raise RuntimeError("kaput")

    monkeypatch.setattr(app.session, "next", boom)
    app.stepper.next_btn.click()  # must not raise
    assert "Something went wrong" in app.status_text()
    assert "kaput" not in app.status_text()  # no exception text reaches the page (issue 41)
    assert "RuntimeError" not in app.status_text()


def options_msg(app: TutorApp, content: Any) -> None:
    """Deliver a custom message exactly as live.js sends "Play this"."""
    app.stepper.options._handle_msg({"content": {"data": {"method": "custom",
                                                          "content": content}}, "buffers": []})


def test_options_list_plays_any_legal_decision(app: TutorApp) -> None:
    app.viewer.value = "red"  # Red's view (the first screen is the table's: no options)
    to_choose(app)
    labels = app.stepper.options.labels
    assert labels and all(label.startswith("Red: play the ") for label in labels)
    chosen = app.stepper.intents[2]
    options_msg(app, {"kind": "play", "index": 2,
                      "position": app.board.options["position"]})
    assert app.session.state.seats["red"].chosen == chosen.character  # type: ignore[attr-defined]


@pytest.mark.parametrize("content", [
    {"kind": "play", "index": "2", "position": 1}, {"kind": "play", "index": 2},
    {"kind": "play", "index": 2, "position": 1, "extra": 1}, [1, 2], "play",
    {"kind": "play", "index": 10**30, "position": 1}, {"kind": "drop", "index": 0, "position": 1},
])
def test_options_refuse_what_the_page_should_not_send(app: TutorApp, content: Any) -> None:
    to_choose(app)
    before = snapshot(app)
    options_msg(app, content)
    assert snapshot(app) == before
    said = app.status_text()  # a content that is not a mapping: refused by the page guard
    assert "does not understand" in said or said == page_guard.REFUSED, said


def test_a_choice_from_an_older_options_list_is_refused(app: TutorApp) -> None:
    to_choose(app)
    old = app.board.options["position"]
    options_msg(app, {"kind": "play", "index": 9_999, "position": old})
    assert "Choose one of the legal options" in app.status_text()
    app.stepper.next_btn.click()  # the bot plays: a new list
    before = snapshot(app)
    options_msg(app, {"kind": "play", "index": 0, "position": old})
    assert snapshot(app) == before
    assert "options changed" in app.status_text()


def _all_widget_state(app: TutorApp) -> str:
    return json.dumps([w.get_state() for w in walk(app.root)], default=str)


def test_hidden_information_is_absent_from_another_viewer(app: TutorApp, spec: Any) -> None:
    to_choose(app)
    red = app.session.state.seats["red"]
    mission = red.missions[0]
    app.dispatch({"type": "choose_character", "colour": "red", "character": "soldier"})
    assert app.session.state.seats["red"].chosen == "soldier"
    app.viewer.value = "blue"
    board = json.dumps(app.board.board)
    assert mission not in board and "soldier" not in board.lower()
    everything = _all_widget_state(app)
    assert spec.missions[mission].name not in everything
    assert "Soldier" not in app.stepper.explain.value
    assert "soldier" not in app.panel("Log").html.value.lower()
    # red itself sees its own pick
    app.viewer.value = "red"
    app.open_tab("Hand")
    app.panel("Hand").seat.value = "red"
    app.panel("Hand").show_btn.click()
    assert "Soldier" in app.panel("Hand").info.value


def test_referee_view_only_in_referee_mode(app: TutorApp, spec: Any) -> None:
    to_choose(app)
    blue_mission = app.session.state.seats["blue"].missions[0]
    assert blue_mission not in json.dumps(app.session.view())
    app.mode.value = "Referee"
    assert blue_mission in json.dumps(app.session.view())
    app.mode.value = "Tutor"
    assert blue_mission not in json.dumps(app.session.view())


def test_leaving_referee_mode_hides_what_the_referee_saw(app: TutorApp) -> None:
    to_choose(app)
    app.mode.value = "Referee"
    app.dispatch({"type": "choose_character", "colour": "blue", "character": "soldier"})
    assert "Soldier" in app.stepper.explain.value
    app.open_tab("Referee")
    app.panel("Referee").rule_final.click()
    assert app.panel("Referee").ruling.value
    app.open_tab("Log")
    assert "soldier" in app.panel("Log").html.value.lower()
    app.open_tab("Scores")  # the log tab is hidden now, but its widget is still synced
    app.mode.value = "Tutor"  # viewer red again
    assert "soldier" not in app.panel("Log").html.value.lower()
    assert "Soldier" not in app.stepper.explain.value
    assert "Blue made a secret choice" in app.stepper.explain.value
    assert app.panel("Referee").ruling.value == ""


def test_pass_and_play_sealed_pick(app: TutorApp) -> None:
    to_choose(app)
    app.open_tab("Hand")
    app.panel("Hand").seat.value = "blue"
    app.panel("Hand").show_btn.click()
    assert "Blue's hand" in app.panel("Hand").info.value
    app.panel("Hand").cards.value = "pilot"
    app.panel("Hand").lock_btn.click()
    assert app.session.state.seats["blue"].chosen == "pilot"
    assert app.session.viewer is None  # hidden again: the table view
    assert "Pilot" not in app.panel("Hand").info.value
    assert "locked a character" in app.status_text()


def test_board_click_is_validated_in_the_kernel(app: TutorApp) -> None:
    board_msg(app, {"kind": "pick", "target": "zone", "id": "hellas"})
    assert "Picked zone Hellas" in app.status_text()
    assert app.board.picked == "zone:hellas"
    board_msg(app, {"kind": "pick", "target": "zone", "id": "olympus"})
    assert "no such zone on the board now" in app.status_text()  # no id echoed
    board_msg(app, {"kind": "exec", "code": "1/0"})
    assert "does not understand" in app.status_text()


def test_board_click_on_ship_filters_options(app: TutorApp) -> None:
    app.viewer.value = "red"  # Red's view: Red's options
    to_choose(app)
    app.stepper.round_btn.click()
    for _ in range(30):
        d = app.session.game.decision()
        if d and d.kind == "board" and app.session.viewer in d.colours:
            break
        app.stepper.next_btn.click()
    else:
        pytest.skip("no boarding decision for red in this seed")
    ship = app.session.state.docked()[0]
    board_msg(app, {"kind": "pick", "target": "ship", "id": ship})
    name = ship_name(ship)
    assert all(f"{name} (" in label for label in app.stepper.options.labels)


def test_referee_edit_over_capacity_is_refused_with_the_rule(app: TutorApp, spec: Any) -> None:
    app.open_tab("Referee")
    ship = app.session.state.docked()[0]
    cap = spec.cap[ship]
    app.panel("Referee").ship.value = ship
    app.panel("Referee").ship_colour.value = "green"
    app.panel("Referee").ship_n.value = cap + 1
    start = snapshot(app)
    app.panel("Referee").ship_btn.click()
    assert "Referee mode" in app.status_text()  # not allowed in tutor mode
    app.mode.value = "Referee"
    app.panel("Referee").ship_btn.click()
    text = app.status_text()
    assert f"capacity {cap}" in text and "ships.capacity" in text
    assert snapshot(app) == start


def test_referee_edit_beyond_22_astronauts_is_refused(app: TutorApp) -> None:
    app.mode.value = "Referee"
    app.open_tab("Referee")
    zone_form(app, "hellas", "red", 23)
    start = snapshot(app)
    app.panel("Referee").zone_btn.click()
    assert "22 astronauts" in app.status_text()
    assert "components.astronauts" in app.status_text()
    assert snapshot(app) == start


def test_edit_error_sentences_are_the_shared_explanations(spec: Any) -> None:
    """A referee edit's error reads the same from the session and from explain_error."""
    from mrp_tutor.games.mission_red_planet.engine.errors import IllegalIntent
    from mrp_tutor.games.mission_red_planet.explain import explain_error
    from mrp_tutor.games.mission_red_planet.ui.edits import EditForm, check_edit

    sess = Session.new(spec, ("red", "blue", "green"), 7)
    zone = next(z for z in spec.zones if z in sess.state.resources)
    form = EditForm(what="zone", place=zone, colour="red", count=23)
    with pytest.raises(IllegalIntent) as info:
        check_edit(spec, sess.state, form)
    shared = explain_error(spec, info.value).text
    assert shared == sess.error_sentence(info.value).text
    assert "left in its supply" in shared and "22 astronauts in all" in shared


def test_legal_referee_edits_apply_and_undo(app: TutorApp) -> None:
    app.mode.value = "Referee"
    app.open_tab("Referee")
    supply = app.session.state.seats["red"].supply
    zone_form(app, "hellas", "red", 3)
    app.panel("Referee").zone_btn.click()
    assert app.session.state.zones["hellas"]["red"] == 3
    assert app.session.state.seats["red"].supply == supply - 3
    assert app.session.state.face_up["hellas"]  # astronauts arrived: the token turned up
    app.panel("Referee").face.value = "hellas"
    app.panel("Referee").face_btn.click()
    assert "already face up" in app.status_text()
    app.stepper.back_btn.click()
    assert not app.session.state.face_up["hellas"]
    assert app.session.state.zones["hellas"].get("red", 0) == 0
    assert app.session.state.seats["red"].supply == supply


def test_production_ruling_cites_the_majority_rule(app: TutorApp) -> None:
    app.open_tab("Referee")
    app.panel("Referee").rule_final.click()  # tutor mode: a final ruling shows others' missions
    assert "Referee mode" in app.status_text() and app.panel("Referee").ruling.value == ""
    app.mode.value = "Referee"
    for colour, n in (("red", 2), ("blue", 1)):
        zone_form(app, "hellas", colour, n)
        app.panel("Referee").zone_btn.click()
    app.panel("Referee").face.value = "hellas"
    app.panel("Referee").face_btn.click()  # only face-up zones produce
    app.panel("Referee").rule_prod.click()
    assert "Red receives" in app.panel("Referee").ruling.value
    assert "production.majority" in app.panel("Referee").ruling.value
    app.panel("Referee").rule_final.click()
    ruling = app.panel("Referee").ruling.value
    assert "scoring.final" in ruling and "If the game ended now" in ruling


def test_what_if_compares_on_copies(app: TutorApp) -> None:
    app.viewer.value = "red"  # Red's view: Red's options
    to_choose(app)
    start = snapshot(app)
    app.open_tab("What if")
    app.panel("What if").a.value = 0
    app.panel("What if").b.value = 1
    app.panel("What if").go.click()
    assert app.panel("What if").out.value.count('class="mrp-whatif-col"') == 2
    assert snapshot(app) == start


def test_what_if_never_reveals_hidden_picks(app: TutorApp, spec: Any) -> None:
    to_choose(app)
    app.dispatch({"type": "choose_character", "colour": "red", "character": "soldier"})
    app.dispatch({"type": "choose_character", "colour": "blue", "character": "saboteur"})
    app.viewer.value = "green"  # green chooses last: its pick would start the countdown
    app.open_tab("What if")
    app.panel("What if").a.value = 0
    app.panel("What if").b.value = 1
    app.panel("What if").go.click()
    out = app.panel("What if").out.value
    assert "hidden until it really happens" in out
    assert "Soldier" not in out and "Saboteur" not in out
    app.mode.value = "Referee"  # the referee may look ahead
    app.open_tab("What if")
    app.panel("What if").go.click()
    out = app.panel("What if").out.value
    assert "reveals the" in out and "hidden until" not in out


def test_quiz_without_scenario_rules_on_a_zone(app: TutorApp) -> None:
    app.mode.value = "Referee"
    app.open_tab("Referee")
    zone_form(app, "syrtis_major", "blue", 4)
    app.panel("Referee").zone_btn.click()
    app.open_tab("Lesson & quiz")
    assert "Syrtis Major" in app.lesson.quiz_q.value
    # astronauts put into a zone turn its face-down resource token up, as a landing does
    # (the loader's validator: a zone with astronauts has its token face up)
    assert app.session.state.face_up["syrtis_major"]
    app.lesson.quiz_pick.value = "nobody"
    app.lesson.quiz_check.click()
    assert "Not quite" in app.lesson.quiz_out.value
    app.lesson.quiz_pick.value = "blue"
    app.lesson.quiz_check.click()
    out = app.lesson.quiz_out.value
    assert "Right" in out and "production.majority" in out
    app.lesson.quiz_pick.value = "red"
    app.lesson.quiz_check.click()
    assert "Not quite" in app.lesson.quiz_out.value


def test_text_board_is_a_table_with_headers(app: TutorApp) -> None:
    app.open_tab("Text board")
    html = app.panel("Text board").html.value
    assert "<caption>" in html and 'scope="row"' in html and "Hellas" in html
    assert "ship " in html and not re.search(r"\bs\d\d\b", html)  # ships by name, not s07


def test_scores_tab_renders_tables_and_race(app: TutorApp) -> None:
    app.open_tab("Scores")
    html = app.panel("Scores").html.value
    assert "mrp-scoreboard" in html and "mrp-majorities" in html and "mrp-race" in html


def test_board_front_end_is_loaded_from_widget_files(app: TutorApp) -> None:
    from mrp_tutor.resources import widgets_dir

    esm = (widgets_dir() / "board.js").read_text()
    assert "export default" in esm and "model.send" in esm
    assert app.board.has_trait("_esm") and "render" in str(app.board._esm)
    assert app.board.trait_metadata("board", "sync") is True
    assert app.board.trait_metadata("picked", "sync") is True


def small_scenario(spec: Any) -> Any:
    """A real scenario document (mrp_tutor.games.mission_red_planet.scenarios): a seeded setup, one
    legal step and
    one step that shows an illegal move on purpose, and a quiz."""
    from mrp_tutor.games.mission_red_planet.engine import Game
    from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict

    dealt = Game.new(spec, ["red", "blue", "green"], seed=3).state.seats["red"].dealt
    return scenario_from_dict({
        "id": "full-ship", "title": "A full ship launches",
        "lesson": "A ship launches once full.", "players": ["red", "blue", "green"],
        "setup": {"seed": 3},
        "steps": [
            {"intent": {"type": "keep_mission", "colour": "red", "card": dealt[0]}},
            {"intent": {"type": "choose_character", "colour": "red", "character": "pilot"},
             "note": "An illegal move on purpose: nobody chooses before missions are kept.",
             "expect": {"error": {"code": "wrong_decision"}}},
        ],
        "quiz": {"question": "Is keeping a mission legal now?", "choices": ["legal", "illegal"],
                 "answer": 0, "explanation": "Each player keeps one of the two dealt missions."},
    })


def test_scenario_picker_tolerates_an_empty_library_and_plays_steps(spec: Any) -> None:
    app = build_app(spec=spec)
    assert app.scenario.options[0][1] == "__free__"
    sc = small_scenario(spec)
    app.scenarios = [sc]
    app.scenario.options = app._scenario_options()
    app.scenario.value = "full-ship"
    app.load_btn.click()
    assert "Scenario loaded" in app.status_text()
    app.stepper.next_btn.click()
    assert app.session.state.seats["red"].missions == [sc.steps[0].intent["card"]]
    app.stepper.next_btn.click()  # a step that shows an illegal move on purpose
    assert "forbid" in app.status_text()
    assert "illegal move on purpose" in app.stepper.explain.value
    app.stepper.back_btn.click()
    app.open_tab("Lesson & quiz")
    assert "Is keeping a mission legal now?" in app.lesson.quiz_q.value
    app.lesson.quiz_pick.value = "legal"
    app.lesson.quiz_check.click()
    assert "Right" in app.lesson.quiz_out.value


def test_card_data_correction_is_validated_then_saved(app: TutorApp, tmp_path: Any) -> None:
    path = tmp_path / "overrides.yaml"  # the operator's file (MRP_TUTOR_OVERRIDES, fixture)
    app.open_tab("Card data")
    cd = app.panel("Card data")
    assert "unverified" in cd.table.value
    cd.id.value = "s01"
    cd.field.value = "capacity"
    cd.value.value = "0"
    cd.save.click()
    assert "Not kept" in app.status_text() and not path.exists()
    cd.value.value = "3"
    cd.save.click()
    assert "Kept" in app.status_text() and path.exists()
    assert load_spec(overrides=path).cap["s01"] == 3


def test_session_next_uses_the_bot_with_a_reason(spec: Any) -> None:
    sess = Session.new(spec, seed=5)
    while sess.game.decision() and sess.game.decision().kind != "board":  # type: ignore[union-attr]
        sess.next()
    rep = sess.next()
    assert rep.why.startswith("The bot boards")
    assert isinstance(rep.intent, object) and rep.events


def test_session_plays_only_legal_intents(spec: Any) -> None:
    sess = Session.new(spec, seed=5)
    with pytest.raises(Exception) as info:
        sess.play(ChooseCharacter("red", "pilot"))
    assert getattr(info.value, "code", "") == "wrong_decision"
    assert not sess.history


def test_real_library_scenario_with_quiz(spec: Any) -> None:
    app = build_app(spec=spec)
    ids = [v for _, v in app.scenario.options]
    if "round-ties-clockwise" not in ids:
        pytest.skip("scenario library without round-ties-clockwise")
    app.scenario.value = "round-ties-clockwise"
    app.load_btn.click()
    assert "Scenario loaded" in app.status_text()
    app.stepper.next_btn.click()
    assert "round.ties_clockwise" in app.stepper.explain.value
    app.open_tab("Lesson & quiz")
    assert "Who resolves first?" in app.lesson.quiz_q.value
    app.lesson.quiz_pick.value = "Red"
    app.lesson.quiz_check.click()
    assert "Not quite" in app.lesson.quiz_out.value and "Green" in app.lesson.quiz_out.value
    app.lesson.quiz_pick.value = "Green"
    app.lesson.quiz_check.click()
    assert "Right" in app.lesson.quiz_out.value
    assert "round.ties_clockwise" in app.lesson.quiz_more.value  # step by step, under Next


def test_picker_tolerates_a_broken_library(spec: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from mrp_tutor.games.mission_red_planet.engine import ContentError
    from mrp_tutor.games.mission_red_planet.ui import scenario_glue

    def broken() -> list[Any]:
        raise ContentError("scenarios", ["bad.yaml: stage: not a stage"])

    monkeypatch.setattr(scenario_glue, "library", broken)
    found, problem = scenario_glue.load_library()
    assert found == [] and problem is not None and "bad.yaml: stage: not a stage" in problem
    app = build_app(spec=spec)
    assert "could not be loaded" in app.status_text()
    app.load_btn.click()  # the free game still works
    assert "New game" in app.status_text()


def test_broken_override_file_starts_the_app_with_a_sentence(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    bad = tmp_path / "overrides.yaml"
    bad.write_text("ships: [unclosed\n  - {id: x\n", encoding="utf-8")
    monkeypatch.setenv("MRP_TUTOR_OVERRIDES", str(bad))
    app = build_app(seed=3)  # no spec given: the app loads the override file itself
    text = app.status_text()
    assert "were not applied" in text and "overrides.yaml" in text
    assert "Traceback" not in text
    # the app runs on the base data
    base = load_spec(use_env_overrides=False)
    assert set(app.spec.ships) == set(base.ships)
    app.stepper.next_btn.click()
    assert app.session.game.log


def test_bot_kill_reason_follows_the_zone_counts(spec: Any) -> None:
    from mrp_tutor.games.mission_red_planet.engine import Game
    from mrp_tutor.games.mission_red_planet.engine.intents import Kill
    from mrp_tutor.games.mission_red_planet.ui import bot

    game = Game.new(spec, ["red", "blue", "green"], seed=3)
    zones = game.state.zones
    zones["hellas"].clear()
    zones["hellas"].update({"blue": 3, "green": 1})
    zones["ausonia"].clear()
    zones["ausonia"].update({"blue": 2, "green": 2})
    # a leader's astronaut is preferred, and the sentence says it leads
    pick, why = bot.choose(game, [Kill("red", "hellas", "green"), Kill("red", "hellas", "blue")])
    assert pick.victim == "blue" and "has the most astronauts (3)" in why
    # only a non-leader can be killed: the sentence must not claim a majority
    pick, why = bot.choose(game, [Kill("red", "hellas", "green")])
    assert "has the most" not in why and "does not lead there (1 against 3)" in why
    pick, why = bot.choose(game, [Kill("red", "ausonia", "green")])
    assert "ties for the most astronauts (2 each with blue)" in why
