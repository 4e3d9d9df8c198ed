"""2-player variant, whole games: hidden information (a neutral's drawn card), seeded random
games keeping every invariant, and the variant's scenario files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from mrp_tutor.games.mission_red_planet.engine import (
    GameSpec,
    GameState,
    load_spec,
    rank_winners,
    replay,
    state_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine import events as E
from mrp_tutor.games.mission_red_planet.engine.views import HIDDEN, redact, view_for

from .conftest import (
    BLUE,
    CONTROLLER,
    GREEN,
    KEEP,
    MAINS,
    NEUTRALS,
    RED,
    SEATING,
    YELLOW,
    new_game,
    random_chooser,
    started,
    tokens_accounted,
    total,
)

# =============================================================================== hidden info


def test_drawn_neutral_card_seen_only_by_its_controller(spec: GameSpec) -> None:
    game = started(spec, 15)
    s = game.state
    card = s.seats[BLUE].chosen
    assert card is not None
    assert view_for(spec, s, RED)["seats"][BLUE]["chosen"] == card
    assert view_for(spec, s, GREEN)["seats"][BLUE]["chosen"] == HIDDEN
    assert view_for(spec, s, None)["seats"][BLUE]["chosen"] == HIDDEN
    assert view_for(spec, s, None, referee=True)["seats"][BLUE]["chosen"] == card
    assert view_for(spec, s, GREEN)["seats"][YELLOW]["chosen"] == s.seats[YELLOW].chosen
    drawn = next(e for e in game.log if isinstance(e, E.NeutralCardDrawn) and e.colour == BLUE)
    chosen = next(e for e in game.log if isinstance(e, E.CharacterChosen) and e.colour == BLUE)
    assert redact(drawn, s, RED).card == card
    assert redact(drawn, s, GREEN).card is None
    assert redact(chosen, s, GREEN).character is None
    assert redact(chosen, s, RED).character == card
    # nobody, not even the controller, sees the order of the neutral deck
    view = view_for(spec, s, RED)["seats"][BLUE]
    assert "deck" not in view and view["neutral_deck_size"] == 8
    for ev in game.log:
        if isinstance(ev, E.DeckShuffled) and ev.deck.startswith("neutral:"):
            assert redact(ev, s, RED).order is None and redact(ev, s, GREEN).order is None


# =============================================================================== property


def _check_invariants(spec: GameSpec, s: GameState, supply0: dict[str, int]) -> None:
    for c in s.order:
        assert total(s, c) == spec.astronauts_per_colour, (c, s.astronaut_places(c))
        assert s.seats[c].supply >= 0
    assert tokens_accounted(spec, s) == supply0
    for c in NEUTRALS:
        seat = s.seats[c]
        assert seat.hand == [] and seat.missions == [] and seat.actions == []
        cards = seat.deck + seat.played + [x for x in (seat.chosen, seat.drawn) if x]
        cards += [x for x in seat.boxed if x in spec.characters]
        assert sorted(cards) == sorted(spec.countdown)  # the nine cards are all accounted for


@pytest.mark.parametrize("chunk", range(4))
def test_random_two_player_games_keep_every_invariant(spec: GameSpec, chunk: int) -> None:
    """50 seeded games per chunk, 200 in all, random legal decisions."""
    for seed in range(chunk * 50, chunk * 50 + 50):
        game = new_game(spec, seed)
        supply0 = dict(game.state.token_supply)
        choose = random_chooser(seed)
        decisions = 0
        while not game.over:
            legal = game.legal_intents()
            assert legal, game.state.stage
            d = game.decision()
            assert d is not None
            if d.kind in ("keep_mission", "choose_character"):
                assert set(d.colours) <= set(MAINS)  # neutrals neither keep nor choose
            game.play(choose(game, legal), trusted=True)
            decisions += 1
            _check_invariants(spec, game.state, supply0)
            assert decisions < 5000
        s = game.state
        # each round both neutral cards are drawn before either main colour chooses
        drawn_now: set[str] = set()
        for e in game.log:
            if isinstance(e, E.TrackAdvanced) and e.kind == "round":
                drawn_now = set()
            elif isinstance(e, E.NeutralCardDrawn):
                drawn_now.add(e.colour)
            elif isinstance(e, E.CharacterChosen) and e.colour in MAINS:
                assert drawn_now == set(NEUTRALS)
        # every event cites a rule the tutor can explain
        assert {e.rule for e in game.log} <= set(spec.rules)
        # the log alone rebuilds the game
        assert state_to_dict(replay(spec, game.log)) == state_to_dict(s)
        for c in NEUTRALS:
            draws = [e.card for e in game.log if isinstance(e, E.NeutralCardDrawn)
                     and e.colour == c]
            assert len(draws) == 10  # one per round
            assert draws.count("recruiter") == 1  # drawn by round 9, then boxed for good
            boxes = [e for e in game.log if isinstance(e, E.NeutralRecruiterBoxed)
                     and e.colour == c]
            assert len(boxes) == 1
            assert not KEEP & set(draws[:3])
        # point tokens are per colour: each colour holds exactly what it was given
        for c in SEATING:
            got = Counter[str]()
            for e in game.log:
                if isinstance(e, E.TokensAwarded | E.TokensGained) and e.colour == c:
                    got[e.resource] += e.count
            assert {r: got[r] for r in s.seats[c].tokens} == s.seats[c].tokens
        result = s.result
        assert result is not None
        winners, rule, lose = rank_winners(s, result.scores, result.token_counts)
        assert result.winners == winners and result.losers_all == lose
        end = game.log[-1]
        assert isinstance(end, E.GameEnded) and end.rule == rule
        assert set(winners) <= set(MAINS)
        top = max(result.scores.values())
        assert lose == all(result.scores[c] < top for c in MAINS)


# =============================================================================== scenarios

SCENARIOS = sorted((Path(__file__).resolve().parents[3] / "scenarios").glob("two_player-*.yaml"))


def test_every_two_player_rule_has_a_scenario() -> None:
    load_scenario = pytest.importorskip(
        "mrp_tutor.games.mission_red_planet.scenarios").load_scenario
    shown = {r for f in SCENARIOS for r in load_scenario(f).rules}
    ids = {r for r in load_spec(use_env_overrides=False).rules if r.startswith("two_player.")}
    assert ids <= shown, sorted(ids - shown)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_two_player_scenario_plays_as_written(path: Path) -> None:
    scenarios = pytest.importorskip("mrp_tutor.games.mission_red_planet.scenarios")
    sc = scenarios.load_scenario(path)
    assert sc.build().state.ruleset == "two_player"  # recorded by the state
    result = scenarios.run_scenario(sc)
    assert result.ok, "\n".join(result.failures)
    assert result.events or any(st.expect.error for st in sc.steps)


def test_explanations_describe_neutral_colours(spec: GameSpec) -> None:
    from mrp_tutor.games.mission_red_planet.explain import explain_event

    game = new_game(spec, 1)
    text = explain_event(spec, game.log[0]).text
    assert "Blue is Red's neutral colour" in text and "in hand" not in text
    shuffle = next(e for e in game.log if isinstance(e, E.DeckShuffled)
                   and e.deck == "neutral:yellow")
    assert explain_event(spec, shuffle).text == "The neutral deck of Yellow is shuffled face down."
    assert explain_event(spec, shuffle).rule == "two_player.neutral_deck"


def test_opponent_never_sees_a_neutral_card_before_its_reveal(spec: GameSpec) -> None:
    for seed in range(20):
        game = new_game(spec, seed)
        choose = random_chooser(seed)
        checked = 0
        while not game.over:
            s = game.state
            for neutral in NEUTRALS:
                card = s.seats[neutral].chosen
                if card is None:
                    continue
                mine, other = CONTROLLER[neutral], next(c for c in MAINS
                                                         if c != CONTROLLER[neutral])
                assert view_for(spec, s, mine)["seats"][neutral]["chosen"] == card
                assert view_for(spec, s, other)["seats"][neutral]["chosen"] == HIDDEN
                checked += 1
            game.play(choose(game, game.legal_intents()), trusted=True)
        assert checked >= 20  # at least one check per neutral per round
        for ev in game.log:
            if isinstance(ev, E.NeutralCardDrawn | E.EventCardDrawn | E.DiscoveryPeeked):
                other = next(c for c in MAINS if c != CONTROLLER[ev.colour])
                assert all(getattr(redact(ev, game.state, other), f) is None for f in ev.hidden)
                assert redact(ev, game.state, CONTROLLER[ev.colour]) is ev
