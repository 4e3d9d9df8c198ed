"""Action dice, as the table rolls them (Phase IV › Action Dice).

A 2-pawn action taken one pawn short rolls its colour's three dice: the Success die
(success, or the action fails and the astronaut gains 2 Morale tokens), the Wound die (a
wound or nothing) and the Adventure die (an Adventure in the app, or nothing).  A red CPU
status with the Success penalty makes even a fully-pawned action roll the Success die.  A
Reroll token on the action makes a rolled success be rolled once more, the new result
standing.  The faces are the table's (``draws``); the dice never change anything but the
top astronaut, who takes the action and its consequences.
"""

from __future__ import annotations

from .errors import FmError
from .events import MoraleTokens
from .events_more import ActionDiceRolled
from .intents import RollActionDice
from .run import Run

SUCCESS_FACES = ("success", "fail")
ADVENTURE_FACES = ("adventure", "blank")


def roll_action_dice(r: Run, it: RollActionDice) -> None:
    s = r.s
    if not s.actions_declared or it.action >= len(s.declared):
        raise FmError("fm.no_such_action", "actions.dice", "no declared action has that "
                      "number", {"action": it.action, "declared": len(s.declared)})
    d = s.declared[it.action]
    success_only = not d.dice and "success_die" in d.penalties
    if not d.dice and not success_only:
        raise FmError("fm.no_action_dice", "actions.pawns", f"{d.astronaut.capitalize()}'s "
                      f"{d.action.replace('_', ' ')} has every pawn it needs: no dice",
                      {"action": it.action})
    if d.rolled:
        raise FmError("fm.dice_rolled", "actions.dice", "that action's dice are already "
                      "rolled", {"action": it.action})
    who, act = d.astronaut.capitalize(), d.action.replace("_", " ")
    success = r.draw("success_die", SUCCESS_FACES, "dice.success",
                     f"{who}'s Success die ({act})") == "success"
    rerolled = False
    if success and "reroll" in d.penalties:
        rerolled = True
        success = r.draw("success_die", SUCCESS_FACES, "modifiers.reroll",
                         f"{who}'s Success die rolled again (Reroll token)") == "success"
    wound = adventure = None
    if not success_only:
        wound = r.draw("wound_die", r.board.dice.wound_die.faces, "dice.wound",
                       f"{who}'s Wound die ({act})") == "wound"
        adventure = r.draw("adventure_die", ADVENTURE_FACES, "dice.adventure",
                           f"{who}'s Adventure die ({act})") == "adventure"
    r.emit(ActionDiceRolled(rule="actions.dice", index=it.action, action=d.action,
                            astronaut=d.astronaut, success=success, wound=wound,
                            adventure=adventure, rerolled=rerolled))
    if not success:
        a = s.astronaut(d.astronaut)
        r.emit(MoraleTokens(rule="dice.success", astronaut=a.id, delta=2,
                            value=a.morale_tokens + 2))
    if wound:
        r.wound(d.astronaut, 1, f"the Wound die of the {act} action", "dice.wound")
