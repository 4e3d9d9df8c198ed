"""What a referee's table leaves unknown (issue 36: never a ruling on an invented fact).

A table the referee entered (the app's Table tab, a table code, a file given to ``mrp-tutor
referee``) says only what was copied from the physical table.  What it leaves out is
*unknown*, not drawn at random:

* a zone's resource token (``resource`` omitted);
* a face-down discovery nobody has identified (``discovery: unknown``);
* a colour's point tokens (its seat, or the seat's ``tokens``, omitted).

The engine needs a whole state to run, so the loader still completes one (a seeded draw for a
resource; no card for an unidentified discovery; no tokens); :class:`Unknowns` records which
parts of that state nobody entered, and the rulings
(:mod:`mrp_tutor.games.mission_red_planet.referee`) rule on each possibility instead of on the
filler.  Lessons and demo games have no unknowns: their draws are part of the lesson.

Pure: no widgets, no pandas.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

UNKNOWN_DISCOVERY = "unknown"  # ``discovery: unknown``: a face-down card, not identified


@dataclass(frozen=True, slots=True)
class Unknowns:
    """The parts of a table nobody entered."""

    resources: tuple[str, ...] = ()  # zones whose resource token was not entered
    discoveries: tuple[str, ...] = ()  # zones holding a face-down discovery not identified
    tokens: tuple[str, ...] = ()  # colours whose point tokens were not entered

    def __bool__(self) -> bool:
        return bool(self.resources or self.discoveries or self.tokens)


NONE = Unknowns()


def unknowns_of(spec: GameSpec, players: list[str], position: Any) -> Unknowns:
    """What the position document (a validated :class:`~.scenarios.model.Position`) of a
    referee's table leaves unknown."""
    zones = position.zones
    resources = tuple(z for z in spec.zones
                      if z not in zones or zones[z].resource is None)
    discoveries = tuple(z for z, zp in zones.items() if zp.discovery == UNKNOWN_DISCOVERY)
    tokens = tuple(c for c in players if c not in position.seats
                   or "tokens" not in position.seats[c].model_fields_set)
    return Unknowns(resources, discoveries, tokens)


def possible_resources(spec: GameSpec, state: GameState, unknown: Unknowns) -> list[str]:
    """The resources an unknown zone's token may be: those of which the game has a token
    that no entered zone (nor the entered spare token) holds."""
    bag: dict[str, int] = {str(r): n for r, n in spec.content.game.resource_tokens.items()}
    for z, r in state.resources.items():
        if z not in unknown.resources:
            bag[r] = bag.get(r, 0) - 1
    return [r for r in spec.resources if bag.get(r, 0) > 0]


def possible_discoveries(spec: GameSpec, state: GameState) -> list[str]:
    """The discovery cards an unidentified face-down discovery may be: every discovery not
    seen elsewhere (assigned to another zone, discarded, held by a Scientist)."""
    seen = set(state.discoveries.values()) | set(state.discovery_discard)
    if state.held is not None:
        seen.add(state.held)
    return [d for d in spec.discoveries if d not in seen]


def names(spec: GameSpec, items: tuple[str, ...] | list[str]) -> str:
    """``Phobos and Hellas``: zone or card names joined as said."""
    said = [spec.card_name(x) for x in items]
    return said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
