"""Seeded random games of the unique_abilities ruleset (3-5 players) with the engine's invariants.

The standard playouts' ``Checker`` (astronauts and point tokens conserved - the tokens paid for
abilities go back to the supply -, destination tokens conserved, shuttles within capacity, no
negative supply, every event citing a rule of this ruleset's own rules file, a legal intent
for every decision, cached options equal to the rules' own), plus: a shuttle carries more than
its capacity only once launched and boarded by the Cunning Conspirator's ability; no negative
point tokens; hands, played and chosen cards only of the sheet's crew; every ability event
cites a seed 003 rule (``fe.*``) or a tutor reading (``ua.*``); replay and JSON round trips are
identical and the same seed gives the same log.  ``UA_GAMES`` games in CI (1,000).
"""

from __future__ import annotations

import pytest
from testkit.playouts import Checker, check_round_trips, scoring_as_directed

from mrp_tutor.games.mission_red_planet.engine import Game, event_to_dict
from mrp_tutor.games.mission_red_planet.engine.bots import bot_game
from mrp_tutor.games.mission_red_planet.engine.rulesets import find_ruleset

RULES = find_ruleset("unique_abilities")
SPEC = RULES.spec(use_env_overrides=False)
CREWS = {x.id: set(x.crew) for x in RULES.sheets().values()}  # type: ignore[attr-defined]
COLOURS = ["red", "blue", "green", "yellow", "purple"]
UA_GAMES = 1000
CHUNKS = 10


class AbilityChecker(Checker):
    """The standard invariants, the Conspirator's documented excess, crews and tokens."""

    conspired: set[str] | None = None  # shuttles the Conspirator boarded (ids)
    read = 0  # events already read for them

    def may_overfill(self, game: Game, sid: str) -> bool:
        return game.state.ships[sid].launched and sid in (self.conspired or ())

    def __call__(self, game: Game) -> None:
        if self.conspired is None:
            self.conspired = set()
        for ev in game.log[self.read:]:
            if ev.type == "astronauts_boarded" and ev.rule == "fe.abilities.cunning_conspirator":
                self.conspired.add(ev.ship)
        self.read = len(game.log)
        super().__call__(game)
        for c, seat in game.state.seats.items():
            assert min(seat.tokens.values()) >= 0, (c, seat.tokens)
            crew = CREWS[seat.sheet or ""]
            cards = [*seat.hand, *seat.played, *([seat.chosen] if seat.chosen else [])]
            assert set(cards) <= crew and len(cards) == len(set(cards)) == 5, (c, cards)


def _check(seed: int, *, deterministic: bool, bot: str = "random") -> None:
    colours = COLOURS[: 3 + seed % 3]
    checker = AbilityChecker(SPEC, fast_paths=seed % 50 == 7, pure_every=7 if seed % 50 == 3
                             else 0)
    game = bot_game(SPEC, colours, seed, bot=bot, ruleset="unique_abilities", on_step=checker)
    assert scoring_as_directed(SPEC, game.log) > 0  # paid tokens come back: still exact
    final = game.state
    assert final.result is not None and final.round == 10 and final.ruleset == "unique_abilities"
    assert all(ev.rule.startswith(("fe.", "ua.")) for ev in game.log), {
        ev.rule for ev in game.log if not ev.rule.startswith(("fe.", "ua."))}
    assert not final.windows
    dumped, _ = check_round_trips(SPEC, game)  # replay and JSON round trips identical
    if deterministic:
        again = bot_game(SPEC, colours, seed, bot=bot, ruleset="unique_abilities")
        assert [event_to_dict(e) for e in again.log] == dumped


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_unique_abilities_games_keep_every_invariant(chunk: int) -> None:
    per = UA_GAMES // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        _check(seed, deterministic=seed % 10 == 0)


def test_unique_abilities_greedy_games_keep_every_invariant() -> None:
    for seed in range(10):
        _check(seed, deterministic=seed == 0, bot="greedy")


def test_every_ability_is_used_and_declined_in_the_seeded_games() -> None:
    """The property games reach every ability (so the invariants above cover them)."""
    used: set[str] = set()
    declined: set[str] = set()
    for seed in range(40):
        game = bot_game(SPEC, COLOURS[: 3 + seed % 3], seed, ruleset="unique_abilities")
        for ev in game.log:
            if ev.type == "ability_window_closed":
                (used if ev.used else declined).add(ev.ability)
    assert used == set(CREWS)
    assert declined >= {"stealthy_spy", "guileful_genius", "audacious_adventurer",
                        "major_mayhem"}
