"""What a step leaves the table to read off a card, asked right after it, by tap.

A Malfunction (Phase V › Resolving Malfunctions) draws a card from its Block's deck; a
Complication card names a Facility and shows a status, which turns red (nothing when it is
already red or the Facility is shut down: ``malfunction.complication``).  The card is the
table's, so the panel asks: the Facility it names (its Block's Facilities first; "not a
Complication" leaves the card's other effect to "Something happened"), then the status it
shows there; the answer is played as the effect ``break_status`` with its rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mrp_tutor.games.first_martians.events import Event
from mrp_tutor.games.first_martians.outcomes import PART_WORDS
from mrp_tutor.games.first_martians.state import HubState
from mrp_tutor.games.first_martians.ui.fm_ask import Asker, Question

NOT_ONE = "Not a Complication (enter its effect under Something happened)"


class Followups:
    """The Malfunction cards still to be read, asked one at a time."""

    def __init__(self, asker: Asker, submit: Callable[[dict[str, Any], str], None],
                 say: Callable[[str], None]) -> None:
        self.asker, self.submit, self.say = asker, submit, say
        self.blocks: list[str] = []
        self.state: HubState | None = None

    def after(self, s: HubState, events: Sequence[Event]) -> None:
        """Queue the Malfunctions a step caused, and ask the first one."""
        self.state = s
        self.blocks += [str(getattr(ev, "block", "")) for ev in events
                        if ev.type == "malfunction_occurred"]
        if s.result is not None:
            self.blocks = []
        self.next()

    def next(self) -> None:
        s = self.state
        if not self.blocks or s is None:
            return
        block = self.blocks[0]
        ordered = sorted(s.facilities, key=lambda f: f.block != block)
        choices: list[tuple[str, Any]] = [(NOT_ONE, "")]
        choices += [(f.name, f.id) for f in ordered]
        self.asker.ask(Question(
            f"The {block.capitalize()} Block's Malfunction card: is it a Complication? Tap "
            "the Facility it names", choices, self._facility, can_roll=False), "complication")

    def _facility(self, fid: str) -> None:
        block = self.blocks.pop(0)
        s = self.state
        if not fid or s is None:
            self.asker.close()
            self.say(f"The {block.capitalize()} Block's card: enter its effect under Something "
                     "happened.")
            self.next()
            return
        f = s.facility(fid)
        self.asker.ask(Question(
            f"The status the Complication card shows on {f.name}",
            [(PART_WORDS.get(st.part, st.part) + (" (already red)" if st.red else ""),
              st.part) for st in f.statuses],
            lambda part: self.submit({"type": "break_status", "facility": fid, "part": part,
                                      "rule": "malfunction.complication"},
                                     "Complication"), can_roll=False), "complication_status")
