"""The round row and the seats' cards of the table grid, by tap (issue 36).

The round fields (the colours at the table, stage, round, production, first player, the colour
resolving, its character and the effect reached) and each seat's cards (played characters,
the one chosen face down, missions, action cards) are chips whose lists come from the game's
own data (:class:`GameSpec`): the page sends back an id, which is checked against the same list
before the draft changes.  Pure functions on the draft's position document; the sentences name
cards and colours, never ids.

>>> stage_words("resolve")
'Resolving characters'
"""

from __future__ import annotations

from typing import Any

from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.explain.messages import decision_name
from mrp_tutor.games.mission_red_planet.ui.panels.entry import EntryError

STAGES = [("Choosing characters (a round starts)", "choose"),
          ("Resolving characters", "resolve"), ("Production phase", "production"),
          ("Reveal discoveries phase", "reveal_discoveries"), ("Final scoring", "final_scoring"),
          ("Choosing starting missions", "missions")]
ROUNDS = 10  # the round counter of the board (the editor's Round field: 1 to 10)
HANDS = {"played": "played characters", "chosen": "chosen (face down)", "missions": "missions",
         "actions": "action cards"}


def stage_words(stage: str) -> str:
    return dict((v, k) for k, v in STAGES).get(stage, stage.replace("_", " "))


def _chips(pairs: list[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"id": i, "name": n} for i, n in pairs]


def hand_cards(spec: GameSpec, hand: str) -> list[str]:
    """The ids a seat's ``hand`` may hold, in the game's order."""
    return list({"played": spec.countdown, "chosen": spec.countdown, "missions": spec.missions,
                 "actions": spec.actions}[hand])


def round_row(spec: GameSpec, pos: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """What the grid draws of the round: every field's chips and the value chosen."""
    stage = pos.get("stage", "choose")
    res = pos.get("resolving") or {}
    colours = [(c, c.capitalize()) for c in players]
    return {
        "player": {"chips": _chips([(c, c.capitalize()) for c in spec.colours]),
                   "on": list(players)},
        "stage": {"chips": _chips([(v, k) for k, v in STAGES]), "on": [stage]},
        "round": {"chips": _chips([(str(n), str(n)) for n in range(1, ROUNDS + 1)]),
                  "on": [str(pos.get("round") or "")],
                  "shown": stage in ("choose", "resolve")},
        "production": {"chips": _chips([("1", "1st"), ("2", "2nd"), ("3", "3rd")]),
                       "on": [str(pos.get("production") or "")],
                       "shown": stage == "production"},
        "first": {"chips": _chips(colours), "on": [pos.get("first") or ""]},
        # a colour tapped here while characters are chosen moves the table to Resolving
        "colour": {"chips": _chips([("", "nobody"), *colours]),
                   "on": [res.get("colour", "")], "shown": stage in ("choose", "resolve")},
        "character": {"chips": _chips([(c, spec.card_name(c)) for c in spec.countdown]),
                      "on": [res.get("character", "")], "shown": stage == "resolve"},
        "step": {"chips": _chips(effects(spec, res.get("character", ""))),
                 "on": [str(res.get("step", 0))],
                 "shown": stage == "resolve" and bool(res.get("character"))},
        # a character at its own effect in one tap (the first, placing, is the character's)
        "effect": {"chips": _chips(own_effects(spec)),
                   "on": [f"{res.get('character')}:{res.get('step', 0)}"],
                   "shown": stage == "resolve"},
    }


def own_effects(spec: GameSpec) -> list[tuple[str, str]]:
    """Every character's effects after its first, as chips: ("femme_fatale:1", "Femme
    Fatale: replace an astronaut")."""
    return [(f"{c}:{i}", f"{spec.card_name(c)}: {decision_name(st.effect)}")
            for c in spec.countdown for i, st in enumerate(spec.characters[c].steps) if i]


def effects(spec: GameSpec, character: str) -> list[tuple[str, str]]:
    """The effects of ``character`` in order, as chips: ("1", "1: replace an astronaut")."""
    ch = spec.characters.get(character)
    return [(str(i), f"{i + 1}: {decision_name(st.effect)}")
            for i, st in enumerate(ch.steps if ch else [])]


def drop_colours(pos: dict[str, Any], players: list[str]) -> None:
    """Forget every colour not in ``players`` (seats, crews, zones, memorial, first)."""
    seats = pos.setdefault("seats", {})
    for c in list(seats):
        if c not in players:
            del seats[c]
    for sp in pos.get("ships", []):
        if "crew" in sp:
            sp["crew"] = {c: n for c, n in sp["crew"].items() if c in players}
    for zp in pos.get("zones", {}).values():
        if "astronauts" in zp:
            zp["astronauts"] = {c: n for c, n in zp["astronauts"].items() if c in players}
    pos["memorial"] = {c: n for c, n in pos.get("memorial", {}).items() if c in players}
    if pos.get("first") not in players:
        pos["first"] = players[0]
    if (pos.get("resolving") or {}).get("colour") not in (None, *players):
        pos.pop("resolving", None)


def _player(spec: GameSpec, pos: dict[str, Any], players: list[str], c: str) -> str:
    if c in players:
        if len(players) <= 2:
            raise EntryError(f"{c.capitalize()} stays: a table has two colours at least.")
        players.remove(c)
        drop_colours(pos, players)
        return f"{c.capitalize()} left the table."
    players.append(c)  # clockwise: the new colour sits after the last one
    pos.setdefault("seats", {}).setdefault(c, {"tokens": {}})
    return f"{c.capitalize()} joined the table, after {players[-2].capitalize()}."


def _stage(pos: dict[str, Any], stage: str) -> str:
    pos["stage"] = stage
    said = [f"Stage: {stage_words(stage)}."]
    if stage != "missions":  # the two missions to choose from exist during setup only
        for seat in pos.get("seats", {}).values():
            seat.pop("dealt", None)
    if stage in ("choose", "resolve"):
        pos["round"] = int(pos.get("round") or 1)
    elif pos.pop("round", None) is not None:
        said.append("The round is kept only while characters are chosen or resolved.")
    if stage == "production":
        pos["production"] = int(pos.get("production") or 1)
    else:
        pos.pop("production", None)
    if stage != "resolve" and pos.pop("resolving", None):
        said.append("Nobody is resolving a character outside the Resolving stage.")
    pos.pop("last", None)
    return " ".join(said)


def apply_round(spec: GameSpec, pos: dict[str, Any], players: list[str],
                field: str, value: str) -> str:
    """A round chip: change ``pos`` (and ``players``, in place); the sentence said.

    Raises:
        EntryError: ``value`` is not one of the chips of ``field``; nothing changed.
    """
    row = round_row(spec, pos, players)
    if value not in [c["id"] for c in row[field]["chips"]]:
        raise EntryError("The table grid offered no such choice; nothing changed.")
    if not row[field].get("shown", True):
        raise EntryError(f"That choice belongs to another stage than "
                         f"{stage_words(pos.get('stage', 'choose'))}; nothing changed.")
    if field == "player":
        return _player(spec, pos, players, value)
    if field == "stage":
        return _stage(pos, value)
    if field == "step":
        pos["resolving"]["step"] = int(value)
        return f"Resolving: effect {row[field]['chips'][int(value)]['name']}."
    if field == "effect":
        return _effect(spec, pos, value)
    if field in ("round", "production"):
        pos[field] = int(value)
        return f"{field.capitalize()}: {row[field]['chips'][int(value) - 1]['name']}."
    if field == "first":
        pos["first"] = value
        return f"First player: {value.capitalize()}."
    return _resolving(spec, pos, field, value)


def _effect(spec: GameSpec, pos: dict[str, Any], value: str) -> str:
    """A character at its own effect (``femme_fatale:1``) for the colour resolving."""
    if not (pos.get("resolving") or {}).get("colour"):
        raise EntryError("Tap the colour resolving first; nothing changed.")
    card, step = value.split(":")
    said = _resolving(spec, pos, "character", card)
    pos["resolving"]["step"] = int(step)
    name = dict(effects(spec, card))[step]
    return said.replace(f"Resolving: {spec.card_name(card)}.",
                        f"Resolving: {spec.card_name(card)}, effect {name}.")


def _resolving(spec: GameSpec, pos: dict[str, Any], field: str, value: str) -> str:
    """The colour resolving (a colour tapped while characters are chosen: the table is at
    the Resolving stage, said) or its character (face up: among that colour's played
    characters, as the loader puts it, rule round.played_cards)."""
    res = dict(pos.get("resolving") or {})
    if field == "colour" and not value:
        pos.pop("resolving", None)
        return "Resolving: nobody."
    said = ""
    if pos.get("stage", "choose") != "resolve":
        said = _stage(pos, "resolve") + " "
    if field == "character" and res.get("character") != value:
        res["step"] = 0  # another character: from its first effect
    res[field] = value
    res.setdefault("step", 0)
    pos["resolving"] = res
    what = value.capitalize() if field == "colour" else spec.card_name(value)
    said += f"Resolving: {what}."
    colour, card = str(res.get("colour") or ""), res.get("character")
    seat = pos.setdefault("seats", {}).get(colour) if colour else None
    if card and seat is not None and card not in (seat.get("played") or []):
        seat["played"] = [*(seat.get("played") or []), card]  # revealed when it resolves
        if seat.get("chosen") == card:
            seat["chosen"] = None
        said += f" {spec.card_name(card)} is face up among {colour.capitalize()}'s played."
    return said


def seat_cards(spec: GameSpec, pos: dict[str, Any], c: str) -> dict[str, list[str]]:
    """A seat's cards as the grid marks them."""
    sp = pos.get("seats", {}).get(c, {})
    out = {h: list(sp.get(h) or []) for h in HANDS if h != "chosen"}
    out["chosen"] = [sp["chosen"]] if sp.get("chosen") else []  # one card, face down
    return out


def card_chips(spec: GameSpec) -> dict[str, list[dict[str, str]]]:
    """Every card a seat may hold, by hand (the game's own lists)."""
    return {h: _chips([(x, spec.card_name(x)) for x in hand_cards(spec, h)]) for h in HANDS}


def apply_card(spec: GameSpec, pos: dict[str, Any], players: list[str],
               c: str, hand: str, card: str) -> str:
    """A card chip of seat ``c``: the card goes in the hand, or out if it was there.

    Raises:
        EntryError: no such seat or card; nothing changed.
    """
    if c not in players:
        raise EntryError("The table grid named no colour at this table; nothing changed.")
    if card not in hand_cards(spec, hand):
        raise EntryError(f"{c.capitalize()}: that is not one of the game's "
                         f"{HANDS[hand]}; nothing changed.")
    sp = pos.setdefault("seats", {}).setdefault(c, {"tokens": {}})
    name = spec.card_name(card)
    if hand == "chosen":  # one card: a tap chooses it, a tap on it again takes it back
        sp["chosen"] = None if sp.get("chosen") == card else card
        if sp.get("deck") is None:
            sp.pop("hand", None)
        return (f"{c.capitalize()}: {name} chosen (face down)." if sp["chosen"]
                else f"{c.capitalize()}: no character chosen.")
    have = list(sp.get(hand) or [])
    if card in have:
        have.remove(card)
        said = f"{c.capitalize()}: {name} out of {HANDS[hand]}."
    else:
        have.append(card)
        said = f"{c.capitalize()}: {name} in {HANDS[hand]}."
    sp[hand] = have
    if hand == "played" and sp.get("deck") is None:
        sp.pop("hand", None)  # the hand is the characters not played nor chosen
    return said
