"""Seeded randomness: every random outcome comes from ``seed`` and the count of earlier ones.

The one deck shuffle that emits :class:`~.events.DeckShuffled` lives here
(:func:`shuffle_deck`), so every deck of every ruleset is shuffled and recorded the same way.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from . import events as E
from .core import Out, emit, fisher_yates
from .state import GameState


class SeededRandom(random.Random):
    """``random.Random`` whose ``shuffle`` makes the same permutation with fewer calls.

    The algorithm is CPython 3.11's (Fisher-Yates with rejection sampling on
    ``getrandbits``), written out so that logs stay identical and setup is cheaper.
    """

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        fisher_yates(self.getrandbits, x)


def rng_for(s: GameState) -> random.Random:
    """The random generator for the next random outcome: derived from seed and draw count."""
    return SeededRandom(f"{s.seed}:{s.rng_count}")


def shuffled(s: GameState, items: Iterable[str]) -> list[str]:
    """``items`` in the order the next random outcome gives them (the state is unchanged)."""
    order = list(items)
    fisher_yates(random.Random(f"{s.seed}:{s.rng_count}").getrandbits, order)  # rng_for's
    return order


def shuffle_deck(s: GameState, out: Out, deck: str, items: Iterable[str], rule: str) -> None:
    """Shuffle ``items`` into ``deck`` and record the order (one :class:`DeckShuffled`)."""
    emit(s, out, E.DeckShuffled(rule=rule, deck=deck, order=tuple(shuffled(s, items))))
