"""Ships in words: ``ship 7``, ``ship 15 (to Hellas, 2 of 4 aboard)`` (a leaf: the option
sentences of :mod:`.options` and :mod:`.ability_options` both use it)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec

__all__ = ["ship_name", "ship_text", "ship_words"]


def ship_name(sid: str) -> str:
    """A ship card as players say it: ``s07`` -> ``ship 7`` (a first-edition ``f31``:
    ``ship 31``; the card shows its number, not the letter)."""
    m = re.fullmatch(r"[a-z]0*(\d+)", sid)
    return f"ship {m.group(1)}" if m else f"ship {sid}"


_SHIP_ID = re.compile(r"\bship '?([a-z]0*\d+)'?(?![\w])")


def ship_words(text: str) -> str:
    """A sentence with every ``ship s07`` (a checker's message) as players say it
    (``ship 7``): no internal id reaches a person (issue 36)."""
    return _SHIP_ID.sub(lambda m: ship_name(m.group(1)), text)


def ship_text(spec: GameSpec, sid: str, view: Mapping[str, Any] | None = None) -> str:
    """``ship 15 (to Hellas, 2 of 4 aboard)`` from what the viewer sees (else the card data)."""
    sh = (view or {}).get("ships", {}).get(sid) if view is not None else None
    if sh is not None:
        dest = sh.get("destination")
        aboard = sum(int(n) for n in (sh.get("crew") or {}).values())
        cap = int(sh.get("capacity") or spec.cap.get(sid, 0))
    else:  # no position given: what the card says
        dest = spec.dest.get(sid)
        aboard, cap = -1, spec.cap.get(sid, 0)
    where = "an unknown destination" if not dest or dest == "unknown" else spec.card_name(dest)
    if aboard < 0:
        return f"{ship_name(sid)} (to {where}, room for {cap})"
    return f"{ship_name(sid)} (to {where}, {aboard} of {cap} aboard)"
