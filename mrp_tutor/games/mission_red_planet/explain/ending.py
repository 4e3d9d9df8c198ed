"""The sentence that ends a game: the final scores, the winners, and how a tie was broken
(the point tokens held: ``scoring.tie_break``, the first edition's ``fe.tutor.winner_ties``)."""

from __future__ import annotations

from typing import Any

from mrp_tutor.core.words import plural


def _c(colour: Any) -> str:
    return str(colour).capitalize() if colour else "Someone"


def game_ended(e: Any) -> str:
    """``Final scores: Red 40, Blue 40. Red and Blue tie on 40 points; the tie is broken by
    the point tokens each holds (Red 7 tokens, Blue 9 tokens): Blue holds the most, so Blue
    wins.``"""
    scores = ", ".join(f"{_c(c)} {p}" for c, p in e.scores)
    if e.losers_all:
        return f"Final scores: {scores}. A neutral colour has the highest score: both players lose."
    win = " and ".join(_c(c) for c in e.winners)
    verb = "share the victory" if len(e.winners) > 1 else "wins"
    best = max(dict(e.scores).values(), default=0)
    tied = [c for c, p in e.scores if p == best]
    if len(tied) < 2:
        return f"Final scores: {scores}. {win} {verb}."
    held = dict(e.token_counts)
    counts = ", ".join(f"{_c(c)} {plural(held.get(c, 0), 'token')}" for c in tied)
    how = "the tie stays" if len(e.winners) > 1 else f"{win} holds the most"
    return (f"Final scores: {scores}. {' and '.join(_c(c) for c in tied)} tie on {best} "
            f"points; the tie is broken by the point tokens each holds ({counts}): {how}, so "
            f"{win} {verb}.")
