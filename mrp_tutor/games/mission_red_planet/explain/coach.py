"""The coach: the best options of a seated learner, in words, with a chance and a reason.

:func:`hints` runs the search bot (:mod:`mrp_tutor.games.mission_red_planet.engine.search`) from
the learner's view and
returns the two or three options it liked best, each with its estimated chance to win (the
share of the sampled games won after it), one sentence on why (what it fills, launches, wins
or denies, from the public board and the learner's own cards) and the rule it applies.

Everything here is computed from the view (``view_for`` of the learner's colour): a hint
cannot name a card the learner does not see.  The search samples the hidden cards, but only
the options' statistics leave it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.appeal import character_values
from mrp_tutor.games.mission_red_planet.engine.bots import majority_gain, zone_value
from mrp_tutor.games.mission_red_planet.engine.determinize import public_state
from mrp_tutor.games.mission_red_planet.engine.search import SearchResult, search
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState
from mrp_tutor.games.mission_red_planet.explain.options import describe_intent, plural

#: default thinking time of a hint (seconds, one core)
HINT_SECONDS = 1.5


@dataclass(frozen=True)
class Hint:
    """One recommended option: its words, chance to win, reason and the rule it applies."""

    intent: I.Intent
    words: str
    #: share of the sampled games won after it (None: not searched, a single option)
    chance: float | None
    visits: int
    reason: str
    rule: str | None


def _standing_words(gain: float) -> str:
    return ("you would take the lead there" if gain >= 0.5 else
            "you would draw level with the leader there" if gain > 0.2 else
            "it strengthens your hold there" if gain > 0 else "it does not change who leads")


def _name(spec: GameSpec, x: str) -> str:
    return spec.card_name(x)


def _board(spec: GameSpec, s: GameState, view: Mapping[str, Any], it: I.Board) -> str:
    ship = view["ships"].get(it.ship, {})
    zone = it.token or ship.get("destination")
    if not zone:
        return "It puts astronauts aboard a ship whose destination is still open."
    aboard = s.ships[it.ship].crew.get(it.colour, 0) + it.count
    gain = majority_gain(s, zone, it.colour, aboard)
    worth = zone_value(spec, s, zone)
    room = spec.cap[it.ship] - sum(s.ships[it.ship].crew.values()) - it.count
    full = " and fills it, so it launches" if room <= 0 else ""
    return (f"The ship lands in {_name(spec, zone)} (worth about {worth:.0f} points to its "
            f"leader){full}; with {plural(aboard, 'astronaut')} of yours aboard "
            f"{_standing_words(gain)}.")


def _place(spec: GameSpec, s: GameState, it: I.Intent) -> str:
    if isinstance(it, I.Move):
        gain = majority_gain(s, it.to_zone, it.colour, 1)
        return (f"In {_name(spec, it.to_zone)} {_standing_words(gain)}; "
                f"{_name(spec, it.from_zone)} keeps "
                f"{plural(s.zones[it.from_zone].get(it.colour, 0) - 1, 'astronaut')} of yours.")
    if isinstance(it, I.Drop | I.Rescue):
        gain = majority_gain(s, it.to_zone if isinstance(it, I.Drop) else it.zone, it.colour, 1)
        zone = it.to_zone if isinstance(it, I.Drop) else it.zone
        return f"An astronaut of yours arrives in {_name(spec, zone)}: {_standing_words(gain)}."
    if isinstance(it, I.Kill | I.Replace):
        place = it.zone if isinstance(it, I.Kill) else it.place
        if it.victim == it.colour:
            return "It costs you an astronaut, the only way to finish this step."
        if place in s.zones:
            counts = s.zones[place]
            top = max(counts.values(), default=0)
            lead = "leads" if counts.get(it.victim, 0) == top else "is present"
            return (f"It removes a {it.victim} astronaut from {_name(spec, place)}, where "
                    f"{it.victim} {lead} with {counts.get(it.victim, 0)}: it denies them "
                    "points there.")
        return f"It takes a {it.victim} astronaut off {_name(spec, place)} before it lands."
    return ""


def _ship(spec: GameSpec, s: GameState, view: Mapping[str, Any], it: I.Intent) -> str:
    sid = getattr(it, "ship", "")
    crew = s.ships[sid].crew
    mine = crew.get(it.colour, 0)
    rivals = sum(crew.values()) - mine
    dest = view["ships"].get(sid, {}).get("destination")
    where = _name(spec, dest) if dest else "an open destination"
    if isinstance(it, I.Launch):
        return (f"It sends the ship to {where} now, with {plural(mine, 'astronaut')} of yours "
                f"and {rivals} of your rivals aboard.")
    if isinstance(it, I.Destroy):
        return (f"It destroys the ship bound for {where}: {plural(rivals, 'rival astronaut')} "
                f"{'is' if rivals == 1 else 'are'} lost, and {mine} of yours.")
    if isinstance(it, I.PlaceToken):
        return (f"The ship would land in {_name(spec, it.zone)} instead of {where}, carrying "
                f"{plural(mine, 'astronaut')} of yours and {rivals} of your rivals.")
    return ""


def reason(spec: GameSpec, view: Mapping[str, Any], it: I.Intent) -> str:
    """One sentence on what ``it`` does for the learner, from the view only."""
    s = public_state(spec, dict(view), seed=0)  # the board as seen: no hidden card in it
    if isinstance(it, I.Board):
        return _board(spec, s, view, it)
    text = _place(spec, s, it) or (_ship(spec, s, view, it) if hasattr(it, "ship") else "")
    if text:
        return text
    if isinstance(it, I.ChooseCharacter):
        values = character_values(spec, s, it.colour, list(s.seats[it.colour].hand))
        ranked = sorted(values, key=lambda c: -values[c])
        place = ranked.index(it.character) + 1 if it.character in ranked else len(ranked)
        which = "the most" if place == 1 else f"the {_ordinal(place)} most"
        return (f"Of the cards in your hand, it could do {which} on this board right now (its "
                "placement and its effect tried at once).")
    if isinstance(it, I.Stop):
        return "Stopping here keeps the rest of this effect unused: nothing left helps you."
    if isinstance(it, I.KeepMission):
        return f"This {spec.term('mission')} paid off best in the games the search played out."
    return "In the games the search played out from here, this choice did best."


def _ordinal(n: int) -> str:
    return {2: "second", 3: "third"}.get(n, f"{n}th")


def hints(
    spec: GameSpec, view: Mapping[str, Any], options: Sequence[I.Intent], *,
    seconds: float | None = HINT_SECONDS, iterations: int | None = None, seed: int = 0,
    stop: Callable[[], bool] | None = None, top: int = 3,
) -> tuple[list[Hint], SearchResult]:
    """The ``top`` options the search liked best for the learner whose ``view`` this is (most
    visited first), and the search's result (its effort)."""
    res = search(spec, dict(view), options, random.Random(seed), iterations=iterations,
                 seconds=seconds, stop=stop)
    rule = (view.get("decision") or {}).get("rule")
    out: list[Hint] = []
    for o in res.options[:top]:
        out.append(Hint(o.intent, describe_intent(spec, o.intent, view), o.wins, o.visits,
                        reason(spec, view, o.intent), rule))
    if not out and options:  # a single option, or stopped before any game was played
        x = options[0]
        out.append(Hint(x, describe_intent(spec, x, view), None, 0, reason(spec, view, x), rule))
    return out, res
