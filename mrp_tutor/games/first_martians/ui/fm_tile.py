"""An ROI tile the assistant's data does not print, read off the tile on one screen.

The rulebook prints the icons of only four of its 19 ROI tiles (``tutor.roi_tiles``), so for
any other tile the table taps what it shows: its Extra Pawn icons (at least one), its sample
icons, its blue-box terrain icons, its POI and Objective icons and an impassable long outer
edge (The Actions › 6. Explore).  The engine asks them one at a time (``roi_extra_pawns``,
``roi_samples``, ``roi_terrain`` until "none", ``roi_finds``, ``roi_edge``); the panel asks
them all on this one screen and enters every answer at once.  Each answer starts at what an
empty tile shows (1 Extra Pawn icon, nothing else), on the page before "Place this tile"
is tapped, so nothing is chosen without the table seeing it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W

from mrp_tutor.games.first_martians.outcomes import FIND_WORDS, FINDS, ICON_WORDS, TERRAIN
from mrp_tutor.games.first_martians.ui.fm_busy import STEP_TAP

__all__ = ["FIRST_KIND", "TileForm"]

#: the engine's first question about an unprinted tile: the panel answers it with this form
FIRST_KIND = "roi_extra_pawns"


def _row(head: str, body: W.Widget) -> W.VBox:
    return W.VBox([W.HTML(f"<b>{head}</b>", _dom_classes=["fm-tile-head"]), body],
                  _dom_classes=["fm-tile-row"], layout=W.Layout(width="100%"))


def _toggles(options: list[tuple[str, Any]], value: Any, cls: str) -> W.ToggleButtons:
    return W.ToggleButtons(options=options, value=value, _dom_classes=[cls, STEP_TAP],
                           style={"button_width": "auto"})


class TileForm:
    """Every question about an unprinted ROI tile together; ``done`` gets the draws."""

    def __init__(self, done: Callable[[dict[str, list[Any]]], None]) -> None:
        self.pawns = _toggles([("1", 1), ("2", 2), ("3", 3)], 1, "fm-tile-pawns")
        self.samples = _toggles([("None", 0), ("1", 1), ("2", 2), ("3", 3)], 0,
                                "fm-tile-samples")
        self.terrain = [W.ToggleButton(description=f"{ICON_WORDS[t]} icon", value=False,
                                       _dom_classes=["fm-tile-terrain", STEP_TAP],
                                       layout=W.Layout(width="auto"))
                        for t in TERRAIN]
        self.finds = _toggles(list(zip(FIND_WORDS, FINDS, strict=True)), "none",
                              "fm-tile-finds")
        self.edge = _toggles([("No impassable edge", "no"),
                              ("Impassable long outer edge", "yes")], "no", "fm-tile-edge")
        self.place_btn = W.Button(description="Place this tile", button_style="primary",
                                  _dom_classes=["fm-tile-place", STEP_TAP],
                                  layout=W.Layout(width="auto"))
        self.place_btn.on_click(lambda _b: done(self.draws()))
        self.widgets: list[W.Widget] = [
            _row("Extra Pawn icons", self.pawns),
            _row("Sample icons", self.samples),
            _row("Blue-box terrain icons (tap each one printed)",
                 W.Box(self.terrain, layout=W.Layout(flex_flow="row wrap"))),
            _row("POI and Objective icons", self.finds),
            _row("Long outer edge", self.edge),
            self.place_btn]

    def draws(self) -> dict[str, list[Any]]:
        """The answers as the engine asks them, in its order (terrain until "none")."""
        terrain = [t for t, b in zip(TERRAIN, self.terrain, strict=True) if b.value]
        if len(terrain) < len(TERRAIN):
            terrain.append("none")
        return {"roi_extra_pawns": [self.pawns.value], "roi_samples": [self.samples.value],
                "roi_terrain": terrain, "roi_finds": [self.finds.value],
                "roi_edge": [self.edge.value]}
