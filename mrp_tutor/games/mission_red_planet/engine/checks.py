"""Rule checks of a whole game state, and a replay that refuses impossible event logs.

:func:`table_problems` is the one validation of a table position, ruleset-aware: every
problem as ``(field, sentence, rule id)``, the rule cited as the state's ruleset cites it.
It finds everything in a state that no game played by the rules can reach: unknown colours,
zones, ships and cards; negative counts; astronauts, point tokens, destination tokens,
resource tokens and cards that do not add up; a stage that does not match the round tracker;
a resolution pointing at a step the character does not have; what the rules never leave on
the table and impossible histories (:mod:`.reachable`: a full ship still docked, more cards
played than rounds or dealt than the ruleset deals).  :func:`state_problems` gives the same
problems as located sentences (``field: what is wrong (rule id)``).  Their users: the
engine's own boundaries (:func:`state_from_dict`, :func:`checked_replay`), the
scenario loader and so table files and share codes
(:mod:`mrp_tutor.games.mission_red_planet.scenarios.position`),
the referee's edits and rulings; never the engine's hot path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from mrp_tutor.games.mission_red_planet.engine import codec
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import cite
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError, MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.reachable import history, resolution, unreachable
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

if TYPE_CHECKING:
    from mrp_tutor.games.mission_red_planet.engine.rulesets import Rules

RESOURCE_NAMES = ("ice", "sylvanite", "celerium")
# Stages each kind of round-tracker entry can be in (track_index -1: before round 1).
STAGES_OF_KIND: dict[str, tuple[str, ...]] = {
    "setup": ("setup", "missions"),
    "round": ("choose", "resolve"),
    "production": ("production", "actions_before", "actions_after"),
    "reveal_discoveries": ("reveal_discoveries", "reveal_work"),
    "final_scoring": ("final_scoring", "over"),
}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


class _P:
    """Collects located problems: (field, sentence, rule id as the ruleset cites it)."""

    def __init__(self, rules: Rules | None = None) -> None:
        self.found: list[tuple[str, str, str]] = []
        self.unknown = False  # an id is unknown: totals would only repeat it
        self.rules = rules  # the state's ruleset: its own rule ids are cited (Rules.cite)

    @property
    def items(self) -> list[str]:
        return [f"{field}: {message} (rule {rule})" for field, message, rule in self.found]

    def add(self, field: str, message: str, rule: str) -> None:
        if self.rules is not None:
            rule = self.rules.cite(rule)
        self.found.append((field, message, rule))

    def known(self, field: str, value: Any, ids: Iterable[str], what: str, rule: str) -> bool:
        if isinstance(value, str) and value in ids:
            return True
        self.unknown = True
        self.add(field, f"unknown {what} {_short(value)}", rule)
        return False

    def counts(self, field: str, d: dict[str, int], ids: Iterable[str], what: str,
               rule: str) -> None:
        for k, n in d.items():
            if self.known(f"{field}.{k}", k, ids, what, rule) and n < 0:
                self.add(f"{field}.{k}", f"a count cannot be negative ({n})", rule)


def state_problems(spec: GameSpec, s: GameState) -> list[str]:
    """Every rule the state breaks, located (empty when it is a position the game can reach):
    :func:`table_problems` as sentences ``field: what is wrong (rule id)``."""
    return [f"{field}: {message} (rule {rule})" for field, message, rule in
            table_problems(spec, s)]


def table_problems(spec: GameSpec, s: GameState) -> list[tuple[str, str, str]]:
    """The one validation of a table position: every reason why no game played by the
    state's ruleset reaches ``s``, as ``(field, sentence, rule id)`` (empty: reachable)."""
    from mrp_tutor.games.mission_red_planet.engine.rulesets import ALIASES, RULESETS

    rules = RULESETS.get(ALIASES.get(s.ruleset, s.ruleset))
    p = _P(rules)
    if rules is None:
        p.add("ruleset", f"{_short(s.ruleset)} is not a registered ruleset "
              f"({', '.join(RULESETS)})", "setup.colors")
    elif rules.data != spec.ruleset:
        p.add("ruleset", f"{_short(s.ruleset)} plays with the data {rules.data!r}, not "
              f"{spec.ruleset!r} of this game", "setup.colors")
    if not _table(spec, s, p):
        return p.found  # without a table nothing else can be checked
    _tracker(spec, s, p)
    if s.readings:  # the table's chosen readings (engine/readings.py)
        from mrp_tutor.games.mission_red_planet.engine.readings import reading_problems

        for problem in reading_problems(spec, list(s.readings)):
            p.add("readings", problem.removeprefix("readings: "), "readings.table")
    # the cards missions are dealt from: the ruleset's (first_edition deals
    # three event cards each from all of them)
    pool = rules.mission_pool(spec) if rules is not None else list(spec.missions)
    _places(spec, s, p, pool)
    _seats(spec, s, p, pool)
    if rules is not None:  # the ruleset's own state (ability sheets, windows)
        for field, message, rule in rules.state_problems(spec, s):
            p.add(field, message, rule)
    if not p.unknown:  # totals only mean something when every id is known
        _totals(spec, s, p)
        for field, message, rule in [*unreachable(spec, s), *history(spec, s, rules)]:
            p.add(field, message, rule)
    resolution(spec, s, p)
    return p.found


def _rules(s: GameState) -> Rules | None:
    """The ruleset a state records (None: not a registered one)."""
    from mrp_tutor.games.mission_red_planet.engine.rulesets import ALIASES, RULESETS

    return RULESETS.get(ALIASES.get(s.ruleset, s.ruleset))


def _standard() -> Rules:
    """The default rules (what a state of an unknown ruleset is checked against)."""
    from mrp_tutor.games.mission_red_planet.engine.rulesets import DEFAULT, RULESETS

    return RULESETS[DEFAULT]


def colour_counts(rules: Rules | None, most: int) -> set[int]:
    """How many colours the ruleset seats (its player counts, each with the colours it needs:
    the 2-player variant's four), at most ``most`` players of the data."""
    if rules is None:
        return set(range(3, most + 1))
    lo, hi = rules.players
    return {rules.colours_needed(n) for n in range(lo, min(hi, most) + 1)}


def check_state(spec: GameSpec | None, s: GameState, source: str = "state") -> None:
    """Raise :class:`ContentError` (located sentences) when the state breaks a rule.

    ``spec`` defaults to the spec of the ruleset the state records.
    """
    if spec is None:
        from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset

        try:
            spec = find_ruleset(s.ruleset).spec()
        except ContentError as err:
            raise ContentError(source, [p if p.startswith("ruleset") else f"ruleset: {p}"
                                        for p in err.problems]) from None
        except MalformedIntent as err:
            raise ContentError(source, [f"ruleset: {err.message}"]) from None
    problems = state_problems(spec, s)
    if problems:
        raise ContentError(source, problems)


def state_from_dict(data: Any, *, source: str = "state", spec: Any = None) -> GameState:
    """Validate a dict (e.g. parsed JSON) into a :class:`GameState` the rules can reach.

    ``spec`` (a :class:`~.spec.GameSpec`) defaults to the spec of the state's ruleset.  (Here,
    not in :mod:`.state`: the state model imports no rule check.)

    Raises:
        ContentError: the data does not have the shape of a state, or breaks a rule of the
            game (located sentences from :func:`state_problems`).
    """
    from mrp_tutor.core.loader import check_tree

    check_tree(data, source)
    state, problems = codec.validate(GameState, data)
    if state is None:
        raise ContentError(source, problems)
    check_state(spec, state, source)
    return state


# ------------------------------------------------------------------------------ the table


def _table(spec: GameSpec, s: GameState, p: _P) -> bool:
    g = spec.content.game
    ok = True
    for i, c in enumerate(s.order):
        ok = p.known(f"order[{i}]", c, spec.colours, "colour", "setup.colors") and ok
    if len(set(s.order)) != len(s.order):
        p.add("order", "a colour sits twice at the table", "setup.colors")
        ok = False
    rules = _rules(s)
    seated = colour_counts(rules, g.players.max)
    if len(s.order) not in seated:
        p.add("order", f"{len(s.order)} colours: the {(rules or _standard()).name} "
              f"rules seat {min(seated)} to {max(seated)} colours", "overview.players")
        ok = False
    if sorted(s.seats) != sorted(s.order):
        p.add("seats", "the seats are not the colours at the table", "setup.colors")
        ok = False
    wrong = (rules or _standard()).controller_problems(s)
    for c, seat in s.seats.items():
        if seat.colour != c:
            p.add(f"seats.{c}.colour", f"the seat of {c} says {_short(seat.colour)}",
                  "setup.colors")
            ok = False
        if wrong.get(c) == "cannot":
            p.add(f"seats.{c}.controller", f"{_short(seat.controller)} cannot decide for {c} "
                  "(a player decides for their own colour and, in the 2-player variant, for one "
                  "neutral colour)", "two_player.seating_order")
            ok = False
        elif wrong.get(c) == "absent":
            p.add(f"seats.{c}.controller", f"{_short(seat.controller)} is not at the table",
                  "two_player.seating_order")
            ok = False
    if ok and rules is not None and len(s.order) in seated:  # neutral colours: as the ruleset
        have, want = rules.seating_mismatch(spec, s)           # seats them, or none at all
        if have != want:
            p.add("seats", f"neutral colours {have or 'none'}; the {rules.name} rules seat "
                  f"{want or 'none'}", rules.seating_rule)
            ok = False
    if len(s.docks) != len(s.order):
        p.add("docks", f"{len(s.docks)} docks for {len(s.order)} colours (one dock per colour)",
              "setup.launchpad")
        ok = False
    for name in ("zones", "waiting", "face_up"):
        if sorted(getattr(s, name)) != sorted(spec.zones):
            p.add(name, "the zones are not the zones of the board", "components.board")
            ok = False
    if sorted(s.dest_supply) != sorted(spec.zones):
        p.add("dest_supply", "one destination token pile per zone",
              "destination_tokens.supply_limit")
        ok = False
    if sorted(s.token_supply) != sorted(RESOURCE_NAMES):
        p.add("token_supply", "one point token pile per resource", "components.point_tokens")
        ok = False
    return ok


def _tracker(spec: GameSpec, s: GameState, p: _P) -> None:
    if not -1 <= s.track_index < len(spec.track):
        p.add("track_index", f"{s.track_index} is not on the round tracker (-1..."
              f"{len(spec.track) - 1})", "round.advance")
        return
    kind = spec.track[s.track_index].kind if s.track_index >= 0 else "setup"
    if s.stage not in STAGES_OF_KIND[kind]:
        p.add("stage", f"{_short(s.stage)} cannot happen at this point of the round tracker "
              f"({kind})", "round.sequence")
    rounds = [t.number for t in spec.track[: s.track_index + 1] if t.kind == "round"]
    want = rounds[-1] if rounds else 0
    if s.round != want:
        p.add("round", f"round {s.round}, but the round tracker is at round {want}",
              "overview.rounds")
    reveal = [i for i, t in enumerate(spec.track) if t.kind == "reveal_discoveries"]
    if reveal and s.discoveries_revealed != (s.track_index >= reveal[0]) and (
            s.track_index != reveal[0]):
        p.add("discoveries_revealed", "discoveries are face down until the reveal phase after "
              "the last round, and face up from then on", "discoveries.reveal_phase")
    if s.rng_count < 0:
        p.add("rng_count", "a count cannot be negative", "setup.colors")
    if (s.result is None) == (s.stage == "over"):
        p.add("result", "a game has a result exactly when it is over", "scoring.final")
    if s.first not in s.order and s.stage != "setup":
        p.add("first", f"{_short(s.first)} is not at the table", "setup.first_player")
    if s.last is not None:
        p.known("last", s.last, s.order, "colour", "round.first_player")


# ------------------------------------------------------------------------------ places


def _places(spec: GameSpec, s: GameState, p: _P, pool: list[str]) -> None:
    colours = s.order
    rules = _rules(s)
    for z, counts in s.zones.items():
        p.counts(f"zones.{z}", counts, colours, "colour", "components.astronauts")
    for z, toks in s.waiting.items():
        p.counts(f"waiting.{z}", toks, RESOURCE_NAMES, "resource", "components.point_tokens")
    p.counts("memorial", s.memorial, colours, "colour", "memorial.killed")
    p.counts("token_supply", s.token_supply, RESOURCE_NAMES, "resource",
             "components.point_tokens")
    p.counts("dest_supply", s.dest_supply, spec.zones, "zone", "destination_tokens.supply_limit")
    for z, r in s.resources.items():
        if p.known(f"resources.{z}", z, spec.zones, "zone", "components.board"):
            p.known(f"resources.{z}", r, RESOURCE_NAMES, "resource", "components.resource_tokens")
    if s.spare_resource is not None:
        p.known("spare_resource", s.spare_resource, RESOURCE_NAMES, "resource",
                "components.resource_tokens")
    for z, card in s.discoveries.items():
        if p.known(f"discoveries.{z}", z, spec.outer, "outer zone", "discoveries.allowed_zones"):
            p.known(f"discoveries.{z}", card, spec.discoveries, "discovery card",
                    "components.event_cards")
    # ships: docked, launched and in play are the same cards
    for sid, ship in s.ships.items():
        field = f"ships.{sid}"
        if not p.known(field, sid, spec.ships, "ship", "components.ship_cards"):
            continue
        if ship.id != sid:
            p.add(f"{field}.id", f"the ship card says {_short(ship.id)}", "components.ship_cards")
        p.counts(f"{field}.crew", ship.crew, colours, "colour", "components.astronauts")
        for j, z in enumerate(ship.tokens):
            p.known(f"{field}.tokens[{j}]", z, spec.zones, "zone", "destination_tokens.use")
        if ship.aboard() > spec.cap[sid] and not (rules is not None
                                                   and rules.may_overfill(s, ship)):
            p.add(f"{field}.crew", f"{ship.aboard()} astronauts aboard a ship of capacity "
                  f"{spec.cap[sid]}", "ships.capacity")
        if ship.launched != (sid in s.launched):
            p.add(f"{field}.launched", "does not match the launched ships", "round.launch_full")
    docked = [x for x in s.docks if x is not None]
    for i, dock in enumerate(s.docks):
        if dock is not None and (dock not in s.ships or s.ships[dock].launched):
            p.add(f"docks[{i}]", f"{_short(dock)} is not a docked ship in play", "setup.launchpad")
    for i, sid in enumerate(s.launched):
        if sid not in s.ships:
            p.add(f"launched[{i}]", f"{_short(sid)} is not a ship in play", "round.launch_full")
    if sorted([*docked, *s.launched]) != sorted(s.ships):
        p.add("ships", "every ship in play is either at one dock or launched", "setup.launchpad")
    for name in ("ship_deck", "ship_discard"):
        for i, sid in enumerate(getattr(s, name)):
            p.known(f"{name}[{i}]", sid, spec.ships, "ship", "components.ship_cards")
    for name, ids, what in (("event_deck", None, "event card"),
                            ("mission_deck", pool, "mission card"),
                            ("discovery_discard", spec.discoveries, "discovery card")):
        known = ids if ids is not None else [*spec.discoveries, *spec.missions, *spec.actions]
        for i, card in enumerate(getattr(s, name)):
            p.known(f"{name}[{i}]", card, known, what, "components.event_cards")
    cards = {*spec.discoveries, *spec.missions, *spec.actions}
    drawable = set(rules.drawable(spec)) if rules is not None else cards
    for i, card in enumerate(s.event_deck):  # a card the ruleset's draw deck never holds
        if card in cards and card not in drawable:
            p.add(f"event_deck[{i}]", f"{_short(card)} is never in the event deck",
                  "setup.event_deck")
    if s.held is not None:
        p.known("held", s.held, spec.discoveries, "discovery card", "characters.scientist")
    for i, c in enumerate(s.queue):
        p.known(f"queue[{i}]", c, colours, "colour", "round.countdown")
    if len(set(s.queue)) != len(s.queue):
        p.add("queue", "a colour resolves one character per round", "round.countdown")
    for i, c in enumerate(s.queue):
        seat = s.seats.get(c)
        if seat is not None and seat.chosen is None and not seat.played:
            p.add(f"queue[{i}]", f"{c} waits to resolve but has no character face down or "
                  "just revealed", "round.countdown")
    if s.queue and s.stage not in ("choose", "resolve"):
        p.add("queue", f"nobody waits to resolve a character in the {s.stage} stage",
              "round.sequence")
    for i, item in enumerate(s.work):
        _work_item(spec, s, p, f"work[{i}]", item)


def _work_item(spec: GameSpec, s: GameState, p: _P, field: str, item: list[str]) -> None:
    if len(item) >= 3 and item[0] == "action":
        if p.known(f"{field}[1]", item[1], s.order, "colour", "actions.hidden"):
            p.known(f"{field}[2]", item[2], spec.actions, "action card", "actions.hidden")
    elif len(item) >= 4 and item[0] == "scatter":
        p.known(f"{field}[1]", item[1], s.order, "colour", "discoveries.effect")
        p.known(f"{field}[2]", item[2], spec.discoveries, "discovery card", "discoveries.effect")
        p.known(f"{field}[3]", item[3], spec.zones, "zone", "discoveries.effect")
    else:
        p.add(field, "a phase decision is ('action', colour, card) or ('scatter', colour, "
              "card, zone)", "round.sequence")


# ------------------------------------------------------------------------------ seats


def _seats(spec: GameSpec, s: GameState, p: _P, pool: list[str]) -> None:
    chars = spec.countdown
    early = s.stage in ("setup", "missions")
    for c, seat in s.seats.items():
        f = f"seats.{c}"
        if seat.supply < 0:
            p.add(f"{f}.supply", f"a count cannot be negative ({seat.supply})",
                  "components.astronauts")
        p.counts(f"{f}.tokens", seat.tokens, RESOURCE_NAMES, "resource", "components.point_tokens")
        for name in ("hand", "played", "deck"):
            for j, ch in enumerate(getattr(seat, name)):
                p.known(f"{f}.{name}[{j}]", ch, chars, "character", "components.character_cards")
        for name in ("chosen", "drawn"):
            ch = getattr(seat, name)
            if ch is not None:
                p.known(f"{f}.{name}", ch, chars, "character", "components.character_cards")
        for j, ch in enumerate(seat.boxed):
            p.known(f"{f}.boxed[{j}]", ch, [*chars, *spec.missions, *spec.actions], "card",
                    "two_player.neutral_recruiter")
        for name, ids, rule in (("missions", spec.missions, "events.missions"),
                                ("dealt", pool, "setup.missions"),
                                ("actions", spec.actions, "actions.hidden")):
            for j, card in enumerate(getattr(seat, name)):
                p.known(f"{f}.{name}[{j}]", card, ids, f"{name.rstrip('s')} card", rule)
        # who has a hand and who a deck of its own: the ruleset's state_problems
        # history (what a colour can have done by now): also reachable.history
        if seat.dealt and not early:
            p.add(f"{f}.dealt", "missions are dealt to choose from only during setup",
                  "setup.missions")
        if seat.chosen is not None and s.stage not in ("choose", "resolve"):
            p.add(f"{f}.chosen", f"no character waits face down in the {s.stage} stage",
                  "round.sequence")
        for z, card in seat.peeked.items():
            if p.known(f"{f}.peeked.{z}", z, spec.outer, "outer zone", "characters.scientist") \
                    and p.known(f"{f}.peeked.{z}", card, spec.discoveries, "discovery card",
                                "characters.scientist") \
                    and s.discoveries.get(z) != card:
                there = s.discoveries.get(z)
                p.add(f"{f}.peeked.{z}", f"{c} can have looked only at the discovery lying in "
                      f"{spec.card_name(z)} ({spec.card_name(there) if there else 'none there'})"
                      f", not {spec.card_name(card)}", "characters.scientist")


# ------------------------------------------------------------------------------ totals


def _totals(spec: GameSpec, s: GameState, p: _P) -> None:
    g = spec.content.game
    rules = _rules(s)
    for c in s.order:
        total = sum(s.astronaut_places(c).values())
        if total != g.astronauts_per_colour:
            p.add(c, f"{total} {c} astronauts in all places; each colour has "
                  f"{g.astronauts_per_colour}", "components.astronauts")
    for r, box in g.point_tokens.items():
        held = sum(seat.tokens.get(r, 0) for seat in s.seats.values())
        waiting = sum(w.get(r, 0) for w in s.waiting.values())
        if held + waiting + s.token_supply.get(r, 0) != box:
            p.add(f"token_supply.{r}", f"{r} point tokens do not add up to the {box} in the box",
                  "components.point_tokens")
    out = sum(sum(seat.tokens.values()) for seat in s.seats.values())
    out += sum(sum(w.values()) for w in s.waiting.values())
    if g.point_tokens_total is not None and out > g.point_tokens_total:
        p.add("token_supply", f"{out} point tokens out of the box; it holds "
              f"{g.point_tokens_total} in all", "components.point_tokens")
    for z in spec.zones:
        on_ships = sum(ship.tokens.count(z) for ship in s.ships.values())
        if on_ships + s.dest_supply.get(z, 0) != g.destination_tokens_per_zone:
            p.add(f"dest_supply.{z}", f"{z} destination tokens do not add up to "
                  f"{g.destination_tokens_per_zone}", "destination_tokens.supply_limit")
    bag = {str(k): v for k, v in g.resource_tokens.items()}
    placed = Counter([*s.resources.values(), *([s.spare_resource] if s.spare_resource else [])])
    for res, n in placed.items():
        if n > bag.get(res, 0):
            p.add("resources", f"{n} {res} resource tokens; the game has {bag.get(res, 0)}",
                  "components.resource_tokens")
    for c, seat in s.seats.items():
        cards = [*seat.hand, *seat.played, *seat.deck,
                 *(x for x in seat.boxed if x in spec.characters),
                 *(x for x in (seat.chosen, seat.drawn) if x)]
        own = rules.character_cards(spec, s, c) if rules is not None else spec.countdown
        if s.stage != "setup" and sorted(cards) != sorted(own):
            p.add(f"seats.{c}", f"{c}'s characters are not each in exactly one place (hand, "
                  "played, chosen, deck, boxed)", "round.played_cards")
    places = [*s.event_deck, *s.discoveries.values(), *s.discovery_discard, *s.mission_deck,
              *([s.held] if s.held else [])]
    for seat in s.seats.values():
        places.extend([*seat.missions, *seat.actions, *seat.dealt,
                       *(x for x in seat.boxed if x not in spec.characters)])
    dup = sorted(x for x, n in Counter(places).items() if n > 1)
    if dup:
        what = "event card" if len(dup) == 1 else "event cards"
        p.add("event_deck", f"{what} in two places: {', '.join(dup[:5])}",
              "components.event_cards")
    ships = Counter([*s.ship_deck, *s.ship_discard, *s.ships])
    if any(n > 1 for n in ships.values()) or (s.stage != "setup" and set(ships) != set(spec.ships)):
        p.add("ship_deck", "every ship card is in exactly one place: deck, discard or in play",
              "components.ship_cards")


# ------------------------------------------------------------------------------ replay


def _start_problems(spec: GameSpec, ev: E.GameStarted) -> list[str]:
    """A game start the spec can have produced (checked before it builds anything)."""
    g = spec.content.game
    out: list[str] = []
    n = len(ev.colours)
    from mrp_tutor.games.mission_red_planet.engine.rulesets import ALIASES, DEFAULT, RULESETS

    rules = RULESETS.get(ALIASES.get(ev.variant, ev.variant))
    if rules is not None:  # the ruleset's own rule ids ("(rule x)" -> "(rule fe.y)")
        out = _Cited(rules)
    for problem in (rules or RULESETS[DEFAULT]).start_problems(ev):  # its seats' shape
        out.append(problem)
    if n not in colour_counts(rules, g.players.max):
        out.append(f"colours: {n} colours (rule overview.players)")
    if any(c not in spec.colours for c in ev.colours) or len(set(ev.colours)) != n:
        out.append("colours: unknown or repeated colour (rule setup.colors)")

    if ALIASES.get(ev.variant, ev.variant) not in RULESETS:
        out.append(f"variant: unknown variant {_short(ev.variant)} (rule setup.colors)")
    if ev.docks != n:
        out.append(f"docks: {ev.docks} docks for {n} colours (rule setup.launchpad)")
    if list(ev.hand) != list(spec.countdown):
        out.append("hand: not the character cards of the game (rule components.character_cards)")
    if ev.astronauts != g.astronauts_per_colour:
        out.append(f"astronauts: {ev.astronauts}, not {g.astronauts_per_colour} (rule "
                   "components.astronauts)")
    if list(ev.zones) != list(spec.zones):
        out.append("zones: not the zones of the board (rule components.board)")
    if dict(ev.token_supply) != {str(k): v for k, v in g.point_tokens.items()}:
        out.append("token_supply: not the point tokens of the game (rule components.point_tokens)")
    if dict(ev.dest_supply) != {z: g.destination_tokens_per_zone for z in spec.zones}:
        out.append("dest_supply: not the destination tokens of the game (rule "
                   "destination_tokens.supply_limit)")
    return list(out)


class _Cited(list[str]):
    """A list of located problems whose rule ids the ruleset cites as its own."""

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def append(self, item: str) -> None:
        head, sep, rule = item.rpartition(" (rule ")
        if sep and rule.endswith(")"):
            item = f"{head}{sep}{self.rules.cite(rule[:-1])})"
        super().append(item)


def log_from_data(data: Any, source: str = "log") -> list[E.Event]:
    """Validate plain data (e.g. decoded JSON) into an event log, located by position.

    Raises:
        ContentError: ``log[3].type: unknown event type 'x'`` and the like.
    """
    if not isinstance(data, list):
        raise ContentError(source, ["document: an event log is a list of events"])
    out: list[E.Event] = []
    for i, item in enumerate(data):
        kind = item.get("type") if isinstance(item, dict) else None
        if not isinstance(kind, str) or kind not in E.EVENT_TYPES:
            raise ContentError(source, [f"log[{i}].type: unknown event type {_short(kind)}"])
        try:
            out.append(E.event_from_dict(item))
        except ContentError as err:
            raise ContentError(source, [f"log[{i}] ({kind}).{x}" for x in err.problems]) from None
    return out


def checked_replay(spec: GameSpec, log: Sequence[E.Event], source: str = "log") -> GameState:
    """Rebuild a state from an event log, refusing a log no game can produce.

    Raises:
        MalformedIntent: ``bad_log`` when the log does not start with ``game_started``.
        ContentError: located at the first event that cannot be applied or after which the
            state breaks a rule (``log[17] (astronauts_boarded): ...``).
    """
    if not log or not isinstance(log[0], E.GameStarted):
        raise MalformedIntent("bad_log", "setup.colors", "a log starts with game_started", {})
    bad = _start_problems(spec, log[0])
    if bad:
        raise ContentError(source, [f"log[0] (game_started).{x}" for x in bad])
    s = _apply_all(spec, log, source)
    problems = state_problems(spec, s)
    if problems:  # blame the event after the last position that kept every rule
        first_bad, s2 = 0, GameState(ruleset=spec.ruleset, seed=0, order=[], seats={})
        for i, ev in enumerate(log):
            ev.apply(s2)
            if not state_problems(spec, s2):
                first_bad = i + 1  # (between events a few facts are briefly out of step)
        ev = log[min(first_bad, len(log) - 1)]
        raise ContentError(source, [f"log[{first_bad}] ({ev.type}): after it, {x}"
                                    for x in problems[:10]])
    return s


def _apply_all(spec: GameSpec, log: Sequence[E.Event], source: str) -> GameState:
    s = GameState(ruleset=spec.ruleset, seed=0, order=[], seats={})
    for i, ev in enumerate(log):
        where = f"log[{i}] ({ev.type})"
        if i and isinstance(ev, E.GameStarted):
            raise ContentError(source, [f"{where}: a game starts once (rule "
                                        f"{cite(s, 'setup.colors')})"])
        try:
            ev.apply(s)
        except (KeyError, IndexError, ValueError, TypeError, AttributeError) as exc:
            raise ContentError(source, [
                f"{where}: cannot happen in this position ({type(exc).__name__}: "
                f"{_short(str(exc))})"]) from None
    return s
