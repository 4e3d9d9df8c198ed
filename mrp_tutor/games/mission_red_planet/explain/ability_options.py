"""Ability decisions (the ``unique_abilities`` ruleset) in words: what each option does, with
its sheet's name and cost, naming cards, regions, shuttles and colours (never ids).

Used by :func:`.options.describe_intent` for ``use_ability``, ``pay_token`` and
``decline_ability``; the sheets come from the ruleset whose data the spec is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mrp_tutor.core.words import plural
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.rulesets import RULESETS
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.ships import ship_text


def sheet_facts(spec: GameSpec, ability: str) -> tuple[str, int, int]:
    """(name, cost, second cost) of an ability sheet; a readable guess when unknown."""
    for rules in RULESETS.values():
        sheets = getattr(rules, "sheets", None)
        if rules.data == spec.ruleset and callable(sheets):
            sheet = sheets().get(ability)
            if sheet is not None:
                return str(sheet.name), int(sheet.cost), int(sheet.second_cost)
    return ability.replace("_", " ").title(), 0, 0


def _tokens(n: int, more: bool = False) -> str:
    if n <= 0:
        return ""
    return f" (pay {plural(n, 'more point token' if more else 'point token')})"


def _ship(spec: GameSpec, ship: str, view: Mapping[str, Any] | None) -> str:
    return ship_text(spec, ship, view)


#: sheet id -> what a use on ``target`` does (``n``: card names)
EFFECTS: dict[str, Callable[[GameSpec, Callable[[str], str], str | None,
                             Mapping[str, Any] | None], str]] = {
    "devious_despot": lambda sp, n, t, v: f"take the set-aside {n(t or '')} back into your hand",
    "versatile_villain": lambda sp, n, t, v: (
        f"secretly look at the face-down discovery in {n(t or '')}"),
    "stealthy_spy": lambda sp, n, t, v: (
        "make everyone else show their chosen character" if t is None
        else f"swap your chosen character for the {n(t)} from your hand"),
    "guileful_genius": lambda sp, n, t, v: (
        "hold your character face down for a later point of the turn order (it is not "
        "turned up at its number; you then act before any later call you choose, after every "
        "other character at the latest)" if t == "later" else
        "reveal and resolve your held character now (paid when you held it)" if t == "now"
        else "reveal and resolve your character now, out of turn"),
    "cunning_conspirator": lambda sp, n, t, v: (
        f"put this placement aboard {_ship(sp, t or '', v)}, already launched, beyond its "
        "capacity"),
    "audacious_adventurer": lambda sp, n, t, v: (
        f"move your astronauts that just landed on to {n(t or '')}"),
    "major_mayhem": lambda sp, n, t, v: (
        f"eliminate a {t} astronaut where your shuttle landed (to the memorial)"),
}


def describe_ability(spec: GameSpec, x: I.Intent, view: Mapping[str, Any] | None) -> str:
    """One ability decision in words (lower case start; the caller capitalises)."""
    n = spec.card_name
    if isinstance(x, I.UseAbility):
        name, cost, second = sheet_facts(spec, x.ability)
        swap = x.ability == "stealthy_spy" and x.target is not None
        progress = (view or {}).get("progress") or {}
        if x.ability == "cunning_conspirator" and any(  # paid for this action already
                sid in (view or {}).get("launched", ()) for sid in progress.get("used", ())):
            return (f"use the {name}'s ability (already paid for this action): "
                    f"{EFFECTS[x.ability](spec, n, x.target, view)}")
        if x.ability == "guileful_genius" and x.target == "now":  # paid when it held
            return f"use the {name}'s ability: {EFFECTS[x.ability](spec, n, x.target, view)}"
        effect = EFFECTS.get(x.ability)
        what = (effect(spec, n, x.target, view) if effect is not None
                else "use it" + (f" on {n(x.target)}" if x.target else ""))
        return f"use the {name}'s ability{_tokens(second if swap else cost, swap)}: {what}"
    if isinstance(x, I.PayToken):
        return f"pay one {x.resource} token for the ability"
    if isinstance(x, I.DeclineAbility):
        name, _, _ = sheet_facts(spec, x.ability)
        return f"do not use the {name}'s ability now"
    return x.type.replace("_", " ")
