"""What comes next, in words (issue 36: "Next: resolve." read like shorthand)."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine.spec import GameSpec

_NEXT = {
    "choose": "Next: every player chooses a character card in secret.",
    "production": "Next: the production phase.",
    "actions_before": "Next: action cards may be played before the production.",
    "actions_after": "Next: action cards may be played after the production.",
    "reveal_discoveries": "Next: the reveal discovery phase (discoveries turn face up).",
    "final_scoring": "Next: final scoring.",
    "over": "The game is over.",
}


def stage_words(spec: GameSpec, stage: str) -> str:
    """The sentence for a new stage of the game, in this edition's words."""
    if stage == "resolve":  # the countdown (first edition: called from 1 to 9)
        return ("Next: the chosen characters are revealed and resolved as they are called "
                f"({spec.term('Countdown from 9 to 1').lower()}).")
    if stage == "missions":
        return f"Next: each player keeps one starting {spec.term('mission')}."
    return _NEXT.get(stage, f"Next: {stage.replace('_', ' ')}.")
