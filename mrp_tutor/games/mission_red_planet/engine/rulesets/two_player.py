"""The 2-player variant: two players, each with a main colour and a neutral colour.

Every rule of the variant lives here (rule ids ``two_player.*``): seating across from one's
neutral colour, missions for the main colours only, a neutral colour that draws its character
from its own deck, a neutral Recruiter boxed and the deck reshuffled, a neutral Scientist that
only draws, a neutral colour made to replace its own astronaut, and the winners (a neutral
colour on top makes both players lose).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import ClassVar

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Out, clockwise_from, current_step, emit
from mrp_tutor.games.mission_red_planet.engine.errors import (
    IllegalIntent,
    MalformedIntent,
    MrpError,
)
from mrp_tutor.games.mission_red_planet.engine.heuristics import projected_points
from mrp_tutor.games.mission_red_planet.engine.intents import Intent, Peek
from mrp_tutor.games.mission_red_planet.engine.readings import OTHER_OF, other_applies
from mrp_tutor.games.mission_red_planet.engine.rng import rng_for, shuffle_deck
from mrp_tutor.games.mission_red_planet.engine.rulesets.base import Rules
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

NEUTRAL_DRAWS = "two_player.neutral_scientist.draws"  # the tutor's reading (readings.py)

#: cards always in the bottom part of a neutral deck (two_player.neutral_deck)
TWO_PLAYER_KEEP = ("recruiter", "explorer", "femme_fatale", "soldier")

# ------------------------------------------------------------------ neutral colours (bots)
# A neutral colour's decisions are its controller's (neutral_decisions), and a neutral colour
# on top makes both players lose (two_player.winning).  So the greedy bot scores a neutral's
# options from the controller's point of view: what helps his main colour or hurts the
# opponent's is good; the neutral's own gains count a little while it trails its main colour,
# and against him once it gets close (it must not end on top).

NEUTRAL_MARGIN = 8.0  # projected points: nearer than this to its controller, a neutral is held back


def neutral_weights(spec: GameSpec, s: GameState, neutral: str) -> dict[str, float]:
    """How much each colour's gain is worth to the player controlling ``neutral``."""
    me = s.seats[neutral].controller
    wts = {c: 0.0 for c in s.seats}
    for c, seat in s.seats.items():
        if not seat.neutral and c != me:
            wts[c] = -1.0  # the opponent's main colour
    wts[me] = 1.0
    close = projected_points(spec, s, neutral) + NEUTRAL_MARGIN >= projected_points(spec, s, me)
    wts[neutral] = -1.0 if close else 0.2
    return wts


class TwoPlayer(Rules):
    """The 2-player variant of the 2nd-edition rulebook."""

    name: ClassVar[str] = "two_player"
    summary: ClassVar[str] = "2 players, each also playing a neutral colour across the table"
    chapter: ClassVar[tuple[str, str] | None] = (
        "The two-player variant",
        "With two players each player also controls a **neutral colour** that scores "
        "for itself.")
    label: ClassVar[str | None] = "2-player variant"
    offered_within: ClassVar[str | None] = "standard"
    source: ClassVar[str] = "Mission: Red Planet 2nd edition rulebook, 2-player variant"
    seating_rule: ClassVar[str] = "two_player.seating_order"
    missions_rule: ClassVar[str] = "two_player.missions"
    deck_rule: ClassVar[str] = "two_player.neutral_deck"
    players: ClassVar[tuple[int, int]] = (2, 2)
    draws: ClassVar[bool] = True  # a neutral colour draws its character from its own deck
    no_peek_reason: ClassVar[str] = "event_deck_empty_neutral_only_draws"
    skip_rules: ClassVar[dict[str, str]] = {
        "event_deck_empty_neutral_only_draws": "two_player.neutral_scientist.draws"}
    words: ClassVar[dict[str, str]] = {
        "game_started": "A 2-player game begins with {colours} (clockwise), {seed}; each "
                        "colour has {astronauts} astronauts.",
        "game_started.seat": "{colour} is {controller}'s neutral colour (a neutral deck, no "
                             "hand)."}

    def colours_needed(self, players: int) -> int:
        return 2 * players  # a main and a neutral colour each

    def seats(self, spec: GameSpec, colours: Sequence[str]) -> tuple[list[bool], list[str]]:
        """``[main A, main B, neutral A, neutral B]``: each neutral colour sits across from its
        main colour (two seats on), controlled by that colour's player."""
        if len(colours) != 4:
            raise MalformedIntent("bad_player_count", "two_player.setup",
                                  "the 2-player variant needs 4 colours",
                                  {"colours": list(colours)})
        return [False, False, True, True], [colours[0], colours[1], colours[0], colours[1]]

    def seat_draws(self, s: GameState, colour: str) -> bool:
        return s.seats[colour].neutral  # a neutral colour draws from its own deck

    def table_seat(self, spec: GameSpec, s: GameState, colour: str, held: Sequence[str],
                   hand: Sequence[str] | None, deck: Sequence[str] | None,
                   boxed: Sequence[str], rng: Random) -> list[tuple[str, str, str]]:
        seat = s.seats[colour]
        if not self.seat_draws(s, colour):
            return super().table_seat(spec, s, colour, held, hand, deck, boxed, rng)
        chars = spec.characters
        gone = [ch for ch in boxed if ch in chars]  # a boxed Recruiter (and drawn cards)
        seat.boxed = [ch for ch in boxed
                      if ch in chars or ch in spec.missions or ch in spec.actions]
        cards = list(deck) if deck is not None else [
            ch for ch in spec.countdown if ch not in held and ch not in gone]
        if deck is None:
            rng.shuffle(cards)
        seat.deck = [ch for ch in cards if ch in chars]
        seat.hand = []
        if sorted([*seat.deck, *held, *gone]) != sorted(spec.countdown):
            return [("", "the neutral deck, played, chosen and boxed cards must hold the nine "
                     "characters once each", "two_player.neutral_deck")]
        return []

    def first_player_rule(self, s: GameState, colour: str, rule: str) -> str:
        # a neutral colour may start: the tutor's reading
        return "two_player.first_player" if s.seats[colour].neutral else rule

    def mission_holders(self, s: GameState) -> list[str]:
        return [c for c in clockwise_from(s, s.first) if not s.seats[c].neutral]

    def after_deal(self, spec: GameSpec, s: GameState, out: Out) -> None:
        for c in s.order:
            if s.seats[c].neutral:
                rng = rng_for(s)
                keep = [x for x in spec.countdown if x in TWO_PLAYER_KEEP]
                rest = [x for x in spec.countdown if x not in TWO_PLAYER_KEEP]
                rng.shuffle(rest)
                bottom = keep + rest[:2]
                rng.shuffle(bottom)
                top = rest[2:]
                rng.shuffle(top)
                emit(s, out, E.DeckShuffled(rule="two_player.neutral_deck", deck=f"neutral:{c}",
                                            order=tuple(top + bottom)))

    def draw_characters(self, spec: GameSpec, s: GameState, out: Out) -> None:
        for c in s.order:
            seat = s.seats[c]
            if seat.neutral and seat.chosen is None and seat.drawn is None:
                if not seat.deck:
                    shuffle_deck(s, out, f"neutral:{c}",
                                 [x for x in spec.countdown if x not in seat.boxed],
                                 "two_player.neutral_recruiter")
                card = seat.deck[0]
                emit(s, out, E.NeutralCardDrawn(rule="two_player.neutral_draw", colour=c,
                                                card=card))
                emit(s, out, E.CharacterChosen(rule="two_player.neutral_draw", colour=c,
                                               character=card))

    def choosers(self, s: GameState) -> tuple[str, ...]:
        # a neutral colour draws, it never chooses
        return tuple(c for c in s.order
                     if s.seats[c].chosen is None and not s.seats[c].neutral)

    def recall(self, spec: GameSpec, s: GameState, out: Out, colour: str, rule: str) -> None:
        seat = s.seats[colour]
        if not seat.neutral:
            super().recall(spec, s, out, colour, rule)
            return
        emit(s, out, E.NeutralRecruiterBoxed(rule="two_player.neutral_recruiter", colour=colour,
                                             card=s.char or ""))
        shuffle_deck(s, out, f"neutral:{colour}",
                     [x for x in spec.countdown if x not in seat.boxed],
                     "two_player.neutral_recruiter")

    def may_replace_own(self, s: GameState, colour: str) -> bool:
        return s.seats[colour].neutral  # a neutral colour may be made to replace its own

    def own_replace_rule(self) -> str:
        return "two_player.neutral_decisions"

    def may_peek(self, s: GameState, colour: str) -> bool:
        # a neutral Scientist draws; it looks at a discovery in play only after discarding a
        # drawn discovery that had no free zone (s.done)
        return (bool(s.done) or not s.seats[colour].neutral
                or other_applies(s, NEUTRAL_DRAWS))  # a table's choice

    def peek_rule(self, s: GameState, colour: str, rule: str) -> str:
        # a neutral Scientist looks (not after a discarded discovery) only by the table's
        # other reading, which the look then cites
        if s.seats[colour].neutral and not s.done and other_applies(s, NEUTRAL_DRAWS):
            return OTHER_OF[NEUTRAL_DRAWS]
        return rule

    def after_event_drawn(
        self, spec: GameSpec, s: GameState, out: Out, colour: str, card: str, kind: str
    ) -> None:
        if s.seats[colour].neutral:
            emit(s, out, E.EventCardBoxed(rule="two_player.neutral_scientist", colour=colour,
                                          card=card))

    def refuse(self, spec: GameSpec, s: GameState, intent: Intent) -> MrpError | None:
        c = intent.colour
        if (isinstance(intent, Peek) and s.seats[c].neutral and not s.done
                and isinstance(current_step(spec, s), C.DrawOrPeekStep)
                and not other_applies(s, NEUTRAL_DRAWS)):
            return IllegalIntent(
                "neutral_scientist_draws", "two_player.neutral_scientist.draws",
                "a neutral Scientist draws an event card; it does not look at a discovery",
                {"colour": c, "zone": intent.zone, "event_deck": len(s.event_deck)})
        return None

    def bot_weights(self, spec: GameSpec, s: GameState, colour: str) -> dict[str, float] | None:
        seat = s.seats.get(colour)
        return neutral_weights(spec, s, colour) if seat is not None and seat.neutral else None

    def ice_monopoly_rule(self, s: GameState, holders: tuple[str, ...]) -> str:
        if len(holders) == 1 and s.seats[holders[0]].neutral:
            return "two_player.ice_monopoly"
        return super().ice_monopoly_rule(s, holders)

    def rank_winners(
        self, s: GameState, scores: dict[str, int], counts: dict[str, int]
    ) -> tuple[list[str], str, bool]:
        """A neutral colour on top means both players lose; a main colour beats a neutral
        colour it ties with; tied main colours count tokens, else share."""
        best = max(scores.values())
        top = [c for c in s.order if scores[c] == best]
        mains = [c for c in top if not s.seats[c].neutral]
        if not mains:
            return [], "two_player.winning", True
        if len(mains) < len(top):
            top = mains
            if len(top) == 1:
                return top, "two_player.tie_main_neutral", False
        if len(top) == 1:
            return top, "two_player.winning", False
        most = max(counts[c] for c in top)
        return [c for c in top if counts[c] == most], "two_player.tie_mains", False
