"""Seed 003 §2-3 (Components, Setup) under the first_edition ruleset."""

from __future__ import annotations

import pytest

from mrp_tutor.engine import Game, GameSpec, MalformedIntent
from mrp_tutor.engine.rulesets import Rules, ruleset_for_players

COLOURS = ["red", "blue", "green", "yellow", "purple"]


def test_components_ten_regions_34_shuttles_24_event_cards(fe_spec: GameSpec) -> None:
    assert len(fe_spec.central) == 2 and len(fe_spec.outer) == 8 and not fe_spec.moon
    assert len(fe_spec.ships) == 34 and set(fe_spec.cap.values()) == {1, 2, 3}
    assert len(fe_spec.discoveries) == 14 and len(fe_spec.missions) == 10 and not fe_spec.actions
    assert fe_spec.astronauts_per_colour == 22 and len(fe_spec.colours) == 5
    # unknown facts are data marked unverified, never silent guesses
    unverified = {(kind, key) for kind, key, _ in fe_spec.unverified()}
    assert {("zones", z) for z in fe_spec.zones} <= unverified
    assert {("ships", sid) for sid in fe_spec.ships} <= unverified


def test_three_to_five_players(fe_spec: GameSpec) -> None:
    with pytest.raises(MalformedIntent) as err:
        Game.new(fe_spec, COLOURS[:2], 1, ruleset="first_edition")
    assert err.value.code == "bad_player_count" and err.value.rule == "fe.components.counts"
    with pytest.raises(MalformedIntent) as err:  # a sixth colour does not exist in this box
        Game.new(fe_spec, [*COLOURS, "black"], 1, ruleset="first_edition")
    assert err.value.code == "bad_colours"


def test_the_standard_game_still_seats_three_players(fe: Rules) -> None:
    assert ruleset_for_players(3).name == "standard"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup(fe_spec: GameSpec, players: int) -> None:
    g = Game.new(fe_spec, COLOURS[:players], 11, ruleset="first_edition")
    s, log = g.state, g.log
    # face-up shuttles = player count, one random astronaut of each player on them
    assert len(s.docks) == players
    placed = next(e for e in log if e.type == "starting_astronauts_placed")
    assert placed.rule == "fe.setup.first_astronauts"
    assert sorted(c for _, c in placed.placement) == sorted(COLOURS[:players])
    assert all(s.seats[c].supply == 21 for c in s.order)
    # the first one drawn is the first player
    first = next(e for e in log if e.type == "first_player_set")
    assert first.colour == placed.placement[0][1] and first.rule == "fe.setup.first_astronauts"
    # two ice tokens each
    assert all(s.seats[c].tokens == {"ice": 2, "sylvanite": 0, "celerium": 0} for c in s.order)
    # 3 bonus cards dealt (2 with five players), keep one
    dealt = [e for e in log if e.type == "missions_dealt"]
    assert len(dealt) == players and all(e.rule == "fe.setup.bonus" for e in dealt)
    assert {len(e.cards) for e in dealt} == {2 if players == 5 else 3}
    assert g.decision().kind == "keep_mission"
    assert all(ev.rule.startswith("fe.") for ev in log)


@pytest.mark.parametrize("seed", range(8))
def test_event_cards_dealt_keep_one_bonus_card_discoveries_go_back(
    fe_spec: GameSpec, seed: int
) -> None:
    g = Game.new(fe_spec, COLOURS[:4], seed, ruleset="first_edition")
    s = g.state
    dealt = {e.colour: e.cards for e in g.log if e.type == "missions_dealt"}
    returned = {e.colour: e.cards for e in g.log if e.type == "dealt_cards_returned"}
    for c in s.order:
        bonus = [x for x in dealt[c] if x in fe_spec.missions]
        assert sorted(returned.get(c, ())) == sorted(x for x in dealt[c] if x not in bonus)
        assert s.seats[c].dealt == bonus  # only bonus cards can be kept
    # a player dealt no bonus card has nothing to decide
    assert set(g.decision().colours) == {c for c in s.order if s.seats[c].dealt}
    while s.stage == "missions":
        g.play(g.legal_intents()[0])
    kept = [m for c in s.order for m in s.seats[c].missions]
    assert all(m in fe_spec.missions for m in kept)
    assert len(kept) == sum(1 for c in s.order if any(x in fe_spec.missions for x in dealt[c]))
    deck = next(e for e in g.log if e.type == "deck_shuffled" and e.deck == "events")
    assert deck.rule == "fe.setup.event_deck"
    assert sorted(deck.order) == sorted(fe_spec.discoveries)  # not kept: out of the game
