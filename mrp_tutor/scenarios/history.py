"""Table positions no game history reaches.

The checks of a table position beyond its single facts, shared by the scenario loader
(:func:`~.position.build_state`), the referee's table edits
(:func:`mrp_tutor.app.edits.check_edit`) and the CLI's rulings:

* :func:`unreachable` - what the rules never leave on the table (a full ship still docked, a
  zone with astronauts and its resource face down, ...);
* :func:`validate_state` - the counts every reachable position keeps (astronauts, point and
  destination tokens, cards each in one place);
* :func:`check_history` - facts no sequence of rounds produces (more characters played than
  rounds, more than two dealt missions, a peeked card that is not the one lying there);
* :func:`table_problems` - the first two together: the one validator of table positions.

The engine's own checks of a whole state (:func:`mrp_tutor.engine.checks.state_problems`)
run after these, at the same boundary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mrp_tutor.engine.rulesets import find_ruleset
from mrp_tutor.engine.spec import UNKNOWN, GameSpec
from mrp_tutor.engine.state import GameState

from .model import Position

if TYPE_CHECKING:
    from .position import Problems


def table_problems(spec: GameSpec, s: GameState) -> list[tuple[str, str, str | None]]:
    """Every reason why the game could never reach this table position, as
    ``(where, sentence, rule id)``; empty for a legal table.

    The one validator of table positions: the scenario loader
    (:func:`~.position.build_state`), the referee's edits in the app
    (:func:`mrp_tutor.app.edits.check_edit`) and so the CLI's rulings on scenario files all
    refuse exactly these positions.  ``where`` is a field path
    of the position document (``zones.hellas.face_up``, ``ships.s07.crew``), "" for a
    whole-table count.
    """
    out = unreachable(spec, s, {})
    if not out:
        out = [("", problem, None) for problem in validate_state(spec, s)]
    return out


def unreachable(
    spec: GameSpec, s: GameState, ship_paths: dict[str, str]
) -> list[tuple[str, str, str | None]]:
    """Positions the rules never leave on the table (see :func:`table_problems`)."""
    out: list[tuple[str, str, str | None]] = []
    resolving = s.stage == "resolve" and s.cur is not None
    for sid, ship in s.ships.items():
        path = ship_paths.get(sid, f"ships.{sid}")
        if ship.launched:
            if s.stage != "resolve":
                out.append((f"{path}.launched", f"ship {sid} is launched, but launched ships "
                            "land at the end of the round, so there are none outside the "
                            "resolve step", "round.land"))
        elif ship.aboard() >= spec.cap[sid] and not resolving:
            out.append((f"{path}.crew", f"ship {sid} is full and would have launched (a full "
                        "ship stays docked only until the effect that filled it is over)",
                        "round.launch_full"))
        if spec.dest[sid] == UNKNOWN and ship.crew and not ship.tokens:
            out.append((f"{path}.tokens", f"ship {sid} has an unknown destination and "
                        "astronauts aboard, so it carries the destination token its first "
                        "astronaut chose", "destination_tokens.unknown_ship"))
    for z, counts in s.zones.items():
        name = spec.card_name(z)
        if counts and z in s.resources and not s.face_up.get(z):
            out.append((f"zones.{z}.face_up", f"{name} has astronauts, so its resource token "
                        "is face up", "round.land.flip"))
        if s.waiting.get(z) and not s.face_up.get(z):
            out.append((f"zones.{z}.waiting", f"{name} has point tokens waiting, but only a "
                        "zone with its resource face up produces them", "production.produce"))
    return out


def validate_state(spec: GameSpec, s: GameState) -> list[str]:
    """Invariants every reachable position keeps (sentences; empty when all hold).

    22 astronauts per colour, point and destination tokens conserved, crews within capacity,
    each character card of a colour in exactly one place, each card in at most one place.
    """
    out: list[str] = []
    g = spec.content.game
    rules = find_ruleset(s.ruleset)
    for c in s.order:
        total = sum(s.astronaut_places(c).values())
        if total != g.astronauts_per_colour or s.seats[c].supply < 0:
            out.append(f"{c} has {total} astronauts in all, not {g.astronauts_per_colour} "
                       "(rule components.astronauts)")
    for r, box in g.point_tokens.items():
        held = sum(seat.tokens.get(r, 0) for seat in s.seats.values())
        waiting = sum(w.get(r, 0) for w in s.waiting.values())
        if held + waiting + s.token_supply.get(r, 0) != box or s.token_supply.get(r, 0) < 0:
            out.append(f"{r} point tokens do not add up to {box} (rule components.point_tokens)")
    for z in spec.zones:
        on_ships = sum(ship.tokens.count(z) for ship in s.ships.values())
        if on_ships + s.dest_supply.get(z, 0) != g.destination_tokens_per_zone:
            out.append(f"{z} destination tokens do not add up to "
                       f"{g.destination_tokens_per_zone} (rule destination_tokens.supply_limit)")
    for sid, ship in s.ships.items():
        if (ship.aboard() > spec.cap[sid] and not rules.may_overfill(s, ship)) or any(
                n < 0 for n in ship.crew.values()):
            out.append(f"ship {sid} holds {ship.aboard()} of {spec.cap[sid]} (rule "
                       "ships.capacity)")
    for c, seat in s.seats.items():
        cards = [*seat.hand, *seat.played, *seat.deck,
                 *(x for x in seat.boxed if x in spec.characters),
                 *(x for x in (seat.chosen, seat.drawn) if x)]
        own = rules.character_cards(spec, s, c)  # the nine, or a sheet's crew
        if sorted(cards) != sorted(own):
            out.append(f"{c}'s {len(own)} characters are not each in one place (rule "
                       "round.played_cards)")
    places = [*s.event_deck, *s.discoveries.values(), *s.discovery_discard, *s.mission_deck,
              *([s.held] if s.held else [])]
    for seat in s.seats.values():
        places.extend([*seat.missions, *seat.actions, *seat.dealt,
                       *(x for x in seat.boxed if x not in spec.characters)])
    dup = sorted({x for x in places if places.count(x) > 1})
    if dup:
        out.append(f"{'event card' if len(dup) == 1 else 'event cards'} in two places: "
                   f"{', '.join(dup)} (rule components.event_cards)")
    ships_seen = [*s.ship_deck, *s.ship_discard, *s.ships]
    if sorted(ships_seen) != sorted(spec.ships):
        out.append("every ship card is in exactly one place: deck, discard or in play (rule "
                   "components.ship_cards)")
    return out


def check_history(spec: GameSpec, s: GameState, pos: Position, p: Problems) -> None:
    """Facts no game history can produce: more characters played than rounds, more than two
    dealt missions, a peeked card that is not the discovery lying in its zone."""
    allowed = s.round - 1 if pos.stage in ("choose", "missions") else s.round
    for c, seat in s.seats.items():
        path = f"seats.{c}"
        if len(seat.played) > max(allowed, 0):
            p.add(f"{path}.played", f"{len(seat.played)} characters played, but by round "
                  f"{s.round} ({pos.stage}) at most {max(allowed, 0)} can be (one per round)",
                  "round.played_cards")
        if len(seat.dealt) > 2 or (seat.dealt and seat.neutral):
            p.add(f"{path}.dealt", f"{len(seat.dealt)} dealt missions; each player (not a "
                  "neutral colour) is dealt two", "setup.missions")
        for z, card in seat.peeked.items():
            if card not in spec.discoveries:
                p.add(f"{path}.peeked.{z}", f"unknown discovery card {card!r}",
                      "characters.scientist")
            elif s.discoveries.get(z) != card:
                there = s.discoveries.get(z)
                lying = spec.card_name(there) if there else "none there"
                p.add(f"{path}.peeked.{z}", f"{c} can have looked only at the discovery lying "
                      f"in {spec.card_name(z)} ({lying}), not {spec.card_name(card)}",
                      "characters.scientist")
