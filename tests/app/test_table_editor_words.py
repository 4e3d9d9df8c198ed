"""The referee's table editor names ships as a person sees them and never puts a field back
silently (issue 26, item 5): each ship option says where the card lies, its room and its
printed destination, never a data id; two cards printing the same are told apart; a round
field the Set could not keep (production "1st" outside the Production phase) is said beside
the button."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from mrp_tutor.app import build_app
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


@pytest.fixture(scope="module")
def spec() -> Any:
    return load_spec(use_env_overrides=False)


@pytest.fixture
def editor(spec: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[TutorApp, Any]:
    monkeypatch.delenv("MRP_TUTOR_OVERRIDES", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    app = build_app(spec=spec, seed=7)
    app.mode.value = "Referee"
    app.open_tab("Table")
    return app, app.panel("Table").editor  # type: ignore[attr-defined]


def test_ships_are_named_as_the_cards_and_the_table_show_them(editor: tuple[TutorApp, Any],
                                                              spec: Any) -> None:
    app, ed = editor
    labels = [label for label, _ in ed.ship.options]
    assert len(labels) == len(spec.ships) == len(set(labels))  # each one distinguishable
    assert not [x for x in labels if re.search(r"\bs\d\d\b", x)], labels  # no data id
    assert labels[0].startswith("Dock 1: ship "), labels[:3]  # the ships in play first
    docked = [sp for sp in ed.pos["ships"] if not sp.get("launched")]
    assert docked
    for sp in docked:  # where the card lies, its number as on the board, what it prints
        room, dest = spec.cap[sp["id"]], spec.dest[sp["id"]]
        to = "?" if dest == "unknown" else spec.card_name(dest)
        want = f"Dock {sp['dock'] + 1}: ship {int(sp['id'][1:])} (room for {room}, to {to}"
        assert any(x.startswith(want) for x in labels), (want, labels[:4])
    twins = [x for x in labels if "room for 4, to ?" in x]
    assert len(twins) == 2 and twins[0] != twins[1], twins  # s34 and s35 on this data
    assert "1 of 2 alike" in twins[0] and "2 of 2 alike" in twins[1], twins
    ed.ship.value = "s34"
    assert "s34" not in ed.ship_head.value and "ship 34 (room for 4" in ed.ship_head.value
    # moved to a dock: its label says so at once, and the message names it as the board does
    ed.place.value = "dock:1"
    ed.set_ship.click()
    assert "Ship 34 set." in app.status_text(), app.status_text()
    assert "s34" not in app.status_text()
    assert dict((v, k) for k, v in ed.ship.options)["s34"].startswith("Dock 2: ship 34")


def test_a_round_field_put_back_is_said_beside_set_round(editor: tuple[TutorApp, Any]) -> None:
    _app, ed = editor
    assert ed.stage.value != "production"
    ed.production.value = 1  # "1st", with the stage still another one
    ed.set_round.click()
    note = ed.notes["round"].value
    assert ed.production.value == 0  # the draft cannot hold it: put back ...
    assert "Production went back to" in note and "1st" in note, note  # ... and said
    assert "Production phase" in note
    ed.stage.value = "production"
    ed.production.value = 2
    ed.set_round.click()
    assert ed.production.value == 2  # kept where it belongs
    assert "went back" not in ed.notes["round"].value


def test_a_colour_typed_is_offered_at_once_in_first_player(editor: tuple[TutorApp, Any]) -> None:
    """Issue 36: "First player" did not offer a new colour until "Set round" was pressed."""
    _app, ed = editor
    before = [v for _, v in ed.first.options]
    assert "yellow" not in before
    ed.players_txt.value = ", ".join([*before, "yel"])  # half typed: nothing changes
    assert [v for _, v in ed.first.options] == before
    ed.players_txt.value = ", ".join([*before, "Yellow"])
    assert [v for _, v in ed.first.options] == [*before, "yellow"]
    assert "yellow" in [v for _, v in ed.seat.options]
    assert "yellow" in [v for _, v in ed.res_colour.options]
    ed.first.value = "yellow"
    ed.players_txt.value = ", ".join(before)  # taken out again: no longer offered
    assert ed.first.value == before[0] and "yellow" not in [v for _, v in ed.seat.options]


def test_no_ship_id_reaches_a_sentence(spec: Any) -> None:
    """Issue 36: a table problem said "ship s07"; the board and the cards say "ship 7"."""
    from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
    from mrp_tutor.games.mission_red_planet.scenarios.table_file import load_table, located_sentence

    pos = {"ships": [{"id": "s07", "dock": 0}, {"id": "s07", "dock": 1},
                     {"id": "s03", "dock": 2, "crew": {"red": 9}}]}
    with pytest.raises(ContentError) as err:
        load_table({"players": ["red", "blue", "green"], "position": pos})
    said = [located_sentence(spec, p, pos) for p in err.value.problems]
    assert any("ship 7 is in play twice" in s for s in said), said
    assert any("aboard ship 3 of capacity" in s for s in said), said
    assert not any(re.search(r"\bs0\d\b", s) for s in said), said
