"""Issue 37: every ability sheet's bot uses its ability when it pays, so a learner sees each
one used and explained: over 100 seeded Unique Abilities games played by the tutor's bot
(the app's Next), each of the seven sheets is used at least once, each use with a reason
that says what it does from the position (the Guileful Genius failed before: never used)."""

from __future__ import annotations

from collections import defaultdict

from mrp_tutor.games.mission_red_planet.engine import Game
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset
from mrp_tutor.games.mission_red_planet.ui import bot

COLOURS = ["red", "blue", "green", "yellow", "purple"]


def test_each_sheet_is_used_by_its_bot_and_explained() -> None:
    ua = find_ruleset("unique_abilities")
    spec = ua.spec(use_env_overrides=False)
    reasons: dict[str, list[str]] = defaultdict(list)
    for seed in range(100):
        g = Game.new(spec, COLOURS[: 3 + seed % 3], seed, ruleset="unique_abilities")
        for _ in range(3000):
            if g.over:
                break
            legal = g.legal_intents()
            if not legal:
                g.advance()
                continue
            it, why = bot.choose(g, legal)
            if it.type == "use_ability" and why.startswith("The bot uses"):  # (not forced)
                reasons[it.ability].append(why)
            g.play(it)
    assert sorted(reasons) == sorted(ua.sheets())  # type: ignore[attr-defined]
    for ability, said in reasons.items():
        name = ua.sheets()[ability].name  # type: ignore[attr-defined]
        wrong = [x for x in said if not x.startswith(f"The bot uses the {name}'s ability (")]
        assert not wrong, wrong[0]
    assert any("acts now, before its number is called" in x
               for x in reasons["guileful_genius"])
