"""How much a character card is worth to a colour in the position at hand (the greedy bot).

One table, :data:`CHARACTER_APPEAL`, says what a card is worth in general (a small prior);
:func:`character_value` adds what the card could do now: each step of the card is tried on a
copy of the position as if the card resolved at once, and its best option is scored with the
greedy bot's one-step heuristic (:func:`.bots.score_intent`).  So the picks follow the board:
a Saboteur is worth much when a docked ship carries many rival astronauts, a Femme Fatale when
a rival leads a rich zone where the colour stands, a Recruiter when many cards were played.

The copy is the bot's own (the game is never changed); a step whose options cannot be listed
outside its resolution is worth its prior alone.
"""

from __future__ import annotations

from . import content as C
from . import intents as I
from .phases.resolve import plans
from .spec import GameSpec
from .state import GameState

#: what a character is worth in general to the greedy bot (higher: chosen earlier); also the
#: Devious Despot's and Stealthy Spy's view of a card (ability_bot)
CHARACTER_APPEAL: dict[str, float] = {
    "travel_agent": 3.0, "scientist": 2.6, "secret_agent": 2.4, "explorer": 2.2,
    "femme_fatale": 2.0, "soldier": 1.8, "saboteur": 1.6, "pilot": 1.5, "recruiter": 0.5,
}
#: weight of the prior against what the card can do now
PRIOR = 0.35
#: value of drawing an event card or looking at a discovery (a mission, an action, a discovery)
DRAW_VALUE = 1.2
#: value of taking back one played card (the Recruiter)
RECALL_VALUE = 0.45


def appeal(character: str) -> float:
    """The general worth of a character (1.0 for one the table does not name)."""
    return CHARACTER_APPEAL.get(character, 1.0)


def _step_value(spec: GameSpec, s: GameState, me: str, st: C.CharacterStep, effect: object,
                count: int) -> float:
    """Best one-step score of a step of the card (its options on the copy ``s``)."""
    from .bots import score_intent

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
