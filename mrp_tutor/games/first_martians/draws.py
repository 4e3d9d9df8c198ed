"""Recorded randomness: the table enters its own dice, tiles and draws.

By default the assistant never rolls or draws for the table: a draw the intent does not
carry raises :class:`~.errors.InputNeeded` (nothing changes) naming the kind, the legal
values and a sentence, so the panel can offer them as taps and play the intent again with
the value entered.  Only an intent with ``roll_for_me`` set (or the kind in ``roll_for``)
lets the seeded generator draw, and only a random draw (a die, a face-down tile or token):
the table's choices (which Facility, who is wounded, which track) are always the table's,
asked for when not entered.  Draw number ``n`` of a state with seed ``s`` always gives the
same value (the generator is ``random.Random`` seeded from ``(s, n)``).  Every draw,
entered or rolled, becomes a ``draw_made`` event saying which it was, so a round replays
exactly from its events without any generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from mrp_tutor.games.first_martians.errors import FmError, InputNeeded
from mrp_tutor.games.first_martians.events import DrawMade
from mrp_tutor.games.first_martians.state import HubState


class Draws:
    """The draws of one intent: table-entered values (by kind); seeded ones only when the
    table asked the assistant to roll for it."""

    def __init__(self, state: HubState, entered: Mapping[str, Sequence[Any]] | None = None,
                 roll_for_me: bool = False, roll_for: Sequence[str] = ()) -> None:
        self.state = state
        self.entered = {k: list(v) for k, v in (entered or {}).items()}
        self.roll_for_me = roll_for_me
        self.roll_for = list(roll_for)
        self.count = state.draws

    def has(self, kind: str) -> bool:
        """True when the table entered a value of ``kind`` not yet used."""
        return bool(self.entered.get(kind))

    def draw(self, kind: str, choices: Sequence[Any], rule: str, what: str, *,
             random_draw: bool = True, labels: Sequence[str] | None = None,
             model: str | None = None, table_only: bool = False) -> DrawMade:
        """One of ``choices``: the table's entry, else (asked) a seeded draw.

        ``random_draw`` False marks a choice the table makes (which Facility, who takes a
        wound) rather than a die or a face-down draw: the generator never makes it, not even
        with the blanket ``roll_for_me`` (that covers dice and draws only).  ``model``: the
        rule id of the tutor reading that models the faces, cited on a seeded draw (the
        rulebook does not print them).  ``table_only``: only the table can say what is
        printed (never drawn by the generator).

        Raises:
            FmError: ``fm.draw_empty`` (nothing possible), ``fm.draw_not_possible`` (an
                entered value is not one of ``choices``), ``fm.not_a_draw`` (``roll_for``
                names a choice or a printed icon: the assistant does not make it).
            InputNeeded: nothing entered for ``kind`` and no roll asked for it, or a choice
                or a printed icon not entered.
        """
        if not choices:
            raise FmError("fm.draw_empty", rule, f"nothing to draw for {what}", {"kind": kind})
        queue = self.entered.get(kind)
        if queue:
            value = queue.pop(0)
            if value not in choices or isinstance(value, bool):
                shown = list(labels) if labels is not None else [
                    str(c).replace("_", " ") for c in dict.fromkeys(choices)]
                raise FmError("fm.draw_not_possible", rule,
                              f"that cannot be entered for {what}; possible: "
                              f"{', '.join(shown)}",
                              {"kind": kind, "value": value, "choices": list(choices)})
            return DrawMade(rule=rule, kind=kind, what=what, value=value, by="table",
                            number=None, random=random_draw)
        asked = kind in self.roll_for
        chosen = table_only or not random_draw
        if asked and chosen:
            whose = "what is printed, read off the tile by the table" if table_only else \
                "the table's choice"
            raise FmError("fm.not_a_draw", "tutor.table_draws",
                          f"{what} is {whose}: asked, the assistant rolls dice and draws "
                          "tiles or tokens for the table, never more", {"kind": kind})
        if chosen or not (self.roll_for_me or asked):
            raise InputNeeded(kind, what, list(dict.fromkeys(choices)), rule,
                              random_draw=random_draw, labels=labels, table_only=table_only)
        if asked:
            self.roll_for.remove(kind)
        rng = random.Random(f"{self.state.seed}:{self.count}")
        value = choices[rng.randrange(len(choices))]
        self.count += 1
        return DrawMade(rule=model or rule, kind=kind, what=what, value=value, by="seeded",
                        number=self.count, random=random_draw)
