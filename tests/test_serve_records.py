"""The game record kept on the server (mrp_tutor/serve_records.py, mrp_tutor/app/record.py).

In-process: the server's folder is private and hands a record out once, only by a kernel
id; the app brings a seated game back to the same decision from its record, and a record
whose log the rules could not produce is refused by ``replay`` with a sentence, leaving a
fresh game. The browser test (tests/browser/test_lost_kernel.py) kills a real kernel.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from mrp_tutor.app import build_app
from mrp_tutor.app.record import RESTORE_ENV, Recorder, attach
from mrp_tutor.engine.state import state_to_dict
from mrp_tutor.serve_records import SUFFIXES, Records

KID = "0123abcd-0000-4000-8000-00000000beef"


@pytest.fixture
def records(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.delenv("MRP_RECORD_DIR", raising=False)
    r = Records()
    yield r
    r.close()


def test_the_folder_is_private_and_a_record_is_handed_out_once_by_kernel_id(records: Any) -> None:
    from mrp_tutor.app import record, scenario_glue

    assert stat.S_IMODE(records.folder.stat().st_mode) == 0o700
    assert os.environ["MRP_RECORD_DIR"] == str(records.folder)
    assert scenario_glue.RECORD_ENV == record.RECORD_ENV  # the library cache's folder too
    for suffix in (".meta.json", ".log"):
        (records.folder / (KID + suffix)).write_text("{}")
    assert records.take("../" + KID) is None and records.take(KID.upper()) is None
    got = records.take(KID)
    assert got is not None and Path(got).parent == records.folder
    assert records.take(KID) is None  # once
    assert not (records.folder / (KID + ".log")).exists()


def seated_app(folder: Path) -> Any:
    app = build_app(seed=21)
    app.recorder = Recorder(folder / KID)
    app.seat.colour.value = "red"
    app.seed.value = "21"
    app.seat.on_take()
    for _ in range(2):  # two decisions of the learner, the bots answering each
        mine = app.seat.options()
        assert mine, "the learner has a decision"
        app.seat.play(mine[0])
        app.record_now()
    app.open_tab("Hand")
    app.record_now()
    return app


def restored(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    moved = folder / "restore-x"
    for suffix in SUFFIXES:  # as the server's Records.take moves them
        os.replace(folder / (KID + suffix), folder / ("restore-x" + suffix))
    monkeypatch.setenv(RESTORE_ENV, str(moved))
    app = build_app(seed=5)
    attach(app)
    assert RESTORE_ENV not in os.environ and not list(folder.glob("restore-x*"))  # read once
    return app


def test_a_seated_game_comes_back_at_the_same_decision(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    old = seated_app(tmp_path)
    app = restored(tmp_path, monkeypatch)
    assert "Your game is back" in app.status_text()
    assert state_to_dict(app.session.state) == state_to_dict(old.session.state)
    assert app.session.game.log == old.session.game.log
    assert app.seat.seat == "red" and app.session.viewer == "red" and app.viewer.disabled
    assert app.shown_tab() == "Hand"
    assert app.seat.options() == old.seat.options() and app.seat.options()


def test_a_log_the_rules_could_not_produce_is_refused_with_a_sentence(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = seated_app(tmp_path)
    log = tmp_path / (KID + ".log")
    lines = log.read_text().splitlines()
    kept = [i for i, ln in enumerate(lines) if json.loads(ln)["type"] == "mission_kept"]
    ev = json.loads(lines[kept[-1]])
    other = json.loads(lines[kept[0]])
    assert ev["colour"] != other["colour"]
    ev["card"] = other["card"]  # keeps a mission card another colour was dealt
    lines[kept[-1]] = json.dumps(ev)
    log.write_text("\n".join(lines) + "\n")
    app = restored(tmp_path, monkeypatch)
    assert "could not be brought back (its record is not a game the rules produce)" in (
        app.status_text())
    assert "expansion" not in app.status_text()  # the refusal names no other seat's card
    assert app.seat.seat is None and len(app.session.game.log) < len(old.session.game.log)


def test_a_game_that_was_not_kept_is_said_so(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(RESTORE_ENV, str(tmp_path / "not-kept"))  # what the server passes then
    app = build_app(seed=5)
    attach(app)
    assert "could not be brought back (it was not kept: a game on your own card corrections" in (
        app.status_text())


def _twins(old: Any, new: Any) -> None:
    """The two apps are at the same point of the same game, undo stack and steps included."""
    assert state_to_dict(new.session.state) == state_to_dict(old.session.state)
    assert new.session.game.log == old.session.game.log
    assert new.session.scenario_pos == old.session.scenario_pos
    assert len(new.session.history) == len(old.session.history)
    assert [(r.actor, r.intent, r.why, r.events) for r in new.session.reports] == [
        (r.actor, r.intent, r.why, r.events) for r in old.session.reports]


def test_the_undo_stack_comes_back_and_back_undoes_as_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = seated_app(tmp_path)
    app = restored(tmp_path, monkeypatch)
    _twins(old, app)
    assert app.session.history  # Back has somewhere to go
    for a in (old, app):  # seated: back to the learner's previous decision
        a.seat.on_back()
    _twins(old, app)
    assert app.seat.options() == old.seat.options() and app.seat.options()
    for a in (old, app):  # and one plain step further back
        assert a.session.back()
    _twins(old, app)


def _library_scenario_app(folder: Path) -> Any:
    app = build_app(seed=3)
    app.recorder = Recorder(folder / KID)
    sc = next(s for s in app.scenarios if len(s.steps) >= 3)
    app.scenario.value = sc.id
    app.on_load_scenario()
    for _ in range(2):
        app.session.next()
        app.record_now()
    return app


def test_a_library_scenario_comes_back_at_the_same_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _library_scenario_app(tmp_path)
    app = restored(tmp_path, monkeypatch)
    assert "Your game is back" in app.status_text()
    assert app.session.scenario is not None and app.session.scenario.id == old.session.scenario.id
    assert app.scenario.value == old.scenario.value
    _twins(old, app)
    for a in (old, app):  # the scenario's next step, then undo it
        a.session.next()
    _twins(old, app)
    for a in (old, app):
        assert a.session.back() and a.session.back()
    _twins(old, app)


def _table_app(folder: Path) -> Any:
    from testkit.share_codes import midgame_table_doc

    from mrp_tutor.scenarios.table import load_table

    app = build_app(seed=3)
    app.recorder = Recorder(folder / KID)
    app.use_table(load_table(midgame_table_doc(app.session.spec)), "The table is set.")
    for _ in range(3):
        app.session.next()
        app.record_now()
    return app


def test_a_table_comes_back_and_a_changed_table_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _table_app(tmp_path)
    app = restored(tmp_path, monkeypatch)
    assert "Your game is back" in app.status_text()
    _twins(old, app)
    for a in (old, app):
        a.session.next()
        assert a.session.back()
    _twins(old, app)
    # the same record with the table's position changed: its log no longer follows from it
    old.recorder = Recorder(tmp_path / KID)  # its files went to the first restore
    old.record_now()
    meta_path = tmp_path / (KID + ".meta.json")
    meta = json.loads(meta_path.read_text())
    table = meta["start"]["table"]
    table["position"]["first"] = next(c for c in table["players"]
                                      if c != table["position"]["first"])  # another opens
    meta_path.write_text(json.dumps(meta))
    again = restored(tmp_path, monkeypatch)
    assert "could not be brought back" in again.status_text()
    assert again.session.scenario is None and not again.session.history
