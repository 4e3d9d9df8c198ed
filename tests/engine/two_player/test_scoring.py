"""2-player variant, points and winning (rulebook "2-Player Variant" › Winning the Game):
neutral colours score for themselves and count as players; a neutral on top beats both."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    Game,
    GameSpec,
    advance,
    mission_points,
    rank_winners,
)
from mrp_tutor.games.mission_red_planet.engine import events as E

from .conftest import (
    BLUE,
    GREEN,
    MAINS,
    NEUTRALS,
    RED,
    SEATING,
    YELLOW,
    new_game,
    put,
    started,
    touch,
)


def _fresh_round(game: Game) -> None:
    """Put the neutrals' drawn cards back on their decks (as if the round had not begun)."""
    for c in NEUTRALS:
        seat = game.state.seats[c]
        if seat.chosen is not None:
            seat.deck.insert(0, seat.chosen)
            seat.chosen = None
    touch(game)


def test_neutral_wins_tokens_for_itself(spec: GameSpec) -> None:
    game = started(spec, 12)
    _fresh_round(game)
    s = game.state
    put(game, "hellas", BLUE, 2)
    put(game, "hellas", RED, 1)
    s.face_up["hellas"] = True
    s.resources["hellas"] = "ice"
    s.track_index = next(i for i, t in enumerate(spec.track) if t.kind == "production")
    s.stage = "production"
    out: list[E.Event] = []
    advance(spec, s, out)
    awards = [e for e in out if isinstance(e, E.TokensAwarded) and e.zone == "hellas"]
    assert [(e.colour, e.resource, e.count) for e in awards] == [(BLUE, "ice", 1)]
    assert s.seats[BLUE].tokens["ice"] == 1
    assert s.seats[RED].tokens["ice"] == 0  # not pooled with the controller


def _final(game: Game, **ice: int) -> list[E.Event]:
    _fresh_round(game)
    s = game.state
    for c, n in ice.items():
        s.token_supply["ice"] -= n
        s.seats[c].tokens["ice"] += n
    s.track_index = len(game.spec.track) - 1
    s.stage = "final_scoring"
    out: list[E.Event] = []
    advance(game.spec, s, out)
    return out


def test_neutral_can_win_ice_monopoly(spec: GameSpec) -> None:
    game = started(spec, 13)
    out = _final(game, blue=4, red=3, green=1)
    ice = next(e for e in out if isinstance(e, E.IceMonopolyScored))
    assert ice.colours == (BLUE,) and ice.rule == "two_player.ice_monopoly"
    result = game.state.result
    assert result is not None and result.breakdown[BLUE]["ice_monopoly"] == 9


def test_neutral_on_top_means_both_players_lose(spec: GameSpec) -> None:
    game = started(spec, 13)
    for c in MAINS:  # no mission points for the mains in this position
        game.state.seats[c].missions = []
    out = _final(game, yellow=10, red=2)
    end = next(e for e in out if isinstance(e, E.GameEnded))
    assert end.rule == "two_player.winning" and end.losers_all and end.winners == ()
    assert game.over and game.state.result is not None and game.state.result.winners == []


def test_neutral_counts_as_a_player_for_most_missions(spec: GameSpec) -> None:
    game = started(spec, 14)
    put(game, "syrtis_major", RED, 1)
    put(game, "syrtis_major", BLUE, 2)  # red's own neutral
    ok, pts, _ = mission_points(spec, game.state, RED, "syrtis_major_control")
    assert not ok and pts == 0
    put(game, "syrtis_major", RED, 1)  # tie for most still completes the mission
    ok, pts, _ = mission_points(spec, game.state, RED, "syrtis_major_control")
    assert ok and pts == 5


@pytest.mark.parametrize(
    ("scores", "counts", "winners", "rule", "lose"),
    [
        ({RED: 20, GREEN: 15, BLUE: 21, YELLOW: 3}, {}, [], "two_player.winning", True),
        ({RED: 20, GREEN: 15, BLUE: 3, YELLOW: 21}, {}, [], "two_player.winning", True),
        ({RED: 20, GREEN: 25, BLUE: 3, YELLOW: 21}, {}, [GREEN], "two_player.winning", False),
        ({RED: 20, GREEN: 15, BLUE: 20, YELLOW: 3}, {}, [RED],
         "two_player.tie_main_neutral", False),
        ({RED: 20, GREEN: 15, BLUE: 3, YELLOW: 20}, {}, [RED],
         "two_player.tie_main_neutral", False),
        ({RED: 20, GREEN: 20, BLUE: 3, YELLOW: 1}, {RED: 5, GREEN: 6}, [GREEN],
         "two_player.tie_mains", False),
        ({RED: 20, GREEN: 20, BLUE: 20, YELLOW: 1}, {RED: 7, GREEN: 6, BLUE: 9}, [RED],
         "two_player.tie_mains", False),
        ({RED: 20, GREEN: 20, BLUE: 3, YELLOW: 1}, {RED: 6, GREEN: 6}, [RED, GREEN],
         "two_player.tie_mains", False),
    ],
)
def test_winning_rules(
    spec: GameSpec, scores: dict[str, int], counts: dict[str, int], winners: list[str],
    rule: str, lose: bool,
) -> None:
    s = new_game(spec).state
    full = {c: counts.get(c, 0) for c in SEATING}
    got = rank_winners(s, scores, full)
    assert got == (winners, rule, lose)
    assert rule in spec.rules


def test_standard_game_tie_break_unchanged(spec: GameSpec) -> None:
    s = Game.new(spec, ["red", "blue", "green"], 1).state
    assert rank_winners(s, {"red": 9, "blue": 9, "green": 2},
                        {"red": 3, "blue": 4, "green": 0}) == (["blue"], "scoring.tie_break",
                                                               False)
