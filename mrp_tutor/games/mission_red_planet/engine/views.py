"""Views: what one player may see of a game, and the referee's full view.

:func:`view_for` is the only door through which hidden information leaves the engine:
chosen characters before their reveal, missions, action cards, face-down resources and
discoveries, and deck orders.  A *viewer* is a player, named by the colour he plays (in the
2-player variant he also sees what his neutral colour holds).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Decision
from mrp_tutor.games.mission_red_planet.engine.game import decision, destination
from mrp_tutor.games.mission_red_planet.engine.secrecy import HIDDEN, controls, redact
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN, GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

__all__ = ["HIDDEN", "controls", "redact", "view_digest", "view_for", "view_rng"]



def _work_item(s: GameState, item: list[str], own: Callable[[str], bool]) -> list[str]:
    """The head of the queued work as a viewer may see it: an action card of another colour,
    and who holds it, stay hidden until its holder plays it (the step count starts then;
    tutor reading ``actions.hidden_holder``)."""
    if item[0] == "action" and not own(item[1]) and s.step == 0:
        return [item[0], HIDDEN, HIDDEN, *item[3:]]
    return list(item)


def _secret_holder(d: Decision, own: Callable[[str], bool]) -> bool:
    """True when the decision is whether to play a held action card and the viewer is not
    its holder: the holder stays secret (tutor reading ``actions.hidden_holder``)."""
    return d.kind == "play_action" and not any(own(c) for c in d.colours)


def view_for(
    spec: GameSpec, s: GameState, viewer: str | None, *, referee: bool = False
) -> dict[str, Any]:
    """A JSON-ready view of ``s`` for ``viewer`` (None: a spectator); ``referee`` sees all."""
    see_all = referee

    def own(colour: str) -> bool:
        return see_all or controls(s, viewer, colour)

    seats = {c: _seat_view(spec, s, c, own(c)) for c in s.order}
    known: dict[str, str] = {}  # the discoveries this viewer's colours have looked at
    for c in s.order:
        if own(c):
            known.update(s.seats[c].peeked)
    zones = _zones_view(spec, s, known, see_all)
    ships = _ships_view(spec, s)
    d = decision(spec, s)
    return {
        "viewer": viewer,
        "referee": see_all,
        "ruleset": s.ruleset,
        "round": s.round,
        "stage": s.stage,
        "track_index": s.track_index,
        "track": [t.kind if t.kind != "round" else f"round {t.number}" for t in spec.track],
        "first": s.first,
        # the table's chosen readings of contested rules (public: the table agreed on them)
        "readings": list(s.readings),
        "order": list(s.order),
        "seats": seats,
        "zones": zones,
        "docks": list(s.docks),
        "ships": ships,
        "launched": list(s.launched),
        "memorial": dict(s.memorial),
        "ship_deck": len(s.ship_deck) if not see_all else list(s.ship_deck),
        "ship_discard": list(s.ship_discard),
        "event_deck": len(s.event_deck) if not see_all else list(s.event_deck),
        "discovery_discard": list(s.discovery_discard),
        "token_supply": dict(s.token_supply),
        "destination_supply": dict(s.dest_supply),
        "resolving": s.cur,
        "character": s.char,
        # still to resolve: the countdown order of face-down cards is hidden (it would tell
        # who chose the higher number), so others see revealed colours first, then seat order
        "queue": list(s.queue) if see_all else (
            [c for c in s.queue if s.seats[c].chosen is None]
            + [c for c in s.order if c in s.queue and s.seats[c].chosen is not None]),
        # open ability windows (public: a player uses or declines an ability openly; the
        # target of a use waiting for its payment may be a card of the hand, so only its owner
        # sees it)
        "windows": [{"colour": w.colour, "ability": w.ability, "point": w.point,
                     "zone": w.zone or None, "owed": w.owed,
                     "target": w.target if own(w.colour) else (HIDDEN if w.target else None)}
                    for w in s.windows],
        "held_discovery": (s.held if (s.cur is not None and own(s.cur)) else HIDDEN)
        if s.held else None,
        # the public bookkeeping of the step being resolved (what a player at the table sees
        # happen: which step, how many placements or moves are left, ships already used) and
        # the size of the mission deck; the head of the queued work (an action card of
        # another colour is named only once played)
        "progress": {
            "step": s.step, "left": s.left, "done": s.done, "used": list(s.used),
            "last": s.last, "window_mark": s.window_mark,
            "mission_deck_size": len(s.mission_deck),
            "work": [_work_item(s, s.work[0], own)] if s.work else [],
        },
        "decision": None if d is None else {
            # whether to play a held action: the card and its holder stay secret until it is
            # played (others see a pause that names nobody)
            "kind": d.kind, "colours": [] if _secret_holder(d, own) else list(d.colours),
            "rule": d.rule, "left": d.left,
            "character": HIDDEN if _secret_holder(d, own) else d.character,
        },
        "result": None if s.result is None else {
            "scores": dict(s.result.scores), "breakdown": s.result.breakdown,
            "token_counts": dict(s.result.token_counts), "winners": list(s.result.winners),
            "losers_all": s.result.losers_all,
        },
    }


def _seat_view(spec: GameSpec, s: GameState, c: str, mine: bool) -> dict[str, Any]:
    """Colour ``c``'s seat as a viewer sees it (``mine``: the viewer controls it, or sees all)."""
    seat = s.seats[c]
    return {
        "colour": c,
        "controller": seat.controller,
        "neutral": seat.neutral,
        "hand": list(seat.hand) if mine else None,
        "hand_size": len(seat.hand),
        "played": list(seat.played),
        # a chosen card shown early (the Stealthy Spy's ability) is public until revealed
        "chosen": (seat.chosen if mine or seat.shown else HIDDEN)
        if seat.chosen is not None else None,
        "sheet": seat.sheet,
        "supply": seat.supply,
        "tokens": dict(seat.tokens),
        "missions": list(seat.missions) if mine else None,
        "mission_count": len(seat.missions) if mine else None,
        "actions": list(seat.actions) if mine else None,
        "action_count": len(seat.actions) if mine else None,
        # missions and actions are kept face down together: only their total is public
        "secret_cards": len(seat.missions) + len(seat.actions),
        "dealt": list(seat.dealt) if mine else None,
        "peeked": dict(seat.peeked) if mine else None,
        "neutral_drawn": seat.drawn if mine else (HIDDEN if seat.drawn else None),
        "neutral_deck_size": len(seat.deck),
        "memorial": s.memorial.get(c, 0),
        # public counts: missions still dealt (to keep one), and the character cards put
        # back in the box openly (a neutral Recruiter; boxed event cards stay unnamed)
        "dealt_size": len(seat.dealt),
        "boxed_characters": [x for x in seat.boxed if x in spec.characters],
    }


def _zones_view(spec: GameSpec, s: GameState, known: dict[str, str],
                see_all: bool) -> dict[str, dict[str, Any]]:
    """Every zone as a viewer sees it (``known``: the discoveries the viewer looked at)."""
    zones = {}
    for z in spec.zones:
        up = s.face_up.get(z, False)
        disc = s.discoveries.get(z)
        if disc is None:
            disc_view = None
        elif s.discoveries_revealed or see_all:
            disc_view = disc
        else:
            disc_view = known.get(z, HIDDEN)
        zones[z] = {
            "id": z,
            "name": spec.zone_info[z].name,
            "kind": spec.zone_info[z].kind,
            "astronauts": dict(s.zones[z]),
            "resource": s.resources.get(z) if (up or see_all) else (HIDDEN if z in s.resources
                                                                     else None),
            "face_up": up,
            "waiting": dict(s.waiting[z]),
            "discovery": disc_view,
            "discovery_face_up": s.discoveries_revealed and disc is not None,
            "adjacent": list(spec.adjacent[z]),
        }
    return zones


def _ships_view(spec: GameSpec, s: GameState) -> dict[str, dict[str, Any]]:
    """Every ship in play (all public)."""
    ships = {}
    for sid, ship in s.ships.items():
        dest = destination(spec, s, sid)
        ships[sid] = {
            "id": sid,
            "capacity": spec.cap[sid],
            "printed": spec.dest[sid],
            "destination": None if dest == UNKNOWN else dest,
            "tokens": list(ship.tokens),
            "crew": dict(ship.crew),
            "launched": ship.launched,
            "dock": s.docks.index(sid) if sid in s.docks else None,
            "verified": spec.ships[sid].verified,
        }
    return ships


def view_digest(view: Mapping[str, Any], options: Sequence[I.Intent], salt: str = "") -> str:
    """A digest of what a seat sees (its ``view``), its ``options`` and ``salt``: public data
    only, so the same position as that seat sees it gives the same digest on any machine,
    whatever the hidden cards, the game's secret seed or the clock."""
    text = json.dumps([salt, view, [repr(x) for x in options]], sort_keys=True,
                      separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def view_rng(view: Mapping[str, Any], options: Sequence[I.Intent], salt: str = "") -> random.Random:
    """The search's generator for a position, seeded from :func:`view_digest` (public data,
    never the game's seed): the advice of a fixed iteration budget is then a function of the
    position as the seat sees it (the hints, the hard bot and the review use it)."""
    return random.Random(view_digest(view, options, salt))
