"""The panel interface: what a panel is given, what it must have, and how a tab is registered.

A **panel** is built from a narrow :class:`PanelContext` (the session, a ``say`` function
that shows a sentence in the status area, a ``guard`` that wraps every widget callback so
an error becomes a sentence, never a traceback) and has

* ``title``: the tab's title (a class attribute),
* ``root``: the widget the tab shows,
* ``refresh(view)``: redraw from ``view`` (the session's view for the current viewer: only
  what that viewer may see), called when the tab is shown and whenever the game, the mode
  or the viewer changes;
* optionally ``clear()``: forget a result about the previous position or viewer, and
  ``on_pick(target, ident)``: a board click while the tab is built.

A **tab** is one module holding its panel class plus one registration line in
:mod:`mrp_tutor.games.mission_red_planet.ui.tabs` (``register_tab("Title", "module:Class")``): the
module is imported
only when a visitor first opens the tab.  Panels never import
:mod:`mrp_tutor.games.mission_red_planet.ui.tutor_app` nor
touch a private name of the app; what more a panel may ask of the app is the public
:class:`Host` protocol (``ctx.app``).

Example (a whole tab)::

    class TurnTab:
        title = "Turn"

        def __init__(self, ctx: PanelContext) -> None:
            self.html = W.HTML()
            self.root = W.VBox([self.html])

        def refresh(self, view: View) -> None:
            self.html.value = f"Round {view['round']}"

    # mrp_tutor/games/mission_red_planet/ui/tabs.py
    register_tab("Turn", "mrp_tutor.games.mission_red_planet.ui.panels.turn:TurnTab")
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

if TYPE_CHECKING:
    import ipywidgets as W

    from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
    from mrp_tutor.games.mission_red_planet.scenarios import Scenario
    from mrp_tutor.games.mission_red_planet.ui.live import AppBoard
    from mrp_tutor.games.mission_red_planet.ui.session import Session, StepReport

F = TypeVar("F", bound=Callable[..., Any])
View = dict[str, Any]  # the session's view for the current viewer (engine.views)


class Host(Protocol):
    """The app as a panel sees it: public names only (the frame a panel may drive)."""

    session: Session
    board: AppBoard
    target: tuple[str, str] | None
    corrections: dict[str, Any]
    corrected_spec: GameSpec | None
    seat: Any  # the seat panel (take a seat, play against the bots)
    stepper: Any  # Next / Back, the options and the explanation
    rules: Any  # the ruleset and player-count picker
    scenario: W.Dropdown  # the scenario picker
    scenarios: list[Scenario]  # the scenario library
    lesson: Any  # the guided path and quiz (the Lesson & quiz tab's panel, made at start)
    viewer: W.Dropdown  # "View as"

    def say(self, text: str, kind: str = ..., citation: Any = ...) -> None: ...
    def guard(self, fn: F) -> F: ...
    def render(self, reports: list[StepReport] | None = ...) -> None: ...
    def refresh_viewers(self) -> None: ...
    def on_new_game(self, _b: Any = ...) -> None: ...
    def on_load_scenario(self, _b: Any = ...) -> None: ...
    def use_table(self, sc: Scenario, message: str) -> None: ...
    def open_tab(self, title: str) -> None: ...


@dataclass(frozen=True, slots=True)
class PanelContext:
    """What a panel is built from: the app's session, ``say`` and ``guard`` (and, for the
    panels that drive the frame, the app's public :class:`Host` names)."""

    app: Host

    @property
    def session(self) -> Session:
        return self.app.session

    @property
    def board(self) -> AppBoard:
        """The board widget: board clicks, and the model the live panels' text travels on."""
        return self.app.board

    @property
    def spec(self) -> GameSpec:
        """The rules and data of the game in play (the session's)."""
        return self.app.session.spec

    def say(self, text: str, kind: str = "info", citation: Any = None) -> None:
        self.app.say(text, kind, citation)

    def guard(self, fn: F) -> F:
        return self.app.guard(fn)


class Panel(Protocol):
    """A tab's panel (see the module docstring)."""

    title: ClassVar[str]
    root: W.Widget

    def refresh(self, view: View) -> None: ...


@dataclass(frozen=True, slots=True)
class Tab:
    """A registered tab: its title and ``"module:factory"`` (a class or function taking a
    :class:`PanelContext` and returning a :class:`Panel`)."""

    title: str
    factory: str

    def build(self, ctx: PanelContext) -> Panel:
        module, _, name = self.factory.partition(":")
        panel: Panel = getattr(importlib.import_module(module), name)(ctx)
        return panel


TABS: list[Tab] = []


def register_tab(title: str, factory: str) -> Tab:
    """Add a tab (after the ones registered before it); a title is registered once."""
    if any(t.title == title for t in TABS):
        raise ValueError(f"a tab titled {title!r} is registered already")
    tab = Tab(title, factory)
    TABS.append(tab)
    return tab
