"""A full game state sampled from what one seat may see: the search bot's only door to a game.

:func:`determinize` takes a seat's view (:func:`~.views.view_for`, never the state) and fills
every hidden part with a sample consistent with it: the character each other colour chose
face down (one of the cards it may still hold, later in the calling order than the character
being resolved), the rest of their hands, their missions and action cards, the dealt missions
not kept yet, face-down resources and discoveries, a discovery another player holds, the
orders of the ship, event, mission and neutral decks, and a fresh seed for every later random
outcome.  Cards the seat saw leave the game (an action played, a dealt card returned) are not
in the view; they may be sampled into a hidden place: an inaccuracy of the sample, never of
the real game.

The seat's own options are the same in every sample (its hand, missions, held cards and the
public board are copied from the view): tests/engine/test_determinize.py checks it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from mrp_tutor.games.mission_red_planet.engine.basics import fisher_yates
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
from mrp_tutor.games.mission_red_planet.engine.secrecy import HIDDEN
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Seat, Ship, Window

View = dict[str, Any]


def _shuffle(rng: random.Random, x: list[Any]) -> None:
    """``rng.shuffle(x)``: the same permutation from the same generator state, compiled for a
    plain ``random.Random`` (its ``shuffle`` is Python code)."""
    if type(rng) is random.Random:
        fisher_yates(rng.getrandbits, x)
    else:
        rng.shuffle(x)


def _seat(v: dict[str, Any]) -> Seat:
    chosen = v["chosen"]
    seat = Seat(
        colour=v["colour"], controller=v["controller"], neutral=v["neutral"],
        hand=list(v["hand"] or []), played=list(v["played"]),
        chosen=None if chosen == HIDDEN else chosen, supply=v["supply"], tokens=dict(v["tokens"]),
        missions=list(v["missions"] or []), actions=list(v["actions"] or []),
        dealt=list(v["dealt"] or []), peeked=dict(v["peeked"] or {}),
        drawn=None if v["neutral_drawn"] == HIDDEN else v["neutral_drawn"],
        boxed=list(v.get("boxed_characters", [])), sheet=v["sheet"],
    )
    # a chosen card another player shows early (the Stealthy Spy) is public until revealed
    seat.shown = v["hand"] is None and chosen not in (None, HIDDEN)
    return seat


def public_state(spec: GameSpec, view: View, seed: int) -> GameState:
    """The public part of the state (and the viewer's own cards) as the view gives it; every
    hidden part empty."""
    prog = view["progress"]
    s = GameState(ruleset=view["ruleset"], seed=seed, order=list(view["order"]),
                  seats={c: _seat(view["seats"][c]) for c in view["order"]})
    s.stage, s.track_index, s.round, s.first = (view["stage"], view["track_index"],
                                                view["round"], view["first"])
    s.docks = list(view["docks"])
    s.readings = list(view.get("readings", ()))
    s.ships = {sid: Ship(sid, dict(v["crew"]), list(v["tokens"]), v["launched"])
               for sid, v in view["ships"].items()}
    s.launched = list(view["launched"])
    s.ship_discard = list(view["ship_discard"])
    for z, v in view["zones"].items():
        s.zones[z] = dict(v["astronauts"])
        s.face_up[z] = v["face_up"]
        s.waiting[z] = dict(v["waiting"])
        if v["resource"] not in (None, HIDDEN):
            s.resources[z] = v["resource"]
        if v["discovery"] not in (None, HIDDEN):
            s.discoveries[z] = v["discovery"]
    s.discoveries_revealed = any(v["discovery_face_up"] for v in view["zones"].values())
    s.discovery_discard = list(view["discovery_discard"])
    s.memorial = dict(view["memorial"])
    s.token_supply = dict(view["token_supply"])
    s.dest_supply = dict(view["destination_supply"])
    s.cur, s.char = view["resolving"], view["character"]
    s.step, s.left, s.done = prog["step"], prog["left"], prog["done"]
    s.used, s.last, s.window_mark = list(prog["used"]), prog["last"], prog["window_mark"]
    s.holds = dict(view.get("holds", {}))
    held = view["held_discovery"]
    s.held = held if held != HIDDEN else None
    s.work = [list(prog["work"][0])] if prog["work"] else []
    s.windows = [Window(w["colour"], w["ability"], w["point"], w["zone"] or "", 0,
                        None if w["target"] == HIDDEN else w["target"], w["owed"])
                 for w in view["windows"]]
    return s


def _rank(spec: GameSpec, s: GameState) -> dict[str, int]:
    rules = find_ruleset(s.ruleset)
    return {ch: i for i, ch in enumerate(rules.calling_order(spec))}


def _characters(spec: GameSpec, s: GameState, view: View, rng: random.Random) -> None:
    """Hands and face-down chosen cards of the colours the viewer does not control."""
    rules = find_ruleset(s.ruleset)
    rank = _rank(spec, s)
    floor = _floor(s, rank)
    for c in s.order:
        v = view["seats"][c]
        seat = s.seats[c]
        if v["hand"] is not None:
            continue
        pool = [x for x in rules.character_cards(spec, s, c)
                if x not in seat.played and x not in seat.boxed]
        if seat.chosen is not None and seat.chosen in pool:  # shown face up
            pool.remove(seat.chosen)
        if rules.seat_draws(s, c):  # e.g. a neutral colour: its own deck, face down
            _shuffle(rng, pool)
            if v["neutral_drawn"] == HIDDEN and pool:
                seat.drawn = pool.pop()
            if v["chosen"] == HIDDEN and pool:
                seat.chosen = pool.pop()
            seat.deck = pool[: v["neutral_deck_size"]]
            continue
        if v["chosen"] == HIDDEN:
            # a card held past its number is above the call it held after (public), not
            # above the calls since
            least = rank.get(s.holds[c], -1) if c in s.holds else floor
            later = [x for x in pool if rank.get(x, 0) > least] or pool
            pick = later[int(rng.random() * len(later))] if later else None
            if pick is not None:
                seat.chosen = pick
                pool.remove(pick)
        _shuffle(rng, pool)
        seat.hand = pool[: v["hand_size"]]
    if s.stage == "resolve" and view["queue"]:
        _queue(spec, s, view)


def _floor(s: GameState, rank: dict[str, int]) -> int:
    """The rank a face-down card still in the queue is above: the card being resolved (or
    the last one resolved this round), unless that colour may act out of the calling order
    (the Guileful Genius): then the highest card the others turned up this round."""
    if s.stage != "resolve":
        return -1
    rules = find_ruleset(s.ruleset)
    who = s.cur if s.char is not None else s.last
    if who is None or (s.char is None and s.seats[who].chosen is not None):
        return -1  # (the last to resolve in an earlier round: nobody has yet in this one)
    if not rules.may_act_early(s, who):
        played = s.seats[who].played
        now = s.char if s.char is not None else (played[-1] if played else "")
        return rank.get(now, -1)
    return max((rank.get(seat.played[-1], -1) for c, seat in s.seats.items()
                if c != who and seat.chosen is None and seat.played), default=-1)


def _queue(spec: GameSpec, s: GameState, view: View) -> None:
    """The order still to resolve: colours already revealed (with an earlier card of the same
    number) first, as the view lists them, then the others in calling order (equal numbers
    clockwise from the first player), their face-down cards as sampled, and the cards held
    past their number last (the ruleset's countdown puts them there)."""
    queue = list(view["queue"])
    head = [c for c in queue if s.seats[c].chosen is None]
    rest = [c for c in find_ruleset(s.ruleset).countdown(spec, s) if c in queue and c not in head]
    s.queue = head + rest + [c for c in queue if c not in head and c not in rest]


def _cards(spec: GameSpec, s: GameState, view: View, rng: random.Random) -> None:
    """Missions, action cards, discoveries and the event and mission decks."""
    rules = find_ruleset(s.ruleset)
    universe = list(dict.fromkeys([*rules.mission_pool(spec), *spec.actions, *spec.discoveries]))
    seen: set[str] = set(s.discovery_discard) | set(s.discoveries.values())
    if s.held is not None:
        seen.add(s.held)
    for c in s.order:
        seat = s.seats[c]
        seen.update(seat.missions, seat.actions, seat.dealt, seat.peeked.values())
    if s.work and len(s.work[0]) > 2:
        seen.add(s.work[0][2])
    pool = [x for x in universe if x not in seen]
    _shuffle(rng, pool)
    kinds = {x: spec.card_kind(x) for x in pool}

    def take(n: int, allowed: set[str]) -> list[str]:
        got = [x for x in pool if kinds[x] in allowed][:n]
        for x in got:
            pool.remove(x)
        return got

    for z, v in view["zones"].items():
        if v["discovery"] == HIDDEN:
            got = take(1, {"discovery"})
            if got:
                s.discoveries[z] = got[0]
    if view["held_discovery"] == HIDDEN:
        got = take(1, {"discovery"})
        s.held = got[0] if got else None
    for c in s.order:
        v = view["seats"][c]
        seat = s.seats[c]
        if v["missions"] is None:
            hidden = v["secret_cards"]
            has_actions = bool(spec.actions)
            cards = take(hidden, {"mission", "action"} if has_actions else {"mission"})
            seat.missions = [x for x in cards if kinds[x] == "mission"]
            seat.actions = [x for x in cards if kinds[x] == "action"]
        if v["dealt"] is None and v.get("dealt_size"):
            seat.dealt = take(v["dealt_size"], {"mission"})
    if s.work and s.work[0][0] == "action" and s.work[0][1] == HIDDEN:  # a secret holder
        others = sorted(c for c in s.order if s.seats[c].controller != view["viewer"]
                        and s.seats[c].actions) or sorted(
            c for c in s.order if s.seats[c].controller != view["viewer"])
        s.work[0][1] = others[int(rng.random() * len(others))]
    if s.work and s.work[0][0] == "action" and s.work[0][2] == HIDDEN:
        holder = s.seats[s.work[0][1]]
        if not holder.actions:
            holder.actions = take(1, {"action"})
        s.work[0][2] = holder.actions[0] if holder.actions else ""
    deck_kinds = {"discovery", "action", "mission"} if rules.event_deck(
        spec, GameState(ruleset=s.ruleset, seed=0, order=[], seats={},
                        mission_deck=list(spec.missions))) != list(spec.discoveries) else {
        "discovery"}
    s.mission_deck = take(view["progress"]["mission_deck_size"], {"mission"})
    s.event_deck = take(view["event_deck"], deck_kinds)
    for w in s.windows:  # a use of another colour waiting for its payment: a card it holds
        if w.target is None and w.owed and not w.zone:
            hand = s.seats[w.colour].hand
            w.target = hand[0] if hand else None


def _board(spec: GameSpec, s: GameState, view: View, rng: random.Random) -> None:
    """Face-down resources (and the spare token) and the order of the ship deck."""
    bag: Counter[str] = Counter({str(r): n for r, n in spec.content.game.resource_tokens.items()})
    bag.subtract(s.resources.values())
    tokens = [r for r, n in bag.items() for _ in range(max(0, n))]
    _shuffle(rng, tokens)
    for z, v in view["zones"].items():
        if v["resource"] == HIDDEN and tokens:
            s.resources[z] = tokens.pop()
    s.spare_resource = tokens.pop() if tokens else None
    placed = set(s.ships) | set(s.ship_discard) | set(s.launched) | {
        d for d in s.docks if d is not None}
    deck = [x for x in spec.ships if x not in placed]
    _shuffle(rng, deck)
    s.ship_deck = deck[: view["ship_deck"]]


def determinize(spec: GameSpec, view: View, rng: random.Random) -> GameState:
    """A full state consistent with ``view`` (a seat's :func:`~.views.view_for`), its hidden
    parts drawn with ``rng``; the same view and generator state give the same sample."""
    s = public_state(spec, view, seed=rng.getrandbits(62))
    _characters(spec, s, view, rng)
    _cards(spec, s, view, rng)
    _board(spec, s, view, rng)
    return s
