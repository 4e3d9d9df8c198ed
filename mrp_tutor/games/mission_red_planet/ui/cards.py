"""What a card says, shown where the card is chosen (issue 26, item 1).

A choice that names a card (keep a mission, play a character) carries the card's text and,
when that text has not been checked against a physical card, says so: a newcomer deciding
which mission to keep reads what the mission asks right there, not in the Card data tab.

>>> from mrp_tutor.games.mission_red_planet.engine import load_spec
>>> from mrp_tutor.games.mission_red_planet.engine import intents as I
>>> spec = load_spec()
>>> choice_detail(spec, I.ChooseCharacter("red", "travel_agent"))[:40]
'Put 3 of your astronauts on the same doc'
>>> "not yet checked" in choice_detail(spec, I.KeepMission("red", "sylvanite_baron"))
True
>>> choice_detail(spec, I.Move("red", "hellas", "ausonia"))
''
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec

UNVERIFIED = "(card text not yet checked against a physical card)"


def card_text(spec: GameSpec, card: str) -> tuple[str, bool]:
    """The text of a mission or character card and whether it was checked; ("", True) when
    the card is neither."""
    c: Any = spec.missions.get(card) or spec.characters.get(card)
    if c is None or not getattr(c, "text", ""):
        return "", True
    return str(c.text), bool(getattr(c, "verified", True))


def card_note(spec: GameSpec, card: str) -> str:
    """The card's text with its unverified flag (one line), or ""."""
    text, checked = card_text(spec, card)
    if not text:
        return ""
    return text if checked else f"{text} {UNVERIFIED}"


def choice_detail(spec: GameSpec, x: I.Intent) -> str:
    """What the card named by a choice says (keep a mission, play a character), or ""."""
    if isinstance(x, I.KeepMission):
        return card_note(spec, x.card)
    if isinstance(x, I.ChooseCharacter):
        return card_note(spec, x.character)
    return ""


def card_notes_html(spec: GameSpec, options: Sequence[I.Intent]) -> str:
    """The cards the options name, each with its text (a list under the decision line), or
    "" when no option names a card."""
    seen: dict[str, str] = {}
    for x in options:
        card = (x.card if isinstance(x, I.KeepMission) else
                x.character if isinstance(x, I.ChooseCharacter) else "")
        if card and card not in seen:
            note = choice_detail(spec, x)
            if note:
                seen[card] = note
    if not seen:
        return ""
    items = "".join(f"<li><b>{escape(spec.card_name(c))}</b>: {escape(t)}</li>"
                    for c, t in seen.items())
    return f'<ul class="mrp-card-notes">{items}</ul>'
