"""The board and the log travel as patches (mrp_tutor/app/wire.py): a Next sends the new log
rows and what changed on the board, never the whole 60-row log or the static map lines; a new
viewer, mode or game sends them whole.  A simulated page applies every message the hub sends
(as widgets/wire.js does; ``tests/browser/test_wire_js.py`` runs the real module) and must
always hold exactly a fresh render of the current viewer's view."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from mrp_tutor.app import build_app
from mrp_tutor.app.wire import _SAME, diff, patch
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.ui.board import board_payload
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

from .conftest import fresh_log

SEED = 982451653


@pytest.fixture(scope="module")
def spec() -> Any:
    return load_spec(use_env_overrides=False)


@pytest.fixture
def app(spec: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> TutorApp:
    monkeypatch.setenv("MRP_TUTOR_OVERRIDES", str(tmp_path / "overrides.yaml"))
    return build_app(spec=spec, seed=SEED)


class Page:
    """What a page holds of the hub's wired traits: the first state, then every update."""

    def __init__(self, app: TutorApp) -> None:
        self.hub = app.board
        self.values: dict[str, Any] = {}
        self.seq: dict[str, int] = {}
        self.forms: list[dict[str, Any]] = []  # the wired traits of each update, as sent
        self.hub._send = self.receive  # type: ignore[method-assign]
        for name, form in self.hub.get_state(list(self.hub.WIRED)).items():
            self.take(name, form)

    def receive(self, msg: dict[str, Any], buffers: Any = None) -> None:
        state = msg.get("state", {})
        json.dumps(state)  # what goes on the wire is JSON
        self.forms.append({n: state[n] for n in self.hub.WIRED if n in state})
        for name in self.hub.WIRED:
            if name in state:
                self.take(name, state[name])

    def take(self, name: str, form: dict[str, Any]) -> None:
        if "full" in form:
            self.values[name] = form["full"]
        else:
            assert form["base"] == self.seq[name], "a patch of a value the page does not hold"
            self.values[name] = patch(self.values[name], form["patch"])
        self.seq[name] = form["$wire"]

    def log_html(self) -> str:
        v = self.values["log"]
        rows = "".join(v["rows"][k] for k in sorted(v["rows"], key=int, reverse=True))
        return str(v["head"] + v["shell"].replace("<tbody data-mrp-rows></tbody>",
                                                       f"<tbody data-mrp-rows>{rows}</tbody>"))

    def last(self, name: str) -> dict[str, Any]:
        return next(f[name] for f in reversed(self.forms) if name in f)


def fresh_board(app: TutorApp) -> dict[str, Any]:
    return board_payload(app.spec, app.session.view(), app.layout,
                         step=len(app.session.game.log), targets=app.seat.board_targets())


def same_as_fresh(page: Page, app: TutorApp) -> None:
    assert page.log_html() == fresh_log(app) == app.panel("Log").html.value
    assert json.dumps(page.values["board"]) == json.dumps(fresh_board(app))  # keys' order too


def test_a_next_sends_only_the_new_log_rows_and_what_changed_on_the_board(app: TutorApp) -> None:
    page = Page(app)
    for _ in range(70):  # past the 60 rows the log shows
        before = dict(page.values["log"]["rows"])
        app.stepper.next_btn.click()
        log, board = page.last("log"), page.last("board")
        assert "patch" in log and "patch" in board
        rows = log["patch"]["p"]["rows"]["p"]
        now = page.values["log"]["rows"]
        assert rows and set(rows) == set(now) - set(before)  # the new rows, none sent again
        assert "shell" not in log["patch"]["p"] and "edges" not in board["patch"]["p"]
        new = sum(len(json.dumps(r)) + 8 for r in rows.values())
        assert len(json.dumps(log)) < new + 8 * len(before) + 300  # + the head, rows dropped
        same_as_fresh(page, app)


def test_a_mixed_sequence_leaves_the_page_equal_to_a_fresh_render(app: TutorApp) -> None:
    page = Page(app)
    same_as_fresh(page, app)
    for _ in range(12):
        app.stepper.next_btn.click()
        same_as_fresh(page, app)
    for _ in range(3):  # Back: the newest rows go, the ones fallen off the tail come back
        app.stepper.back_btn.click()
        assert "patch" in page.last("log")
        same_as_fresh(page, app)
    n = len(page.forms)
    app.viewer.value = "blue"  # another view: sent whole, never patched across views
    assert all("full" in f[k] for f in page.forms[n:] for k in f)
    assert "full" in page.last("log") and "full" in page.last("board")
    same_as_fresh(page, app)
    app.mode.value = "Referee"
    assert "full" in page.last("log")
    same_as_fresh(page, app)
    app.stepper.round_btn.click()
    same_as_fresh(page, app)
    app.mode.value = "Tutor"
    assert "full" in page.last("log")
    same_as_fresh(page, app)
    app.stepper.next_btn.click()
    assert "patch" in page.last("log")
    same_as_fresh(page, app)
    app.new_btn.click()  # a new game: sent whole
    assert "full" in page.last("log") and "full" in page.last("board")
    same_as_fresh(page, app)
    sc = next(s for s in app.scenarios if s.steps)
    app.scenario.value = sc.id
    app.load_btn.click()
    assert "full" in page.last("log")
    same_as_fresh(page, app)
    for _ in range(len(sc.steps)):
        app.stepper.next_btn.click()
        same_as_fresh(page, app)
    app.seat.colour.value = "red"  # a seat: the learner's view
    app.seed.value = "11"
    app.seat.take_btn.click()
    same_as_fresh(page, app)
    for _ in range(6):
        app.stepper.next_btn.click()
        if app.seat.choices.labels:
            app.seat.choices.click(0)
        same_as_fresh(page, app)


def test_a_page_that_missed_a_step_gets_the_whole_value(app: TutorApp) -> None:
    page = Page(app)
    app.stepper.next_btn.click()
    page.seq["log"] = -1  # as if an update was lost: the page asks again (wire.js)
    app.board._on_custom_msg(app.board, {"kind": "resync", "name": "log"}, [])
    assert "full" in page.forms[-1]["log"] and set(page.forms[-1]) == {"log"}
    same_as_fresh(page, app)
    n = len(page.forms)
    for bad in ({"kind": "resync", "name": "status"}, {"kind": "resync", "name": "log", "x": 1}):
        app.board._on_custom_msg(app.board, bad, [])
    assert len(page.forms) == n and "understand" not in app.status_text()


def test_diff_and_patch_round_trip() -> None:
    rng = random.Random(5)

    def value(depth: int) -> Any:
        r = rng.random()
        if depth > 2 or r < 0.4:
            return rng.choice([0, 1, "a", "b", None, True, 2.5])
        if r < 0.7:
            return [value(depth + 1) for _ in range(rng.randint(0, 3))]
        return {rng.choice("abcd"): value(depth + 1) for _ in range(rng.randint(0, 3))}

    for _ in range(500):
        old, new = value(0), value(0)
        d = diff(old, new)
        assert (d is _SAME) == (old == new and type(old) is type(new))
        if d is not _SAME:
            got = patch(old, json.loads(json.dumps(d)))
            assert got == new and json.dumps(got) == json.dumps(new)  # the keys' order too


def test_a_rule_paraphrase_travels_once_per_view(app: TutorApp) -> None:
    """The explanation's citations are buttons naming their rule; the paraphrases are in the
    hub's ``cites`` (the rules cited in this view), each sent once: a Next that cites a rule
    the page already holds does not send it again; a new view sends the table whole, holding
    only what was cited for that view."""
    page = Page(app)
    sent: dict[str, int] = {}
    for _ in range(30):
        app.stepper.next_btn.click()
        explain = app.stepper.explain.value
        assert "mrp-paraphrase" not in explain  # the text is not repeated under every sentence
        cited = set(re.findall(r'data-rule="([^"]+)"', explain))
        assert cited <= set(page.values["cites"]), "a citation whose paraphrase the page lacks"
        form = page.last("cites") if any("cites" in f for f in page.forms) else None
        if form is not None and "patch" in form:
            for rule in form["patch"]["p"]:
                sent[rule] = sent.get(rule, 0) + 1
        page.forms.clear()
    assert sent and max(sent.values()) == 1  # each rule's paraphrase went to the page once
    assert page.values["cites"] == app.board.cites
    app.viewer.value = "blue"  # another view: the table is sent whole, only its own rules
    form = page.last("cites")
    assert "full" in form
    explain = app.stepper.explain.value
    assert set(form["full"]) == set(re.findall(r'data-rule="([^"]+)"', explain))


def test_the_page_follows_every_wired_trait_from_the_start() -> None:
    """widgets/board.js lists the wired traits it follows from the model's creation (so no
    patch arrives before the page holds the value): the same as AppBoard.WIRED."""
    from mrp_tutor.games.mission_red_planet.ui.live import AppBoard
    from mrp_tutor.resources import widgets_dir

    js = (widgets_dir() / "board.js").read_text(encoding="utf-8")
    listed = re.search(r"for \(const name of \[([^\]]*)\]\) wireStream", js)
    assert listed, "board.js no longer lists the wired traits it follows"
    assert re.findall(r'"(\w+)"', listed.group(1)) == list(AppBoard.WIRED)
