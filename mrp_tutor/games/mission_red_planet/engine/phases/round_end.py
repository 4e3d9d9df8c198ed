"""The end of a round: launched ships land, docks refill, first player; the track advances."""

from __future__ import annotations

from typing import Final

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Out, destination, emit, flip, hot
from mrp_tutor.games.mission_red_planet.engine.effects import EFFECTS
from mrp_tutor.games.mission_red_planet.engine.rng import shuffle_deck
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN, GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

_TRACK_RULE: Final = {"round": "round.advance", "production": "production.when",
               "reveal_discoveries": "discoveries.reveal_phase", "final_scoring": "scoring.final"}


def next_track(spec: GameSpec, s: GameState, out: Out) -> None:
    """Move to the next entry of the round track."""
    i = s.track_index + 1
    h = hot(spec)
    kinds = h.track_kind
    kind = kinds[i]
    rule = _TRACK_RULE[kind]
    was = kinds[s.track_index] if s.track_index >= 0 else ""
    if was == "production":
        rule = "production.advance"
    elif was == "reveal_discoveries":
        rule = "discoveries.reveal_phase"  # "at the end of the phase, advance the tracker"
    emit(s, out, E.TrackAdvanced(rule, i, kind, h.track_number[i]))


def end_round(spec: GameSpec, s: GameState, out: Out) -> bool:
    """Land launched ships, refill the docks, pass the first-player marker, advance.

    True when a decision is needed first (an ability window opened by the landings: every
    launched ship lands first, then the ruleset opens its windows, landing by landing): the
    rest of the round ends when the game advances again.
    """
    rules = rules_of(s)
    landings: list[tuple[str | None, tuple[tuple[str, int], ...]]] = []
    while s.launched:
        sid = s.launched[0]
        ship = s.ships[sid]
        zone: str | None = destination(spec, s, sid)
        if zone == UNKNOWN:
            zone = None
        crew = tuple(sorted(ship.crew.items()))
        emit(s, out, E.ShipLanded("round.land.token" if ship.tokens else "round.land", sid, zone,
                                  crew, tuple(ship.tokens)))  # rule, ship, zone, crew, tokens
        if zone is not None and crew:
            flip(s, out, zone, "round.land.flip")
        landings.append((zone, crew))
    if rules.abilities and landings:
        for zone, crew in landings:
            rules.after_landing(spec, s, out, zone, crew)
        if s.windows:
            return True
    for dock in range(len(s.docks)):
        if s.docks[dock] is None:
            if not s.ship_deck:
                shuffle_deck(s, out, "ships", s.ship_discard, "round.refill.reshuffle")
            if s.ship_deck:
                emit(s, out, E.ShipDocked("round.refill", s.ship_deck[0], dock))
    first = s.last or s.first
    rule = ("round.first_player.skipped_turn" if _whole_effect_skipped(spec, out, first)
            else "round.first_player")
    emit(s, out, E.FirstPlayerSet(rules.first_player_rule(s, first, rule), first))
    next_track(spec, s, out)
    return False


_AFTER_EFFECT: Final = (
    E.StepStarted, E.ResolutionEnded, E.ShipLaunched, E.ShipLanded, E.ShipDocked,
    E.ResourceFlipped, E.DeckShuffled,
    # a landing's ability windows (the unique_abilities ruleset)
    E.AbilityWindowOpened, E.AbilityDeclared, E.TokensSpent, E.AbilityWindowClosed)


def _whole_effect_skipped(spec: GameSpec, out: Out, colour: str) -> bool:
    """True when the round's last resolution (at the end of ``out``) was ``colour``'s and
    every step of it was skipped whole (e.g. a Travel Agent with no ship with room for three)."""
    for ev in reversed(out):
        if isinstance(ev, E.StepSkipped):
            if ev.step == 0:
                first = spec.characters[ev.character].steps[0]
                return ev.colour == colour and ev.left == EFFECTS[type(first)].count(first)
        elif not isinstance(ev, _AFTER_EFFECT):
            return False
    return False
