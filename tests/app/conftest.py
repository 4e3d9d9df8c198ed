"""Shared fixtures of the app tests: the base card data, and apps built on it whose card
corrections go to a temporary file (never the operator's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mrp_tutor.app import build_app
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.ui.html import rows_html
from mrp_tutor.games.mission_red_planet.ui.panels.view_tabs import (
    LOG_TAIL,
    event_rounds,
    log_class,
    log_head,
    log_row,
    log_start_round,
)
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


@pytest.fixture(scope="module")
def spec() -> Any:
    return load_spec(use_env_overrides=False)


@pytest.fixture
def make_app(spec: Any, monkeypatch: pytest.MonkeyPatch,
             tmp_path: Any) -> Callable[[int], TutorApp]:
    """``make_app(seed)``: the app on the base data, its first game seeded."""
    monkeypatch.setenv("MRP_TUTOR_OVERRIDES", str(tmp_path / "overrides.yaml"))
    return lambda seed: build_app(spec=spec, seed=seed)


def fresh_log(app: TutorApp) -> str:
    """The Log tab rendered from scratch for the current viewer (no row cache)."""
    evs = app.session.game.log
    start = max(0, len(evs) - LOG_TAIL)
    shown = [app.session.visible(ev) for ev in evs[start:]]
    referee = app.session.referee
    rounds = event_rounds(evs, start=log_start_round(evs, app.session.game.state))[start:]
    rows = [log_row(app.spec, ev, start + i, rounds[i], referee) for i, ev in enumerate(shown)]
    head, columns = log_head(referee, len(evs), len(shown))
    return (head + rows_html(columns, rows[::-1], log_class(referee))
            .replace("<tbody>", "<tbody data-mrp-rows>", 1))  # where the page puts the rows
