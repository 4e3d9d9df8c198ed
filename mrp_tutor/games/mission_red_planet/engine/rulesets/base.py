"""The base class of a ruleset: the game's rules as hooks a variant overrides.

In the spirit of python-chess's ``chess.variant``: a ruleset is a subclass of :class:`Rules`
that overrides a few hooks (seating, who is dealt missions, seats that draw a character,
countdown order, tied shares, recalls, winners, rule-id overrides, bot knowledge); the registry
(:mod:`mrp_tutor.games.mission_red_planet.engine.rulesets`) registers the shipped ones, a new one
calls
:func:`~mrp_tutor.games.mission_red_planet.engine.rulesets.register`.  Phases and effects call the
hooks of the
state's ruleset (``rules_of(state)``); they never test which ruleset they run.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from random import Random
from typing import ClassVar

from mypy_extensions import mypyc_attr

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Decision, Out, clockwise_from, emit
from mrp_tutor.games.mission_red_planet.engine.errors import MalformedIntent, MrpError
from mrp_tutor.games.mission_red_planet.engine.intents import Intent
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec, load_spec
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Ship

#: per ruleset: the compiled pattern of its vocabulary and the words (built once)
_SPEAKERS: dict[str, tuple[re.Pattern[str], dict[str, str]]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)  # a ruleset may be plain Python (compiled: mypyc)
class Rules:
    """The standard rules (2nd edition, 3 to 6 players); every hook has its default here."""

    #: registry name (``find_ruleset(name)``, ``--ruleset NAME``, ``ruleset: NAME``)
    name: ClassVar[str] = "standard"
    #: one line for ``mrp-tutor rulesets``
    summary: ClassVar[str] = "the standard game, 3 to 6 players"
    #: the name a visitor reads in the app's ruleset picker (None: the name and the summary)
    label: ClassVar[str | None] = None
    #: the guided path's chapter of this ruleset's lessons (the scenario ids ``<name>-*``): its
    #: title and a short markdown introduction; None: its lessons have no chapter of their own
    chapter: ClassVar[tuple[str, str] | None] = None
    #: the ruleset whose picker entry offers this one, through the player counts below its own
    #: (the 2-player game within the standard game); None: an entry of its own
    offered_within: ClassVar[str | None] = None
    #: where the rules come from
    source: ClassVar[str] = "Mission: Red Planet 2nd edition rulebook"
    #: data folder (cards, ships, zones, rules file) and where it lives (None: the package's)
    data: ClassVar[str] = "base"
    data_dir: ClassVar[Path | None] = None
    #: True when some seats draw their character (:meth:`draw_characters`) instead of choosing
    draws: ClassVar[bool] = False
    #: players this ruleset seats (inclusive)
    players: ClassVar[tuple[int, int]] = (3, 6)
    #: rule ids this ruleset cites for setup steps it changes
    seating_rule: ClassVar[str] = "setup.colors"
    missions_rule: ClassVar[str] = "setup.missions"
    #: the rule saying which seats draw their characters from a deck (none here)
    deck_rule: ClassVar[str] = "setup.colors"
    #: rule-id overrides: a base rule id -> the id this ruleset cites instead (see :meth:`cite`)
    rule_ids: ClassVar[dict[str, str]] = {}
    #: skip reasons (``StepSkipped.reason``) that are a rule of this ruleset, and its rule id
    skip_rules: ClassVar[dict[str, str]] = {}
    #: the skip reason when a Scientist may not peek and the event deck is empty
    no_peek_reason: ClassVar[str] = "event_deck_empty_and_no_face_down_discovery"
    #: the reason (``TokensStayed.reason``) tied tokens stay for: "tie" (what an even split
    #: leaves over), or "tie_takes_nothing" where a tie takes nothing whatever the count
    tie_reason: ClassVar[str] = "tie"
    #: the words this ruleset's own rulebook uses where the shared sentences (written in the
    #: 2nd edition's words) say another: (word as written, this game's word), longest first,
    #: matched as whole words and case-sensitive (see :meth:`speak`)
    vocabulary: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: the words of this ruleset's recorded game start, for the explain layer (the engine
    #: formats no prose; explain finds them through the registry by the recorded ruleset):
    #: ``str.format`` templates keyed by event type: ``game_started`` (fields ``colours``,
    #: ``seed``, ``astronauts``) and ``game_started.seat``, said of each colour another
    #: colour's player decides for (``colour``, ``controller``).  A key left out: these.
    words: ClassVar[dict[str, str]] = {
        "game_started": "A game begins with {colours} (clockwise), {seed}; each colour has "
                        "{astronauts} astronauts and all nine characters in hand.",
        "game_started.seat": "{colour} is decided by {controller}'s player.",
    }
    #: True when players have abilities: the phases then ask the ability hooks below (windows,
    #: extra options); False keeps those calls off the hot path
    abilities: ClassVar[bool] = False

    def cite(self, rule: str) -> str:
        """The rule id this ruleset cites for base rule ``rule`` (the countdown order, tied
        production shares)."""
        return self.rule_ids.get(rule, rule)

    def speak(self, text: str) -> str:
        """``text`` (a message or option label) in this ruleset's own words."""
        if not self.vocabulary:
            return text
        found = _SPEAKERS.get(self.name)
        if found is None:
            words = dict(self.vocabulary)
            pattern = re.compile(
                r"\b(" + "|".join(re.escape(w) for w, _ in self.vocabulary) + r")\b")
            found = _SPEAKERS[self.name] = (pattern, words)
        pattern, words = found
        return pattern.sub(lambda m: words[m.group(1)], text)

    def spec(self, *, use_env_overrides: bool = True) -> GameSpec:
        """The game content this ruleset is played with (its data folder)."""
        return load_spec(self.data, data_dir=self.data_dir, use_env_overrides=use_env_overrides)

    # ------------------------------------------------------------------------ setup
    def colours_needed(self, players: int) -> int:
        """How many colours ``players`` players play with."""
        return players

    def seats(self, spec: GameSpec, colours: Sequence[str]) -> tuple[list[bool], list[str]]:
        """(neutral flag, controlling colour) of each colour at the table, clockwise.

        Raises:
            MalformedIntent: a player count the rules do not allow.
        """
        most = spec.content.game.players.max
        if not 3 <= len(colours) <= most:
            raise MalformedIntent(
                "bad_player_count", "setup.colors",
                f"the standard game takes 3 to {most} players "
                "(2 players: the 2-player variant)", {"players": len(colours)},
            )
        return [False] * len(colours), list(colours)

    def after_start(
        self, spec: GameSpec, s: GameState, out: Out, choices: Mapping[str, str] | None
    ) -> None:
        """Setup right after the colours are seated (``choices``: per-colour setup choices a
        ruleset takes, e.g. ability sheets); none in the standard game.

        Raises:
            MalformedIntent: a choice the ruleset does not allow.
        """
        if choices:
            raise MalformedIntent("setup_choice_not_taken", self.seating_rule,
                                  f"the {self.name} rules take no setup choices",
                                  {"choices": dict(choices)})

    def character_cards(self, spec: GameSpec, s: GameState, colour: str) -> tuple[str, ...]:
        """The character cards ``colour`` plays with (hand, played and chosen together)."""
        return spec.countdown

    def players_of(self, s: GameState) -> list[str]:
        """The colours that are players, clockwise: each decides for itself (a colour another
        player decides for, a neutral colour, is not one)."""
        return [c for c in s.order if not s.seats[c].neutral]

    def controller_problems(self, s: GameState) -> dict[str, str]:
        """Colours whose controller these rules do not allow, each with why: ``"cannot"`` (a
        player decides for their own colour and, where the rules seat neutral colours, for one
        neutral colour) or ``"absent"`` (the controller is not at the table)."""
        out: dict[str, str] = {}
        for c, seat in s.seats.items():
            if seat.controller != c and (not seat.neutral or seat.controller not in s.order
                                         or s.seats[seat.controller].neutral):
                out[c] = "cannot"
            elif seat.controller not in s.order:
                out[c] = "absent"
        return out

    def start_problems(self, ev: E.GameStarted) -> list[str]:
        """What a recorded game start gets wrong about its seats, each ``field: sentence (rule
        id)``, checked before it builds anything: each colour has one controller and one
        neutral flag (the log's shape)."""
        n = len(ev.colours)
        if len(ev.controllers) == len(ev.neutral) == n:
            return []
        return [f"colours: {n} colours, {len(ev.controllers)} controllers, "
                f"{len(ev.neutral)} neutral flags (rule setup.colors)"]

    def seating_mismatch(self, spec: GameSpec, s: GameState) -> tuple[list[str], list[str]]:
        """(neutral colours the state has, those these rules seat at its table): equal when the
        table is seated as :meth:`seats` seats it (none at all when it refuses the count)."""
        try:
            neutral, _ = self.seats(spec, s.order)
        except MalformedIntent:
            neutral = [False] * len(s.order)
        have = [c for c in s.order if s.seats[c].neutral]
        return have, [c for c, n in zip(s.order, neutral, strict=True) if n]

    def seat_draws(self, s: GameState, colour: str) -> bool:
        """Does ``colour`` draw its characters from a deck of its own (no hand)?"""
        return False

    def deck_problems(self, s: GameState) -> list[tuple[str, str, str]]:
        """Seats with a hand that should draw, or a deck that should not (state checks)."""
        problems = []
        for c, seat in s.seats.items():
            draws = self.seat_draws(s, c)
            if draws and (seat.hand or seat.dealt):
                problems.append((f"seats.{c}", "a colour that draws its characters has no hand "
                                 "and is dealt no missions", self.deck_rule))
            if not draws and (seat.deck or seat.drawn is not None):
                problems.append((f"seats.{c}.deck", "only a colour that draws its characters "
                                 "has a deck", self.deck_rule))
        return problems

    def table_seat(self, spec: GameSpec, s: GameState, colour: str, held: Sequence[str],
                   hand: Sequence[str] | None, deck: Sequence[str] | None,
                   boxed: Sequence[str], rng: Random) -> list[tuple[str, str, str]]:
        """Lay out the character cards of ``colour``'s seat in a table position: ``held`` (its
        played and chosen cards) is known; ``hand`` (None: the cards not held), ``deck`` and
        ``boxed`` are as the position gives them.  The problems as (field under the seat,
        sentence, rule id)."""
        seat = s.seats[colour]
        own = self.character_cards(spec, s, colour)  # the nine, or a sheet's crew of five
        given = hand if hand is not None else [ch for ch in own if ch not in held]
        seat.hand = [ch for ch in given if ch in spec.characters]
        if sorted([*seat.hand, *held]) != sorted(own):
            crew = f" (the crew of {seat.sheet})" if seat.sheet else ""
            return [("hand", f"hand, played and chosen cards must hold the {len(own)} "
                     f"characters once each{crew}", "round.played_cards")]
        if deck or boxed:
            return [("deck", "only a colour that draws its characters has a deck or boxed "
                     "cards", self.seating_rule)]
        return []

    def first_player_rule(self, s: GameState, colour: str, rule: str) -> str:
        """The rule id that makes ``colour`` first player (``rule``: the standard one)."""
        return rule

    def mission_pool(self, spec: GameSpec, players: int | None = None) -> list[str]:
        """The cards missions are dealt from (shuffled at setup) for ``players`` players
        (None: every card any table could be dealt from)."""
        return list(spec.missions)

    def missions_dealt(self, players: int) -> int:
        """How many missions each holder is dealt (one is kept)."""
        return 2

    def mission_holders(self, s: GameState) -> list[str]:
        """Colours dealt missions, in dealing order."""
        return clockwise_from(s, s.first)

    def after_deal(self, spec: GameSpec, s: GameState, out: Out) -> None:
        """Extra setup after the missions are dealt (none in the standard game)."""

    def event_deck(self, spec: GameSpec, s: GameState) -> list[str]:
        """The cards shuffled into the event deck once missions are kept: discoveries, actions
        and the missions nobody kept."""
        return list(spec.discoveries) + list(spec.actions) + list(s.mission_deck)

    def drawable(self, spec: GameSpec) -> list[str]:
        """Every event card the draw deck can hold once setup is over (a table position's
        deck is made of those not placed elsewhere): discoveries, actions and missions (the
        missions nobody kept are shuffled in)."""
        return [*spec.discoveries, *spec.actions, *spec.missions]

    # ------------------------------------------------------------------------ a round
    def draw_characters(self, spec: GameSpec, s: GameState, out: Out) -> None:
        """Seats that draw a character instead of choosing one draw it now (none here)."""

    def choosers(self, s: GameState) -> tuple[str, ...]:
        """Colours that still have to choose a character."""
        return tuple(c for c in s.order if s.seats[c].chosen is None)

    def calling_order(self, spec: GameSpec) -> list[str]:
        """The characters in the order they are called (the standard game: 9 down to 1)."""
        return list(spec.countdown)

    def countdown(self, spec: GameSpec, s: GameState) -> list[str]:
        """The order characters resolve in: countdown 9 -> 1; equal numbers clockwise; a card
        held past its number (``s.holds``) after all the others."""
        rank = spec.memo.get(("rank",))
        if rank is None:
            rank = spec.memo[("rank",)] = {ch: i for i, ch in enumerate(spec.countdown)}
        seating = clockwise_from(s, s.first)
        holds = s.holds
        return sorted((c for c in seating if s.seats[c].chosen in rank),
                      key=lambda c: (c in holds, rank[s.seats[c].chosen or ""]))  # stable

    def recall(self, spec: GameSpec, s: GameState, out: Out, colour: str, rule: str) -> None:
        """What a recall does: the played cards go back to the hand."""
        emit(s, out, E.CardsRecalled(rule=rule, colour=colour, cards=tuple(s.seats[colour].played)))

    def may_replace_own(self, s: GameState, colour: str) -> bool:
        """May ``colour`` replace one of its own astronauts (Femme Fatale)?"""
        return False

    def own_replace_rule(self) -> str:
        """The rule that lets a colour replace its own astronaut."""
        return "characters.femme_fatale"

    def may_peek(self, s: GameState, colour: str) -> bool:
        """May ``colour``'s Scientist look at a discovery instead of drawing?"""
        return True

    def peek_rule(self, s: GameState, colour: str, rule: str) -> str:
        """The rule a Scientist's look cites (``rule``: the step's)."""
        return rule

    def after_event_drawn(
        self, spec: GameSpec, s: GameState, out: Out, colour: str, card: str, kind: str
    ) -> None:
        """What happens after a Scientist draws a mission or action card (it is kept)."""

    def refuse(self, spec: GameSpec, s: GameState, intent: Intent) -> MrpError | None:
        """A refusal specific to this ruleset, checked before the generic diagnosis."""
        return None

    def may_act_early(self, s: GameState, colour: str) -> bool:
        """May ``colour`` resolve its character before lower-called ones (an ability)?  A
        table position then lets others wait with any number."""
        return False

    def may_overfill(self, s: GameState, ship: Ship) -> bool:
        """May ``ship`` carry more astronauts than its capacity (state checks)?"""
        return False

    # ------------------------------------------------------------------------ abilities
    # Called only when :attr:`abilities` is True.  A window is an ``s.windows`` entry: while
    # one is open it is the decision; the phases open them through the hooks below.
    def window_decision(self, spec: GameSpec, s: GameState) -> Decision | None:
        """The decision of the first open ability window (None: no window open)."""
        return None

    def window_options(self, spec: GameSpec, s: GameState, c: str) -> list[Intent]:
        """The legal intents of ``c`` in the first open window."""
        return []

    def extra_options(self, spec: GameSpec, s: GameState, c: str, kind: str) -> list[Intent]:
        """Intents added to ``c``'s options of an ordinary decision of kind ``kind`` (an
        ability usable before choosing, or while placing astronauts)."""
        return []

    def apply_ruleset_intent(self, spec: GameSpec, s: GameState, intent: Intent,
                             out: Out) -> None:
        """Turn a legal intent this ruleset adds (:class:`~..intents.RulesetIntent`) into
        events."""

    def after_choosing(self, spec: GameSpec, s: GameState, out: Out) -> bool:
        """Everyone has chosen, before the call order is set: open windows; True when a
        decision is needed."""
        return False

    def before_resolution(self, spec: GameSpec, s: GameState, out: Out) -> bool:
        """Between two resolutions (or before the first): open windows; True when a decision
        is needed."""
        return False

    def after_landing(self, spec: GameSpec, s: GameState, out: Out, zone: str | None,
                      crew: tuple[tuple[str, int], ...]) -> None:
        """A shuttle has landed in ``zone`` with ``crew``: open windows."""

    def settle_windows(self, spec: GameSpec, s: GameState, out: Out) -> None:
        """Close open windows at the front that can no longer be used (opened together, an
        earlier use may have spent the tokens or taken the target)."""

    def state_problems(self, spec: GameSpec, s: GameState) -> list[tuple[str, str, str]]:
        """(field, sentence, rule id) of what this ruleset's own state breaks (state checks)."""
        problems = self.deck_problems(s)
        for c, seat in s.seats.items():
            if seat.sheet is not None or seat.shown:
                problems.append((f"seats.{c}.sheet", "the players have no ability sheets in the "
                                 f"{self.name} rules", self.seating_rule))
        if s.windows:
            problems.append(("windows", f"no ability window opens in the {self.name} rules",
                             self.seating_rule))
        if s.holds:
            problems.append(("holds", f"no card is held past its number in the {self.name} "
                             "rules", self.seating_rule))
        return problems

    # ------------------------------------------------------------------------ bot knowledge
    def bot_score(self, spec: GameSpec, s: GameState, it: Intent) -> float:
        """The greedy bot's one-step value of an intent this ruleset adds
        (:class:`~..intents.RulesetIntent`) for the colour making it; none here."""
        return 0.0

    def bot_weights(self, spec: GameSpec, s: GameState, colour: str) -> dict[str, float] | None:
        """How much each colour's gain is worth to the player deciding for ``colour`` when that
        is not simply ``colour``'s own gain (None: it plays for itself, as here)."""
        return None

    # ------------------------------------------------------------------------ scoring
    def tied_share(self, s: GameState, tokens: int, leaders: int) -> int:
        """Tokens of one kind each of ``leaders`` tied colours takes (the rest stay); ``s``
        tells which production it is (``s.track_index``)."""
        return tokens // leaders

    def scoring_rule(self, rule: str, production: int) -> str:
        """The rule id a production event cites for shared rule ``rule`` (tokens made,
        awarded, left in an empty zone) at production number ``production``."""
        return rule

    def leftover_rule(self, s: GameState, production: int) -> str:
        """The rule id of tied tokens left in a zone by production number ``production``."""
        return self.cite("production.leftover")

    def leftovers_leave(self, production: int) -> str | None:
        """The rule id by which tokens nobody took leave the game after production number
        ``production`` (None: they stay in their zone)."""
        return None

    def ice_monopoly_rule(self, s: GameState, holders: tuple[str, ...]) -> str:
        """The rule id of the Ice Monopoly award to ``holders``."""
        return "ice_monopoly.tie" if len(holders) > 1 else "ice_monopoly.award"

    def rank_winners(
        self, s: GameState, scores: dict[str, int], counts: dict[str, int]
    ) -> tuple[list[str], str, bool]:
        """Winners by score, then number of point tokens, then shared (and the deciding rule)."""
        best = max(scores.values())
        top = [c for c in s.order if scores[c] == best]
        if len(top) == 1:
            return top, "scoring.final", False
        most = max(counts[c] for c in top)
        top2 = [c for c in top if counts[c] == most]
        return top2, "scoring.tie_break" if len(top2) == 1 else "scoring.shared", False
