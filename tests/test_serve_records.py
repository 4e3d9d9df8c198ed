"""The game record kept on the server (mrp_tutor/serve/records.py,
mrp_tutor/games/mission_red_planet/ui/record.py).

In-process: the server's folder is private and hands a record out once, only by a kernel
id; the app brings a seated game back to the same decision from its record, and a record
whose log the rules could not produce is refused by ``replay`` with a sentence, leaving a
fresh game. The browser test (tests/browser/test_lost_kernel.py) kills a real kernel.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mrp_tutor.app import build_app
from mrp_tutor.app.picker import GamePicker
from mrp_tutor.games.mission_red_planet.engine.state import state_to_dict
from mrp_tutor.games.mission_red_planet.ui.record import GAMES_SUFFIX, RESTORE_ENV, Recorder, attach
from mrp_tutor.serve.records import SUFFIXES, Records

KID = "0123abcd-0000-4000-8000-00000000beef"


@pytest.fixture
def records(monkeypatch: pytest.MonkeyPatch) -> Any:
    # set, then removed: the test's end restores the variable as it was. (A delenv of an
    # unset variable records nothing, so the folder Records() names stayed in the
    # environment and every app built by a later test kept its game there: the wire tests
    # failed after this file.)
    monkeypatch.setenv("MRP_RECORD_DIR", "")
    monkeypatch.delenv("MRP_RECORD_DIR")
    r = Records()
    yield r
    r.close()


def test_the_folder_is_private_and_a_record_is_handed_out_once_by_kernel_id(records: Any) -> None:
    from mrp_tutor.games.mission_red_planet.ui import record, scenario_glue

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


def restored(folder: Path, monkeypatch: pytest.MonkeyPatch, picker: Any = None) -> Any:
    moved = folder / "restore-x"
    for suffix in SUFFIXES:  # as the server's Records.take moves them
        if (folder / (KID + suffix)).exists() or suffix != GAMES_SUFFIX:
            os.replace(folder / (KID + suffix), folder / ("restore-x" + suffix))
    monkeypatch.setenv(RESTORE_ENV, str(moved))
    app = build_app(seed=5)
    attach(app, picker)
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


def _comes_back(old: Any, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A fresh app given ``old``'s record: it says the game is back, at the same point."""
    app = restored(folder, monkeypatch)
    assert "Your game is back" in app.status_text()
    _twins(old, app)
    return app


def _recorded_app(folder: Path, begin: Callable[[Any], None], steps: int) -> Any:
    """An app whose game ``begin`` starts, then ``steps`` steps on, kept after each step."""
    app = build_app(seed=3)
    app.recorder = Recorder(folder / KID)
    begin(app)
    for _ in range(steps):
        app.session.next()
        app.record_now()
    return app


def _library_scenario_app(folder: Path) -> Any:
    def begin(app: Any) -> None:
        app.scenario.value = next(s for s in app.scenarios if len(s.steps) >= 3).id
        app.on_load_scenario()

    return _recorded_app(folder, begin, steps=2)


def test_a_library_scenario_comes_back_at_the_same_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _library_scenario_app(tmp_path)
    app = _comes_back(old, tmp_path, monkeypatch)
    assert app.session.scenario is not None and app.session.scenario.id == old.session.scenario.id
    assert app.scenario.value == old.scenario.value
    for a in (old, app):  # the scenario's next step, then undo it
        a.session.next()
    _twins(old, app)
    for a in (old, app):
        assert a.session.back() and a.session.back()
    _twins(old, app)


def _table_app(folder: Path) -> Any:
    from testkit.share_codes import midgame_table_doc

    from mrp_tutor.games.mission_red_planet.scenarios.table_file import load_table

    def begin(app: Any) -> None:
        app.use_table(load_table(midgame_table_doc(app.session.spec)), "The table is set.")

    return _recorded_app(folder, begin, steps=3)


def test_a_table_comes_back_and_a_changed_table_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    old = _table_app(tmp_path)
    app = _comes_back(old, tmp_path, monkeypatch)
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


FM = "first_martians"


def _fm_answer(p: Any, label: str) -> None:
    buttons = {b.description: b for b in p.asker.choices.children}
    assert label in buttons, (label, list(buttons))
    buttons[label].click()


def fm_played(folder: Path) -> tuple[Any, Any]:
    """A First Martians round played by taps to its Actions phase, the table's own answers
    and the app's game kept as the server keeps it."""
    app = build_app(seed=21)
    picker = GamePicker(app.root)
    attach(app, picker)
    app.recorder = Recorder(folder / KID)
    p = picker.show(FM)
    p.events_btn.click()
    p.morale_btn.click()
    p.wilt.children[0].value = True
    p.produce_btn.click()
    for label in ("Med Lab", "Red", "Anemia"):  # the table's draws and choices
        _fm_answer(p, label)
    assert p.table.state.phase == "actions" and len(p.history) >= 3
    return app, p


def fm_restored(folder: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    app = restored(folder, monkeypatch, picker := GamePicker(build_app(seed=3).root))
    return app, picker


def test_a_first_martians_game_comes_back_at_the_same_step(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    _old_app, old = fm_played(tmp_path)
    kept = json.loads((tmp_path / (KID + GAMES_SUFFIX)).read_text())
    assert kept["shown"] == FM and "seed" in kept["games"][FM]["start"]  # on the server only
    _app, picker = fm_restored(tmp_path, monkeypatch)
    assert picker.shown() == FM
    p = picker.panels[FM]
    assert p is not old and p.status.value.count("is back where you left it")
    assert [h.label for h in p.history] == [h.label for h in old.history]
    assert (p.hub.value, p.checklist.value, p.log.value, p.step) == \
        (old.hub.value, old.checklist.value, old.log.value, old.step)
    from mrp_tutor.games.first_martians.state import state_to_dict

    assert state_to_dict(p.table.state) == state_to_dict(old.table.state)  # seed, draws too
    p.undo_btn.click()  # and plays on: Undo takes back the last step as before
    old.undo_btn.click()
    assert state_to_dict(p.table.state) == state_to_dict(old.table.state)


def test_a_first_martians_record_the_rules_did_not_produce_is_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fm_played(tmp_path)
    path = tmp_path / (KID + GAMES_SUFFIX)
    kept = json.loads(path.read_text())
    steps = kept["games"][FM]["steps"]
    steps[-1]["events"][-1]["rule"] = "fm.invented"  # an event the rules did not give
    path.write_text(json.dumps(kept))
    app, picker = fm_restored(tmp_path, monkeypatch)
    assert "First Martians game could not be brought back" in app.status_text()
    p = picker.panels[FM]
    assert p.history == [] and "Sample round" in p.name  # that game starts afresh
    assert "fm.invented" not in app.status_text()


def test_a_first_martians_lesson_comes_back_with_its_hub() -> None:
    from mrp_tutor.games.first_martians.ui.fm_panel import FmPanel

    p = FmPanel()
    p.lessons.open_btn.click()
    ident = p.lessons.pick.options[1][1]
    p.lessons.pick.value = ident  # a scenario lesson: its HUB and the lesson beside it
    assert p.lessons.shown.value and p.name.startswith("Lesson:")
    kept = json.loads(json.dumps(p.keep()))  # as the server's record holds it
    assert kept["lesson"] == ident and "<" not in json.dumps(kept["lesson"])
    q = FmPanel()
    q.bring_back(kept)
    assert (q.lessons.shown.value, q.name, q.hub.value) == \
        (p.lessons.shown.value, p.name, p.hub.value)
    kept["lesson"] = "no-such-lesson"  # an id the shipped lessons do not have: no lesson
    r = FmPanel()
    r.bring_back(kept)
    assert r.lessons.shown.value == "" and r.hub.value == p.hub.value
