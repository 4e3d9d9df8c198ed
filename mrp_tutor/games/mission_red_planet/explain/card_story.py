"""Why a character card: what it did in the played-out games won after choosing it.

A character's worth depends on what the table does after it is chosen, so the coach does not
rank cards by a rule of thumb: :func:`card_story` plays :data:`GAMES` games out from the seat's
view after the choice (the hidden cards sampled anew each game, every later decision by the
search's playout policy: uniform, an action card always played), with a generator seeded from
the view (the same position, the same story), and says what the card itself did, on average,
in the games the seat won: astronauts boarded, ships launched, moves, kills... counted from the
events of its resolution.  A true statement about those games, not a promise.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.determinize import determinize
from mrp_tutor.games.mission_red_planet.engine.game import Game, play_out
from mrp_tutor.games.mission_red_planet.engine.greedy import random_bot
from mrp_tutor.games.mission_red_planet.engine.search import view_rng
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.reasons import Reason, card_rule

#: games played out for one card's story
GAMES = 60

#: what a card's resolution did, by event type: (how many, what (its noun, what befell it))
_DID: dict[str, tuple[Callable[[Any], int], tuple[str, str]]] = {
    "astronauts_boarded": (lambda e: int(e.count), ("astronaut", "boarded")),
    "ship_launched": (lambda e: 1, ("ship", "launched")),
    "astronaut_moved": (lambda e: 1, ("astronaut", "moved")),
    "astronaut_killed": (lambda e: 1, ("astronaut", "killed")),
    "astronaut_replaced": (lambda e: 1, ("astronaut", "replaced")),
    "ship_destroyed": (lambda e: 1, ("ship", "destroyed")),
    "destination_token_placed": (lambda e: 1, ("destination token", "placed")),
    "discovery_peeked": (lambda e: 1, ("discovery", "looked at")),
    "cards_recalled": (lambda e: len(e.cards), ("card", "taken back")),
}


def _policy(rng: random.Random) -> Callable[[Game, list[I.Intent]], I.Intent]:
    uniform = random_bot(rng)

    def choose(game: Game, legal: list[I.Intent]) -> I.Intent:
        if isinstance(legal[0], I.PlayAction):
            return legal[0]
        return uniform(game, legal)

    return choose


def _what_it_did(log: list[E.Event], colour: str, card: str) -> Counter[tuple[str, str]]:
    """The counts of :data:`_DID` between the card's first resolution and its end."""
    did: Counter[tuple[str, str]] = Counter()
    inside = False
    for e in log:
        t = e.type
        if t == "resolution_started" and getattr(e, "colour", None) == colour and getattr(
                e, "character", None) == card:
            inside = True
        elif t == "resolution_ended" and inside:
            break
        elif inside and t in _DID:
            count, what = _DID[t]
            did[what] += count(e)
    return did


#: the plural of a noun of :data:`_DID` (the rest take an "s")
_PLURAL = {"discovery": "discoveries"}


def _words(n: float, what: tuple[str, str]) -> str:
    """``n`` (one decimal) of ``what`` (a noun and what befell it): "0.3 destination tokens
    placed", "1.0 astronaut boarded"."""
    shown = f"{n:.1f}"
    noun, verb = what
    return f"{shown} {noun if shown == '1.0' else _PLURAL.get(noun, noun + 's')} {verb}"


def card_story(spec: GameSpec, view: Mapping[str, Any], it: I.ChooseCharacter,
               games: int = GAMES) -> Reason:
    """What the card ``it`` chooses did in the games the seat won after choosing it."""
    rng = view_rng(view, [it], "card")
    policy = _policy(rng)
    won = 0  # games the seat won (alone or with others: a share of a win is a win there)
    did: dict[tuple[str, str], float] = {}
    for _ in range(games):
        g = Game(spec, determinize(spec, dict(view), rng), [])
        g.play(it, trusted=True)  # the seat's options are the same in every sample
        play_out(g, policy)
        res = g.state.result
        if res is None or it.colour not in res.winners:
            continue
        won += 1
        for done, n in _what_it_did(g.log, it.colour, it.character).items():
            did[done] = did.get(done, 0.0) + n
    rule = card_rule(spec, it.character, (view.get("decision") or {}).get("rule"))
    name = spec.card_name(it.character)
    if won <= 0:
        return Reason(f"You won none of the {games} games played out at random after "
                      f"choosing the {name}.", rule)
    top = sorted(((w, n / won) for w, n in did.items() if n > 0), key=lambda x: -x[1])[:2]
    what = (f"its turn averaged {' and '.join(_words(n, w) for w, n in top)}" if top
            else "its turn moved no astronaut or ship")
    # its own games, every move at random: not the search's games the chance counts
    return Reason(f"In the {won} of {games} games played out at random after choosing the "
                  f"{name} that you won, {what}.", rule)
