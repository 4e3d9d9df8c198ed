"""Seeded randomness: every random outcome comes from ``seed`` and the count of earlier ones.

The one deck shuffle that emits :class:`~.events.DeckShuffled` lives here
(:func:`shuffle_deck`), so every deck of every ruleset is shuffled and recorded the same way.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Iterable
from hashlib import sha512
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.basics import Out, emit, fisher_yates
from mrp_tutor.games.mission_red_planet.engine.state import GameState

_new = random.Random.__new__
_seed = _random.Random.seed  # the C seeding that random.Random.seed ends in


class SeededRandom(random.Random):
    """``random.Random`` whose ``shuffle`` makes the same permutation with fewer calls.

    The algorithm is CPython 3.11's (Fisher-Yates with rejection sampling on
    ``getrandbits``), written out so that logs stay identical and setup is cheaper.
    """

    gauss_next: float | None  # random.Random's own (set by its seed(); see :func:`seeded`)

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        fisher_yates(self.getrandbits, x)


def seeded(text: str) -> SeededRandom:
    """``SeededRandom(text)`` in the same state (so every draw is the same; tested), without
    the two Python-level calls of ``random.Random``'s ``__init__`` and ``seed``: this does
    what they do, ``seed`` version 2 (the default) of a string, calling the C seeding
    directly."""
    b = text.encode()
    r = _new(SeededRandom)
    _seed(r, int.from_bytes(b + sha512(b).digest()))
    r.gauss_next = None  # what Random.seed sets besides the generator's state
    return r


def rng_for(s: GameState) -> random.Random:
    """The random generator for the next random outcome: derived from seed and draw count."""
    return seeded(f"{s.seed}:{s.rng_count}")


def shuffled(s: GameState, items: Iterable[str]) -> list[str]:
    """``items`` in the order the next random outcome gives them (the state is unchanged)."""
    order = list(items)
    fisher_yates(seeded(f"{s.seed}:{s.rng_count}").getrandbits, order)  # rng_for's
    return order


def shuffle_deck(s: GameState, out: Out, deck: str, items: Iterable[str], rule: str) -> None:
    """Shuffle ``items`` into ``deck`` and record the order (one :class:`DeckShuffled`)."""
    emit(s, out, E.DeckShuffled(rule=rule, deck=deck, order=tuple(shuffled(s, items))))
