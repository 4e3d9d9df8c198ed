"""The random and the greedy bot (the search bot: :mod:`.search`; levels: :mod:`.bots`).

A bot is a function ``(game, legal) -> intent`` that picks one of the legal intents (the
signature :func:`~.game.play_out` expects).  Bots are pure: they read the game and never
change it; their only randomness comes from the ``random.Random`` they are given, so a
seeded bot makes a seeded game.

The greedy bot scores each legal intent with a cheap one-step heuristic (no look-ahead,
:func:`.appeal.score_intent`): how much it improves its colour's projected majority in the zone
the intent affects, weighted by the value of that zone's resource and waiting point tokens; a
character by what it could do in the position now (:mod:`.appeal`), one of the near-equal
best drawn from what the seat sees (:func:`_choose_character`).  When a colour is decided
for another player (the ruleset's :meth:`~.rulesets.base.Rules.bot_weights`, e.g. a neutral
colour of the 2-player game), each colour's gain is weighted (:func:`score_for_controller`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.appeal import character_values, score_intent
from mrp_tutor.games.mission_red_planet.engine.basics import destination
from mrp_tutor.games.mission_red_planet.engine.game import Game
from mrp_tutor.games.mission_red_planet.engine.heuristics import (
    board_target,
    zone_shift,
    zone_value,
)
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN, GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

Bot = Callable[[Game, Sequence[I.Intent]], I.Intent]


def random_bot(rng: random.Random) -> Bot:
    """A bot that picks uniformly among the legal intents."""

    def choose(game: Game, legal: Sequence[I.Intent]) -> I.Intent:
        if isinstance(legal[0], I.PlayAction):
            return legal[0]  # bots play every action card at its moment
        pick = legal[int(rng.random() * len(legal))]
        if isinstance(pick, I.UseAbility) and rng.random() < 0.6:  # (a leaf class)
            # an ability only sometimes: uniform picks would spend every token at once
            plain = [x for x in legal if type(x) is not I.UseAbility]
            if plain:
                pick = plain[int(rng.random() * len(plain))]
        return pick

    return choose


def greedy_bot(rng: random.Random) -> Bot:
    """A bot that picks the legal intent with the best one-step heuristic score.

    It decides for the colour of the first legal intent (when several colours choose at once,
    each one in turn); a character is worth what it could do in the position now
    (:func:`.appeal.character_values`), so the picks follow the board; among the cards near
    the best it draws one from the seat's view (:func:`_choose_character`), so bots facing
    the same board do not all pick the same card.  ``rng`` breaks the other ties.
    """

    def choose(game: Game, legal: Sequence[I.Intent]) -> I.Intent:
        if len(legal) == 1 or isinstance(legal[0], I.PlayAction):
            return legal[0]  # (bots play every action card at its moment)
        spec, s = game.spec, game.state
        colour = legal[0].colour
        if legal[-1].colour != colour:  # several colours choose: this one now
            legal = [x for x in legal if x.colour == colour]
        if type(legal[0]) is I.ChooseCharacter and type(legal[-1]) is I.ChooseCharacter:
            return _choose_character(game, legal)
        best: I.Intent = legal[0]
        best_score = float("-inf")
        wts = rules_of(s).bot_weights(spec, s, colour)  # e.g. a colour played for another
        values = None
        if type(legal[0]) is I.ChooseCharacter or type(legal[-1]) is I.ChooseCharacter:
            hand = [x.character for x in legal if type(x) is I.ChooseCharacter]
            values = character_values(spec, s, colour, hand)
        for intent in legal:
            if values is not None and type(intent) is I.ChooseCharacter:
                base = values[intent.character]
            elif wts is None:
                base = score_intent(spec, s, intent)
            else:
                base = score_for_controller(spec, s, intent, wts)
            score = base + rng.random() * 0.05
            if score > best_score:
                best, best_score = intent, score
        return best

    return choose


#: characters worth at least this share of the best one's value (:func:`.appeal.character_values`)
#: are near-equal: the greedy bot picks one of them, not always the best (otherwise greedy
#: bots facing the same board pick the same card in lockstep)
NEAR_CHARACTER = 0.85


def _choose_character(game: Game, legal: Sequence[I.Intent]) -> I.Intent:
    """The greedy bot's character card: one of the near-equal best (:data:`NEAR_CHARACTER`),
    drawn with a generator seeded from what the choosing seat sees (:func:`.views.view_rng`
    of its view and its options: public data, never the game's secret seed), so the same
    position as the seat sees it gets the same card and a seeded game replays."""
    from mrp_tutor.games.mission_red_planet.engine.views import view_for, view_rng

    spec, s = game.spec, game.state
    colour = legal[0].colour
    cards = [x for x in legal if isinstance(x, I.ChooseCharacter)]
    values = character_values(spec, s, colour, [x.character for x in cards])
    top = max(values.values())
    floor = top - (1.0 - NEAR_CHARACTER) * abs(top)
    near = [x for x in cards if values[x.character] >= floor]
    if len(near) == 1:
        return near[0]
    gen = view_rng(view_for(spec, s, s.seats[colour].controller), legal, "greedy")
    return near[int(gen.random() * len(near))]


def score_for_controller(
    spec: GameSpec, s: GameState, it: I.Intent, wts: dict[str, float]
) -> float:
    """Heuristic value of ``it`` for the player deciding it when its gains are weighted by
    colour (``wts``: the ruleset's :meth:`~.rulesets.base.Rules.bot_weights`)."""
    me = it.colour
    if isinstance(it, I.Board):
        zone = board_target(spec, s, it.token, it.ship)
        if zone is None:
            return 0.0
        aboard = s.ships[it.ship].crew.get(me, 0)
        return zone_shift(s, zone, me, aboard + it.count, wts) * zone_value(spec, s, zone)
    if isinstance(it, I.Move):
        return (zone_shift(s, it.to_zone, me, 1, wts) * zone_value(spec, s, it.to_zone)
                + zone_shift(s, it.from_zone, me, -1, wts) * zone_value(spec, s, it.from_zone))
    if isinstance(it, I.Drop):
        return zone_shift(s, it.to_zone, me, 1, wts) * zone_value(spec, s, it.to_zone)
    if isinstance(it, I.Kill | I.Replace):
        place = it.zone if isinstance(it, I.Kill) else it.place
        value = -wts.get(it.victim, 0.0)  # a dead astronaut of a colour that helps us is a loss
        if place in s.zones:
            worth = zone_value(spec, s, place)
            value = value * 0.5 + zone_shift(s, place, it.victim, -1, wts) * worth
            if isinstance(it, I.Replace):
                value += zone_shift(s, place, me, 1, wts) * worth
        return value
    if isinstance(it, I.PlaceToken):
        now = destination(spec, s, it.ship)
        value = 0.0
        for c, n in s.ships[it.ship].crew.items():
            value += zone_shift(s, it.zone, c, n, wts) * zone_value(spec, s, it.zone)
            if now != UNKNOWN:
                value -= zone_shift(s, now, c, n, wts) * zone_value(spec, s, now)
        return value
    if isinstance(it, I.Launch):
        return 0.5 * sum(wts.get(c, 0.0) * n for c, n in s.ships[it.ship].crew.items())
    if isinstance(it, I.Destroy):
        return -sum(wts.get(c, 0.0) * n for c, n in s.ships[it.ship].crew.items())
    if isinstance(it, I.Stop):
        return 0.05
    return 0.5  # draw, peek, assign discovery: no preference
