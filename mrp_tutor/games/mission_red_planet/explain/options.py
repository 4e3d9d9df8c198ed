"""Options in words: a legal decision as a short sentence with card and zone names.

>>> from mrp_tutor.games.mission_red_planet.engine import load_spec
>>> from mrp_tutor.games.mission_red_planet.engine import intents as I
>>> spec = load_spec()
>>> describe_intent(spec, I.Board("red", "s15", 1))
'Board ship 15 (to Tritonis Sinus, room for 4) with 1 astronaut'
>>> describe_intent(spec, I.Move("red", "hellas", "ausonia"), who=True)
'Red: move an astronaut from Hellas to Ausonia'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mrp_tutor.core.words import article, plural
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.ships import ship_name, ship_text, ship_words

__all__ = ["describe_intent", "intent_ids", "plural", "ship_name", "ship_text", "ship_words"]


def _place(spec: GameSpec, place: str, view: Mapping[str, Any] | None) -> str:
    if place in spec.ships:
        return "aboard " + ship_text(spec, place, view)
    return "in " + spec.card_name(place)


def describe_intent(spec: GameSpec, x: I.Intent, view: Mapping[str, Any] | None = None,
                    *, who: bool = False) -> str:
    """One legal decision in words (``who``: start with the colour it is made for)."""
    n = spec.card_name
    text: str
    if isinstance(x, I.KeepMission):
        text = f"keep the {spec.term('mission')} {n(x.card)}"
    elif isinstance(x, I.ChooseCharacter):
        ch = spec.characters.get(x.character)
        text = f"play the {n(x.character)}" + (f" ({ch.number})" if ch is not None else "")
    elif isinstance(x, I.Board):
        text = (f"board {ship_text(spec, x.ship, view)} with {plural(x.count, 'astronaut')}"
                + (f", giving it the destination {n(x.token)}" if x.token else ""))
    elif isinstance(x, I.Move):
        text = f"move an astronaut from {n(x.from_zone)} to {n(x.to_zone)}"
    elif isinstance(x, I.Stop):
        text = "stop here (skip the rest of this effect)"
    elif isinstance(x, I.DrawEvent):
        text = "draw the top event card"
    elif isinstance(x, I.Peek):
        text = f"look at the face-down discovery card in {n(x.zone)}"
    elif isinstance(x, I.AssignDiscovery):
        text = f"put the discovery card face down in {n(x.zone)}"
    elif isinstance(x, I.Launch):
        text = f"launch {ship_text(spec, x.ship, view)} now"
    elif isinstance(x, I.Destroy):
        text = f"destroy {ship_text(spec, x.ship, view)}"
    elif isinstance(x, I.Replace):
        text = f"replace a {x.victim} astronaut {_place(spec, x.place, view)} with one of yours"
    elif isinstance(x, I.Kill):
        text = f"kill a {x.victim} astronaut in {n(x.zone)}"
    elif isinstance(x, I.Drop):
        text = f"send an astronaut from {n(spec.moon) if spec.moon else 'Phobos'} to {n(x.to_zone)}"
    elif isinstance(x, I.PlaceToken):
        text = f"put {article(n(x.zone))} destination token on {ship_text(spec, x.ship, view)}"
    elif isinstance(x, I.Rescue):
        text = f"bring an astronaut back from the memorial to {n(x.zone)}"
    elif isinstance(x, I.PlayAction):
        text = f"play the action card {n(x.card)} now"
    elif isinstance(x, I.KeepAction):
        text = f"keep the action card {n(x.card)} secret for now"
    elif isinstance(x, I.UseAbility | I.PayToken | I.DeclineAbility):
        from mrp_tutor.games.mission_red_planet.explain.ability_options import describe_ability

        text = describe_ability(spec, x, view)
    else:  # a new intent type: still words, never a repr
        text = x.type.replace("_", " ")
    from mrp_tutor.games.mission_red_planet.explain.words import speak

    text = speak(spec, text)  # in the words of the game's own rulebook
    if who:
        return f"{x.colour.capitalize()}: {text}"
    return text[0].upper() + text[1:]


def intent_ids(x: I.Intent) -> list[str]:
    """The zone/ship/colour ids an intent names, in field order (what a click can match)."""
    out = []
    for f in x.__dataclass_fields__:
        if f == "colour":
            continue
        v = getattr(x, f)
        if isinstance(v, str):
            out.append(v)
    return out
