"""How much a character card is worth to a colour in the position at hand (the greedy bot).

One table, :data:`.heuristics.CHARACTER_APPEAL`, says what a card is worth in general (a
small prior); :func:`character_values` adds what the card could do now: each step of the card
is tried on a copy of the position as if the card resolved at once, and its best option is
scored with the greedy bot's one-step heuristic (:func:`score_intent`, in this module: the two
call each other).  So the picks follow the board:
a Saboteur is worth much when a docked ship carries many rival astronauts, a Femme Fatale when
a rival leads a rich zone where the colour stands, a Recruiter when many cards were played.

The copy is the bot's own (the game is never changed); a step whose options cannot be listed
outside its resolution is worth its prior alone.
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import destination
from mrp_tutor.games.mission_red_planet.engine.heuristics import (
    CHARACTER_APPEAL,
    appeal,
    board_target,
    majority_gain,
    zone_value,
)
from mrp_tutor.games.mission_red_planet.engine.phases.resolve import plans
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import UNKNOWN, GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState

__all__ = ["CHARACTER_APPEAL", "appeal", "character_values", "score_intent"]

#: weight of the prior against what the card can do now
PRIOR = 0.35
#: value of drawing an event card or looking at a discovery (a mission, an action, a discovery)
DRAW_VALUE = 1.2
#: value of taking back one played card (the Recruiter)
RECALL_VALUE = 0.45


def _step_value(spec: GameSpec, s: GameState, me: str, st: C.CharacterStep, effect: object,
                count: int) -> float:
    """Best one-step score of a step of the card (its options on the copy ``s``)."""
    if isinstance(st, C.RecallStep):
        return RECALL_VALUE * len(s.seats[me].played)
    if isinstance(st, C.DrawOrPeekStep):
        return DRAW_VALUE if s.event_deck or s.discoveries else 0.0
    s.left = count
    opts: list[I.Intent] = effect.options(spec, s, me, st, with_stop=False)  # type: ignore[attr-defined]
    best = max((score_intent(spec, s, o) for o in opts if type(o) is not I.Stop), default=0.0)
    if isinstance(st, C.MoveStep | C.DropStep) and best > 0:
        best *= 1.5  # more than one move: the best one and some of the rest
    return best


def character_values(spec: GameSpec, s: GameState, me: str, hand: list[str]) -> dict[str, float]:
    """What each character of ``hand`` is worth to ``me`` now: its prior (weighted by
    :data:`PRIOR`) plus the best option of each of its steps tried at once."""
    every = spec.memo.get(("plans",)) or plans(spec)
    work = s.clone()
    work.stage, work.cur, work.held, work.windows, work.work = "resolve", me, None, [], []
    out: dict[str, float] = {}
    for ch in hand:
        steps = every.get(ch)
        value = PRIOR * appeal(ch)
        if steps is not None:
            work.char, work.used, work.done = ch, [], 0
            for i, (st, effect, _, _, count) in enumerate(steps):
                work.step = i
                value += _step_value(spec, work, me, st, effect, count)
        out[ch] = value
    return out


def score_intent(spec: GameSpec, s: GameState, it: I.Intent) -> float:
    """Cheap heuristic value of ``it`` for the colour that makes it (higher is better)."""
    me = it.colour
    if isinstance(it, I.RulesetIntent):  # ability sheets: worth their price?
        return rules_of(s).bot_score(spec, s, it)
    if isinstance(it, I.Board):
        zone = board_target(spec, s, it.token, it.ship)
        if zone is None:
            return 0.0
        aboard = s.ships[it.ship].crew.get(me, 0)
        near = 1.0 / max(1, spec.cap[it.ship] - s.ships[it.ship].aboard())
        return (majority_gain(s, zone, me, aboard + it.count) * zone_value(spec, s, zone)
                + 0.2 * it.count + 0.3 * near)
    if isinstance(it, I.Move):
        return (majority_gain(s, it.to_zone, me, 1) * zone_value(spec, s, it.to_zone)
                + majority_gain(s, it.from_zone, me, -1) * zone_value(spec, s, it.from_zone))
    if isinstance(it, I.Drop):
        return 0.5 + majority_gain(s, it.to_zone, me, 1) * zone_value(spec, s, it.to_zone)
    if isinstance(it, I.Kill | I.Replace):
        place = it.zone if isinstance(it, I.Kill) else it.place
        if it.victim == me:
            return -1.0
        if place in s.zones:
            counts = s.zones[place]
            top = max(counts.values(), default=0)
            lead = 1.0 if counts.get(it.victim, 0) == top else 0.3
            bonus = majority_gain(s, place, me, 1) if isinstance(it, I.Replace) else 0.0
            return lead * zone_value(spec, s, place) * 0.5 + bonus * zone_value(spec, s, place)
        return 0.5  # on a ship
    if isinstance(it, I.PlaceToken):
        crew = s.ships[it.ship].crew
        mine = crew.get(me, 0)
        others = sum(crew.values()) - mine
        now = destination(spec, s, it.ship)
        gain = (majority_gain(s, it.zone, me, mine) * zone_value(spec, s, it.zone)
                - (majority_gain(s, now, me, mine) * zone_value(spec, s, now)
                   if now != UNKNOWN else 0.0))
        return gain + 0.1 * (mine - others)
    if isinstance(it, I.Launch):
        crew = s.ships[it.ship].crew
        return crew.get(me, 0) - 0.5 * (sum(crew.values()) - crew.get(me, 0))
    if isinstance(it, I.Destroy):
        crew = s.ships[it.ship].crew
        return (sum(crew.values()) - crew.get(me, 0)) - 2.0 * crew.get(me, 0)
    if isinstance(it, I.ChooseCharacter):
        return character_values(spec, s, me, [it.character])[it.character]
    if isinstance(it, I.Rescue):
        return 1.0 + majority_gain(s, it.zone, me, 1) * zone_value(spec, s, it.zone)
    if isinstance(it, I.Stop):
        return 0.05
    return 0.5  # keep mission, draw, peek, assign discovery: no preference
