"""Table positions -> engine states.

:func:`build_state` turns a validated :class:`~.model.Position` into a
:class:`~mrp_tutor.engine.GameState`, checking every game fact and collecting every problem
as a located sentence with the rule id it breaks; the checks of the whole table (what no game
history reaches) are in :mod:`.history`.  :func:`~.export.position_from_state` is the inverse
(used to save a table position as a scenario).
"""

from __future__ import annotations

import random
import re
from typing import Any

from mrp_tutor.engine import content as C
from mrp_tutor.engine import events as E
from mrp_tutor.engine.checks import state_problems
from mrp_tutor.engine.errors import MalformedIntent
from mrp_tutor.engine.game import current_step
from mrp_tutor.engine.rulesets import RULESETS, find_ruleset
from mrp_tutor.engine.spec import GameSpec
from mrp_tutor.engine.state import GameState, Ship

from .history import check_history, unreachable, validate_state
from .model import Position, SeatPosition


class Problems:
    """Collects located problem sentences: ``field.path: what is wrong (rule id)``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.items: list[str] = []

    def add(self, path: str, message: str, rule: str | None) -> None:
        where = ".".join(x for x in (self.prefix, path) if x) or "document"
        cite = f" (rule {rule})" if rule else ""
        self.items.append(f"{where}: {message}{cite}")


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
    try:
        neutral, controllers = rules.seats(spec, players)
    except MalformedIntent:
        if rules.name != "standard":  # the ruleset cannot seat them: nothing to build
            return None
        neutral, controllers = [False] * len(players), list(players)
    g = spec.content.game
    s = GameState(ruleset=rules.name, seed=pos.seed, order=[], seats={})
    E.GameStarted(
        rule="setup.colors", seed=pos.seed, variant=variant, colours=tuple(players),
        controllers=tuple(controllers), neutral=tuple(neutral), hand=tuple(spec.countdown),
        astronauts=g.astronauts_per_colour, docks=len(players), zones=spec.zones,
        token_supply=tuple(g.point_tokens.items()),
        dest_supply=tuple((z, g.destination_tokens_per_zone) for z in spec.zones),
    ).apply(s)
    rng = random.Random(f"position:{pos.seed}")
    s.rng_count = pos.rng_count
    s.track_index, s.round = _track_index(spec, pos, p)
    s.stage = pos.stage
    colours = set(players)
    placed: dict[str, int] = dict.fromkeys(players, 0)

    def colour_ok(c: str, path: str) -> bool:
        if c not in colours:
            p.add(path, f"colour {c!r} is not at this table ({', '.join(players)})",
                  "setup.colors")
            return False
        return True

    def zone_ok(z: str, path: str) -> bool:
        if z not in spec.zones:
            p.add(path, f"unknown zone {z!r}", "components.board")
            return False
        return True

    # ------------------------------------------------------------ first player
    s.first = pos.first or players[0]
    if pos.first is not None:
        colour_ok(pos.first, "first")
    if pos.last is not None and colour_ok(pos.last, "last"):
        s.last = pos.last
    # ------------------------------------------------------------ ships
    seen_ships: set[str] = set()
    ship_paths: dict[str, str] = {}
    for i, sp in enumerate(pos.ships):
        path = f"ships[{i}]"
        if sp.id not in spec.ships:
            p.add(f"{path}.id", f"unknown ship {sp.id!r}", "components.ship_cards")
            continue
        if sp.id in seen_ships:
            p.add(f"{path}.id", f"ship {sp.id} is in play twice", "components.ship_cards")
            continue
        seen_ships.add(sp.id)
        ship = Ship(sp.id, launched=sp.launched)
        for c, n in sp.crew.items():
            if colour_ok(c, f"{path}.crew.{c}") and n:
                ship.crew[c] = n
                placed[c] += n
        for j, z in enumerate(sp.tokens):
            if zone_ok(z, f"{path}.tokens[{j}]"):
                ship.tokens.append(z)
                s.dest_supply[z] -= 1
        cap = spec.cap[sp.id]
        if ship.aboard() > cap:
            p.add(f"{path}.crew", f"{ship.aboard()} astronauts aboard ship {sp.id} of capacity "
                  f"{cap}", "ships.capacity")
        ship_paths[sp.id] = path
        if sp.launched:
            if sp.dock is not None:
                p.add(f"{path}.dock", "a launched ship is not at a dock", "round.launch_full")
            s.launched.append(sp.id)
        else:
            if sp.dock is None or sp.dock >= len(s.docks):
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
    # ------------------------------------------------------------ zones
    bag = dict(g.resource_tokens)
    event_cards_used: dict[str, str] = {}

    def card_once(card: str, path: str) -> None:
        if card in event_cards_used:
            p.add(path, f"card {card} is already at {event_cards_used[card]}",
                  "components.event_cards")
        event_cards_used[card] = path

    for z, zp in pos.zones.items():
        path = f"zones.{z}"
        if not zone_ok(z, path):
            continue
        for c, n in zp.astronauts.items():
            if colour_ok(c, f"{path}.astronauts.{c}") and n:
                s.zones[z][c] = n
                placed[c] += n
        if zp.resource is not None:
            s.resources[z] = zp.resource
            bag[zp.resource] -= 1
            if bag[zp.resource] < 0:
                p.add(f"{path}.resource", f"more {zp.resource} resource tokens than the "
                      f"{g.resource_tokens[zp.resource]} in the game", "components.resource_tokens")
        present = bool(s.zones[z])
        s.face_up[z] = zp.face_up if zp.face_up is not None else present
        for r, n in zp.waiting.items():
            if r not in C.RESOURCES:
                p.add(f"{path}.waiting.{r}", f"unknown resource {r!r}", "components.point_tokens")
            elif n:
                s.waiting[z][r] = n
                s.token_supply[r] -= n
        if zp.discovery is not None:
            if zp.discovery not in spec.discoveries:
                p.add(f"{path}.discovery", f"unknown discovery card {zp.discovery!r}",
                      "components.event_cards")
            elif z == spec.moon:
                p.add(f"{path}.discovery", "no discovery can be assigned to Phobos",
                      "phobos.no_discovery")
            elif z not in spec.outer:
                p.add(f"{path}.discovery", f"no discovery can be assigned to {z} (outer zones "
                      "only)", "discoveries.allowed_zones")
            else:
                card_once(zp.discovery, f"{path}.discovery")
                s.discoveries[z] = zp.discovery
    if pos.spare_resource is not None:
        bag[pos.spare_resource] -= 1
        if bag[pos.spare_resource] < 0:
            p.add("spare_resource", f"more {pos.spare_resource} resource tokens than in the game",
                  "components.resource_tokens")
    rest = [r for r, n in sorted(bag.items()) for _ in range(max(n, 0))]
    rng.shuffle(rest)
    for z in spec.zones:
        if z not in s.resources and rest:
            s.resources[z] = rest.pop()
    s.spare_resource = pos.spare_resource if pos.spare_resource is not None else (
        rest.pop() if rest else None)
    # ------------------------------------------------------------ memorial
    for c, n in pos.memorial.items():
        if colour_ok(c, f"memorial.{c}") and n:
            s.memorial[c] = n
            placed[c] += n
    # ------------------------------------------------------------ discoveries
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
            card_once(card, f"discovery_discard[{i}]")
            s.discovery_discard.append(card)
    # ------------------------------------------------------------ seats
    chars = set(spec.countdown)
    for c in pos.seats:
        colour_ok(c, f"seats.{c}")
    for c in players:
        sp2 = pos.seats.get(c, SeatPosition())
        path = f"seats.{c}"
        seat = s.seats[c]
        for field in ("played", "hand", "deck", "boxed"):
            for j, ch in enumerate(getattr(sp2, field) or []):
                if field == "boxed" and (ch in spec.missions or ch in spec.actions):
                    card_once(ch, f"{path}.boxed[{j}]")  # a neutral Scientist's boxed card
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
        held_cards = played + ([chosen] if chosen else [])
        if len(set(held_cards)) != len(held_cards):
            p.add(path, "a character card is in two places (played / chosen)",
                  "round.played_cards")
        if seat.neutral:
            boxed = [ch for ch in sp2.boxed if ch in chars]
            seat.boxed = [ch for ch in sp2.boxed
                          if ch in chars or ch in spec.missions or ch in spec.actions]
            deck = sp2.deck if sp2.deck is not None else [
                ch for ch in spec.countdown if ch not in held_cards and ch not in boxed]
            if sp2.deck is None:
                rng.shuffle(deck)
            seat.deck = [ch for ch in deck if ch in chars]
            seat.hand = []
            if sorted([*seat.deck, *held_cards, *boxed]) != sorted(spec.countdown):
                p.add(path, "the neutral deck, played, chosen and boxed cards must hold the "
                      "nine characters once each", "two_player.neutral_deck")
        else:
            seat.sheet = sp2.sheet
            own = rules.character_cards(spec, s, c)  # the nine, or a sheet's crew of five
            hand = sp2.hand if sp2.hand is not None else [
                ch for ch in own if ch not in held_cards]
            seat.hand = [ch for ch in hand if ch in chars]
            if sorted([*seat.hand, *held_cards]) != sorted(own):
                p.add(f"{path}.hand", f"hand, played and chosen cards must hold the {len(own)} "
                      "characters once each" + (f" (the crew of {sp2.sheet})" if sp2.sheet
                                                 else ""), "round.played_cards")
        seat.played = played
        seat.chosen = chosen
        secret_cards = (("missions", sp2.missions, spec.missions, "mission", "events.missions",
                 seat.missions),
                ("dealt", sp2.dealt, spec.missions, "mission", "setup.missions", seat.dealt),
                ("actions", sp2.actions, spec.actions, "action", "actions.hidden",
                 seat.actions))
        for field, cards, known, kind, rule, into in secret_cards:
            for j, card in enumerate(cards):
                where = f"{path}.{field}[{j}]"
                if card not in known:
                    p.add(where, f"unknown {kind} card {card!r}", rule)
                else:
                    card_once(card, where)
                    into.append(card)
        if sp2.dealt and pos.stage != "missions":
            p.add(f"{path}.dealt", "missions are dealt to choose from only during setup",
                  "setup.missions")
        for r, n in sp2.tokens.items():
            if r not in C.RESOURCES:
                p.add(f"{path}.tokens.{r}", f"unknown resource {r!r}", "components.point_tokens")
            else:
                seat.tokens[r] = n
                s.token_supply[r] -= n
        for z, card in sp2.peeked.items():
            if zone_ok(z, f"{path}.peeked.{z}"):
                seat.peeked[z] = card
    box: dict[str, int] = {str(k): v for k, v in g.point_tokens.items()}
    for r, n in s.token_supply.items():
        if n < 0:
            p.add("seats", f"{box[r] - n} {r} point tokens in play; the game has "
                  f"{box[r]}", "components.point_tokens")
    # ------------------------------------------------------------ astronaut totals
    for c in players:
        supply = g.astronauts_per_colour - placed[c]
        if supply < 0:
            p.add(c, f"{placed[c]} {c} astronauts placed; each colour has "
                  f"{g.astronauts_per_colour}", "components.astronauts")
        s.seats[c].supply = max(supply, 0)
    # ------------------------------------------------------------ decks
    in_play = set(s.ships)

    def take_ships(field: str, ids: list[str], already: str) -> list[str]:
        """The valid ship ids of one pile, each ship card used once across all piles."""
        kept: list[str] = []
        for i, sid in enumerate(ids):
            if sid not in spec.ships or sid in in_play:
                p.add(f"{field}[{i}]", f"ship {sid!r} is unknown or already {already}",
                      "components.ship_cards")
            else:
                in_play.add(sid)
                kept.append(sid)
        return kept

    discard = take_ships("ship_discard", pos.ship_discard, "in play")
    top = take_ships("ship_deck", pos.ship_deck or [], "placed")
    others = [sid for sid in spec.ships if sid not in in_play]
    rng.shuffle(others)
    if pos.rest_of_ships == "discard":
        s.ship_deck, s.ship_discard = top, discard + others
    else:
        s.ship_deck, s.ship_discard = top + others, discard
    if pos.stage in ("choose", "missions") and None in s.docks:
        p.add("ships", "every dock holds a ship when a round starts", "round.refill")
    if pos.resolving is not None and pos.resolving.held is not None:
        held = pos.resolving.held
        if held not in spec.discoveries:
            p.add("resolving.held", f"unknown discovery card {held!r}", "characters.scientist")
        else:
            card_once(held, "resolving.held")
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
        card_once(card, f"event_deck[{i}]")
        event_top.append(card)
    pool = rules.mission_pool(spec) if pos.stage == "missions" else drawable
    left_over = [x for x in pool if x not in event_cards_used]
    rng.shuffle(left_over)
    if pos.stage == "missions":
        if event_top:
            p.add("event_deck", "the event deck is formed after the starting missions are kept",
                  "setup.event_deck")
        s.mission_deck = left_over
        if not any(seat.dealt for seat in s.seats.values()):
            p.add("seats", "in the missions stage some colour still has two missions to choose "
                  "from (dealt)", "setup.missions")
    else:
        s.event_deck = event_top + left_over
    # ------------------------------------------------------------ the resolution
    _resolution(spec, s, pos, p, players)
    for where, message, broken in unreachable(spec, s, ship_paths):
        p.add(where, message, broken)
    check_history(spec, s, pos, p)
    if not p.items:
        for problem in validate_state(spec, s):
            p.add("", problem, None)
    if not p.items:  # the engine's own checks of a whole state (engine/checks.py)
        p.items.extend(state_problems(spec, s))
    return s if not p.items else None


def _resolution(
    spec: GameSpec, s: GameState, pos: Position, p: Problems, players: list[str]
) -> None:
    countdown = list(spec.countdown)
    seating_i = players.index(s.first) if s.first in players else 0
    seating = players[seating_i:] + players[:seating_i]
    if pos.stage in ("choose", "missions"):
        if pos.resolving is not None:
            p.add("resolving", "nobody resolves a character before every card is chosen",
                  "round.choose")
        return
    if pos.stage != "resolve":
        if pos.resolving is not None:
            p.add("resolving", f"no character is resolved in the {pos.stage} stage",
                  "round.sequence")
        for c in players:
            if s.seats[c].chosen is not None:
                p.add(f"seats.{c}.chosen", f"no character is waiting face down in the "
                      f"{pos.stage} stage", "round.sequence")
        return
    for c in players:
        if s.seats[c].chosen is None and (pos.resolving is None or pos.resolving.colour != c):
            continue
    r = pos.resolving
    if r is None:
        missing = [c for c in players if s.seats[c].chosen is None]
        if len(missing) == len(players):
            p.add("seats", "in the resolve step at least one chosen card waits, or someone is "
                  "resolving", "round.countdown")
        s.queue = [c for ch in countdown for c in seating if s.seats[c].chosen == ch]
        return
    if r.colour not in players:
        p.add("resolving.colour", f"colour {r.colour!r} is not at this table", "setup.colors")
        return
    if r.character not in spec.characters:
        p.add("resolving.character", f"unknown character {r.character!r}",
              "components.character_cards")
        return
    seat = s.seats[r.colour]
    if seat.chosen == r.character:
        seat.chosen = None
    if r.character in seat.hand:
        p.add("resolving.character", f"{r.character} is in {r.colour}'s hand, not being "
              "resolved", "round.played_cards")
        return
    if seat.chosen is not None:
        p.add(f"seats.{r.colour}.chosen", f"{r.colour} is resolving {r.character} and cannot "
              "also have a card face down", "round.choose")
    if r.character not in seat.played:
        seat.played.append(r.character)
    elif seat.played[-1] != r.character:
        seat.played.remove(r.character)
        seat.played.append(r.character)
    now = countdown.index(r.character)
    me = seating.index(r.colour)
    queue: list[str] = []
    for c in seating:
        other = s.seats[c]
        if c == r.colour or other.chosen is None:
            continue
        k = countdown.index(other.chosen)
        if k < now or (k == now and seating.index(c) < me):
            p.add(f"seats.{c}.chosen", f"{c}'s {other.chosen} would already have been resolved "
                  f"before {r.colour}'s {r.character}", "round.countdown")
    for ch in countdown[now:]:
        for c in seating:
            other = s.seats[c]
            if c != r.colour and other.chosen == ch:
                queue.append(c)
                if ch == r.character:  # turned up together with the one being resolved
                    other.chosen = None
                    other.played.append(ch)
    s.queue = queue
    s.cur, s.char, s.step = r.colour, r.character, r.step
    steps = spec.characters[r.character].steps
    if r.step >= len(steps):
        p.add("resolving.step", f"{r.character} has {len(steps)} steps (0..{len(steps) - 1})",
              "round.top_to_bottom")
        s.cur = s.char = None
        return
    st = current_step(spec, s)
    assert st is not None
    full = _step_count(st)
    for i, sid in enumerate(r.used):
        if sid not in s.docked():
            p.add(f"resolving.used[{i}]", f"ship {sid!r} is not docked", "ships.docked_only")
    if isinstance(st, C.RecallStep):
        p.add("resolving.step", "the Recruiter's recall has no decision: resolve from the step "
              "before it", "characters.recruiter")
    left = r.left if r.left is not None else max(full - len(r.used), 0)
    if r.held is not None:
        s.held = r.held
        if not isinstance(st, C.DrawOrPeekStep):
            p.add("resolving.held", "only the Scientist's draw gives a discovery to assign",
                  "characters.scientist")
    elif left < 1:
        p.add("resolving.left", "nothing is left of this step: give the next step instead",
              "round.top_to_bottom")
    if left > full:
        p.add("resolving.left", f"this step does at most {full}", spec.characters[r.character].rule)
    s.left, s.done, s.used = left, r.done, list(r.used)


def _step_count(step: C.CharacterStep) -> int:
    from mrp_tutor.engine.effects import effect_for

    return effect_for(step).count(step)


def merge(base: Any, patch: Any) -> Any:
    """Deep merge for ``changes``: mappings merge, anything else replaces."""
    if isinstance(base, dict) and isinstance(patch, dict):
        out = dict(base)
        for k, v in patch.items():
            out[k] = merge(base.get(k), v) if k in base else v
        return out
    return patch
