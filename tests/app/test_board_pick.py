"""The board's "(picked)" mark follows the position it was made in: a zone picked before Back
is no longer marked after it (the mark and the stepper's filter both come from the pick)."""

from __future__ import annotations

from typing import Any


def test_back_clears_the_picked_mark(make_app: Any) -> None:
    app = make_app(7)
    for _ in range(3):
        app.stepper.next_btn.click()
    zone = app.board.board["zones"][0]["id"]
    app.board._on_custom_msg(app.board, {"kind": "pick", "target": "zone", "id": zone}, [])
    assert app.board.picked == f"zone:{zone}" and app.target == ("zone", zone)
    app.stepper.back_btn.click()
    assert app.board.picked == "" and app.target is None


def test_a_pick_stays_marked_while_its_position_is_shown(make_app: Any) -> None:
    app = make_app(7)
    app.stepper.next_btn.click()
    zone = app.board.board["zones"][1]["id"]
    app.board._on_custom_msg(app.board, {"kind": "pick", "target": "zone", "id": zone}, [])
    app.render()  # a redraw of the same position keeps the pick
    assert app.board.picked == f"zone:{zone}"
