"""The panel interface (mrp_tutor/games/mission_red_planet/ui/panel.py): a tab is one panel class
plus one
registration line; it is built from the narrow context on first open, refreshed from the
view, and named by its title (never an index)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as W
import pytest

from mrp_tutor.games.mission_red_planet.ui.panel import TABS, PanelContext, View, register_tab
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


class TurnTab:
    """A toy tab: the round and the stage, for whoever views."""

    title = "Turn"

    def __init__(self, ctx: PanelContext) -> None:
        self.session = ctx.session
        self.html = W.HTML()
        self.button = W.Button(description="Say the round")
        self.button.on_click(ctx.guard(lambda _b: ctx.say(f"Round {self.session.state.round}.")))
        self.root = W.VBox([self.html, self.button])
        self.refreshed = 0

    def refresh(self, view: View) -> None:
        self.refreshed += 1
        self.html.value = f"Round {view['round']}, {view['stage']}"


@pytest.fixture
def toy_tab() -> Iterator[None]:
    register_tab("Turn", f"{__name__}:TurnTab")  # the one registration line
    yield
    TABS.pop()


def test_a_new_tab_is_one_class_and_one_registration_line(
        toy_tab: None, make_app: Callable[[int], TutorApp]) -> None:
    app = make_app(7)
    assert app.tab_titles()[-1] == "Turn" and "Turn" not in app.panels  # built on first open
    app.open_tab("Turn")
    panel: Any = app.panel("Turn")
    assert app.shown_tab() == "Turn" and panel.html.value.startswith("Round 0")
    app.stepper.on_run_round()  # the game moves: the shown tab is refreshed from the view
    assert panel.html.value == f"Round {app.session.state.round}, {app.session.state.stage}"
    panel.button.click()
    assert app.status_text() == f"Round {app.session.state.round}."


def test_a_title_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered already"):
        register_tab("Log", "mrp_tutor.games.mission_red_planet.ui.panels.view_tabs:LogTab")


def test_every_registered_tab_has_its_title_and_refreshes_from_a_view(
        make_app: Callable[[int], TutorApp]) -> None:
    app = make_app(5)
    view = app.session.view()
    for title in app.tab_titles():
        panel = app.panel(title)
        assert panel.title == title
        assert panel.root in app.tabs.children
        panel.refresh(view)
    assert "Something went wrong" not in app.status_text()
