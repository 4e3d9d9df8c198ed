"""The game picker above the app (split from :mod:`.fm_panel` so a visitor's kernel imports
the First Martians engine, and networkx with it, only when that game is picked: ~1 s of CPU
and ~15 MB per kernel that never shows it)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W


def game_picker(mrp_root: Any) -> W.VBox:
    """A game picker above the games' panel sets; the First Martians panel is built lazily."""
    pick = W.ToggleButtons(options=["Mission: Red Planet", "First Martians"],
                           _dom_classes=["game-picker"])
    box = W.VBox([mrp_root])
    built: dict[str, Any] = {}

    def on_pick(change: dict[str, Any]) -> None:
        if change["new"] == "First Martians":
            if "fm" not in built:
                from .fm_panel import FmPanel

                built["fm"] = FmPanel()
            box.children = [built["fm"].root]
        else:
            box.children = [mrp_root]

    pick.observe(on_pick, names="value")
    return W.VBox([pick, box])
