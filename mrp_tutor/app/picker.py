"""The game picker above the app: one button per registered game (:mod:`mrp_tutor.core.games`).

The first game's panel set is the app already built; another game's panel is built the first
time it is picked, so a visitor's kernel imports that game's engine (and what it needs:
networkx for the Mars map, ~1 s of CPU and ~15 MB per kernel that never shows it) only then.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from ..core.games import get, titles


def game_picker(first_root: Any) -> W.VBox:
    """A game picker above the games' panel sets (``first_root``: the first game's)."""
    named = {title: name for name, title in titles()}  # imports no game
    pick = W.ToggleButtons(options=list(named), _dom_classes=["game-picker"])
    box = W.VBox([first_root])
    built: dict[str, Any] = {next(iter(named)): first_root}

    def on_pick(change: dict[str, Any]) -> None:
        title = change["new"]
        if title not in built:
            built[title] = get(named[title]).build_panel().root
        box.children = [built[title]]

    pick.observe(on_pick, names="value")
    return W.VBox([pick, box], _dom_classes=["mrp-page"])  # the main landmark (landmark.js)
