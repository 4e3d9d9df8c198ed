"""The rules: setup, rounds, character effects, production and final scoring.

The engine is a small state machine.  :func:`advance` runs every automatic part of the game
(reveals, launches, landings, refills, production, scoring) until a player has to decide;
:func:`legal_intents` lists every legal decision; :func:`apply_intent` turns one decision into
events.  Every change is an event (see :mod:`.events`) with the rule id that caused it.

Use :class:`Game` for a mutable game with its log, or :func:`step` for the pure form
``step(spec, state, intent) -> Outcome`` that never changes its input.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from . import content as C
from . import events as E
from . import intents as I
from .errors import GameOver, IllegalIntent, MalformedIntent, MrpError, NotYourDecision, WrongPhase
from .spec import UNKNOWN, GameSpec
from .state import GameState

Out = list[E.Event]

TWO_PLAYER_KEEP = ("recruiter", "explorer", "femme_fatale", "soldier")


# =============================================================================== helpers


def _emit(s: GameState, out: Out, ev: E.Event) -> None:
    ev.apply(s)
    out.append(ev)


class SeededRandom(random.Random):
    """``random.Random`` whose ``shuffle`` makes the same permutation with fewer calls.

    The algorithm is CPython 3.11's (Fisher-Yates with rejection sampling on
    ``getrandbits``), written out so that logs stay identical and setup is cheaper.
    """

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        getrandbits = self.getrandbits
        for i in reversed(range(1, len(x))):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            x[i], x[j] = x[j], x[i]


def rng_for(s: GameState) -> random.Random:
    """The random generator for the next random outcome: derived from seed and draw count."""
    return SeededRandom(f"{s.seed}:{s.rng_count}")


def _clockwise_from(s: GameState, start: str) -> list[str]:
    i = s.order.index(start)
    return s.order[i:] + s.order[:i]


def destination(spec: GameSpec, s: GameState, ship: str) -> str:
    """Where a ship in play would land: its top destination token, else its printed zone."""
    st = s.ships[ship]
    return st.tokens[-1] if st.tokens else spec.ships[ship].destination


def room(spec: GameSpec, s: GameState, ship: str) -> int:
    """Free places aboard a ship in play."""
    return spec.cap[ship] - sum(s.ships[ship].crew.values())


def current_character(s: GameState) -> str | None:
    """The character being resolved now."""
    return s.char


def current_step(spec: GameSpec, s: GameState) -> C.CharacterStep | None:
    """The effect step being resolved now."""
    ch = current_character(s)
    if ch is None or s.step < 0:
        return None
    steps = spec.characters[ch].steps
    return steps[s.step] if s.step < len(steps) else None


# =============================================================================== setup


def setup_events(
    spec: GameSpec, colours: Sequence[str], seed: int, *, variant: str = "standard"
) -> tuple[GameState, Out]:
    """Set the game up (rulebook "Setup", steps 1-9) and return the state and its events.

    ``colours`` are the colours at the table, clockwise (``state.order`` keeps them).  With
    ``variant="two_player"`` pass four: ``[main A, main B, neutral A, neutral B]``.  The two
    players sit next to each other and each neutral colour sits across from its main colour
    (rule ``two_player.seating_order``), so the colour two seats after a main colour is its
    neutral colour, controlled by that main colour's player.

    Raises:
        MalformedIntent: unknown or repeated colours, or a player count the rules do not allow.
    """
    colours = list(colours)
    g = spec.content.game
    if variant not in ("standard", "two_player"):
        raise MalformedIntent("unknown_variant", "setup.colors",
                              f"unknown variant {variant!r} (standard or two_player)",
                              {"variant": variant})
    bad = [c for c in colours if c not in spec.colours]
    if bad or len(set(colours)) != len(colours):
        raise MalformedIntent(
            "bad_colours", "setup.colors", f"colours must be distinct, from {spec.colours}",
            {"colours": colours, "unknown": bad},
        )
    if variant == "two_player":
        if len(colours) != 4:
            raise MalformedIntent("bad_player_count", "two_player.setup",
                                  "the 2-player variant needs 4 colours", {"colours": colours})
        neutral = [False, False, True, True]  # neutral A across from main A, B from B
        controllers = [colours[0], colours[1], colours[0], colours[1]]
    else:
        if not 3 <= len(colours) <= g.players.max:
            raise MalformedIntent(
                "bad_player_count", "setup.colors",
                f"the standard game takes 3 to {g.players.max} players "
                "(2 players: the 2-player variant)", {"players": len(colours)},
            )
        neutral = [False] * len(colours)
        controllers = list(colours)
    s = GameState(ruleset=spec.ruleset, seed=seed, order=[], seats={})
    out: Out = []
    _emit(s, out, E.GameStarted(
        rule="two_player.seating_order" if variant == "two_player" else "setup.colors", seed=seed,
        variant=variant, colours=tuple(colours), controllers=tuple(controllers),
        neutral=tuple(neutral), hand=tuple(spec.countdown),
        astronauts=g.astronauts_per_colour, docks=len(colours), zones=spec.zones,
        token_supply=tuple(g.point_tokens.items()),
        dest_supply=tuple((z, g.destination_tokens_per_zone) for z in spec.zones),
    ))
    # 4. ships
    order = list(spec.ships)
    rng_for(s).shuffle(order)
    _emit(s, out, E.DeckShuffled(rule="setup.ships", deck="ships", order=tuple(order)))
    for dock in range(len(colours)):
        _emit(s, out, E.ShipDocked(rule="setup.ships", ship=s.ship_deck[0], dock=dock))
        while spec.ships[s.docks[dock] or ""].destination == UNKNOWN:
            unknown = s.docks[dock] or ""
            _emit(s, out, E.ShipReturned(rule="setup.ships.unknown", ship=unknown, dock=dock))
            _emit(s, out, E.ShipDocked(rule="setup.ships.unknown", ship=s.ship_deck[0], dock=dock))
            order = list(s.ship_deck)
            rng_for(s).shuffle(order)
            _emit(s, out, E.DeckShuffled(rule="setup.ships.unknown", deck="ships",
                                         order=tuple(order)))
    if spec.moon and not any(spec.ships[x].destination == spec.moon for x in s.docked()):
        _emit(s, out, E.DestinationTokenPlaced(
            rule="setup.ships.phobos_token", ship=s.docks[-1] or "", zone=spec.moon))
    # 6. starting astronauts, first player
    seats = list(colours)
    rng_for(s).shuffle(seats)
    _emit(s, out, StartingAstronautsPlaced(
        rule="setup.starting_astronauts",
        placement=tuple((s.docks[i] or "", c) for i, c in enumerate(seats))))
    _emit(s, out, E.FirstPlayerSet(  # a neutral colour may start: the tutor's reading
        rule="two_player.first_player" if s.seats[seats[0]].neutral else "setup.first_player",
        colour=seats[0]))
    # 7. resources
    bag = [r for r, n in g.resource_tokens.items() for _ in range(n)]
    rng_for(s).shuffle(bag)
    zones = list(spec.zones)
    _emit(s, out, E.ResourcesPlaced(
        rule="setup.resources", placement=tuple(zip(zones, bag, strict=False)),
        spare=bag[len(zones)] if len(bag) > len(zones) else None))
    # 8. missions
    missions = list(spec.missions)
    rng_for(s).shuffle(missions)
    _emit(s, out, E.DeckShuffled(rule="setup.missions", deck="missions", order=tuple(missions)))
    for c in _clockwise_from(s, s.first):
        if not s.seats[c].neutral:
            _emit(s, out, E.MissionsDealt(
                rule="two_player.missions" if variant == "two_player" else "setup.missions",
                colour=c, cards=tuple(s.mission_deck[:2])))
    if variant == "two_player":
        for c in colours:
            if s.seats[c].neutral:
                _prepare_neutral_deck(spec, s, out, c)
    _emit(s, out, E.StageChanged(rule="setup.missions", stage="missions"))
    return s, out


@dataclass(slots=True, kw_only=True)
class StartingAstronautsPlaced(E.Event):
    """Setup: one astronaut of each player randomly on each docked ship."""

    type = "starting_astronauts_placed"
    placement: tuple[tuple[str, str], ...]

    def apply(self, s: GameState) -> None:
        s.rng_count += 1
        for ship, colour in self.placement:
            s.seats[colour].supply -= 1
            s.ships[ship].crew[colour] = s.ships[ship].crew.get(colour, 0) + 1


E.EVENT_TYPES[StartingAstronautsPlaced.type] = StartingAstronautsPlaced


def _prepare_neutral_deck(spec: GameSpec, s: GameState, out: Out, colour: str) -> None:
    rng = rng_for(s)
    keep = [c for c in spec.countdown if c in TWO_PLAYER_KEEP]
    rest = [c for c in spec.countdown if c not in TWO_PLAYER_KEEP]
    rng.shuffle(rest)
    bottom = keep + rest[:2]
    rng.shuffle(bottom)
    top = rest[2:]
    rng.shuffle(top)
    _emit(s, out, E.DeckShuffled(rule="two_player.neutral_deck", deck=f"neutral:{colour}",
                                 order=tuple(top + bottom)))


def _form_event_deck(spec: GameSpec, s: GameState, out: Out) -> None:
    deck = list(spec.discoveries) + list(spec.actions) + list(s.mission_deck)
    rng_for(s).shuffle(deck)
    _emit(s, out, E.DeckShuffled(rule="setup.event_deck", deck="events", order=tuple(deck)))


# =============================================================================== advance


def advance(
    spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None = None
) -> None:
    """Run every automatic part of the game until a decision is needed or the game ends.

    ``found`` (optional) receives the legal intents of the decision the game stops at when
    computing them was needed anyway (a character step), so callers need not recompute them.
    """
    while True:
        stage = s.stage
        if stage == "missions":
            if any(seat.dealt for seat in s.seats.values()):
                return
            _form_event_deck(spec, s, out)
            _next_track(spec, s, out)
        elif stage == "choose":
            for c in s.order:
                seat = s.seats[c]
                if seat.neutral and seat.chosen is None and seat.drawn is None:
                    _neutral_draw(spec, s, out, c)
            if any(seat.chosen is None for seat in s.seats.values()):
                return
            _start_resolution(spec, s, out)
        elif stage == "resolve":
            if _advance_resolution(spec, s, out, found):
                return
        elif stage == "production":
            entry = spec.track[s.track_index]
            if entry.number == 3:
                _queue_actions(spec, s, out, "before_third_production", "actions_before")
            else:
                _produce(spec, s, out, entry.amount, third=False)
                _next_track(spec, s, out)
        elif stage in ("actions_before", "actions_after", "reveal_work"):
            if _advance_work(spec, s, out):
                return
            if stage == "actions_before":
                entry = spec.track[s.track_index]
                _produce(spec, s, out, entry.amount, third=True)
                _queue_actions(spec, s, out, "after_third_production", "actions_after")
            else:
                _next_track(spec, s, out)
        elif stage == "reveal_discoveries":
            _reveal_discoveries(spec, s, out)
        elif stage == "final_scoring":
            _final_scoring(spec, s, out)
        else:  # setup (never left half-way), over
            return


def _next_track(spec: GameSpec, s: GameState, out: Out) -> None:
    i = s.track_index + 1
    t = spec.track[i]
    rule = {"round": "round.advance", "production": "production.when",
            "reveal_discoveries": "discoveries.reveal_phase",
            "final_scoring": "scoring.final"}[t.kind]
    if s.track_index >= 0 and spec.track[s.track_index].kind == "production":
        rule = "production.advance"
    elif s.track_index >= 0 and spec.track[s.track_index].kind == "reveal_discoveries":
        rule = "discoveries.reveal_phase"  # "at the end of the phase, advance the tracker"
    _emit(s, out, E.TrackAdvanced(rule=rule, index=i, kind=t.kind, number=t.number))


def _neutral_draw(spec: GameSpec, s: GameState, out: Out, colour: str) -> None:
    seat = s.seats[colour]
    if not seat.deck:
        order = [c for c in spec.countdown if c not in seat.boxed]
        rng_for(s).shuffle(order)
        _emit(s, out, E.DeckShuffled(rule="two_player.neutral_recruiter",
                                     deck=f"neutral:{colour}", order=tuple(order)))
    card = seat.deck[0]
    _emit(s, out, E.NeutralCardDrawn(rule="two_player.neutral_draw", colour=colour, card=card))
    _emit(s, out, E.CharacterChosen(rule="two_player.neutral_draw", colour=colour, character=card))


def _start_resolution(spec: GameSpec, s: GameState, out: Out) -> None:
    seating = _clockwise_from(s, s.first)
    rank = {ch: i for i, ch in enumerate(spec.countdown)}
    # countdown 9 -> 1; equal numbers keep clockwise seating order (sorted is stable)
    order = sorted((c for c in seating if s.seats[c].chosen in rank),
                   key=lambda c: rank[s.seats[c].chosen or ""])
    _emit(s, out, E.ResolutionOrderSet(rule="round.countdown", order=tuple(order)))
    _emit(s, out, E.StageChanged(rule="round.countdown", stage="resolve"))


def _advance_resolution(
    spec: GameSpec, s: GameState, out: Out, found: list[list[I.Intent]] | None = None
) -> bool:
    """Resolve automatically as far as possible. True when a decision is needed."""
    while True:
        if s.cur is None:
            if not s.queue:
                _end_round(spec, s, out)
                return False
            colour = s.queue[0]
            ch = s.seats[colour].chosen
            if ch is not None:  # its number is called: every card with it is turned up
                group = [c for c in s.queue if s.seats[c].chosen == ch]
                for c in group:
                    _emit(s, out, E.CharacterRevealed(rule="round.countdown", colour=c,
                                                      character=ch))
                rule = "round.ties_clockwise" if len(group) > 1 else "round.countdown"
            else:  # revealed with an earlier player of the same number
                ch, rule = s.seats[colour].played[-1], "round.ties_clockwise"
            ev: E.Event = E.ResolutionStarted(rule=rule, colour=colour, character=ch)
            ev.apply(s)  # _emit, inlined on the hot path
            out.append(ev)
            continue
        colour = s.cur
        ch = s.char or ""
        char = spec.characters[ch]
        steps = char.steps
        st = steps[s.step] if 0 <= s.step < len(steps) else None  # current_step, inlined
        if st is not None and (s.left > 0 or s.held is not None):
            if found is not None and s.held is None:
                opts = _step_options(spec, s, colour, st, with_stop=True)
                if opts:
                    found.append(opts)
                    return True
            elif _has_options(spec, s, colour, st):
                return True
            why = _why_nothing(spec, s, colour, st)
            _emit(s, out, E.StepSkipped(
                rule="characters.travel_agent"  # all or nothing, whatever the reason
                if isinstance(st, C.BoardStep) and st.all_or_nothing
                else _SKIP_RULES.get(why, "characters.as_fully_as_possible"),
                colour=colour, character=ch, step=s.step, effect=st.effect, reason=why,
                left=s.left))
            continue
        nxt = s.step + 1
        if nxt >= len(char.steps):
            ev = E.ResolutionEnded(rule="round.top_to_bottom", colour=colour, character=ch)
            ev.apply(s)
            out.append(ev)
            cap = spec.cap
            full = [sid for sid in s.docks
                    if sid is not None and cap[sid] <= sum(s.ships[sid].crew.values())]
            for sid in full:
                _emit(s, out, E.ShipLaunched(rule="round.launch_after_effect", ship=sid))
            continue
        step = char.steps[nxt]
        count = spec.memo.get(("count", ch, nxt))
        if count is None:
            count = spec.memo[("count", ch, nxt)] = _step_count(step)
        ev = E.StepStarted(rule=_STEP_RULES.get(type(step), char.rule), colour=colour,
                           character=ch, step=nxt, effect=step.effect, count=count)
        ev.apply(s)
        out.append(ev)
        if type(step) is C.RecallStep:
            _recall(spec, s, out, colour, ch)


# a step whose rule is not the character's own (the Soldier's card rule is its kill)
_STEP_RULES: dict[type, str] = {C.BoardStep: "characters.placement",
                                C.KillStep: "characters.soldier.kill",
                                C.DropStep: "characters.soldier.move"}

_STEP_COUNT: dict[type, str | None] = {
    C.BoardStep: "count", C.MoveStep: "max_moves", C.KillStep: "count", C.DropStep: "max",
    C.RecallStep: None,
}


def _step_count(step: C.CharacterStep) -> int:
    """How many times a step acts (placements, moves, kills); 1 for single effects."""
    name = _STEP_COUNT.get(type(step), "")
    if name is None:
        return 0
    return int(getattr(step, name)) if name else 1


def _recall(spec: GameSpec, s: GameState, out: Out, colour: str, ch: str) -> None:
    seat = s.seats[colour]
    if seat.neutral:
        _emit(s, out, E.NeutralRecruiterBoxed(rule="two_player.neutral_recruiter", colour=colour,
                                              card=ch))
        order = [c for c in spec.countdown if c not in seat.boxed]
        rng_for(s).shuffle(order)
        _emit(s, out, E.DeckShuffled(rule="two_player.neutral_recruiter",
                                     deck=f"neutral:{colour}", order=tuple(order)))
    else:
        _emit(s, out, E.CardsRecalled(rule="characters.recruiter", colour=colour,
                                      cards=tuple(seat.played)))


def _end_round(spec: GameSpec, s: GameState, out: Out) -> None:
    for sid in list(s.launched):
        ship = s.ships[sid]
        zone: str | None = destination(spec, s, sid)
        if zone == UNKNOWN:
            zone = None
        crew = tuple(sorted(ship.crew.items()))
        _emit(s, out, E.ShipLanded(
            rule="round.land.token" if ship.tokens else "round.land", ship=sid, zone=zone,
            crew=crew, tokens=tuple(ship.tokens)))
        if zone is not None and crew:
            _flip(s, out, zone, "round.land.flip")
    for dock in range(len(s.docks)):
        if s.docks[dock] is None:
            if not s.ship_deck:
                order = list(s.ship_discard)
                rng_for(s).shuffle(order)
                _emit(s, out, E.DeckShuffled(rule="round.refill.reshuffle", deck="ships",
                                             order=tuple(order)))
            if s.ship_deck:
                _emit(s, out, E.ShipDocked(rule="round.refill", ship=s.ship_deck[0], dock=dock))
    first = s.last or s.first
    _emit(s, out, E.FirstPlayerSet(
        rule="two_player.first_player" if s.seats[first].neutral else
        "round.first_player.skipped_turn" if _whole_effect_skipped(spec, out, first) else
        "round.first_player", colour=first))
    _next_track(spec, s, out)


_AFTER_EFFECT = (E.StepStarted, E.ResolutionEnded, E.ShipLaunched, E.ShipLanded, E.ShipDocked,
                 E.ResourceFlipped, E.DeckShuffled)


def _whole_effect_skipped(spec: GameSpec, out: Out, colour: str) -> bool:
    """True when the round's last resolution (at the end of ``out``) was ``colour``'s and
    every step of it was skipped whole (e.g. a Travel Agent with no ship with room for three)."""
    for ev in reversed(out):
        if isinstance(ev, E.StepSkipped):
            if ev.step == 0:
                first = spec.characters[ev.character].steps[0]
                return ev.colour == colour and ev.left == _step_count(first)
        elif not isinstance(ev, _AFTER_EFFECT):
            return False
    return False


def _flip(s: GameState, out: Out, zone: str, rule: str) -> None:
    if not s.face_up[zone] and zone in s.resources:
        _emit(s, out, E.ResourceFlipped(rule=rule, zone=zone, resource=s.resources[zone]))


# =============================================================================== decisions


@dataclass(slots=True)
class Decision:
    """What the game waits for: who decides, what kind of decision, and under which rule."""

    kind: str
    colours: tuple[str, ...]
    rule: str
    left: int = 0
    character: str | None = None


def decision(spec: GameSpec, s: GameState) -> Decision | None:
    """The decision the game is waiting for, or None when the game is over."""
    if s.stage == "missions":
        two = any(seat.neutral for seat in s.seats.values())
        return Decision("keep_mission", tuple(c for c in s.order if s.seats[c].dealt),
                        "two_player.missions" if two else "setup.missions")
    if s.stage == "choose":
        return Decision("choose_character",  # a neutral colour draws, it never chooses
                        tuple(c for c in s.order if s.seats[c].chosen is None
                              and not s.seats[c].neutral), "round.choose")
    if s.stage == "resolve" and s.cur is not None:
        st = current_step(spec, s)
        ch = current_character(s)
        if s.held is not None:
            return Decision("assign_discovery", (s.cur,), "discoveries.assign", 1, ch)
        if st is not None:
            kind: str = st.effect
            if isinstance(st, C.DrawOrPeekStep) and s.done:
                kind = "peek"
            rule = spec.characters[ch or ""].rule
            if isinstance(st, C.KillStep):
                rule = "characters.soldier.kill"
            elif isinstance(st, C.DropStep):
                rule = "characters.soldier.move"
            elif isinstance(st, C.BoardStep):
                rule = "characters.placement"
            return Decision(kind, (s.cur,), rule, s.left, ch)
    if s.work:
        item = s.work[0]
        if item[0] == "action" and s.step == 0:  # whether to play it (rule actions.timing)
            return Decision("play_action", (item[1],), "actions.timing", 0, item[2])
        if item[0] == "action":
            fx = spec.actions[item[2]].effect
            return Decision(f"action:{fx.effect}", (item[1],), "actions.effect", s.left, item[2])
        return Decision("scatter", (item[1],), "discoveries.effect", s.left, item[2])
    return None


def legal_intents(spec: GameSpec, s: GameState, colour: str | None = None) -> list[I.Intent]:
    """Every legal intent now (for ``colour`` only, when given)."""
    if s.stage == "resolve" and s.cur is not None and s.held is None:  # hot path: a step
        st = current_step(spec, s)
        if st is not None:
            if colour is not None and colour != s.cur:
                return []
            return _step_options(spec, s, s.cur, st, with_stop=True)
    d = decision(spec, s)
    if d is None:
        return []
    out: list[I.Intent] = []
    for c in d.colours:
        if colour is None or c == colour:
            out.extend(_options(spec, s, c, d))
    return out


def _options(spec: GameSpec, s: GameState, c: str, d: Decision) -> list[I.Intent]:
    seat = s.seats[c]
    if d.kind == "keep_mission":
        return [I.KeepMission(c, m) for m in seat.dealt]
    if d.kind == "choose_character":
        memo = spec.memo
        out: list[I.Intent] = []
        for ch in seat.hand:
            choice = memo.get(("choose", c, ch))
            if choice is None:
                choice = memo[("choose", c, ch)] = I.ChooseCharacter(c, ch)
            out.append(choice)
        return out
    if d.kind == "assign_discovery":
        return [I.AssignDiscovery(c, z) for z in _free_discovery_zones(spec, s)]
    if d.kind == "scatter":
        zone = s.work[0][3]
        return [I.Move(c, zone, a) for a in spec.adjacent[zone]]
    if d.kind == "play_action":
        return [I.PlayAction(c, d.character or ""), I.KeepAction(c, d.character or "")]
    if d.kind.startswith("action:"):
        return _action_options(spec, s, c)
    st = current_step(spec, s)
    assert st is not None
    return _step_options(spec, s, c, st, with_stop=True)


def _has_options(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> bool:
    if s.held is not None:
        return True  # a drawn discovery always has a zone: full zones were handled on draw
    if type(st) is C.BoardStep:  # the commonest step: answer without listing
        n = s.left if st.all_or_nothing else 1
        if s.seats[c].supply < n:
            return False
        for sid in s.docked():
            if ((st.ships == "distinct" and sid in s.used)
                    or (st.ships == "same" and s.used and sid != s.used[0])
                    or room(spec, s, sid) < n):
                continue
            ship = s.ships[sid]
            if (spec.ships[sid].destination != UNKNOWN or ship.tokens or ship.crew
                    or any(v > 0 for v in s.dest_supply.values())):
                return True
        return False
    check = _HAS.get(type(st))
    if check is not None:
        return check(spec, s, c, st)
    return bool(_step_options(spec, s, c, st, with_stop=False))


# Fast answers to "is there any option?" per step type, without building intents.  Each must
# equal ``bool(_step_options(..., with_stop=False))`` (tests/property guard this).


def _has_move(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> bool:
    adjacent = spec.adjacent
    return any(counts.get(c) and adjacent[z] for z, counts in s.zones.items())


def _has_draw_or_peek(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> bool:
    if not s.done and s.event_deck:
        return True
    if not s.done and s.seats[c].neutral:  # a neutral Scientist only draws
        return False
    return not s.discoveries_revealed and any(z in s.discoveries for z in spec.zones)


def _has_launch(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> bool:
    assert isinstance(st, C.ForceLaunchStep)
    cap = spec.cap
    for sid in s.docks:
        if sid is not None:
            aboard = s.ships[sid].aboard()
            if aboard < cap[sid] and (st.allow_empty or aboard):
                return True
    return False


def _has_destroy(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> bool:
    return any(sid is not None for sid in s.docks)


def _has_kill(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> bool:
    assert isinstance(st, C.KillStep)
    for z, counts in s.zones.items():
        if counts and z not in st.exclude_zones and (st.allow_own or any(v != c for v in counts)):
            return True
    return False


def _has_drop(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> bool:
    assert isinstance(st, C.DropStep)
    return bool(s.zones[st.from_zone].get(c)) and any(z != st.from_zone for z in spec.mars)


def _has_token(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> bool:
    assert isinstance(st, C.TokenStep)
    if not any(n > 0 for n in s.dest_supply.values()):
        return False
    if "docked" in st.targets and any(sid is not None for sid in s.docks):
        return True
    return "launched" in st.targets and bool(s.launched)


_HAS: dict[type, Callable[[GameSpec, GameState, str, C.CharacterStep], bool]] = {
    C.MoveStep: _has_move, C.DrawOrPeekStep: _has_draw_or_peek, C.ForceLaunchStep: _has_launch,
    C.DestroyStep: _has_destroy, C.KillStep: _has_kill, C.DropStep: _has_drop,
    C.TokenStep: _has_token,
}


def _free_discovery_zones(spec: GameSpec, s: GameState) -> list[str]:
    return [z for z in spec.outer if z not in s.discoveries]


def _step_options(
    spec: GameSpec, s: GameState, c: str, st: C.CharacterStep, *, with_stop: bool
) -> list[I.Intent]:
    seat = s.seats[c]
    opts: list[I.Intent] = []
    memo = spec.memo  # prebuilt intents (immutable values, safe to share)
    if type(st) is C.BoardStep:
        n = s.left if st.all_or_nothing else 1
        if seat.supply < n:
            return []
        tokens: list[str] | None = None
        cap, in_play, used, mode = spec.cap, s.ships, s.used, st.ships
        for sid in s.docks:
            if sid is None:
                continue
            ship = in_play[sid]
            if cap[sid] - sum(ship.crew.values()) < n:  # room aboard
                continue
            if mode == "distinct" and sid in used:
                continue
            if mode == "same" and used and sid != used[0]:
                continue
            if spec.dest[sid] == UNKNOWN and not ship.tokens and not ship.crew:
                if tokens is None:
                    tokens = [z for z in spec.zones if s.dest_supply[z] > 0]
                opts.extend(I.Board(c, sid, n, z) for z in tokens)
            else:
                key = ("board", c, sid, n)
                board = memo.get(key)
                if board is None:
                    board = memo[key] = I.Board(c, sid, n)
                opts.append(board)
        return opts
    if type(st) is C.MoveStep:
        for z, counts in s.zones.items():
            if counts.get(c):
                moves = memo.get(("move", c, z))
                if moves is None:
                    moves = memo[("move", c, z)] = [I.Move(c, z, a) for a in spec.adjacent[z]]
                opts.extend(moves)
        if opts and with_stop and s.done >= st.min_moves:
            opts.append(I.Stop(c))
        return opts
    if type(st) is C.DrawOrPeekStep:
        if not s.done and s.event_deck:
            opts.append(I.DrawEvent(c))
        # two_player.neutral_scientist: a neutral Scientist draws; it looks at a discovery in
        # play only after discarding a drawn discovery that had no free zone (s.done)
        if not s.discoveries_revealed and (s.done or not seat.neutral):
            opts.extend(I.Peek(c, z) for z in spec.zones if z in s.discoveries)
        return opts
    if type(st) is C.ForceLaunchStep:
        for sid in s.docked():
            aboard = s.ships[sid].aboard()
            if aboard < spec.ships[sid].capacity and (st.allow_empty or aboard):
                opts.append(I.Launch(c, sid))
        return opts
    if type(st) is C.DestroyStep:
        return [I.Destroy(c, sid) for sid in s.docked()]
    if type(st) is C.ReplaceStep:
        if seat.supply < 1:
            return []
        places: list[tuple[str, dict[str, int]]] = []
        if "docked" in st.targets:
            places.extend((sid, s.ships[sid].crew) for sid in s.docked())
        if "launched" in st.targets:
            places.extend((sid, s.ships[sid].crew) for sid in s.launched)
        if "zone" in st.targets:
            places.extend(s.zones.items())
        for place, crew in places:
            if st.requires_presence and not crew.get(c):
                continue
            # a neutral colour may be made to replace its own astronauts (two_player rules)
            opts.extend(I.Replace(c, place, v) for v in crew if v != c or seat.neutral)
        return opts
    if type(st) is C.KillStep:
        for z, counts in s.zones.items():
            if z in st.exclude_zones:
                continue
            opts.extend(I.Kill(c, z, v) for v in counts if st.allow_own or v != c)
        return opts
    if type(st) is C.DropStep:
        if s.zones[st.from_zone].get(c):
            opts.extend(I.Drop(c, z) for z in spec.mars if z != st.from_zone)
        if opts and with_stop and s.done >= st.min:
            opts.append(I.Stop(c))
        return opts
    if type(st) is C.TokenStep:
        ships = []
        if "docked" in st.targets:
            ships.extend(s.docked())
        if "launched" in st.targets:
            ships.extend(s.launched)
        tokens = [z for z in spec.zones if s.dest_supply[z] > 0]
        if len(tokens) < len(spec.zones):
            return [I.PlaceToken(c, sid, z) for sid in ships for z in tokens]
        for sid in ships:  # every zone's token is available: prebuilt lists
            every = memo.get(("token", c, sid))
            if every is None:
                every = memo[("token", c, sid)] = [I.PlaceToken(c, sid, z) for z in spec.zones]
            opts.extend(every)
        return opts
    return opts


def _why_nothing(spec: GameSpec, s: GameState, c: str, st: C.CharacterStep) -> str:
    """The true reason why step ``st`` has no option left for ``c`` (a stable code; the
    sentences are in :mod:`mrp_tutor.explain`, tests/property checks them on every skip)."""
    seat = s.seats[c]
    if isinstance(st, C.BoardStep):
        n = s.left if st.all_or_nothing else 1
        if seat.supply < n:
            return "not_enough_astronauts_in_supply"
        roomy = [sid for sid in s.docked() if room(spec, s, sid) >= n]
        if not roomy:
            return "no_docked_ship_with_room"
        if st.ships == "distinct" and all(sid in s.used for sid in roomy):
            return "only_ship_with_room_already_used"
        return "no_destination_token_for_unknown_ship"
    if isinstance(st, C.MoveStep):
        if any(counts.get(c) for z, counts in s.zones.items() if z != spec.moon):
            return "nothing_possible"  # (never: every zone of Mars has a neighbour)
        return ("only_astronauts_on_phobos" if s.zones.get(spec.moon or "", {}).get(c)
                else "no_astronaut_on_mars_to_move")
    if isinstance(st, C.DrawOrPeekStep):
        if not s.done and seat.neutral:
            return "event_deck_empty_neutral_only_draws"
        if s.done:
            return "no_face_down_discovery_to_look_at"
        return "event_deck_empty_and_no_face_down_discovery"
    if isinstance(st, C.ReplaceStep) and seat.supply < 1:
        return "not_enough_astronauts_in_supply"
    if isinstance(st, C.TokenStep):
        if not any(n > 0 for n in s.dest_supply.values()):
            return "no_destination_token_left"
        return "no_ship_to_redirect"
    reasons = {
        "force_launch": "no_docked_ship_can_launch",
        "destroy_docked": "no_docked_ship",
        "replace": "no_astronaut_to_replace",
        "kill": "no_astronaut_to_kill",
        "drop_from": "no_astronaut_on_phobos",
    }
    return reasons.get(st.effect, "nothing_possible")


# a skip whose reason is a rule of its own cites that rule
_SKIP_RULES = {"event_deck_empty_neutral_only_draws": "two_player.neutral_scientist",
               "no_destination_token_for_unknown_ship": "destination_tokens.none_left"}


# =============================================================================== intents


def apply_intent(
    spec: GameSpec, s: GameState, intent: I.Intent, out: Out,
    found: list[list[I.Intent]] | None = None,
) -> None:
    """Turn a *legal* intent into events (in place), then advance to the next decision.

    ``found``: see :func:`advance`.
    """
    c = intent.colour
    if isinstance(intent, I.KeepMission):
        seat = s.seats[c]
        _emit(s, out, E.MissionKept(rule="setup.missions", colour=c, card=intent.card,
                                    returned=tuple(m for m in seat.dealt if m != intent.card)))
    elif isinstance(intent, I.ChooseCharacter):
        ev: E.Event = E.CharacterChosen(rule="round.choose", colour=c,
                                        character=intent.character)
        ev.apply(s)  # _emit, inlined for the two commonest intents
        out.append(ev)
    elif isinstance(intent, I.Board):
        if intent.token is not None:
            _emit(s, out, E.DestinationTokenPlaced(
                rule="destination_tokens.unknown_ship", ship=intent.ship, zone=intent.token,
                colour=c))
        ev = E.AstronautsBoarded(rule="characters.placement", colour=c, ship=intent.ship,
                                 count=intent.count)
        ev.apply(s)
        out.append(ev)
    elif isinstance(intent, I.Move):  # an Explorer move, or a discovery's forced move
        _emit(s, out, E.AstronautMoved(
            rule="discoveries.effect" if s.work else "characters.explorer", colour=c,
            from_zone=intent.from_zone, to_zone=intent.to_zone))
        _flip(s, out, intent.to_zone, "round.land.flip" if s.work else "characters.explorer.flip")
    elif isinstance(intent, I.Stop):
        st = current_step(spec, s)
        _emit(s, out, E.StepStopped(
            rule="characters.soldier.move" if isinstance(st, C.DropStep) else
            "characters.explorer" if st is not None else "actions.effect",
            colour=c, effect=st.effect if st is not None else "action", left=s.left))
    elif isinstance(intent, I.DrawEvent):
        card = s.event_deck[0]
        kind = spec.card_kind(card)
        _emit(s, out, E.EventCardDrawn(rule="characters.scientist", colour=c, card=card, kind=kind))
        if kind == "discovery" and not _free_discovery_zones(spec, s):
            _emit(s, out, E.DiscoveryDiscarded(rule="characters.scientist.no_zone", colour=c,
                                               card=card))
        elif kind != "discovery" and s.seats[c].neutral:
            _emit(s, out, E.EventCardBoxed(rule="two_player.neutral_scientist", colour=c,
                                           card=card))
    elif isinstance(intent, I.Peek):
        _emit(s, out, E.DiscoveryPeeked(rule="characters.scientist.peek", colour=c,
                                        zone=intent.zone, card=s.discoveries[intent.zone]))
    elif isinstance(intent, I.AssignDiscovery):
        _emit(s, out, E.DiscoveryAssigned(rule="discoveries.assign", colour=c, card=s.held or "",
                                          zone=intent.zone))
    elif isinstance(intent, I.Launch):
        _emit(s, out, E.ShipLaunched(rule="characters.secret_agent", ship=intent.ship,
                                     forced=True, colour=c))
    elif isinstance(intent, I.Destroy):
        ship = s.ships[intent.ship]
        tokens = tuple(ship.tokens)
        _emit(s, out, E.ShipDestroyed(rule="characters.saboteur", ship=intent.ship,
                                      killed=tuple(sorted(ship.crew.items())),
                                      tokens=tokens, colour=c))
        if tokens:  # (returned by ship_destroyed; this event records the reading)
            _emit(s, out, DestinationTokensReturned(rule="characters.saboteur.tokens",
                                                    ship=intent.ship, tokens=tokens))
    elif isinstance(intent, I.Replace):
        own = intent.victim == c  # only a neutral colour may do this
        _emit(s, out, E.AstronautReplaced(
            rule="two_player.neutral_decisions" if own else "characters.femme_fatale", colour=c,
            victim=intent.victim, place=intent.place))
    elif isinstance(intent, I.Kill):  # the Soldier, or an action card's kill
        _emit(s, out, E.AstronautKilled(
            rule="actions.effect" if s.work else "characters.soldier.kill", colour=c,
            victim=intent.victim, place=intent.zone))
    elif isinstance(intent, I.Drop):
        st = current_step(spec, s)
        assert isinstance(st, C.DropStep)
        _emit(s, out, E.AstronautMoved(rule="characters.soldier.move", colour=c,
                                       from_zone=st.from_zone, to_zone=intent.to_zone))
        _flip(s, out, intent.to_zone, "round.land.flip")
    elif isinstance(intent, I.PlaceToken):
        _emit(s, out, E.DestinationTokenPlaced(rule="characters.pilot", ship=intent.ship,
                                               zone=intent.zone, colour=c, pilot=True))
    elif isinstance(intent, I.Rescue):
        _emit(s, out, E.AstronautRescued(rule="actions.effect", colour=c, zone=intent.zone))
    elif isinstance(intent, I.PlayAction):
        _play_action(spec, s, out, tuple(s.work[0]))
    elif isinstance(intent, I.KeepAction):
        _emit(s, out, E.ActionKept(rule="actions.timing", colour=c, card=intent.card))
        # the card stays secret: the queue item is closed without naming it
        _emit(s, out, E.WorkDone(rule="actions.timing", item=("action", c, "", "")))
    advance(spec, s, out, found)


# =============================================================================== phase work


def _queue_actions(spec: GameSpec, s: GameState, out: Out, timing: str, stage: str) -> None:
    items = tuple(
        ("action", c, card, "")
        for c in _clockwise_from(s, s.first)
        for card in s.seats[c].actions
        if spec.actions[card].timing == timing
    )
    _emit(s, out, E.StageChanged(rule="events.actions", stage=stage))
    if items:
        _emit(s, out, E.WorkQueued(rule="events.actions", items=items))


def _advance_work(spec: GameSpec, s: GameState, out: Out) -> bool:
    """Run queued phase work. True when a decision is needed."""
    while s.work:
        item = tuple(s.work[0])
        kind, colour = item[0], item[1]
        if s.step == 0:  # not started
            if kind == "action":
                return True  # its holder decides whether to play it now (actions.timing)
            _emit(s, out, WorkStarted(rule="discoveries.effect", item=item,
                                      count=s.zones[item[3]].get(colour, 0)))
        if s.left > 0:
            opts = (_action_options(spec, s, colour) if kind == "action"
                    else [I.Move(colour, item[3], a) for a in spec.adjacent[item[3]]])
            if [o for o in opts if not isinstance(o, I.Stop)]:
                return True
        _emit(s, out, E.WorkDone(rule="discoveries.effect" if kind == "scatter"
                                 else "actions.effect", item=item))
    return False


def _play_action(spec: GameSpec, s: GameState, out: Out, item: tuple[str, ...]) -> None:
    """The holder plays the action card of queue ``item``: reveal it, then its effect (a
    gain at once; choices become the queue's decisions)."""
    colour, card = item[1], item[2]
    _emit(s, out, E.ActionPlayed(rule="events.actions", colour=colour, card=card))
    fx = spec.actions[card].effect
    if isinstance(fx, C.GainTokens):
        n = min(fx.count, s.token_supply[fx.resource])
        _emit(s, out, E.TokensGained(rule="actions.effect", colour=colour, resource=fx.resource,
                                     count=n, wanted=fx.count, card=card))
        _emit(s, out, E.WorkDone(rule="actions.effect", item=item))
        return
    count = fx.max if isinstance(fx, C.RescueFromMemorial) else fx.count
    _emit(s, out, WorkStarted(rule="actions.effect", item=item, count=count))


@dataclass(slots=True, kw_only=True)
class DestinationTokensReturned(E.Event):
    """The destination tokens of a destroyed ship go back to the supply (informative: the
    ship_destroyed event already returned them; this one cites the tutor reading)."""

    type = "destination_tokens_returned"
    ship: str
    tokens: tuple[str, ...]


E.EVENT_TYPES[DestinationTokensReturned.type] = DestinationTokensReturned


@dataclass(slots=True, kw_only=True)
class WorkStarted(E.Event):
    """A queued phase decision begins (e.g. an action card with choices)."""

    type = "work_started"
    item: tuple[str, ...]
    count: int

    def apply(self, s: GameState) -> None:
        s.left = self.count
        s.done = 0
        s.step = 1


E.EVENT_TYPES[WorkStarted.type] = WorkStarted


def _action_options(spec: GameSpec, s: GameState, c: str) -> list[I.Intent]:
    card = s.work[0][2]
    fx = spec.actions[card].effect
    opts: list[I.Intent] = []
    if isinstance(fx, C.RescueFromMemorial):
        if s.memorial.get(c):
            opts = [I.Rescue(c, z) for z, counts in s.zones.items() if counts.get(c)]
        if opts:
            opts.append(I.Stop(c))
    elif isinstance(fx, C.KillWherePresent):
        for z, counts in s.zones.items():
            if counts.get(c):
                opts.extend(I.Kill(c, z, v) for v in counts if v != c)
    return opts


# =============================================================================== production


def _production_mods(spec: GameSpec, s: GameState) -> dict[str, tuple[str, C.DiscoveryEffect]]:
    mods: dict[str, tuple[str, C.DiscoveryEffect]] = {}
    if not s.discoveries_revealed:
        return mods
    for zone, card in s.discoveries.items():
        d = spec.discoveries[card]
        if d.phase == "third_production":
            mods[zone] = (card, d.effect)
    return mods


def _produce(spec: GameSpec, s: GameState, out: Out, amount: int, *, third: bool) -> None:
    mods = _production_mods(spec, s) if third else {}
    blocked = {z for z, (_, fx) in mods.items() if isinstance(fx, C.NoProduction)}
    for zone in spec.zones:
        if not s.face_up[zone]:
            continue
        if zone in blocked:
            _emit(s, out, ProductionModified(rule="discoveries.effect", zone=zone,
                                             card=mods[zone][0], effect="no_production"))
            continue
        resource = s.resources[zone]
        n = amount
        if zone in mods:
            card, fx = mods[zone]
            if isinstance(fx, C.ProduceResourceInstead):
                resource = fx.resource
                _emit(s, out, ProductionModified(rule="discoveries.effect", zone=zone, card=card,
                                                 effect=fx.effect))
            elif isinstance(fx, C.ExtraProduction):
                n += fx.amount
                _emit(s, out, ProductionModified(rule="discoveries.effect", zone=zone, card=card,
                                                 effect=fx.effect))
        _make_tokens(s, out, zone, resource, n, "production.produce")
    for zone, (card, fx) in mods.items():
        if isinstance(fx, C.ExtraProductionAdjacent):
            for adj in spec.adjacent[zone]:
                if adj in blocked:
                    _emit(s, out, ProductionModified(
                        rule="discoveries.mining_vs_synergy", zone=adj, card=card,
                        effect="synergy_blocked"))
                elif s.face_up[adj]:
                    _make_tokens(s, out, adj, s.resources[adj], fx.amount, "discoveries.effect")
    for zone in spec.zones:
        _distribute(spec, s, out, zone, mods.get(zone))


def _make_tokens(s: GameState, out: Out, zone: str, resource: str, n: int, rule: str) -> None:
    have = s.token_supply[resource]
    _emit(s, out, E.TokensProduced(rule=rule if have >= n else "production.supply", zone=zone,
                                   resource=resource, count=min(n, have), wanted=n))


@dataclass(slots=True, kw_only=True)
class ProductionModified(E.Event):
    """A discovery changes what a zone produces or who wins it (informative)."""

    type = "production_modified"
    zone: str
    card: str
    effect: str


E.EVENT_TYPES[ProductionModified.type] = ProductionModified


def winners_of_zone(
    counts: dict[str, int], fx: C.DiscoveryEffect | None = None
) -> tuple[list[str], str]:
    """Who shares a zone's point tokens, and the rule id that decides it.

    >>> winners_of_zone({"red": 2, "blue": 1})
    (['red'], 'production.majority')
    >>> winners_of_zone({"red": 2, "blue": 2})
    (['red', 'blue'], 'production.tie')
    """
    if fx is None:  # the common case: plain majority
        most = max(counts.values(), default=0)
        if most <= 0:
            return [], "production.empty"
        best = [c for c, n in counts.items() if n == most]
        return best, "production.majority" if len(best) == 1 else "production.tie"
    present = {c: n for c, n in counts.items() if n > 0}
    if not present:
        return [], "production.empty"
    if isinstance(fx, C.CountAllTied):
        return list(present), "discoveries.even_uneven"
    if isinstance(fx, C.FewestWins):
        low = min(present.values())
        return [c for c, n in present.items() if n == low], "discoveries.even_uneven"
    top = max(present.values())
    leaders = [c for c, n in present.items() if n == top]
    if isinstance(fx, C.SecondMostTakes):
        if len(present) == 1:
            return [], "discoveries.subterfuge"
        if len(leaders) > 1:
            return leaders, "discoveries.subterfuge"
        rest = {c: n for c, n in present.items() if n < top}
        second = max(rest.values())
        return [c for c, n in rest.items() if n == second], "discoveries.subterfuge"
    return leaders, "production.majority" if len(leaders) == 1 else "production.tie"


def _distribute(
    spec: GameSpec, s: GameState, out: Out, zone: str,
    mod: tuple[str, C.DiscoveryEffect] | None,
) -> None:
    waiting = s.waiting[zone]
    if not waiting:
        return
    fx = mod[1] if mod else None
    leaders, rule = winners_of_zone(s.zones[zone], fx)
    leaders = [c for c in s.order if c in leaders]
    if not leaders:
        _emit(s, out, E.TokensStayed(rule=rule, zone=zone,
                                     resources=tuple(sorted(waiting.items())), reason=rule))
        return
    k = len(leaders)
    for resource, n in sorted(waiting.items()):
        share = n // k
        if share:
            for c in leaders:
                _emit(s, out, E.TokensAwarded(rule=rule, zone=zone, colour=c, resource=resource,
                                              count=share))
    if waiting:
        _emit(s, out, E.TokensStayed(rule="production.leftover", zone=zone,
                                     resources=tuple(sorted(waiting.items())), reason="tie"))


# =============================================================================== reveal


def _reveal_discoveries(spec: GameSpec, s: GameState, out: Out) -> None:
    _emit(s, out, E.DiscoveriesRevealed(rule="discoveries.reveal_phase",
                                        cards=tuple(sorted(s.discoveries.items()))))
    items: list[tuple[str, ...]] = []
    for zone in spec.zones:
        card = s.discoveries.get(zone)
        if card is None or spec.discoveries[card].phase != "reveal":
            continue
        fx = spec.discoveries[card].effect
        if isinstance(fx, C.RemoveEachPlayer):
            for c in _clockwise_from(s, s.first):
                for _ in range(min(fx.count, s.zones[zone].get(c, 0))):
                    _emit(s, out, E.AstronautRemoved(rule="discoveries.native_resistance.supply",
                                                     colour=c, zone=zone, to="supply", card=card))
        elif isinstance(fx, C.PullDocked):
            for sid in s.docked():
                crew = tuple(sorted(s.ships[sid].crew.items()))
                if crew:
                    _emit(s, out, E.AstronautsUnloaded(rule="discoveries.effect", ship=sid,
                                                       zone=zone, crew=crew, card=card))
                    _flip(s, out, zone, "round.land.flip")
        elif isinstance(fx, C.ScatterToAdjacent):
            items.extend(("scatter", c, card, zone) for c in _clockwise_from(s, s.first)
                         if s.zones[zone].get(c))
    _emit(s, out, E.StageChanged(rule="discoveries.timing", stage="reveal_work"))
    if items:
        _emit(s, out, E.WorkQueued(rule="discoveries.effect", items=tuple(items)))


# =============================================================================== scoring


def mission_points(spec: GameSpec, s: GameState, colour: str, card: str) -> tuple[bool, int, str]:
    """Evaluate a mission for ``colour``: (completed, points, short reason)."""
    fx = spec.missions[card].effect

    def zone_total(c: str, zones: Iterable[str]) -> int:
        return sum(s.zones[z].get(c, 0) for z in zones)

    def is_most(values: dict[str, int]) -> bool:
        mine = values[colour]
        return mine > 0 and mine >= max(values.values())

    if type(fx) is C.PresenceTable:
        k = sum(1 for z in fx.zones if s.zones[z].get(colour))
        pts = fx.table[k - 1] if k else 0
        return k > 0, pts, f"present in {k} of {len(fx.zones)} zones"
    if isinstance(fx, (C.MostAstronautsInZones, C.MostAstronautsInZone)):
        zones = fx.zones if isinstance(fx, C.MostAstronautsInZones) else [fx.zone]
        totals = {c: zone_total(c, zones) for c in s.order}
        ok = is_most(totals)
        best = max(totals.values())
        return ok, fx.points if ok else 0, f"{totals[colour]} astronauts (best {best})"
    if type(fx) is C.MostTokens:
        totals = {c: s.seats[c].tokens[fx.resource] for c in s.order}
        ok = is_most(totals)
        return ok, fx.points if ok else 0, f"{totals[colour]} {fx.resource} tokens"
    if type(fx) is C.AtLeastTokens:
        have = s.seats[colour].tokens[fx.resource]
        ok = have >= fx.count
        return ok, fx.points if ok else 0, f"{have} of {fx.count} {fx.resource} tokens"
    if type(fx) is C.PerAstronautCapped:
        where = s.memorial if fx.place == "memorial" else s.zones[fx.place]
        n = where.get(colour, 0)
        pts = min(n * fx.per, fx.cap)
        return n > 0, pts, f"{n} astronauts at {fx.place}"
    if type(fx) is C.PerZonePresence:
        k = sum(1 for z in spec.zones if s.zones[z].get(colour))
        return k > 0, k * fx.per, f"present in {k} zones"
    if type(fx) is C.AstronautsOnMarsAtLeast:
        n = zone_total(colour, spec.zones)
        ok = n >= fx.count
        return ok, fx.points if ok else 0, f"{n} of {fx.count} astronauts"
    if type(fx) is C.OneOfEachToken:
        ok = all(s.seats[colour].tokens[r] for r in C.RESOURCES)
        return ok, fx.points if ok else 0, "one of each token" if ok else "a token type missing"
    raise AssertionError(fx)  # pragma: no cover - the union is exhaustive


def discovery_points(spec: GameSpec, s: GameState, zone: str, card: str) -> dict[str, int]:
    """Points a final-scoring discovery gives each colour."""
    fx = spec.discoveries[card].effect
    counts = {c: n for c, n in s.zones[zone].items() if n > 0}
    if type(fx) is C.PresencePoints:
        return {c: fx.points for c in s.order if c in counts}
    if type(fx) is C.MajorityPoints:
        if not counts:
            return {}
        top = max(counts.values())
        return {c: fx.points for c in s.order if counts.get(c) == top}
    return {}


def _final_scoring(spec: GameSpec, s: GameState, out: Out) -> None:
    breakdown: dict[str, dict[str, int]] = {
        c: {"missions": 0, "ice_monopoly": 0, "tokens": 0, "discoveries": 0} for c in s.order}
    for c in s.order:
        for card in s.seats[c].missions:
            ok, pts, why = mission_points(spec, s, c, card)
            fx = spec.missions[card].effect
            rule = ("missions.red_zones" if isinstance(fx, C.PresenceTable) else
                    "missions.strategic_zones" if card == "strategic_zones" else
                    "missions.most_tie" if isinstance(fx, (C.MostTokens, C.MostAstronautsInZone,
                                                           C.MostAstronautsInZones))
                    else "missions.effect")
            _emit(s, out, E.MissionScored(rule=rule, colour=c, card=card, completed=ok,
                                          points=pts, detail=why))
            breakdown[c]["missions"] += pts
    ice = {c: s.seats[c].tokens["ice"] for c in s.order}
    top = max(ice.values())
    if top > 0:
        holders = tuple(c for c in s.order if ice[c] == top)
        each = spec.content.game.ice_monopoly.points // len(holders)
        _emit(s, out, E.IceMonopolyScored(
            rule="ice_monopoly.tie" if len(holders) > 1 else
            "two_player.ice_monopoly" if s.seats[holders[0]].neutral else "ice_monopoly.award",
            colours=holders, ice=top, points=each))
        for c in holders:
            breakdown[c]["ice_monopoly"] = each
    else:  # nobody holds ice: recorded, not silently skipped (tutor reading)
        _emit(s, out, E.IceMonopolyScored(rule="ice_monopoly.no_ice", colours=(), ice=0,
                                          points=0))
    for c in s.order:
        breakdown[c]["tokens"] = sum(spec.point_values[r] * n for r, n in s.seats[c].tokens.items())
    for zone in spec.zones:
        found = s.discoveries.get(zone)
        if found is None or spec.discoveries[found].phase != "final_scoring":
            continue
        card = found
        for c, pts in discovery_points(spec, s, zone, card).items():
            _emit(s, out, E.DiscoveryScored(rule="scoring.discoveries", colour=c, card=card,
                                            zone=zone, points=pts))
            breakdown[c]["discoveries"] += pts
    scores = {c: sum(b.values()) for c, b in breakdown.items()}
    counts = {c: sum(s.seats[c].tokens.values()) for c in s.order}
    winners, rule, losers_all = rank_winners(s, scores, counts)
    _emit(s, out, E.GameEnded(
        rule=rule, scores=tuple(scores.items()),
        breakdown=tuple((c, tuple(b.items())) for c, b in breakdown.items()),
        token_counts=tuple(counts.items()), winners=tuple(winners), losers_all=losers_all))


def rank_winners(
    s: GameState, scores: dict[str, int], counts: dict[str, int]
) -> tuple[list[str], str, bool]:
    """Winners by score, then number of point tokens, then shared (and the deciding rule).

    In the 2-player variant: a neutral colour on top means both players lose; a main colour
    beats a neutral colour it ties with.
    """
    best = max(scores.values())
    top = [c for c in s.order if scores[c] == best]
    if any(seat.neutral for seat in s.seats.values()):
        mains = [c for c in top if not s.seats[c].neutral]
        if not mains:
            return [], "two_player.winning", True
        if len(mains) < len(top):
            top = mains
            if len(top) == 1:
                return top, "two_player.tie_main_neutral", False
        if len(top) == 1:
            return top, "two_player.winning", False
        most = max(counts[c] for c in top)  # both main colours tie: count tokens, else share
        return [c for c in top if counts[c] == most], "two_player.tie_mains", False
    if len(top) == 1:
        return top, "scoring.final", False
    most = max(counts[c] for c in top)
    top2 = [c for c in top if counts[c] == most]
    return top2, "scoring.tie_break" if len(top2) == 1 else "scoring.shared", False


# =============================================================================== validation


def check_intent(spec: GameSpec, s: GameState, intent: I.Intent) -> MrpError | None:
    """Return the error that ``intent`` would raise now, or None if it is legal."""
    if s.stage == "over":
        return GameOver("game_over", "scoring.final", "the game is over", {})
    c = intent.colour
    if c not in s.seats:
        return MalformedIntent("unknown_colour", "setup.colors",
                               f"no colour {c!r} at this table", {"colour": c, "colours": s.order})
    legal = legal_intents(spec, s, c)
    if intent in legal:
        return None
    return diagnose(spec, s, intent, legal)


def diagnose(spec: GameSpec, s: GameState, intent: I.Intent, legal: list[I.Intent]) -> MrpError:
    """Explain why an intent is not legal: a typed error with code, rule and facts."""
    d = decision(spec, s)
    c = intent.colour
    if d is None or c not in d.colours:
        waiting = list(d.colours) if d else []
        return NotYourDecision(
            "not_your_decision", d.rule if d else "round.sequence",
            f"{c} has nothing to decide now; waiting for {', '.join(waiting) or 'nobody'}",
            {"colour": c, "waiting_for": waiting, "decision": d.kind if d else None,
             "character": d.character if d else None},
        )
    if (isinstance(intent, I.Peek) and s.seats[c].neutral and not s.done
            and isinstance(current_step(spec, s), C.DrawOrPeekStep)):
        return IllegalIntent(
            "neutral_scientist_draws", "two_player.neutral_scientist",
            "a neutral Scientist draws an event card; it does not look at a discovery",
            {"colour": c, "zone": intent.zone, "event_deck": len(s.event_deck)})
    kinds = sorted({type(x).type for x in legal})
    stopping = isinstance(intent, I.Stop) and current_step(spec, s) is not None
    if intent.type not in kinds and not stopping:
        return WrongPhase(
            "wrong_decision", d.rule,
            f"{c} must decide {d.kind} now, not {intent.type}",
            {"colour": c, "decision": d.kind, "expected": kinds, "got": intent.type,
             "character": d.character},
        )
    fact = _specific(spec, s, intent, d)
    if fact is not None:
        code, rule, msg, detail = fact
        return IllegalIntent(code, rule, msg, {"colour": c, **detail})
    alternatives = [I.format_intent(x) for x in legal[:12]]
    return IllegalIntent("not_legal", d.rule, f"{I.format_intent(intent)} is not legal now",
                         {"colour": c, "decision": d.kind, "legal": alternatives})


Fact = tuple[str, str, str, dict[str, object]]


def _specific(spec: GameSpec, s: GameState, it: I.Intent, d: Decision) -> Fact | None:
    c = it.colour
    seat = s.seats[c]
    st = current_step(spec, s)
    if isinstance(it, I.ChooseCharacter):
        if it.character not in spec.characters:
            return ("unknown_character", "round.choose", f"no character {it.character!r}",
                    {"character": it.character})
        if it.character in seat.played:
            return ("character_already_played", "round.played_cards",
                    f"{it.character} was already played and stays face up until a Recruiter",
                    {"character": it.character, "played": list(seat.played)})
        return ("character_not_in_hand", "round.played_cards", f"{it.character} is not in hand",
                {"character": it.character, "hand": list(seat.hand)})
    if isinstance(it, I.KeepMission):
        return ("mission_not_dealt", "setup.missions", f"{it.card} was not dealt to {c}",
                {"card": it.card})
    if isinstance(it, I.Board) and isinstance(st, C.BoardStep):
        if it.ship not in s.ships or s.ships[it.ship].launched:
            return ("ship_not_docked", "ships.docked_only", f"{it.ship} is not docked",
                    {"ship": it.ship, "docked": s.docked()})
        need = s.left if st.all_or_nothing else 1
        if seat.supply < it.count:
            return ("no_astronauts_in_supply", "components.astronauts",
                    f"{c} has {seat.supply} astronauts left", {"supply": seat.supply})
        if st.all_or_nothing and it.count != need:
            return ("must_place_all", "characters.travel_agent",
                    f"all {need} astronauts go on one ship at once",
                    {"count": it.count, "required": need})
        if it.count != need:
            return ("wrong_count", "characters.placement", f"place {need} astronaut(s) at a time",
                    {"count": it.count, "required": need})
        free = room(spec, s, it.ship)
        if free < it.count:
            return ("ship_full", "ships.capacity",
                    f"{it.ship} has room for {free} more, not {it.count}",
                    {"ship": it.ship, "room": free, "capacity": spec.capacity(it.ship),
                     "count": it.count})
        if st.ships == "distinct" and it.ship in s.used:
            return ("ship_already_used", spec.characters[d.character or ""].rule,
                    f"each astronaut goes on a different ship; {it.ship} already has one",
                    {"ship": it.ship, "used": list(s.used)})
        if st.ships == "same" and s.used and it.ship != s.used[0]:
            return ("must_use_same_ship", spec.characters[d.character or ""].rule,
                    f"all astronauts go on {s.used[0]}", {"ship": it.ship, "required": s.used[0]})
        ship = s.ships[it.ship]
        unknown = spec.ships[it.ship].destination == UNKNOWN and not ship.tokens and not ship.crew
        if unknown and not any(n > 0 for n in s.dest_supply.values()):
            return ("no_destination_token_left", "destination_tokens.none_left",
                    f"{it.ship} has an unknown destination and no destination token is left "
                    "to give it one", {"ship": it.ship})
        if unknown and it.token is None:
            return ("destination_token_required", "destination_tokens.unknown_ship",
                    f"{it.ship} has an unknown destination: the first astronaut aboard chooses a "
                    "destination token", {"ship": it.ship})
        if not unknown and it.token is not None:
            piloted = spec.ships[it.ship].destination == UNKNOWN and not ship.crew
            return ("destination_token_not_allowed", "destination_tokens.unknown_after_pilot"
                    if piloted else "destination_tokens.use",
                    f"{it.ship} needs no destination token from this placement",
                    {"ship": it.ship, "token": it.token})
        if it.token is not None and s.dest_supply.get(it.token, 0) <= 0:
            return ("destination_token_unavailable", "destination_tokens.supply_limit",
                    f"no {it.token} destination token is left in the supply",
                    {"token": it.token})
    if isinstance(it, I.Move) and not s.work:
        if it.from_zone not in s.zones or it.to_zone not in s.zones:
            return ("unknown_zone", "characters.explorer", "unknown zone",
                    {"from": it.from_zone, "to": it.to_zone})
        if not s.zones[it.from_zone].get(c):
            return ("no_astronaut_there", "characters.explorer",
                    f"{c} has no astronaut in {it.from_zone}", {"zone": it.from_zone})
        if it.to_zone not in spec.adjacent[it.from_zone]:
            rule = "phobos.no_adjacency" if spec.moon in (it.from_zone, it.to_zone) else (
                "characters.explorer")
            return ("not_adjacent", rule, f"{it.from_zone} is not adjacent to {it.to_zone}",
                    {"from": it.from_zone, "to": it.to_zone,
                     "adjacent": list(spec.adjacent[it.from_zone])})
    if isinstance(it, I.Kill) and isinstance(st, C.KillStep):
        if it.zone in st.exclude_zones:
            return ("zone_protected", "characters.soldier.kill",
                    f"no astronaut can be killed in {it.zone}", {"zone": it.zone})
        if it.zone not in s.zones or not s.zones[it.zone].get(it.victim):
            return ("no_astronaut_there", "characters.soldier.kill",
                    f"{it.victim} has no astronaut in {it.zone}",
                    {"zone": it.zone, "victim": it.victim})
    if isinstance(it, I.Replace) and isinstance(st, C.ReplaceStep):
        crew = s.ships[it.place].crew if it.place in s.ships else s.zones.get(it.place)
        if crew is None:
            return ("bad_place", "characters.femme_fatale", f"{it.place} is not a zone or ship "
                    "in play", {"place": it.place})
        if it.victim == c and not seat.neutral:
            return ("cannot_replace_own", "characters.femme_fatale",
                    "the Femme Fatale replaces another player's astronaut", {"place": it.place})
        if st.requires_presence and not crew.get(c):
            return ("presence_required", "characters.femme_fatale",
                    f"{c} has no astronaut at {it.place}", {"place": it.place})
        if not crew.get(it.victim):
            return ("no_astronaut_there", "characters.femme_fatale",
                    f"{it.victim} has no astronaut at {it.place}",
                    {"place": it.place, "victim": it.victim})
    if isinstance(it, I.Launch | I.Destroy):
        rule = "characters.secret_agent" if isinstance(it, I.Launch) else "characters.saboteur"
        if it.ship not in s.ships or s.ships[it.ship].launched:
            return ("ship_not_docked", rule, f"{it.ship} is not docked",
                    {"ship": it.ship, "docked": s.docked()})
        if isinstance(it, I.Launch) and room(spec, s, it.ship) <= 0:
            return ("ship_already_full", rule, f"{it.ship} is full and launches anyway",
                    {"ship": it.ship})
    if isinstance(it, I.Drop) and isinstance(st, C.DropStep):
        if it.to_zone not in spec.mars:
            return ("drop_target_invalid", "characters.soldier.move",
                    f"astronauts from {st.from_zone} go to a zone of Mars", {"zone": it.to_zone})
        return ("no_astronaut_there", "characters.soldier.move",
                f"{c} has no astronaut on {st.from_zone}", {"zone": st.from_zone})
    if isinstance(it, I.Stop):
        rule = ("characters.soldier.move" if isinstance(st, C.DropStep) else
                "characters.explorer.at_least_one" if isinstance(st, C.MoveStep) else
                "characters.mandatory")
        return ("must_continue", rule, "this effect cannot be stopped now",
                {"decision": d.kind, "done": s.done})
    if isinstance(it, I.PlaceToken):
        if it.ship not in s.ships:
            return ("ship_not_in_play", "characters.pilot",
                    f"{it.ship} is neither docked nor launched", {"ship": it.ship})
        if s.dest_supply.get(it.zone, 0) <= 0:
            return ("destination_token_unavailable", "destination_tokens.supply_limit",
                    f"no {it.zone} destination token is left in the supply", {"token": it.zone})
    if isinstance(it, I.AssignDiscovery):
        if it.zone not in spec.outer:
            rule = "phobos.no_discovery" if it.zone == spec.moon else "discoveries.allowed_zones"
            return ("discovery_zone_forbidden", rule,
                    f"discoveries cannot be assigned to {it.zone}", {"zone": it.zone})
        return ("discovery_zone_taken", "discoveries.one_per_zone",
                f"{it.zone} already has a discovery", {"zone": it.zone})
    if isinstance(it, I.Peek):
        return ("no_discovery_there", "characters.scientist.peek",
                f"no face-down discovery in {it.zone}", {"zone": it.zone})
    if isinstance(it, I.DrawEvent):
        return ("cannot_draw", "characters.scientist.no_zone",
                "the Scientist now looks at a discovery in play instead", {})
    return None


# =============================================================================== facade


@dataclass(slots=True)
class Outcome:
    """Result of :func:`step`: the new state and the events that produced it."""

    state: GameState
    events: list[E.Event]


def step(spec: GameSpec, state: GameState, intent: I.Intent) -> Outcome:
    """Pure step: validate ``intent`` and return the new state and events (input unchanged).

    Raises:
        IllegalIntent: (and its subclasses) with a stable code, the rule id and the facts.
        MalformedIntent: the intent names an unknown colour.
    """
    err = check_intent(spec, state, intent)
    if err is not None:
        raise err
    new = state.clone()
    out: Out = []
    apply_intent(spec, new, intent, out)
    return Outcome(new, out)


class Game:
    """A game in progress: spec, current state and the full event log.

    >>> from mrp_tutor.engine import load_spec
    >>> g = Game.new(load_spec(), ["red", "blue", "green"], seed=1)
    >>> g.decision().kind
    'keep_mission'
    """

    __slots__ = ("_legal", "log", "spec", "state")

    def __init__(self, spec: GameSpec, state: GameState, log: list[E.Event]) -> None:
        self.spec = spec
        self.state = state
        self.log = log
        self._legal: list[I.Intent] | None = None

    @classmethod
    def new(
        cls, spec: GameSpec, colours: Sequence[str], seed: int, *, variant: str = "standard"
    ) -> Game:
        """Set up a new game (all 9 setup steps) and run to the first decision."""
        state, log = setup_events(spec, colours, seed, variant=variant)
        advance(spec, state, log)
        return cls(spec, state, log)

    def decision(self) -> Decision | None:
        """What the game waits for."""
        return decision(self.spec, self.state)

    def legal_intents(self, colour: str | None = None) -> list[I.Intent]:
        """Every legal intent now (computed once per position)."""
        if self._legal is None:
            self._legal = legal_intents(self.spec, self.state)
        if colour is None:
            return list(self._legal)
        return [x for x in self._legal if x.colour == colour]

    def check(self, intent: I.Intent) -> MrpError | None:
        """The error ``intent`` would raise, or None."""
        if self.state.stage != "over" and intent in self.legal_intents():
            return None
        return check_intent(self.spec, self.state, intent)

    def play(self, intent: I.Intent, *, trusted: bool = False) -> list[E.Event]:
        """Apply ``intent`` in place; return the new events.

        ``trusted=True`` skips validation: only for intents taken from :meth:`legal_intents`.

        Raises:
            IllegalIntent: the intent is not legal now (nothing changes).
        """
        if not trusted:
            err = self.check(intent)
            if err is not None:
                raise err
        start = len(self.log)
        before = self._legal
        self._legal = None
        s = self.state
        choosing = s.stage == "choose" and isinstance(intent, I.ChooseCharacter)
        track = s.track_index
        found: list[list[I.Intent]] = []
        apply_intent(self.spec, s, intent, self.log, found)
        if found:
            self._legal = found[-1]
        elif choosing and before is not None and s.stage == "choose" and s.track_index == track:
            # still choosing: the others' options are unchanged (their hands did not move)
            c = intent.colour
            self._legal = [x for x in before if x.colour != c]
        return self.log[start:]

    def advance(self) -> list[E.Event]:
        """Run the automatic part of the game (production, reveals, scoring, a step with
        nothing possible left) until a decision is needed; return the new events.

        For positions entered at such a point (scenarios, referee edits); :meth:`play` already
        advances after every intent.
        """
        start = len(self.log)
        self._legal = None
        advance(self.spec, self.state, self.log)
        return self.log[start:]

    @property
    def over(self) -> bool:
        """True when final scoring is done."""
        return self.state.stage == "over"

    def copy(self) -> Game:
        """A fork of this game (structural copy; the log is shared up to here)."""
        return Game(self.spec, self.state.clone(), list(self.log))


def replay(spec: GameSpec, log: Sequence[E.Event], *, source: str = "log") -> GameState:
    """Rebuild a state from an event log alone (no random generator involved).

    The log is untrusted: :func:`.checks.checked_replay` refuses, with a located
    :class:`ContentError`, an event that cannot happen or a state that breaks a rule.
    """
    from .checks import checked_replay

    return checked_replay(spec, log, source)


def play_out(
    game: Game, choose: Callable[[Game, list[I.Intent]], I.Intent], *, max_decisions: int = 100000,
    on_step: Callable[[Game], None] | None = None,
) -> Game:
    """Play ``game`` to the end, letting ``choose`` pick each decision from the legal ones.

    ``on_step`` (if given) sees the game before every decision and once at the end.
    """
    n = 0
    while not game.over:
        if on_step is not None:
            on_step(game)
        legal = game.legal_intents()
        if not legal:
            raise AssertionError(f"no legal intent in stage {game.state.stage}")
        game.play(choose(game, legal), trusted=True)
        n += 1
        if n > max_decisions:
            raise AssertionError("game did not end")
    if on_step is not None:
        on_step(game)
    return game
