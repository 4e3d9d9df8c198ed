"""How the table editor names a ship card and says what a Set changed (issue 26, item 5).

A referee copies a physical table: a ship is picked by what its card shows (room, printed
destination) and where it lies now, never by a data id; two cards that print the same are
told apart by where they lie and by their number on the board ("ship 34").

>>> where_ship({"ships": [{"id": "s10", "dock": 0}]}, "s10")
(0, 'Dock 1')
>>> where_ship({"ship_discard": ["s02"]}, "s02")
(3, 'Discard pile')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.options import ship_name

UNKNOWN = "?"  # the card's icon: a destination token decides (destination_tokens.unknown_ship)


def where_ship(pos: Mapping[str, Any], sid: str) -> tuple[int, str]:
    """(sort rank, words) for where ship ``sid`` lies in the draft position ``pos``."""
    for sp in pos.get("ships", []):
        if sp.get("id") == sid:
            if sp.get("launched"):
                return 1, "In flight"
            return 0, f"Dock {int(sp.get('dock') or 0) + 1}"
    if sid in pos.get("ship_discard", []):
        return 3, "Discard pile"
    return 2, "In the deck"


def ship_card(spec: GameSpec, sid: str) -> str:
    """``ship 10 (room for 2, to Hellas)``, ``ship 34 (room for 4, to ?)``: the card as
    printed, named as the board names it."""
    dest = spec.dest.get(sid, "")
    to = UNKNOWN if dest in ("", "unknown") else spec.card_name(dest)
    return f"{ship_name(sid)} (room for {spec.cap[sid]}, to {to})"


def ship_options(spec: GameSpec, pos: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The ship dropdown: every card by where it lies, what it prints and, when other cards
    print the same, which of them it is (``1 of 2 alike``); the ships in play first."""
    def printed(s: str) -> tuple[int, str]:
        return spec.cap[s], spec.dest.get(s, "")

    out = []
    for sid in spec.ships:
        rank, where = where_ship(pos, sid)
        twins = sorted(x for x in spec.ships if printed(x) == printed(sid))
        alike = f", {twins.index(sid) + 1} of {len(twins)} alike" if len(twins) > 1 else ""
        dest = spec.dest.get(sid, "")
        key = (rank, where, dest in ("", "unknown"), spec.card_name(dest) if dest else "",
               spec.cap[sid], sid)
        out.append((key, (f"{where}: {ship_card(spec, sid)[:-1]}{alike})", sid)))
    return [opt for _, opt in sorted(out)]


def round_changes(wanted: Mapping[str, Any], shown: Mapping[str, Any], stage: str) -> str:
    """Sentences for the round fields a Set put back (never silently): ``wanted`` what the
    referee had chosen, ``shown`` what the draft now shows."""
    out = []
    if wanted["production"] and shown["production"] != wanted["production"]:
        out.append(f"Production went back to \u201c-\u201d (it was \u201c{wanted['production']}"
                   "\u201d): a production number belongs to the Production phase stage only;"
                   " choose that stage to keep it.")
    if wanted["round"] != shown["round"] and stage not in ("choose", "resolve"):
        out.append(f"Round went back to {shown['round']} (it was {wanted['round']}): the "
                   "round is kept only while characters are chosen or resolved.")
    if wanted["resolving"] and not shown["resolving"]:
        out.append(f"Resolving went back to nobody (it was {wanted['resolving']}): only the "
                   "Resolving characters stage has a character being resolved.")
    return " ".join(out)
