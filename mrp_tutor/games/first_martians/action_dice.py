"""Action dice, as the table rolls them (Phase IV › Action Dice).

A 2-pawn action taken one pawn short rolls its colour's three dice when it resolves: the
Success die (success, or the action fails and the astronaut gains 2 Morale tokens), the
Wound die (a wound or nothing) and the Adventure die (an Adventure in the app, or nothing).
A red CPU status with the Success penalty makes even a fully-pawned action roll the Success
die.  A Reroll token on the action makes a rolled success be rolled once more, the new
result standing.  The faces are the table's (``draws``); asked to roll for the table, the
assistant uses the labelled model ``tutor.action_dice_faces`` (the rulebook prints each
die's outcomes, not its faces).  The dice never change anything but the top astronaut.
"""

from __future__ import annotations

from mrp_tutor.games.first_martians.events import MoraleTokens
from mrp_tutor.games.first_martians.events_more import ActionDiceRolled
from mrp_tutor.games.first_martians.run import Run
from mrp_tutor.games.first_martians.state import Declared

SUCCESS_FACES = ("success", "fail")
ADVENTURE_FACES = ("adventure", "blank")
MODEL = "tutor.action_dice_faces"


def rolls_dice(d: Declared) -> bool:
    """True when the action rolls dice as it resolves (all three, or the Success die only)."""
    return d.dice or "success_die" in d.penalties


def roll(r: Run, index: int) -> tuple[bool, bool]:
    """Roll declared action ``index``'s dice; returns (success, adventure rolled)."""
    d = r.s.declared[index]
    success_only = not d.dice
    who, act = d.astronaut.capitalize(), d.action.replace("_", " ")
    success = r.draw("success_die", SUCCESS_FACES, "dice.success",
                     f"{who}'s Success die ({act})", model=MODEL) == "success"
    rerolled = False
    if success and "reroll" in d.penalties:
        rerolled = True
        success = r.draw("success_die", SUCCESS_FACES, "modifiers.reroll",
                         f"{who}'s Success die rolled again (Reroll token)",
                         model=MODEL) == "success"
    wound = adventure = None
    if not success_only:
        wound = r.draw("wound_die", r.board.dice.wound_die.faces, "dice.wound",
                       f"{who}'s Wound die ({act})", model=MODEL) == "wound"
        adventure = r.draw("adventure_die", ADVENTURE_FACES, "dice.adventure",
                           f"{who}'s Adventure die ({act})", model=MODEL) == "adventure"
    r.emit(ActionDiceRolled(rule="actions.dice", index=index, action=d.action,
                            astronaut=d.astronaut, success=success, wound=wound,
                            adventure=adventure, rerolled=rerolled))
    if not success:
        a = r.s.astronaut(d.astronaut)
        r.emit(MoraleTokens(rule="dice.success", astronaut=a.id, delta=2,
                            value=a.morale_tokens + 2))
    if wound:
        r.wound(d.astronaut, 1, f"the Wound die of the {act} action", "dice.wound")
    return success, bool(adventure)
