"""Nothing from the page is trusted (issue 41, item 3): crafted widget messages, delivered to
every widget of both games' panels the way a kernel's comm delivers them, change nothing,
send back no exception text, and the games play on.

The page is built as ``show_app`` builds it (:func:`mrp_tutor.app.build_page`), every tab of
Mission: Red Planet opened (a tab is built on first open) and First Martians picked (its panel
is built when picked), so every panel's widgets exist; each widget then gets the messages of
:func:`testkit.comm_fuzz.crafted`.  Checked after each message: nothing raised, no frame the
kernel sent carries exception text, nothing was printed or logged with a traceback, the
value the page tried to set is not the widget's value, and neither game's position changed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from ipywidgets.widgets import widget as ipw
from testkit.comm_fuzz import LEAK, crafted, custom, leaks, recorded, update

from mrp_tutor.app import build_page, page_guard
from mrp_tutor.games.first_martians.state import state_to_dict as fm_state
from mrp_tutor.games.mission_red_planet.engine import load_spec, state_to_dict

SEED = 4141


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> Iterator[dict[str, Any]]:
    """Both games' panels, every tab built; the widgets they made; the refusals said."""
    monkeypatch.setenv("MRP_TUTOR_OVERRIDES", str(tmp_path / "overrides.yaml"))
    said: list[str] = []
    before = set(ipw._instances)
    app, picker = build_page(spec=load_spec(use_env_overrides=False), seed=SEED)
    for title in app.tab_titles():
        app.open_tab(title)
    fm = picker.show("first_martians")
    picker.show(picker.first)
    page_guard.on_refused(said.append)
    widgets = [w for k, w in ipw._instances.items() if k not in before]
    yield {"app": app, "picker": picker, "fm": fm, "widgets": widgets, "said": said}
    page_guard._handlers.clear()


def positions(page: dict[str, Any]) -> str:
    """Both games' positions: what no refused message may change."""
    app, fm = page["app"], page["fm"]
    return json.dumps([len(app.session.game.log), state_to_dict(app.session.state),
                       fm_state(fm.table.state)], sort_keys=True, default=str)


def _logged_tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    """Log lines a kernel would send to the page (its stderr: WARNING and above) that carry
    a traceback or exception text (the guard keeps its detail at DEBUG, never sent)."""
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO
            and (r.exc_info or LEAK.search(r.getMessage()))]


def test_two_thousand_crafted_messages_to_every_panel_of_both_games(
        page: dict[str, Any], capsys: pytest.CaptureFixture[str],
        caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    widgets = page["widgets"]
    kinds = {type(w).__name__ for w in widgets}
    assert {"AppBoard", "FmMap", "Dropdown", "Tab", "Button", "Text", "ToggleButtons"} <= kinds
    assert any(type(w).__name__ == "AppBoard" for w in widgets) and any(
        type(w).__name__ == "FmMap" for w in widgets), kinds
    start = positions(page)
    sent_count = 0
    problems: list[str] = []
    with recorded() as sent:
        for widget in widgets:
            for label, msg, tried in crafted(widget):
                mark = len(sent)
                held = {k: json.dumps(widget.get_state(k).get(k), default=str)
                        for k in tried if widget.has_trait(k)}
                widget._handle_msg(msg)  # what the widget's comm calls with a page message
                sent_count += 1
                where = f"{type(widget).__name__} {label}"
                problems += [f"{where}: sent {x}" for x in leaks(sent[mark:])]
                for key, was in held.items():
                    now = json.dumps(widget.get_state(key).get(key), default=str)
                    if now != was:
                        problems.append(f"{where}: the page changed {key}")
                if positions(page) != start:
                    problems.append(f"{where}: a position changed")
                    start = positions(page)
    out = capsys.readouterr()
    assert sent_count >= 2_000, sent_count
    assert problems == [], problems[:20]
    assert not LEAK.search(out.out + out.err), (out.out + out.err)[-2000:]
    assert _logged_tracebacks(caplog) == []
    assert page["said"], "the refusals were said"
    assert all(not LEAK.search(s) for s in page["said"])
    print(f"{sent_count:,} crafted messages to {len(widgets):,} widgets of "
          f"{len({type(w).__name__ for w in widgets})} kinds; {len(sent):,} messages back")
    # the games play on: Mission: Red Planet's Next, First Martians' events step
    app, fm = page["app"], page["fm"]
    steps = len(app.session.game.log)
    for _ in range(3):
        app.stepper.next_btn.click()
    assert len(app.session.game.log) > steps, app.status_text()
    hub = fm_state(fm.table.state)
    fm.events_btn.click()
    assert fm_state(fm.table.state) != hub, fm.status.value


def test_the_board_checks_a_pick_against_the_game_not_the_page(page: dict[str, Any]) -> None:
    board = page["app"].board
    zone = board.board["zones"][0]["id"]
    start = positions(page)
    fake = {**board.board, "zones": [{"id": "zz-fake", "x": 0, "y": 0}]}
    board._handle_msg(update({"board": fake}))  # the page rewrites its copy of the board
    assert board.board["zones"][0]["id"] == zone  # ... the kernel's stays
    board._handle_msg(custom({"kind": "pick", "target": "zone", "id": "zz-fake"}))
    assert positions(page) == start
    assert "There is no such zone on the board now" in page["app"].status_text()


@pytest.mark.parametrize("index", [-1, 99, 10**30, "1", 1.5, True])
def test_an_out_of_range_index_gets_a_sentence_not_a_trait_error(
        page: dict[str, Any], index: Any, caplog: pytest.LogCaptureFixture) -> None:
    app = page["app"]
    targets = [app.tabs, app.viewer] if hasattr(app, "viewer") else [app.tabs]
    for widget in targets:
        name = "selected_index" if widget is app.tabs else "index"
        before = getattr(widget, name)
        with recorded() as sent:
            widget._handle_msg(update({name: index}))
        assert getattr(widget, name) == before
        assert leaks(sent) == [] and _logged_tracebacks(caplog) == []
        back = [d for t, d in sent if isinstance(d, dict) and name in (d.get("state") or {})]
        assert back and back[-1]["state"][name] == before  # the page is put back
        assert page["said"][-1] == page_guard.REFUSED


def test_a_comm_open_with_a_bad_protocol_version_is_closed_quietly(
        caplog: pytest.LogCaptureFixture) -> None:
    closed: list[bool] = []

    class Comm:
        comm_id = "x"

        def close(self) -> None:
            closed.append(True)

    target = page_guard._guard_target(ipw.Widget.handle_comm_opened)
    for metadata, state in [({"version": "0.1"}, {}), ({"version": 7}, {}), ({}, {}),
                            ({"version": "2.1.0"}, {"_model_name": "Nope"})]:
        target(Comm(), {"metadata": metadata, "content": {"data": {"state": state}}})
    assert len(closed) == 4
    assert _logged_tracebacks(caplog) == []


def test_a_page_message_goes_through_the_guard_once_installed(page: dict[str, Any]) -> None:
    assert ipw.Widget._handle_msg is not page_guard._installed["handle_msg"]
    app = page["app"]
    app.status.value = "kept"
    app.status._handle_msg(update({"value": "<script>alert(1)</script>"}))
    assert "<script>" not in app.status.value


def test_a_failure_of_the_kernels_own_work_is_not_blamed_on_the_page(
        caplog: pytest.LogCaptureFixture) -> None:
    """A good value from the page whose handler then fails (a panel that cannot be built) is
    said as the kernel's failure, never as "the page sent something the app cannot use"."""
    import ipywidgets as W

    said: list[str] = []
    page_guard.install()
    page_guard.on_refused(said.append)
    try:
        menu = W.Dropdown(options=["Mission: Red Planet", "First Martians"], index=0)

        def broken(change: Any) -> None:
            raise RuntimeError("a panel could not be built")

        menu.observe(broken, "index")
        with recorded() as sent:
            menu._handle_msg(update({"index": 1}))
        assert said == [page_guard.FAILED]
        assert leaks(sent) == [] and _logged_tracebacks(caplog) == []
        with recorded():
            menu._handle_msg(update({"index": 7}))  # what the page may not send
        assert said[-1] == page_guard.REFUSED and menu.index in (0, 1)
    finally:
        page_guard._handlers.clear()
