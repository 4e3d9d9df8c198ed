"""The page at an action card's moment names no holder (tutor reading
``actions.hidden_holder``): another seat's report of the secret choice, the bots' thinking
line and the waiting line say that someone chose, never who."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.ui.bot_turns import _Job
from mrp_tutor.games.mission_red_planet.ui.panels.stepper import secret_head
from mrp_tutor.games.mission_red_planet.ui.session import StepReport


def test_a_secret_action_choice_is_reported_without_its_holder() -> None:
    for intent in (I.KeepAction("red", "blocks_of_ice"), I.PlayAction("red", "blocks_of_ice")):
        head = secret_head(StepReport("red", intent, "why", [], secret=True))
        assert "red" not in head.lower() and "action card" in head
    other = secret_head(StepReport("red", I.KeepMission("red", "x"), "why", [], secret=True))
    assert other == "Red made a secret choice."  # other secret choices name their maker


def test_the_thinking_line_names_no_holder() -> None:
    job = _Job(None, 0, "")
    from mrp_tutor.games.mission_red_planet.ui import bot_turns

    turns = bot_turns.BotTurns.__new__(bot_turns.BotTurns)
    turns.job = job
    assert turns.thinking_text() == "A player is thinking about an action card…"
    turns.job = _Job(None, 0, "blue")
    assert turns.thinking_text() == "Blue is thinking…"
