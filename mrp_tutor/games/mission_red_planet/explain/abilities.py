"""Sentences for the events of ability sheets (the ``unique_abilities`` ruleset); merged into
:data:`.messages.EVENT_TEMPLATES`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.ships import ship_name


def _c(colour: Any) -> str:
    return str(colour).capitalize() if colour else "Someone"


def _sheet(ability: Any) -> str:
    return str(ability or "ability").replace("_", " ").title()


def _name(sp: GameSpec, ident: Any) -> str:
    if ident in sp.characters:
        return sp.characters[ident].name
    if ident in sp.zones:
        return sp.zone_info[ident].name
    if ident in sp.ships:  # the Cunning Conspirator's launched ship: by its number
        return ship_name(str(ident))
    return str(ident)


_POINTS = {"after_choosing": "now that everyone has chosen",
           "spy_swap": "to swap its chosen character",
           "before_resolution": "before the next character is called",
           "landed": "after its astronauts landed"}

#: the Guileful Genius's targets (ua.tutor.genius_between): hold its card, or act now after
#: holding it
_GENIUS = {"later": " to hold its card for a later point of the turn order",
           "now": " to act now"}

ABILITY_EVENT_TEMPLATES: dict[str, Callable[[GameSpec, Any], str]] = {
    "sheets_dealt": lambda sp, e: "Ability sheets: " + "; ".join(
        f"{_c(c)} plays the {_sheet(x)}" for c, x in e.sheets)
    + ". Each keeps only the five characters of its crew.",
    "ability_window_opened": lambda sp, e: f"{_c(e.colour)} may use the {_sheet(e.ability)}'s "
    f"ability {_POINTS.get(e.point, 'now')}, or decline.",
    "ability_declared": lambda sp, e: f"{_c(e.colour)} uses the {_sheet(e.ability)}'s ability"
    + (_GENIUS[e.target] if e.ability == "guileful_genius" and e.target in _GENIUS else
       f" on {_name(sp, e.target)}" if e.target else "")
    + (f" for {plural(e.cost, 'point token')}." if e.cost else ", paid for already."),
    "tokens_spent": lambda sp, e: f"{_c(e.colour)} pays {plural(e.count, e.resource + ' token')};"
    f" {'it goes' if e.count == 1 else 'they go'} back to the supply.",
    "ability_window_closed": lambda sp, e: (
        f"{_c(e.colour)}'s {_sheet(e.ability)} ability is done." if e.used else
        f"{_c(e.colour)} declines the {_sheet(e.ability)}'s ability."),
    "character_taken_back": lambda sp, e: f"{_c(e.colour)} takes the set-aside "
    f"{_name(sp, e.card)} back into its hand.",
    "characters_shown": lambda sp, e: "Everyone else shows their chosen character: " + (
        "; ".join(f"{_c(c)}: {_name(sp, ch)}" for c, ch in e.shown) or "nobody") + ".",
    "character_held": lambda sp, e: f"{_c(e.colour)} holds its card face down for a later "
    "point of the turn order (the Guileful Genius): it is not turned up at its number, and it "
    "acts before a later call of its choosing, after every other character at the latest"
    + (f" (held after the {_name(sp, e.since)} was called)." if e.since else
       " (held before the first call)."),
    "character_swapped": lambda sp, e: f"{_c(e.colour)} swaps its chosen character"
    + (f" ({_name(sp, e.returned)} for {_name(sp, e.chosen)})." if e.chosen else
       " for another one from its hand."),
}
