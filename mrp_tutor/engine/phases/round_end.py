"""The end of a round: launched ships land, docks refill, first player; the track advances."""

from __future__ import annotations

from .. import events as E
from ..core import Out, destination, emit, flip
from ..rng import shuffle_deck
from ..rulesets import rules_of
from ..spec import UNKNOWN, GameSpec
from ..state import GameState

_TRACK_RULE = {"round": "round.advance", "production": "production.when",
               "reveal_discoveries": "discoveries.reveal_phase", "final_scoring": "scoring.final"}


def next_track(spec: GameSpec, s: GameState, out: Out) -> None:
    """Move to the next entry of the round track."""
    i = s.track_index + 1
    t = spec.track[i]
    rule = _TRACK_RULE[t.kind]
    if s.track_index >= 0 and spec.track[s.track_index].kind == "production":
        rule = "production.advance"
    emit(s, out, E.TrackAdvanced(rule=rule, index=i, kind=t.kind, number=t.number))


def end_round(spec: GameSpec, s: GameState, out: Out) -> None:
    """Land launched ships, refill the docks, pass the first-player marker, advance."""
    for sid in list(s.launched):
        ship = s.ships[sid]
        zone: str | None = destination(spec, s, sid)
        if zone == UNKNOWN:
            zone = None
        crew = tuple(sorted(ship.crew.items()))
        emit(s, out, E.ShipLanded(
            rule="round.land.token" if ship.tokens else "round.land", ship=sid, zone=zone,
            crew=crew, tokens=tuple(ship.tokens)))
        if zone is not None and crew:
            flip(s, out, zone, "round.land.flip")
    for dock in range(len(s.docks)):
        if s.docks[dock] is None:
            if not s.ship_deck:
                shuffle_deck(s, out, "ships", s.ship_discard, "round.refill.reshuffle")
            if s.ship_deck:
                emit(s, out, E.ShipDocked(rule="round.refill", ship=s.ship_deck[0], dock=dock))
    first = s.last or s.first
    emit(s, out, E.FirstPlayerSet(
        rule=rules_of(s).first_player_rule(s, first, "round.first_player"), colour=first))
    next_track(spec, s, out)
