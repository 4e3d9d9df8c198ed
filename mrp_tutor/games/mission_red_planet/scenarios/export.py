"""Engine states -> table positions: :func:`position_from_state` (saving a table position as
a scenario; building the document again gives the same table, see
:func:`~.position.build_state`)."""

from __future__ import annotations

from typing import Any

from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.engine.rulesets import ALIASES, RULESETS
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Ship

AUTOMATIC_STAGES = ("production", "reveal_discoveries", "final_scoring")


def position_from_state(state: GameState, spec: GameSpec | None = None) -> dict[str, Any]:
    """A position document (plain dict) for ``state``; building it gives the same table.

    Raises:
        ContentError: the state is in a stage a position cannot hold (phase work queues).
    """
    s = state
    rules = RULESETS.get(ALIASES.get(s.ruleset, s.ruleset))
    if s.stage not in ("missions", "choose", "resolve", *AUTOMATIC_STAGES) or s.work:
        raise ContentError("position", [
            f"stage: a position cannot be saved during {s.stage!r} (finish the pending "
            "phase decisions first)"])
    if s.windows:
        raise ContentError("position", [
            "windows: a position cannot be saved while an ability is being used or offered "
            "(decide it first)"])
    if s.stage == "resolve" and s.cur is None:
        raise ContentError("position", ["stage: save the position when someone is resolving"])
    pos: dict[str, Any] = {"stage": s.stage, "first": s.first, "seed": s.seed,
                           "rng_count": s.rng_count}
    if s.stage in ("choose", "resolve"):
        pos["round"] = s.round
    if s.stage == "production" and spec is not None:
        pos["production"] = spec.track[s.track_index].number
    if s.last is not None:
        pos["last"] = s.last
    ships: list[dict[str, Any]] = []
    for dock, sid in enumerate(s.docks):
        if sid is not None:
            ships.append(_ship(s.ships[sid], dock))
    for sid in s.launched:
        ships.append(_ship(s.ships[sid], None))
    pos["ships"] = ships
    zones: dict[str, Any] = {}
    for z, counts in s.zones.items():
        zp: dict[str, Any] = {}
        if counts:
            zp["astronauts"] = dict(counts)
        if z in s.resources:
            zp["resource"] = s.resources[z]
        if s.face_up.get(z, False) != bool(counts):  # else the default says it
            zp["face_up"] = s.face_up.get(z, False)
        if s.waiting.get(z):
            zp["waiting"] = dict(s.waiting[z])
        if z in s.discoveries:
            zp["discovery"] = s.discoveries[z]
        zones[z] = zp
    pos["zones"] = zones
    if s.spare_resource is not None:
        pos["spare_resource"] = s.spare_resource
    if s.memorial:
        pos["memorial"] = dict(s.memorial)
    if s.discoveries_revealed:
        pos["discoveries_revealed"] = True
    if s.readings:
        pos["readings"] = list(s.readings)
    if s.holds:
        pos["holds"] = {c: since or None for c, since in s.holds.items()}
    revealed_in_queue, res = _resolving(s)
    seats: dict[str, Any] = {}
    for c in s.order:
        seat = s.seats[c]
        played = list(seat.played)
        chosen = seat.chosen
        if c in revealed_in_queue:
            played.remove(revealed_in_queue[c])
            chosen = revealed_in_queue[c]
        sd: dict[str, Any] = {"played": played, "chosen": chosen,
                              "missions": list(seat.missions), "actions": list(seat.actions),
                              "tokens": {r: n for r, n in seat.tokens.items() if n}}
        if seat.sheet is not None:
            sd["sheet"] = seat.sheet
        if rules is not None and rules.seat_draws(s, c):  # a deck of its own, no hand
            sd["deck"] = list(seat.deck)
            sd["boxed"] = list(seat.boxed)
        else:
            sd["hand"] = list(seat.hand)
        if seat.dealt:
            sd["dealt"] = list(seat.dealt)
        if seat.peeked:
            sd["peeked"] = dict(seat.peeked)
        seats[c] = sd
    pos["seats"] = seats
    if res is not None:
        pos["resolving"] = res
    pos["ship_deck"] = list(s.ship_deck)
    pos["ship_discard"] = list(s.ship_discard)
    pos["rest_of_ships"] = "discard"
    if s.stage != "missions":
        pos["event_deck"] = list(s.event_deck)
    if s.discovery_discard:
        pos["discovery_discard"] = list(s.discovery_discard)
    return pos


def _resolving(s: GameState) -> tuple[dict[str, str], dict[str, Any] | None]:
    """Who is resolving what (None: nobody), and the colours waiting in the queue whose card
    is already turned up with the number being resolved (a position gives their card as
    chosen: the loader turns it up with it).  A card turned up at a call a character acting
    out of order cut into (the Guileful Genius) is said so (``turned_up``)."""
    if s.cur is None or s.char is None:
        return {}, None
    revealed: dict[str, str] = {}
    turned_up: list[str] = []
    for c in s.queue:
        seat = s.seats[c]
        if seat.chosen is None and seat.played and seat.played[-1] == s.char:
            revealed[c] = seat.played[-1]
        elif seat.chosen is None and seat.played:
            turned_up.append(c)
    res: dict[str, Any] = {"colour": s.cur, "character": s.char, "step": s.step,
                           "left": s.left, "done": s.done, "used": list(s.used)}
    if s.held is not None:
        res["held"] = s.held
    if turned_up:
        res["turned_up"] = turned_up
    return revealed, res


def _ship(ship: Ship, dock: int | None) -> dict[str, Any]:
    d: dict[str, Any] = {"id": ship.id}
    if dock is None:
        d["launched"] = True
    else:
        d["dock"] = dock
    if ship.crew:
        d["crew"] = dict(ship.crew)
    if ship.tokens:
        d["tokens"] = list(ship.tokens)
    return d
