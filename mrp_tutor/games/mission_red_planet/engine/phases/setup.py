"""Setup (rulebook "Setup", steps 1-9) and forming the event deck once missions are kept."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Out, emit
from mrp_tutor.games.mission_red_planet.engine.errors import MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.rng import shuffle_deck, shuffled
from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS, find_ruleset, rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN, GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


def setup_events(
    spec: GameSpec, colours: Sequence[str], seed: int, *, ruleset: str = "standard",
    choices: Mapping[str, str] | None = None,
) -> tuple[GameState, Out]:
    """Set the game up and return the state and its events.

    ``ruleset`` names the ruleset (``mrp-tutor rulesets``); ``colours`` are the colours at
    the table, clockwise (``state.order`` keeps them).  With ``"two_player"`` pass four:
    ``[main A, main B, neutral A, neutral B]`` (see that ruleset).  ``choices``: per-colour
    setup choices the ruleset takes (``unique_abilities``: colour -> ability sheet; the other
    colours draw theirs).

    Raises:
        MalformedIntent: unknown ruleset, unknown or repeated colours, or a player count the
            ruleset does not allow.
    """
    colours = list(colours)
    g = spec.content.game
    name = ruleset
    try:
        rules = find_ruleset(name)
    except MalformedIntent:  # the code and the detail's key are stable (explain, tests)
        raise MalformedIntent("unknown_variant", "setup.colors",
                              f"unknown ruleset {name!r} ({' or '.join(RULESETS)})",
                              {"variant": name}) from None
    bad = [c for c in colours if c not in spec.colours]
    if bad or len(set(colours)) != len(colours):
        raise MalformedIntent(
            "bad_colours", "setup.colors", f"colours must be distinct, from {spec.colours}",
            {"colours": colours, "unknown": bad},
        )
    neutral, controllers = rules.seats(spec, colours)
    s = GameState(ruleset=rules.name, seed=seed, order=[], seats={})
    out: Out = []
    emit(s, out, E.GameStarted(
        rule=rules.seating_rule, seed=seed, variant=rules.name, colours=tuple(colours),
        controllers=tuple(controllers), neutral=tuple(neutral), hand=tuple(spec.countdown),
        astronauts=g.astronauts_per_colour, docks=len(colours), zones=spec.zones,
        token_supply=tuple(g.point_tokens.items()),
        dest_supply=tuple((z, g.destination_tokens_per_zone) for z in spec.zones),
    ))
    rules.after_start(spec, s, out, choices)
    # 4. ships
    shuffle_deck(s, out, "ships", spec.ships, "setup.ships")
    for dock in range(len(colours)):
        emit(s, out, E.ShipDocked(rule="setup.ships", ship=s.ship_deck[0], dock=dock))
        while spec.ships[s.docks[dock] or ""].destination == UNKNOWN:
            unknown = s.docks[dock] or ""
            emit(s, out, E.ShipReturned(rule="setup.ships.unknown", ship=unknown, dock=dock))
            emit(s, out, E.ShipDocked(rule="setup.ships.unknown", ship=s.ship_deck[0], dock=dock))
            shuffle_deck(s, out, "ships", s.ship_deck, "setup.ships.unknown")
    if spec.moon and not any(spec.ships[x].destination == spec.moon for x in s.docked()):
        emit(s, out, E.DestinationTokenPlaced(
            rule="setup.ships.phobos_token", ship=s.docks[-1] or "", zone=spec.moon))
    # 6. starting astronauts, first player
    seats = shuffled(s, colours)
    emit(s, out, E.StartingAstronautsPlaced(
        rule="setup.starting_astronauts",
        placement=tuple((s.docks[i] or "", c) for i, c in enumerate(seats))))
    emit(s, out, E.FirstPlayerSet(
        rule=rules.first_player_rule(s, seats[0], "setup.first_player"), colour=seats[0]))
    # 7. resources
    bag = shuffled(s, [r for r, n in g.resource_tokens.items() for _ in range(n)])
    zones = list(spec.zones)
    emit(s, out, E.ResourcesPlaced(
        rule="setup.resources", placement=tuple(zip(zones, bag, strict=False)),
        spare=bag[len(zones)] if len(bag) > len(zones) else None))
    # 8. missions
    shuffle_deck(s, out, "missions", rules.mission_pool(spec, len(colours)), "setup.missions")
    dealt = rules.missions_dealt(len(colours))
    for c in rules.mission_holders(s):
        emit(s, out, E.MissionsDealt(rule=rules.missions_rule, colour=c,
                                     cards=tuple(s.mission_deck[:dealt])))
    rules.after_deal(spec, s, out)
    emit(s, out, E.StageChanged(rule="setup.missions", stage="missions"))
    return s, out


def form_event_deck(spec: GameSpec, s: GameState, out: Out) -> None:
    """Shuffle discoveries, actions and the missions left into the event deck."""
    shuffle_deck(s, out, "events", rules_of(s).event_deck(spec, s), "setup.event_deck")

