"""The referee's table on one screen: the round, zones, ships and seats, all by tap.

Issue 36: the round-6 table took 60 form actions, one zone at a time (pick the zone, type
"red 3, blue 1", pick the resource, press Set).  Here every zone is a row of the grid: a
stepper per colour (- count +) and a chip per resource ("not known" first: nothing is drawn
for a referee's table).  A tap changes the editor's draft at once (pending: "Use this table"
checks the whole table and plays on from it, as for every other edit).  Above the zones, the
round row (colours at the table, stage, round, first player, who resolves which character) and,
under each seat, its cards (played characters, missions, action cards) are chips from the
game's own lists (:mod:`.table_grid_round`): no dropdown and no text field is needed.

The grid is one anywidget (``widgets/table_grid.js``): a row of ipywidgets per zone cost a
model per button.  What comes back from the browser is untrusted: a message that is not one of
the four shapes, or names a zone, card, stage, colour or resource the draft does not have,
changes nothing and is said in a sentence.  The grid carries the draft only, which is filled
in Referee mode only (it holds the face-down resources and the cards in hand).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Protocol

import anywidget
import traitlets
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mrp_tutor.games.mission_red_planet.explain.options import ship_name
from mrp_tutor.games.mission_red_planet.ui.panels.entry import EntryError
from mrp_tutor.games.mission_red_planet.ui.panels.table_grid_more import (
    apply_discovery,
    apply_ship,
    apply_tokens_known,
    discovery_chips,
    place_chips,
    ship_chips,
    ship_place,
)
from mrp_tutor.games.mission_red_planet.ui.panels.table_grid_round import (
    apply_card,
    apply_round,
    card_chips,
    round_row,
    seat_cards,
)
from mrp_tutor.games.mission_red_planet.ui.panels.table_words import ship_card
from mrp_tutor.games.mission_red_planet.unknowns import UNKNOWN_DISCOVERY
from mrp_tutor.resources import widgets_dir

MOST_COUNTED = 20  # astronauts of a colour in a zone or ship, tokens of a kind, at most


def _upper_first(text: str) -> str:
    """``Ship 5 (room for 4, to Valles Marineris)``: capitalize() lowered the zone's name."""
    return text[:1].upper() + text[1:]


class _Step(BaseModel):
    """A tap on + or -: a zone's astronauts, a ship's crew (of a colour), a seat's point
    tokens (of a resource)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["step"]
    part: Literal["zone", "ship", "seat", "waiting", "memorial"]
    row: str = Field(max_length=40)
    key: str = Field(max_length=20)
    delta: Literal[-1, 1]


class _ZoneChip(BaseModel):
    """A zone's chip: its resource token, or its discovery."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["resource", "discovery"]
    zone: str = Field(max_length=40)
    value: str = Field(max_length=40)


class _Round(BaseModel):
    """A chip of the round row: the stage, the round, the first player, the colour resolving
    and its character, or a colour joining or leaving the table ("player")."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["round"]
    field: Literal["stage", "round", "production", "first", "colour", "character", "step",
                   "effect", "player"]
    value: str = Field(max_length=40)


class _Ship(BaseModel):
    """A ship card put in play, placed, or a destination token on it (or its top one off)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["ship"]
    action: Literal["add", "place", "token", "untoken"]
    ship: str = Field(max_length=20)
    value: str = Field(default="", max_length=40)


class _Known(BaseModel):
    """A seat's point tokens: none held (known) or not known (never entered)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["known"]
    seat: str = Field(max_length=20)
    known: bool


class _Card(BaseModel):
    """A card chip of a seat: played characters, missions, action cards (tap: in or out),
    the character chosen face down (one: tap again to take it back)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["card"]
    seat: str = Field(max_length=20)
    hand: Literal["played", "chosen", "missions", "actions"]
    card: str = Field(max_length=40)


_MESSAGES: dict[str, type[BaseModel]] = {"step": _Step, "resource": _ZoneChip,
                                         "round": _Round, "card": _Card, "ship": _Ship,
                                         "discovery": _ZoneChip, "known": _Known}


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
    .mrp-tg-head { font-weight: 700; margin-top: 10px; }
    .mrp-tg-zone { flex: 0 0 9.5em; font-weight: 600; }
    .mrp-tg-step { display: inline-flex; align-items: center; gap: 2px; white-space: nowrap; }
    .mrp-tg-who { font-size: 0.85em; color: #444; margin-right: 2px; }
    .mrp-tg-step button, .mrp-tg-chip { min-width: 34px; min-height: 34px; border: 1px solid #9aa;
      border-radius: 4px; background: #f7f7f7; cursor: pointer; }
    .mrp-tg-n { min-width: 1.4em; text-align: center; font-weight: 600; }
    .mrp-tg-chips { display: inline-flex; flex-wrap: wrap; gap: 3px; }
    .mrp-tg-chip { padding: 2px 6px; }
    .mrp-tg-cards { flex: 1 1 100%; display: flex; flex-direction: column; gap: 3px; }
    .mrp-tg-chips .mrp-tg-who { min-width: 6.5em; }
    .mrp-tg-chip[aria-pressed="true"] { background: #1a4f8b; color: #fff; border-color: #1a4f8b; }
    .mrp-tg-more { flex: 1 1 100%; }
    .mrp-tg-more > summary { cursor: pointer; color: #1a4f8b; min-height: 28px; padding: 4px 0; }
    .mrp-tg-more-body { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; }
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
        zones, seats = d.pos.get("zones", {}), d.pos.get("seats", {})

        def counts(have: Any, keys: list[str]) -> dict[str, int]:
            return {k: int((have or {}).get(k, 0)) for k in keys}

        res = list(spec.resources)
        self.widget.grid = {
            "colours": [{"id": c, "name": c.capitalize()} for c in d.players],
            "resources": [{"id": "", "name": "not known"}]
            + [{"id": r, "name": r} for r in res],
            "zones": [self._zone(z, zones.get(z, {}), counts) for z in spec.zones],
            "ships": [{"id": sp["id"], "name": _upper_first(ship_card(spec, sp["id"])),
                       "where": "launched" if sp.get("launched")
                       else f"dock {int(sp.get('dock') or 0) + 1}",
                       "counts": counts(sp.get("crew"), d.players),
                       "place": ship_place(sp),
                       "tokens": [spec.card_name(t) for t in sp.get("tokens") or []]}
                      for sp in d.pos.get("ships", [])],
            "seats": [{"id": c, "name": c.capitalize(),
                       "counts": counts(seats.get(c, {}).get("tokens"), res),
                       "known": "tokens" in seats.get(c, {}),
                       "cards": seat_cards(spec, d.pos, c)}
                      for c in d.players],
            "round": round_row(spec, d.pos, d.players),
            "cards": {h: chips for h, chips in card_chips(spec).items() if chips},
            "ship_cards": ship_chips(spec, d.pos),
            "docks_free": len([s for s in d.pos.get("ships", []) if not s.get("launched")])
            < len(d.players),
            "places": place_chips(d.players),
            "token_zones": [{"id": z, "name": spec.card_name(z)} for z in spec.zones],
            "discoveries": discovery_chips(spec),
            "memorial": counts(d.pos.get("memorial"), d.players),
        }

    def _zone(self, z: str, zp: dict[str, Any],
              counts: Callable[[Any, list[str]], dict[str, int]]) -> dict[str, Any]:
        spec = self.draft.spec
        disc = zp.get("discovery") or ""
        more = [f"{n} {r} waiting" for r, n in (zp.get("waiting") or {}).items() if n]
        if disc:
            more.append("discovery " + ("face down, not known" if disc == UNKNOWN_DISCOVERY
                                        else spec.card_name(disc)))
        return {"id": z, "name": spec.card_name(z),
                "counts": counts(zp.get("astronauts"), self.draft.players),
                "resource": zp.get("resource") or "",
                "waiting": counts(zp.get("waiting"), list(spec.resources)),
                "discovery": disc, "discover": z in spec.outer, "more": ", ".join(more)}

    def _from_browser(self, _w: Any, content: Any, _buffers: Any = None) -> None:
        kind = content.get("kind") if isinstance(content, dict) else None
        try:
            msg = _MESSAGES.get(str(kind), _ZoneChip).model_validate(content)
        except ValidationError:
            self.say("The table grid sent a message the app does not understand; nothing "
                     "changed.", "error")
            return
        if not self.draft.pos:
            self.say("Switch to Referee mode first; nothing changed.", "error")
            return
        d = self.draft
        where, text = "", ""
        try:
            if isinstance(msg, _Step):
                where, text = msg.row, self._step(msg)
            elif isinstance(msg, _ZoneChip):
                where = msg.zone
                text = (self._resource(msg) if msg.kind == "resource"
                        else apply_discovery(d.spec, d.pos, msg.zone, msg.value))
            elif isinstance(msg, _Round):
                text = apply_round(d.spec, d.pos, d.players, msg.field, msg.value)
            elif isinstance(msg, _Card):
                text = apply_card(d.spec, d.pos, d.players, msg.seat, msg.hand, msg.card)
            elif isinstance(msg, _Ship):
                where = msg.ship
                text = apply_ship(d.spec, d.pos, d.players, msg.action, msg.ship, msg.value)
            elif isinstance(msg, _Known):
                text = apply_tokens_known(d.pos, d.players, msg.seat, msg.known)
        except EntryError as err:
            self.say(str(err), "error")
        if text:
            self.on_change(where, text)
        self.refresh()

    def _counted(self, msg: _Step) -> tuple[dict[str, Any], str, list[str], str] | None:
        """Where a tap counts: (the entry, its field, the keys it may count, its name)."""
        d, spec = self.draft, self.draft.spec
        if msg.part == "zone" and msg.row in spec.zones:
            entry = d.pos.setdefault("zones", {}).setdefault(msg.row, {})
            return entry, "astronauts", d.players, spec.card_name(msg.row)
        if msg.part == "ship":
            sp = next((x for x in d.pos.get("ships", []) if x.get("id") == msg.row), None)
            if sp is not None:
                return sp, "crew", d.players, ship_name(msg.row).capitalize()
        if msg.part == "seat" and msg.row in d.players:
            entry = d.pos.setdefault("seats", {}).setdefault(msg.row, {})
            return entry, "tokens", list(spec.resources), msg.row.capitalize()
        if msg.part == "waiting" and msg.row in spec.zones:
            entry = d.pos.setdefault("zones", {}).setdefault(msg.row, {})
            return entry, "waiting", list(spec.resources), spec.card_name(msg.row)
        if msg.part == "memorial":
            return d.pos, "memorial", d.players, "Memorial"
        return None

    def _step(self, msg: _Step) -> str:
        found = self._counted(msg)
        if found is None:
            self.say("The table grid named nothing of this table; nothing changed.", "error")
            return ""
        entry, field, keys, name = found
        what = {"tokens": f"{msg.key} tokens",
                "waiting": f"{msg.key} tokens waiting"}.get(field, msg.key.capitalize())
        if msg.key not in keys:
            self.say(f"{name}: that is not at this table; nothing changed.", "error")
            return ""
        have = dict(entry.get(field) or {})
        n = int(have.get(msg.key, 0)) + msg.delta
        if not 0 <= n <= MOST_COUNTED:
            self.say(f"{name}: {what} {n - msg.delta}; a count goes from 0 to "
                     f"{MOST_COUNTED}; nothing changed.", "error")
            return ""
        if n:
            have[msg.key] = n
        else:
            have.pop(msg.key, None)
        if have or field == "tokens":  # a seat's tokens are always stated (0 is a fact)
            entry[field] = have
        else:
            entry.pop(field, None)
        return f"{name}: {what} {n}."

    def _resource(self, msg: _ZoneChip) -> str:
        spec = self.draft.spec
        if msg.zone not in spec.zones:
            self.say("The table grid named no zone of this table; nothing changed.", "error")
            return ""
        name, value = spec.card_name(msg.zone), msg.value
        if value and value not in spec.resources:
            self.say(f"{name}: that is not a resource of this game; nothing changed.", "error")
            return ""
        zp = self.draft.pos.setdefault("zones", {}).setdefault(msg.zone, {})
        if value:
            zp["resource"] = value
        else:
            zp.pop("resource", None)
        return f"{name}: resource {value or 'not known'}."
