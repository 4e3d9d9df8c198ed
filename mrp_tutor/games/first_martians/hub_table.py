"""The round, stepped: a :class:`Table` holds the HUB state and its event log.

``table.play(intent)`` checks the intent against the phase and the rules (the phase
bookkeeping is :mod:`.phases`), returns the events (each with its rule id) and keeps the
new state; a refused intent raises a typed error and changes nothing.  :func:`replay`
rebuilds any state from the start state and the events; playing the same intents from the
same state gives the same events.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from mrp_tutor.games.first_martians.content import Board, default_board
from mrp_tutor.games.first_martians.events import Event, replay
from mrp_tutor.games.first_martians.intents import Intent
from mrp_tutor.games.first_martians.phases import play
from mrp_tutor.games.first_martians.state import HubState, clone

__all__ = ["Table", "play", "replay"]


@dataclass
class Table:
    """A HUB state, its start and every event since (the log replays exactly)."""

    state: HubState
    board: Board = field(default_factory=default_board)
    start: HubState | None = None
    log: list[Event] = field(default_factory=list)
    intents: list[Intent] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.start is None:
            self.start = clone(self.state)

    def play(self, it: Intent) -> list[Event]:
        new_state, events = play(self.state, it, self.board)
        self.state = new_state
        self.log.extend(events)
        self.intents.append(it)
        return events

    def play_all(self, intents: Sequence[Intent]) -> list[Event]:
        out: list[Event] = []
        for it in intents:
            out += self.play(it)
        return out

    def replayed(self) -> HubState:
        assert self.start is not None
        return replay(self.start, self.log)
