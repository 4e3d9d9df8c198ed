"""Events of ability sheets (the ``unique_abilities`` ruleset): sheets dealt, ability windows
opened and closed, uses declared and paid, and the effects no other event describes (split
from :mod:`.events`, which re-exports them all).  Effects that other events already describe
reuse them (a Villain's peek is a ``discovery_peeked``, a Mayhem elimination an
``astronaut_killed``, ...)."""

from __future__ import annotations

from dataclasses import dataclass

from mrp_tutor.games.mission_red_planet.engine.event_base import _EV, Event
from mrp_tutor.games.mission_red_planet.engine.state import GameState, Window


@dataclass(**_EV)
class SheetsDealt(Event):
    """Each colour takes an ability sheet and keeps only the five characters of its crew;
    ``drawn`` colours got theirs at random (one recorded random outcome)."""

    sheets: tuple[tuple[str, str], ...]  # (colour, sheet id)
    crews: tuple[tuple[str, ...], ...]  # the crew of each, in the same order
    drawn: tuple[str, ...] = ()

    def apply(self, s: GameState) -> None:
        for (colour, sheet), crew in zip(self.sheets, self.crews, strict=True):
            seat = s.seats[colour]
            seat.sheet = sheet
            seat.hand = [c for c in seat.hand if c in crew]
        if self.drawn:
            s.rng_count += 1

    def actor(self) -> str | None:
        return None
SheetsDealt.type = "sheets_dealt"


@dataclass(**_EV)
class AbilityWindowOpened(Event):
    """``colour`` may now use its ability (or decline)."""

    colour: str
    ability: str
    point: str
    zone: str = ""
    count: int = 0
    mark: str = ""  # remembered so that a passed window does not open again

    def apply(self, s: GameState) -> None:
        s.windows.append(Window(self.colour, self.ability, self.point, self.zone, self.count))
        if self.mark:
            s.window_mark = self.mark
AbilityWindowOpened.type = "ability_window_opened"


@dataclass(**_EV)
class AbilityDeclared(Event):
    """``colour`` uses its ability on ``target``; ``cost`` tokens are now owed."""

    colour: str
    ability: str
    target: str | None
    cost: int

    def apply(self, s: GameState) -> None:
        if s.windows and s.windows[0].colour == self.colour and s.windows[0].owed == 0 \
                and s.windows[0].target is None and s.windows[0].point != "declared":
            w = s.windows[0]
        else:  # declared within another decision (before choosing, a board step)
            w = Window(self.colour, self.ability, "declared")
            s.windows.insert(0, w)
        w.target = self.target
        w.owed = self.cost
AbilityDeclared.type = "ability_declared"


@dataclass(**_EV)
class TokensSpent(Event):
    """``colour`` pays point tokens for its ability; they go back to the supply."""

    colour: str
    ability: str
    resource: str
    count: int

    def apply(self, s: GameState) -> None:
        s.seats[self.colour].tokens[self.resource] -= self.count
        s.token_supply[self.resource] = s.token_supply.get(self.resource, 0) + self.count
        if s.windows and s.windows[0].colour == self.colour:
            s.windows[0].owed -= self.count
TokensSpent.type = "tokens_spent"


@dataclass(**_EV)
class AbilityWindowClosed(Event):
    """The first open window closes: the ability was used (``used``) or declined."""

    colour: str
    ability: str
    used: bool

    def apply(self, s: GameState) -> None:
        if s.windows:
            s.windows.pop(0)
AbilityWindowClosed.type = "ability_window_closed"


@dataclass(**_EV)
class CharacterTakenBack(Event):
    """Devious Despot: a set-aside character goes back into the hand."""

    colour: str
    card: str

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.played.remove(self.card)
        seat.hand.append(self.card)
CharacterTakenBack.type = "character_taken_back"


@dataclass(**_EV)
class CharactersShown(Event):
    """Stealthy Spy: every other player's chosen card is shown face up, to everyone."""

    colour: str
    shown: tuple[tuple[str, str], ...]

    def apply(self, s: GameState) -> None:
        for c, _ in self.shown:
            s.seats[c].shown = True
CharactersShown.type = "characters_shown"


@dataclass(**_EV)
class CharacterSwapped(Event):
    """Stealthy Spy: the chosen card goes back to the hand and another takes its place."""

    colour: str
    returned: str
    chosen: str

    def apply(self, s: GameState) -> None:
        seat = s.seats[self.colour]
        seat.hand.remove(self.chosen)
        seat.hand.append(self.returned)
        seat.chosen = self.chosen
CharacterSwapped.type = "character_swapped"


@dataclass(**_EV)
class CharacterHeld(Event):
    """Guileful Genius: ``colour`` paid to hold its face-down card past its number; it acts
    at a later call of its choosing, last at the latest (``since``: the character last called
    in order when it held, "" before the first call).  Public: the payment is seen and no
    card is turned up."""

    colour: str
    since: str = ""

    def apply(self, s: GameState) -> None:
        if self.colour not in s.queue or s.seats[self.colour].chosen is None:
            raise ValueError(f"{self.colour} has no face-down card waiting to be held")
        s.holds[self.colour] = self.since
        s.queue = [c for c in s.queue if c != self.colour] + [self.colour]
CharacterHeld.type = "character_held"
