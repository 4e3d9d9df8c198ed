"""What the table grid enters beyond counts (issue 36): which ship cards are in play and
where, their destination tokens, a zone's face-down discovery, an empty table to start from.

A referee copies the table in front of them: a ship is put in play by the card it is (its
number, room and printed destination, never a data id), then placed at a dock, launched or
taken back; a destination token is tapped onto a ship (the last tapped is on top); a zone's
discovery is "none", "face down, not known" or, once face up, the card.  Pure functions on
the draft's position document; the page sends back ids, checked here against the game's own
lists before anything changes; each returns the sentence said (names, never ids).

>>> blank_position(["red", "blue"])["seats"]
{'red': {}, 'blue': {}}
"""

from __future__ import annotations

from typing import Any

from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.options import ship_name
from mrp_tutor.games.mission_red_planet.ui.panels.entry import EntryError
from mrp_tutor.games.mission_red_planet.ui.panels.table_words import UNKNOWN
from mrp_tutor.games.mission_red_planet.unknowns import UNKNOWN_DISCOVERY

NOT_IN_PLAY = "out"


def blank_position(players: list[str]) -> dict[str, Any]:
    """A table where nothing is known yet: no astronaut, no ship, each resource token and
    each seat's point tokens not known (never drawn), no discovery, round 1."""
    return {"stage": "choose", "round": 1, "first": players[0],
            "seats": {c: {} for c in players}}


def _short(spec: GameSpec, sid: str) -> str:
    """``5: Hellas, 4``: the card's number, printed destination and room (a chip)."""
    dest = spec.dest.get(sid, "")
    to = UNKNOWN if dest in ("", "unknown") else spec.card_name(dest)
    return f"{ship_name(sid).removeprefix('ship ')}: {to}, {spec.cap[sid]}"


def ship_chips(spec: GameSpec, pos: dict[str, Any]) -> list[dict[str, str]]:
    """The ship cards not in play (deck or discard pile), by number: a tap puts one in play."""
    placed = {sp.get("id") for sp in pos.get("ships", [])}
    return [{"id": sid, "name": _short(spec, sid)} for sid in spec.ships if sid not in placed]


def place_chips(players: list[str]) -> list[dict[str, str]]:
    """Where a ship in play may lie: a dock (one per colour), launched, or out of play."""
    return ([{"id": f"dock:{i}", "name": f"dock {i + 1}"} for i in range(len(players))]
            + [{"id": "launched", "name": "launched"},
               {"id": NOT_IN_PLAY, "name": "not in play"}])


def ship_place(sp: dict[str, Any]) -> str:
    return "launched" if sp.get("launched") else f"dock:{int(sp.get('dock') or 0)}"


def discovery_chips(spec: GameSpec) -> list[dict[str, str]]:
    return ([{"id": "", "name": "none"},
             {"id": UNKNOWN_DISCOVERY, "name": "face down, not known"}]
            + [{"id": d, "name": spec.card_name(d)} for d in spec.discoveries])


def _free_docks(pos: dict[str, Any], players: list[str]) -> list[int]:
    taken = {sp.get("dock") for sp in pos.get("ships", []) if not sp.get("launched")}
    return [i for i in range(len(players)) if i not in taken]


def apply_ship(spec: GameSpec, pos: dict[str, Any], players: list[str],
               action: str, ship: str, value: str) -> str:
    """``add`` a ship card (at the first free dock, else launched), ``place`` it
    (``dock:i``, ``launched``, ``out``), put a destination ``token`` on it (a zone, on top)
    or take its top token off (``untoken``).

    Raises:
        EntryError: no such ship, place or zone; nothing changed.
    """
    if ship not in spec.ships:
        raise EntryError("The table grid named no ship card of this game; nothing changed.")
    ships = pos.setdefault("ships", [])
    sp = next((x for x in ships if x.get("id") == ship), None)
    name = ship_name(ship).capitalize()
    if action == "add":
        if sp is not None:
            raise EntryError(f"{name} is already in play; nothing changed.")
        pos["ship_discard"] = [x for x in pos.get("ship_discard", []) if x != ship]
        if not pos["ship_discard"]:
            pos.pop("ship_discard")
        free = _free_docks(pos, players)
        ships.append({"id": ship, "dock": free[0]} if free else {"id": ship, "launched": True})
        return f"{name} in play, {f'at dock {free[0] + 1}' if free else 'launched'}."
    if sp is None:
        raise EntryError(f"{name} is not in play; put it in play first; nothing changed.")
    if action == "place":
        return _place(pos, players, sp, value, name)
    if action == "token":
        if value not in spec.zones:
            raise EntryError(f"{name}: that is not a zone of this game; nothing changed.")
        sp["tokens"] = [*(sp.get("tokens") or []), value]
        return f"{name}: a {spec.card_name(value)} destination token on top."
    if not sp.get("tokens"):
        raise EntryError(f"{name} holds no destination token; nothing changed.")
    top = sp["tokens"].pop()
    if not sp["tokens"]:
        sp.pop("tokens")
    return f"{name}: the {spec.card_name(top)} destination token taken off."


def _place(pos: dict[str, Any], players: list[str], sp: dict[str, Any], value: str,
           name: str) -> str:
    ships = pos["ships"]
    if value == NOT_IN_PLAY:
        ships.remove(sp)
        return f"{name} is out of play (its crew and tokens with it)."
    if value == "launched":
        sp.pop("dock", None)
        sp["launched"] = True
        return f"{name} launched."
    docks = [c["id"] for c in place_chips(players)][:len(players)]
    if value not in docks:
        raise EntryError(f"{name}: the table has no such place; nothing changed.")
    dock = int(value.split(":")[1])
    said = f"{name} at dock {dock + 1}."
    for other in list(ships):  # the ship that lay there goes out of play
        if other is not sp and other.get("dock") == dock and not other.get("launched"):
            ships.remove(other)
            said += f" {ship_name(other['id']).capitalize()} left it (out of play)."
    sp.pop("launched", None)
    sp["dock"] = dock
    ships.sort(key=lambda x: (bool(x.get("launched")), x.get("dock") or 0))
    return said


def apply_discovery(spec: GameSpec, pos: dict[str, Any], zone: str, value: str) -> str:
    """A zone's discovery: none, face down and not known, or a card (once face up).

    Raises:
        EntryError: no such zone or card, or a zone that takes no discovery; nothing changed.
    """
    if zone not in spec.zones:
        raise EntryError("The table grid named no zone of this table; nothing changed.")
    name = spec.card_name(zone)
    if zone not in spec.outer:
        raise EntryError(f"{name} takes no discovery card (rule discoveries.allowed_zones); "
                         "nothing changed.")
    if value and value != UNKNOWN_DISCOVERY and value not in spec.discoveries:
        raise EntryError(f"{name}: that is not a discovery of this game; nothing changed.")
    zp = pos.setdefault("zones", {}).setdefault(zone, {})
    if value:
        zp["discovery"] = value
    else:
        zp.pop("discovery", None)
    said = {"": "no discovery", UNKNOWN_DISCOVERY: "a discovery face down, not known"}
    return f"{name}: {said.get(value) or spec.card_name(value)}."


def apply_tokens_known(pos: dict[str, Any], players: list[str], c: str, known: bool) -> str:
    """A seat's point tokens: ``known`` (none held, as counted) or not known (not entered).

    Raises:
        EntryError: no such colour; nothing changed.
    """
    if c not in players:
        raise EntryError("The table grid named no colour at this table; nothing changed.")
    sp = pos.setdefault("seats", {}).setdefault(c, {})
    if known:
        sp["tokens"] = {}
        return f"{c.capitalize()}: no point tokens."
    sp.pop("tokens", None)
    return f"{c.capitalize()}: point tokens not known."
