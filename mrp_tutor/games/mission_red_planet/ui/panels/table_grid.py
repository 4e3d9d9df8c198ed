"""The zones of the referee's table on one screen: astronauts by tap, resources by chip.

Issue 36: the round-6 table took 60 form actions, one zone at a time (pick the zone, type
"red 3, blue 1", pick the resource, press Set).  Here every zone is a row of the grid: a
stepper per colour (- count +) and a chip per resource ("not known" first: nothing is drawn
for a referee's table).  A tap changes the editor's draft at once (pending: "Use this table"
checks the whole table and plays on from it, as for every other edit).

The grid is one anywidget (``widgets/table_grid.js``): a row of ipywidgets per zone cost a
model per button.  What comes back from the browser is untrusted: a message that is not one of
the two shapes, or names a zone, colour or resource the draft does not have, changes nothing
and is said in a sentence.  The grid carries the draft only, which is filled in Referee mode
only (it holds the face-down resources).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol

import anywidget
import traitlets
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mrp_tutor.resources import widgets_dir

MOST_ASTRONAUTS = 20  # a colour's astronauts in one zone, at most (a tap past it is refused)


class _Step(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["step"]
    zone: str = Field(max_length=40)
    colour: str = Field(max_length=20)
    delta: Literal[-1, 1]


class _Resource(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["resource"]
    zone: str = Field(max_length=40)
    value: str = Field(max_length=20)


class Draft(Protocol):
    """What the grid needs of the table editor."""

    pos: dict[str, Any]
    players: list[str]
    dirty: bool

    @property
    def spec(self) -> Any: ...


class ZoneGridWidget(anywidget.AnyWidget):
    """Browser side: draws ``grid`` and sends taps (ES module ``widgets/table_grid.js``)."""

    _esm = widgets_dir() / "table_grid.js"
    _css = """
    .mrp-tg { display: flex; flex-direction: column; margin: 4px 0; font-size: 0.95em; }
    .mrp-tg-row { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px;
      padding: 4px 0; border-bottom: 1px solid #dde; }
    .mrp-tg-zone { flex: 0 0 9.5em; font-weight: 600; }
    .mrp-tg-step { display: inline-flex; align-items: center; gap: 2px; white-space: nowrap; }
    .mrp-tg-who { font-size: 0.85em; color: #444; margin-right: 2px; }
    .mrp-tg-step button, .mrp-tg-chip { min-width: 34px; min-height: 34px; border: 1px solid #9aa;
      border-radius: 4px; background: #f7f7f7; cursor: pointer; }
    .mrp-tg-n { min-width: 1.4em; text-align: center; font-weight: 600; }
    .mrp-tg-chips { display: inline-flex; flex-wrap: wrap; gap: 3px; }
    .mrp-tg-chip { padding: 2px 6px; }
    .mrp-tg-chip[aria-pressed="true"] { background: #1a4f8b; color: #fff; border-color: #1a4f8b; }
    """
    grid = traitlets.Dict({}).tag(sync=True)

    def __repr__(self) -> str:  # cheap, stable (nbval)
        return "ZoneGridWidget()"


class ZoneGrid:
    """Every zone of the draft in one grid; taps change the draft."""

    def __init__(self, draft: Draft, say: Any, guard: Any,
                 on_change: Callable[[str, str], None]) -> None:
        self.draft = draft
        self.say = say
        self.on_change = on_change  # (zone, sentence): the draft changed there
        self.widget = ZoneGridWidget(_dom_classes=["mrp-tg-widget"])
        self.widget.on_msg(guard(self._from_browser))

    def refresh(self) -> None:
        """Draw the draft (empty when there is none: Tutor mode holds no secret)."""
        d = self.draft
        if not d.pos or not d.players:
            self.widget.grid = {}
            return
        spec = d.spec
        zones = d.pos.get("zones", {})
        self.widget.grid = {
            "colours": [{"id": c, "name": c.capitalize()} for c in d.players],
            "resources": [{"id": "", "name": "not known"}]
            + [{"id": r, "name": r} for r in spec.resources],
            "zones": [{"id": z, "name": spec.card_name(z),
                       "counts": {c: int(zones.get(z, {}).get("astronauts", {}).get(c, 0))
                                  for c in d.players},
                       "resource": zones.get(z, {}).get("resource") or ""}
                      for z in spec.zones],
        }

    def _from_browser(self, _w: Any, content: Any, _buffers: Any = None) -> None:
        try:
            msg: _Step | _Resource = (_Step if isinstance(content, dict)
                                      and content.get("kind") == "step" else _Resource
                                      ).model_validate(content)
        except ValidationError:
            self.say("The table grid sent a message the app does not understand; nothing "
                     "changed.", "error")
            return
        d = self.draft
        spec = d.spec
        if msg.zone not in spec.zones or not d.pos:
            self.say("The table grid named no zone of this table; nothing changed.", "error")
            return
        name = spec.card_name(msg.zone)
        zp = d.pos.setdefault("zones", {}).setdefault(msg.zone, {})
        if isinstance(msg, _Step):
            text = self._step(zp, name, msg)
        else:
            text = self._resource(zp, name, msg.value)
        if text:
            self.on_change(msg.zone, text)
        self.refresh()

    def _step(self, zp: dict[str, Any], name: str, msg: _Step) -> str:
        if msg.colour not in self.draft.players:
            self.say(f"{name}: that colour is not at this table; nothing changed.", "error")
            return ""
        astro = dict(zp.get("astronauts", {}))
        n = int(astro.get(msg.colour, 0)) + msg.delta
        if not 0 <= n <= MOST_ASTRONAUTS:
            self.say(f"{name}: {msg.colour.capitalize()} has {n - msg.delta} astronauts there; "
                     f"a count goes from 0 to {MOST_ASTRONAUTS}; nothing changed.", "error")
            return ""
        if n:
            astro[msg.colour] = n
        else:
            astro.pop(msg.colour, None)
        if astro:
            zp["astronauts"] = astro
        else:
            zp.pop("astronauts", None)
        return f"{name}: {msg.colour.capitalize()} {n}."

    def _resource(self, zp: dict[str, Any], name: str, value: str) -> str:
        if value and value not in self.draft.spec.resources:
            self.say(f"{name}: that is not a resource of this game; nothing changed.", "error")
            return ""
        if value:
            zp["resource"] = value
        else:
            zp.pop("resource", None)
        return f"{name}: resource {value or 'not known'}."
