"""The game picker above the app: one button per registered game (:mod:`mrp_tutor.core.games`).

The first game's panel is built by the app shell (:func:`mrp_tutor.app.show_app`); another
game's panel is built the first time it is picked, so a visitor's kernel imports that game's
engine (and what it needs: networkx for the Mars map, ~1 s of CPU and ~15 MB per kernel that
never shows it) only then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from mrp_tutor.core.games import GamePanel, get, titles


class GamePicker:
    """The picker (``root``) and the games' panels built so far (``panels``, by game name;
    the first game's is the app, not listed)."""

    def __init__(self, first_root: W.Widget, first: str | None = None) -> None:
        self.names = {title: name for name, title in titles()}  # imports no game
        self.first = first if first is not None else next(iter(self.names.values()))
        shown = next(t for t, n in self.names.items() if n == self.first)
        self.pick = W.ToggleButtons(options=list(self.names), value=shown,
                                    _dom_classes=["game-picker"])
        self.box = W.VBox([first_root])
        self.panels: dict[str, GamePanel] = {}
        self._roots: dict[str, object] = {self.first: first_root}
        # called with (game name, panel) when another game's panel is built
        self.on_built: Callable[[str, GamePanel], None] | None = None
        self.pick.observe(self._on_pick, names="value")
        # the page's main landmark (landmark.js)
        self.root = W.VBox([self.pick, self.box], _dom_classes=["mrp-page"])

    def shown(self) -> str:
        """The name of the game shown now."""
        return self.names[self.pick.value]

    def show(self, name: str) -> GamePanel | None:
        """Show the game ``name`` (its panel built now if it was not); its panel (None: the
        first game's, the app)."""
        self.pick.value = next(t for t, n in self.names.items() if n == name)
        return self.panels.get(name)

    def _on_pick(self, change: dict[str, Any]) -> None:
        name = self.names[change["new"]]
        if name not in self._roots:
            panel = self.panels[name] = get(name).build_panel()
            self._roots[name] = panel.root
            if self.on_built is not None:
                self.on_built(name, panel)
        self.box.children = [self._roots[name]]


def game_picker(first_root: W.Widget) -> W.VBox:
    """A game picker above the games' panel sets (``first_root``: the first game's)."""
    return GamePicker(first_root).root
