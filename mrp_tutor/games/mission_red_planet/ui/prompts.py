"""The seated learner's prompt, specific to the step (issue 26, item 3): which character is
resolving, what this step of it asks, and where to act (highlighted ships, highlighted zones,
the choices below): never one sentence for every character.

>>> step_words("replace", "Femme Fatale")
"Femme Fatale: replace another player's astronaut with one of yours (it is killed)"
>>> where_words(ships=True, zones=False, choices=False)
'click a highlighted ship'
"""

from __future__ import annotations

from typing import Any

# what one step of a character asks, by the decision's kind (engine.legal)
STEP_WORDS = {
    "board": "put your astronauts on a docked ship",
    "replace": "replace another player's astronaut with one of yours (it is killed)",
    "place_destination_token": "put a destination token on a docked or launched ship, then "
                               "choose its zone",
    "move_adjacent": "move one of your astronauts on Mars into a neighbouring zone, or stop",
    "kill": "kill one astronaut in a zone (pick the zone, then the colour if asked)",
    "drop_from": "move one of your astronauts from Phobos to a zone of Mars (up to 3 moves, "
                 "at least 1)",
    "force_launch": "launch one docked ship that is not full (it may be empty)",
    "draw_or_peek": "draw 1 event card, or look at 1 face-down discovery",
    "destroy_docked": "destroy one docked ship (everyone aboard is killed)",
    "choose_character": "choose a character face down",
    "assign_discovery": "put the discovery card face down in a free outer zone",
    "play_action": "play your action card now, or keep it",
    "pay_ability": "choose the point tokens to pay for your ability",
    "use_ability": "use your ability now, or not",
    "scatter": "move your astronauts away (a discovery card)",
}


def step_words(kind: str, character: str = "", mission: str = "mission") -> str:
    """``Femme Fatale: replace ...`` (``kind``: the decision waited for)."""
    if kind == "keep_mission":
        what = f"keep one {mission} (the other goes back)"
    elif kind.startswith("action:"):
        what = "carry out your action card"
    else:
        what = STEP_WORDS.get(kind, kind.replace("_", " "))
    return f"{character}: {what}" if character else what


# where the choices are, said from the board's prompt bar: beside the board on a desktop,
# above it on a phone (the seat panel's prompt, "Your turn", heads the list in both)
ON_BOARD = "under \u201cYour turn\u201d"


def where_words(*, ships: bool, zones: bool, choices: bool, place: str = "below") -> str:
    """Where to act: only what is lit, and "a choice below" only when there is one
    (``place``: where the choices are, seen from the prompt)."""
    lit = ("a highlighted ship" if ships and not zones else
           "a highlighted zone" if zones and not ships else
           "a highlighted zone or ship" if zones else "")
    if lit and choices:
        return f"click {lit}, or a choice {place}"
    if lit:
        return f"click {lit}"
    return f"pick one of the choices {place}" if choices else "press Next"


def turn_text(spec: Any, decision: dict[str, Any] | None, targets: dict[str, Any],
              choices: bool, ability: bool = False, place: str = "below") -> str:
    """The whole prompt: the step in words, then where to act (``place``: where_words)."""
    d = decision or {}
    ch = spec.card_name(d["character"]) if d.get("character") else ""
    what = step_words(str(d.get("kind", "")), ch, spec.term("mission"))
    if ability and d.get("kind") not in ("use_ability", "pay_ability"):
        what += " (or use your ability first)"
    how = where_words(ships=bool(targets.get("ships")), zones=bool(targets.get("zones")),
                      choices=choices, place=place)
    return f"{what}: {how}."
