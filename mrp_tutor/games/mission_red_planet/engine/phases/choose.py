"""Keeping a mission, choosing characters, and the countdown order of resolution."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.basics import Fact, Out, emit
from mrp_tutor.games.mission_red_planet.engine.rulesets import rules_of
from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec
from mrp_tutor.games.mission_red_planet.engine.state import GameState


def choose_stage(spec: GameSpec, s: GameState, out: Out) -> bool:
    """Run the choose stage. True when a player has to choose."""
    if s.windows:
        return True  # an ability window is open
    rules = rules_of(s)
    if rules.draws:
        rules.draw_characters(spec, s, out)
    for seat in s.seats.values():
        if seat.chosen is None:
            return True
    if rules.abilities and rules.after_choosing(spec, s, out):
        return True
    emit(s, out, E.ResolutionOrderSet(rules.cite("round.countdown"),
                                      tuple(rules.countdown(spec, s))))
    emit(s, out, E.StageChanged("round.countdown", "resolve"))
    return False


def mission_options(s: GameState, c: str) -> list[I.Intent]:
    """The missions ``c`` may keep."""
    return [I.KeepMission(c, m) for m in s.seats[c].dealt]


def character_options(spec: GameSpec, s: GameState, c: str) -> list[I.Intent]:
    """The characters ``c`` may choose (prebuilt intents, shared)."""
    choices: dict[str, I.Intent] | None = spec.memo.get(("choose", c))
    if choices is None:
        choices = spec.memo[("choose", c)] = {
            ch: I.ChooseCharacter(c, ch) for ch in spec.characters}
    hand = s.seats[c].hand
    try:
        return [choices[ch] for ch in hand]
    except KeyError:  # a card this spec does not know (an edited position): built here
        return [choices.get(ch) or I.ChooseCharacter(c, ch) for ch in hand]


def keep_mission(s: GameState, it: I.KeepMission, out: Out) -> None:
    """A player keeps one dealt mission and returns the other."""
    seat = s.seats[it.colour]
    emit(s, out, E.MissionKept(rule="setup.missions", colour=it.colour, card=it.card,
                               returned=tuple(m for m in seat.dealt if m != it.card)))


def diagnose_choice(spec: GameSpec, s: GameState, it: I.Intent) -> Fact | None:
    """Why a mission or character choice is wrong."""
    seat = s.seats[it.colour]
    if isinstance(it, I.ChooseCharacter):
        if it.character not in spec.characters:
            return ("unknown_character", "round.choose", f"no character {it.character!r}",
                    {"character": it.character})
        if it.character in seat.played:
            return ("character_already_played", "round.played_cards",
                    f"{it.character} was already played and stays face up until a Recruiter",
                    {"character": it.character, "played": list(seat.played)})
        return ("character_not_in_hand", "round.played_cards", f"{it.character} is not in hand",
                {"character": it.character, "hand": list(seat.hand)})
    if isinstance(it, I.KeepMission):
        return ("mission_not_dealt", "setup.missions", f"{it.card} was not dealt to {it.colour}",
                {"card": it.card})
    return None
