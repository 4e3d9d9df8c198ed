"""The one secrecy policy: which event fields are secret, which events reveal something,
which decisions are secret, and who may see what a colour holds.

Applied by :func:`redact` (events) and :func:`~.views.view_for` (states); the app imports these
sets instead of keeping its own.  Imports nothing of the engine at run time.
"""

from __future__ import annotations

from dataclasses import fields, make_dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.engine.state import GameState

HIDDEN = "hidden"

#: event type -> fields only its actor (and whoever controls that colour) may see
HIDDEN_FIELDS: dict[str, tuple[str, ...]] = {
    # the seed decides every later random outcome, so players never see it (referee only)
    "game_started": ("seed",),
    "deck_shuffled": ("order",),
    "resources_placed": ("placement", "spare"),
    "missions_dealt": ("cards",),
    "dealt_cards_returned": ("cards",),
    "mission_kept": ("card", "returned"),
    "neutral_card_drawn": ("card",),
    "character_chosen": ("character",),
    # the countdown order tells who chose a higher number
    "resolution_order_set": ("order",),
    "event_card_drawn": ("card", "kind"),
    "event_card_boxed": ("card",),
    "discovery_assigned": ("card",),
    "discovery_peeked": ("card",),
    "work_queued": ("items",),
    # a held action card not played stays secret, and so does its holder (tutor reading
    # actions.hidden_holder)
    "action_kept": ("colour", "card"),
    # abilities: what a player declares may name a card of the hand (the Spy's swap), and the
    # Spy's swap itself is of face-down cards
    "ability_declared": ("target",),
    "character_swapped": ("returned", "chosen"),
}

#: events that show a viewer something hidden (a card, a deck order, a face-down token): a
#: what-if stops before them outside referee mode, and undoing one cannot unsee it
REVEALING: frozenset[str] = frozenset({
    "character_revealed", "resolution_order_set", "resource_flipped", "ship_docked",
    "deck_shuffled", "event_card_drawn", "discovery_peeked", "discoveries_revealed",
    "missions_dealt", "neutral_card_drawn", "resources_placed", "ship_returned",
    "resource_replaced", "characters_shown", "sheets_dealt",
})

#: decisions whose choice is secret: its reason must not be shown to other viewers
SECRET_DECISIONS: frozenset[str] = frozenset({
    "keep_mission", "choose_character", "assign_discovery", "peek", "draw_or_peek",
    "play_action"})


EvT = TypeVar("EvT")


def controls(s: GameState, viewer: str | None, colour: str) -> bool:
    """True when ``viewer`` decides for ``colour`` (itself, or its neutral colour)."""
    if viewer is None:
        return False
    seat = s.seats.get(colour)
    return seat is not None and seat.controller == viewer


def redact(event: EvT, s: GameState, viewer: str | None, *, referee: bool = False) -> EvT:
    """The event as ``viewer`` may see it: hidden fields of other colours' events blanked."""
    hidden = HIDDEN_FIELDS.get(getattr(event, "type", ""), ())
    if referee or not hidden:
        return event
    actor = event.actor()  # type: ignore[attr-defined]
    if actor is not None and controls(s, viewer, actor):
        return event
    values = {f.name: getattr(event, f.name) for f in fields(event)}  # type: ignore[arg-type]
    for name in hidden:
        values[name] = None
    try:
        return type(event)(**values)
    except TypeError:  # a compiled event class (mypyc) takes no None for a str field
        return _blankable(type(event))(**values)  # type: ignore[no-any-return]


_BLANKABLE: dict[type[Any], type[Any]] = {}


def _blankable(cls: type[Any]) -> type[Any]:
    """A plain-Python twin of a compiled event class (same name, tag and fields, any value),
    for its redacted copies: their secret fields are None."""
    twin = _BLANKABLE.get(cls)
    if twin is None:
        def hidden(self: Any) -> tuple[str, ...]:
            return HIDDEN_FIELDS.get(self.type, ())

        def actor(self: Any) -> str | None:
            return getattr(self, "colour", None)

        twin = _BLANKABLE[cls] = make_dataclass(
            cls.__name__, [(f.name, Any) for f in fields(cls)], slots=True,
            namespace={"type": cls.type, "hidden": property(hidden), "actor": actor,
                       "__doc__": cls.__doc__, "__module__": cls.__module__})
    return twin
