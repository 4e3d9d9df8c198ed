"""Table positions -> engine states.

:func:`build_state` turns a validated :class:`~.model.Position` into a
:class:`~mrp_tutor.games.mission_red_planet.engine.GameState`, checking every game fact and
collecting every problem
as a located sentence with the rule id it breaks; the checks of the whole table (what no game
history reaches) are in :mod:`.history`.  :func:`~.export.position_from_state` is the inverse
(used to save a table position as a scenario).
"""

from __future__ import annotations

import random
import re
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.checks import table_problems
from mrp_tutor.games.mission_red_planet.engine.errors import MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.readings import BY_OTHER, reading_problems
from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS, Rules, find_ruleset
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Ship
from mrp_tutor.games.mission_red_planet.scenarios.model import Position, SeatPosition
from mrp_tutor.games.mission_red_planet.scenarios.problems import Problems
from mrp_tutor.games.mission_red_planet.scenarios.resolving import resolution
from mrp_tutor.games.mission_red_planet.unknowns import UNKNOWN_DISCOVERY


def check_players(spec: GameSpec, players: list[str], variant: str, p: Problems) -> bool:
    """Colours distinct, known, and a player count the rules allow."""
    ok = True
    for i, c in enumerate(players):
        if c not in spec.colours:
            p.add(f"players[{i}]", f"unknown colour {c!r} (colours: {', '.join(spec.colours)})",
                  "setup.colors")
            ok = False
    if len(set(players)) != len(players):
        p.add("players", "a colour appears twice", "setup.colors")
        ok = False
    try:  # the ruleset seats the colours (and refuses a count it does not allow)
        find_ruleset(variant).seats(spec, players)
    except MalformedIntent as err:
        p.add("players", f"{len(players)} colours: {err.message}", err.rule or "setup.colors")
        ok = False
    return ok


def _track_index(spec: GameSpec, pos: Position, p: Problems) -> tuple[int, int]:
    """(track index, round number) of the position's stage, or a problem."""
    if pos.stage == "missions":
        if pos.round not in (None, 1):
            p.add("round", "the starting missions are chosen before round 1", "setup.missions")
        return -1, 0
    rounds_before = 0
    for i, t in enumerate(spec.track):
        if t.kind == "round":
            rounds_before = t.number
        if pos.stage in ("choose", "resolve"):
            if t.kind == "round" and t.number == (pos.round or 1):
                return i, t.number
        elif pos.stage == "production":
            if t.kind == "production" and t.number == pos.production:
                if pos.round not in (None, rounds_before):
                    p.add("round", f"production phase {pos.production} comes after round "
                          f"{rounds_before}, not round {pos.round}", "production.when")
                return i, rounds_before
        elif t.kind == pos.stage:
            if pos.round not in (None, rounds_before):
                p.add("round", f"the {pos.stage} phase comes after round {rounds_before}, "
                      f"not round {pos.round}", "round.advance")
            return i, rounds_before
    if pos.stage == "production":
        p.add("production", "a production phase needs its number (1, 2 or 3)", "production.when")
    else:
        p.add("round", f"round {pos.round} is not on the round tracker", "overview.rounds")
    if pos.stage not in ("choose", "resolve", "production"):
        p.add("stage", f"the {pos.stage} phase is not on the round tracker", "round.advance")
    return 0, 1


_RULE_ID = re.compile(r"\(rule ([a-z0-9_.]+)\)")


def cite_problems(variant: str, items: list[str]) -> list[str]:
    """``items`` with each ``(rule id)`` as ruleset ``variant`` cites it: a first-edition
    table names the first edition's own rules (``components.ship_cards`` ->
    ``fe.components.counts``), never the second edition's."""
    rules = RULESETS.get(variant)
    if rules is None or not rules.rule_ids:
        return items
    return [_RULE_ID.sub(lambda m: f"(rule {rules.cite(m.group(1))})", x) for x in items]


def build_state(
    spec: GameSpec, players: list[str], variant: str, pos: Position, p: Problems
) -> GameState | None:
    """Build and validate the state of ``pos``; None (with problems in ``p``) when invalid.
    The problems cite the rules of ``variant`` (:func:`cite_problems`)."""
    s = _build_state(spec, players, variant, pos, p)
    p.items[:] = cite_problems(variant, p.items)
    return s


class _Build:
    """One table position being built: the state so far, its problems and the bookkeeping
    the parts share (astronauts placed per colour, event cards seen, ship paths)."""

    def __init__(self, spec: GameSpec, s: GameState, pos: Position, p: Problems,
                 players: list[str], rules: Rules) -> None:
        self.spec, self.s, self.pos, self.p, self.players, self.rules = (
            spec, s, pos, p, players, rules)
        self.rng = random.Random(f"position:{pos.seed}")
        self.placed: dict[str, int] = dict.fromkeys(players, 0)
        self.cards_used: dict[str, str] = {}
        self.ship_paths: dict[str, str] = {}

    def colour_ok(self, c: str, path: str) -> bool:
        if c not in self.placed:
            self.p.add(path, f"colour {c!r} is not at this table ({', '.join(self.players)})",
                       "setup.colors")
            return False
        return True

    def zone_ok(self, z: str, path: str) -> bool:
        if z not in self.spec.zones:
            self.p.add(path, f"unknown zone {z!r}", "components.board")
            return False
        return True

    def card_once(self, card: str, path: str) -> None:
        if card in self.cards_used:
            self.p.add(path, f"card {card} is already at {self.cards_used[card]}",
                       "components.event_cards")
        self.cards_used[card] = path


def _build_state(
    spec: GameSpec, players: list[str], variant: str, pos: Position, p: Problems
) -> GameState | None:
    pp = Problems("")
    check_players(spec, players, variant, pp)
    p.items.extend(x.lstrip(".") if not x.startswith(".") else x[1:] for x in pp.items)
    if pp.items:  # carry on with the known colours, to report every other problem too
        players = [c for c in dict.fromkeys(players) if c in spec.colours]
        if not players:
            return None
    rules = find_ruleset(variant)
    s = _start(spec, players, rules, pos, p)
    if s is None:
        return None
    b = _Build(spec, s, pos, p, players, rules)
    _first(b)
    _ships(b)
    _zones(b)
    _memorial_and_discoveries(b)
    _seats(b)
    _astronauts(b)
    _ship_piles(b)
    _event_cards(b)
    resolution(spec, s, pos, p, players, rules)
    _validate(b)
    return s if not p.items else None


def _start(spec: GameSpec, players: list[str], rules: Rules, pos: Position,
           p: Problems) -> GameState | None:
    """The empty table: the colours seated as the ruleset seats them, the round tracker."""
    try:
        neutral, controllers = rules.seats(spec, players)
    except MalformedIntent:  # reported by check_players: build as plain seats to say more
        neutral, controllers = [False] * len(players), list(players)
    g = spec.content.game
    s = GameState(ruleset=rules.name, seed=pos.seed, order=[], seats={})
    E.GameStarted(
        rule="setup.colors", seed=pos.seed, variant=rules.name, colours=tuple(players),
        controllers=tuple(controllers), neutral=tuple(neutral), hand=tuple(spec.countdown),
        astronauts=g.astronauts_per_colour, docks=len(players), zones=spec.zones,
        token_supply=tuple(g.point_tokens.items()),
        dest_supply=tuple((z, g.destination_tokens_per_zone) for z in spec.zones),
    ).apply(s)
    s.rng_count = pos.rng_count
    s.track_index, s.round = _track_index(spec, pos, p)
    s.stage = pos.stage
    for problem in reading_problems(spec, pos.readings):  # the table's chosen readings
        p.add("readings", problem.removeprefix("readings: "), "readings.table")
    s.readings = sorted(r for r in set(pos.readings) if r in BY_OTHER)
    return s


def _first(b: _Build) -> None:
    """The first player and the last one to resolve."""
    s, pos = b.s, b.pos
    s.first = pos.first or b.players[0]
    if pos.first is not None:
        b.colour_ok(pos.first, "first")
    if pos.last is not None and b.colour_ok(pos.last, "last"):
        s.last = pos.last


def _ships(b: _Build) -> None:
    """Ships in play (docked or launched), their crews and destination tokens."""
    spec, s, p = b.spec, b.s, b.p
    g = spec.content.game
    for i, sp in enumerate(b.pos.ships):
        path = f"ships[{i}]"
        if sp.id not in spec.ships:
            p.add(f"{path}.id", f"unknown ship {sp.id!r}", "components.ship_cards")
            continue
        if sp.id in s.ships:
            p.add(f"{path}.id", f"ship {sp.id} is in play twice", "components.ship_cards")
            continue
        ship = Ship(sp.id, launched=sp.launched)
        for c, n in sp.crew.items():
            if b.colour_ok(c, f"{path}.crew.{c}") and n:
                ship.crew[c] = n
                b.placed[c] += n
        for j, z in enumerate(sp.tokens):
            if b.zone_ok(z, f"{path}.tokens[{j}]"):
                ship.tokens.append(z)
                s.dest_supply[z] -= 1
        if ship.aboard() > spec.cap[sp.id] and not b.rules.may_overfill(s, ship):
            p.add(f"{path}.crew", f"{ship.aboard()} astronauts aboard ship {sp.id} of capacity "
                  f"{spec.cap[sp.id]}", "ships.capacity")
        b.ship_paths[sp.id] = path
        if sp.launched:
            if sp.dock is not None:
                p.add(f"{path}.dock", "a launched ship is not at a dock", "round.launch_full")
            s.launched.append(sp.id)
        elif sp.dock is None or sp.dock >= len(s.docks):
            p.add(f"{path}.dock", f"a docked ship needs a dock 0..{len(s.docks) - 1}",
                  "setup.launchpad")
        elif s.docks[sp.dock] is not None:
            p.add(f"{path}.dock", f"dock {sp.dock} already holds {s.docks[sp.dock]}",
                  "setup.launchpad")
        else:
            s.docks[sp.dock] = sp.id
        s.ships[sp.id] = ship
    for z, n in s.dest_supply.items():
        if n < 0:
            p.add("ships", f"{g.destination_tokens_per_zone - n} {z} destination tokens on ships;"
                  f" the supply has only {g.destination_tokens_per_zone}",
                  "destination_tokens.supply_limit")


def _zones(b: _Build) -> None:
    """Astronauts on Mars, resource tokens (the rest drawn with the seed), waiting tokens."""
    spec, s, p, pos = b.spec, b.s, b.p, b.pos
    g = spec.content.game
    bag = dict(g.resource_tokens)
    for z, zp in pos.zones.items():
        path = f"zones.{z}"
        if not b.zone_ok(z, path):
            continue
        for c, n in zp.astronauts.items():
            if b.colour_ok(c, f"{path}.astronauts.{c}") and n:
                s.zones[z][c] = n
                b.placed[c] += n
        if zp.resource is not None:
            s.resources[z] = zp.resource
            bag[zp.resource] -= 1
            if bag[zp.resource] < 0:
                p.add(f"{path}.resource", f"more {zp.resource} resource tokens than the "
                      f"{g.resource_tokens[zp.resource]} in the game", "components.resource_tokens")
        s.face_up[z] = zp.face_up if zp.face_up is not None else bool(s.zones[z])
        for r, n in zp.waiting.items():
            if r not in C.RESOURCES:
                p.add(f"{path}.waiting.{r}", f"unknown resource {r!r}", "components.point_tokens")
            elif n:
                s.waiting[z][r] = n
                s.token_supply[r] -= n
        if zp.discovery is not None:
            _discovery(b, z, zp.discovery, f"{path}.discovery")
    if pos.spare_resource is not None:
        bag[pos.spare_resource] -= 1
        if bag[pos.spare_resource] < 0:
            p.add("spare_resource", f"more {pos.spare_resource} resource tokens than in the game",
                  "components.resource_tokens")
    rest = [r for r, n in sorted(bag.items()) for _ in range(max(n, 0))]
    b.rng.shuffle(rest)
    for z in spec.zones:
        if z not in s.resources and rest:
            s.resources[z] = rest.pop()
    s.spare_resource = pos.spare_resource if pos.spare_resource is not None else (
        rest.pop() if rest else None)


def _discovery(b: _Build, z: str, card: str, path: str) -> None:
    spec = b.spec
    if card == UNKNOWN_DISCOVERY:  # a face-down card nobody identified: no card is invented
        if z == spec.moon:
            b.p.add(path, "no discovery can be assigned to Phobos", "phobos.no_discovery")
        elif z not in spec.outer:
            b.p.add(path, f"no discovery can be assigned to {z} (outer zones only)",
                    "discoveries.allowed_zones")
        return
    if card not in spec.discoveries:
        b.p.add(path, f"unknown discovery card {card!r}", "components.event_cards")
    elif z == spec.moon:
        b.p.add(path, "no discovery can be assigned to Phobos", "phobos.no_discovery")
    elif z not in spec.outer:
        b.p.add(path, f"no discovery can be assigned to {z} (outer zones only)",
                "discoveries.allowed_zones")
    else:
        b.card_once(card, path)
        b.s.discoveries[z] = card


def _memorial_and_discoveries(b: _Build) -> None:
    """The Lost in Space Memorial; discoveries face up or not; discarded discoveries."""
    spec, s, p, pos = b.spec, b.s, b.p, b.pos
    for c, n in pos.memorial.items():
        if b.colour_ok(c, f"memorial.{c}") and n:
            s.memorial[c] = n
            b.placed[c] += n
    revealed_default = pos.stage == "final_scoring" or (
        pos.stage == "production" and pos.production == 3)
    s.discoveries_revealed = pos.discoveries_revealed or revealed_default
    if pos.discoveries_revealed and not revealed_default:
        p.add("discoveries_revealed", "discoveries are revealed only in the reveal discovery "
              "phase, before the third production", "discoveries.reveal_phase")
    for i, card in enumerate(pos.discovery_discard):
        if card not in spec.discoveries:
            p.add(f"discovery_discard[{i}]", f"unknown discovery card {card!r}",
                  "components.event_cards")
        else:
            b.card_once(card, f"discovery_discard[{i}]")
            s.discovery_discard.append(card)


def _seats(b: _Build) -> None:
    """Each colour's characters (as its ruleset lays them out), cards, tokens and peeks."""
    spec, s, p, pos = b.spec, b.s, b.p, b.pos
    chars = spec.characters
    for c in pos.seats:
        b.colour_ok(c, f"seats.{c}")
    for c in b.players:
        sp2 = pos.seats.get(c, SeatPosition())
        path = f"seats.{c}"
        seat = s.seats[c]
        for field in ("played", "hand", "deck", "boxed"):
            for j, ch in enumerate(getattr(sp2, field) or []):
                if field == "boxed" and (ch in spec.missions or ch in spec.actions):
                    b.card_once(ch, f"{path}.boxed[{j}]")  # a drawn card boxed unseen
                elif ch not in chars:
                    p.add(f"{path}.{field}[{j}]", f"unknown character {ch!r}",
                          "components.character_cards")
        if sp2.chosen is not None and sp2.chosen not in chars:
            p.add(f"{path}.chosen", f"unknown character {sp2.chosen!r}",
                  "components.character_cards")
        played = [ch for ch in sp2.played if ch in chars]
        chosen = sp2.chosen if sp2.chosen in chars else None
        res = pos.resolving
        if (res is not None and res.colour == c and res.character in chars
                and res.character not in played and res.character != chosen):
            played.append(res.character)  # the card being resolved is face up
        held = played + ([chosen] if chosen else [])
        if len(set(held)) != len(held):
            p.add(path, "a character card is in two places (played / chosen)",
                  "round.played_cards")
        seat.sheet = sp2.sheet
        for field, message, rule in b.rules.table_seat(spec, s, c, held, sp2.hand, sp2.deck,
                                                       sp2.boxed, b.rng):
            p.add(f"{path}.{field}".rstrip("."), message, rule)
        seat.played, seat.chosen = played, chosen
        _secret_cards(b, c, sp2)


def _secret_cards(b: _Build, c: str, sp2: SeatPosition) -> None:
    """A seat's missions, dealt cards, action cards, point tokens and peeked discoveries."""
    spec, s, p = b.spec, b.s, b.p
    seat, path = s.seats[c], f"seats.{c}"
    pool = b.rules.mission_pool(spec)  # what may be dealt (first edition: discoveries too)
    for field, cards, known, kind, rule, into in (
            ("missions", sp2.missions, spec.missions, "mission", "events.missions",
             seat.missions),
            ("dealt", sp2.dealt, pool, "mission", "setup.missions", seat.dealt),
            ("actions", sp2.actions, spec.actions, "action", "actions.hidden", seat.actions)):
        for j, card in enumerate(cards):
            where = f"{path}.{field}[{j}]"
            if card not in known:
                p.add(where, f"unknown {kind} card {card!r}", rule)
            else:
                b.card_once(card, where)
                into.append(card)
    for r, n in sp2.tokens.items():
        if r not in C.RESOURCES:
            p.add(f"{path}.tokens.{r}", f"unknown resource {r!r}", "components.point_tokens")
        else:
            seat.tokens[r] = n
            s.token_supply[r] -= n
    for z, card in sp2.peeked.items():
        if b.zone_ok(z, f"{path}.peeked.{z}"):
            seat.peeked[z] = card


def _astronauts(b: _Build) -> None:
    """Point tokens and astronauts left in the supplies (what the position does not place)."""
    spec, s, p = b.spec, b.s, b.p
    g = spec.content.game
    box: dict[str, int] = {str(k): v for k, v in g.point_tokens.items()}
    for r, n in s.token_supply.items():
        if n < 0:
            p.add("seats", f"{box[r] - n} {r} point tokens in play; the game has {box[r]}",
                  "components.point_tokens")
    for c in b.players:
        supply = g.astronauts_per_colour - b.placed[c]
        if supply < 0:
            p.add(c, f"{b.placed[c]} {c} astronauts placed; each colour has "
                  f"{g.astronauts_per_colour}", "components.astronauts")
        s.seats[c].supply = max(supply, 0)


def _ship_piles(b: _Build) -> None:
    """The ship deck and discard pile (the ships not placed shuffled with the seed)."""
    spec, s, p, pos = b.spec, b.s, b.p, b.pos
    in_play = set(s.ships)

    def take(field: str, ids: list[str], already: str) -> list[str]:
        kept: list[str] = []
        for i, sid in enumerate(ids):
            if sid not in spec.ships or sid in in_play:
                p.add(f"{field}[{i}]", f"ship {sid!r} is unknown or already {already}",
                      "components.ship_cards")
            else:
                in_play.add(sid)
                kept.append(sid)
        return kept

    discard = take("ship_discard", pos.ship_discard, "in play")
    top = take("ship_deck", pos.ship_deck or [], "placed")
    others = [sid for sid in spec.ships if sid not in in_play]
    b.rng.shuffle(others)
    if pos.rest_of_ships == "discard":
        s.ship_deck, s.ship_discard = top, discard + others
    else:
        s.ship_deck, s.ship_discard = top + others, discard
    if pos.stage in ("choose", "missions") and None in s.docks:
        p.add("ships", "every dock holds a ship when a round starts", "round.refill")


def _event_cards(b: _Build) -> None:
    """The event deck (or, while missions are kept, the pile they are dealt from): the
    cards the ruleset's deck can hold that are nowhere else, shuffled with the seed."""
    spec, s, p, pos, rules = b.spec, b.s, b.p, b.pos, b.rules
    if pos.resolving is not None and pos.resolving.held is not None:
        held = pos.resolving.held
        if held not in spec.discoveries:
            p.add("resolving.held", f"unknown discovery card {held!r}", "characters.scientist")
        else:
            b.card_once(held, "resolving.held")
    event_top: list[str] = []
    drawable = rules.drawable(spec)  # what the ruleset's draw deck can hold
    for i, card in enumerate(pos.event_deck or []):
        try:
            spec.card_kind(card)
        except KeyError:
            p.add(f"event_deck[{i}]", f"unknown event card {card!r}", "components.event_cards")
            continue
        if card not in drawable:
            p.add(f"event_deck[{i}]", f"{spec.card_name(card)} is never in the event deck "
                  f"(the {rules.name} rules leave it out of the draw deck)", "setup.event_deck")
            continue
        b.card_once(card, f"event_deck[{i}]")
        event_top.append(card)
    pool = rules.mission_pool(spec) if pos.stage == "missions" else drawable
    left_over = [x for x in pool if x not in b.cards_used]
    b.rng.shuffle(left_over)
    if pos.stage == "missions":
        if event_top:
            p.add("event_deck", "the event deck is formed after the starting missions are kept",
                  "setup.event_deck")
        s.mission_deck = left_over
        if not any(seat.dealt for seat in s.seats.values()):
            p.add("seats", "in the missions stage some colour still has cards to choose "
                  "from (dealt)", "setup.missions")
    else:
        s.event_deck = event_top + left_over


def _validate(b: _Build) -> None:
    """The one validation of a table
    (:func:`mrp_tutor.games.mission_red_planet.engine.checks.table_problems`),
    located in the position document once the position's own facts are right."""
    if b.p.items:
        return
    for field, message, rule in table_problems(b.spec, b.s):
        head, _, rest = field.partition(".")
        if head in ("face_up", "waiting"):  # face_up.hellas -> zones.hellas.face_up
            field = f"zones.{rest}.{head}"
        elif head == "ships":  # ships.f26.crew -> ships[3].crew (where the document has it)
            sid, _, tail = rest.partition(".")
            field = ".".join(x for x in (b.ship_paths.get(sid, f"ships.{sid}"), tail) if x)
        b.p.add(field, message, rule)


def merge(base: Any, patch: Any) -> Any:
    """Deep merge for ``changes``: mappings merge, anything else replaces."""
    if isinstance(base, dict) and isinstance(patch, dict):
        out = dict(base)
        for k, v in patch.items():
            out[k] = merge(base.get(k), v) if k in base else v
        return out
    return patch
