"""The Log after a table is loaded gives the table's round, not "Round 0" (issue 42): a
loaded position's log starts at the table, not at the setup, so its events happen in the
table's round until the track moves on."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from testkit.app_widgets import base_app

from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

TABLE = Path(__file__).resolve().parents[1] / "browser" / "data" / "midgame-table.yaml"


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> TutorApp:
    return base_app(monkeypatch, tmp_path)


def _log_rounds(app: TutorApp) -> list[int]:
    """The round column of each Log row (the referee's table numbers its events first)."""
    app.open_tab("Log")
    rows: dict[Any, str] = app.board.log["rows"]
    col = 1 if app.session.referee else 0
    return [int(re.findall(r"<td[^>]*>(.*?)</td>", row)[col]) for row in rows.values()]


@pytest.mark.parametrize("mode", ["Referee", "Tutor"])
def test_a_loaded_tables_log_is_in_the_tables_round(app: TutorApp, mode: str) -> None:
    app.mode.value = "Referee"
    app.use_table(load_scenario(TABLE), "loaded")
    assert app.session.state.round == 7
    for _ in range(3):
        app.session.next()
    app.mode.value = mode
    rounds = _log_rounds(app)
    assert rounds and set(rounds) == {7}, rounds
