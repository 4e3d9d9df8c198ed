"""Seed 003 §6 (Scoring & End Game) under the first_edition ruleset: ties per scoring turn,
the named discoveries and bonus cards as typed effects, and the ice bonus."""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec
from mrp_tutor.games.mission_red_planet.engine.phases.scoring import (
    discovery_points,
    mission_points,
)


def test_ties_take_nothing_leftovers_cite_the_turn(fe_games: list[Game]) -> None:
    stayed: dict[int, set[str]] = {1: set(), 2: set(), 3: set()}
    awarded: dict[int, set[str]] = {1: set(), 2: set(), 3: set()}
    made: dict[int, set[str]] = {1: set(), 2: set(), 3: set()}
    for g in fe_games:
        production = 0
        for ev in g.log:
            if ev.type == "track_advanced" and ev.kind == "production":
                production = ev.number
            elif ev.type == "tokens_awarded":  # never a split: one majority takes all
                awarded[production].add(ev.rule)
            elif ev.type == "tokens_stayed" and production:
                stayed[production].add(ev.rule)
            elif ev.type == "tokens_produced":
                made[production].add(ev.rule)
    # each scoring turn's own rule gives the amount (1, 2, 3)
    assert made == {1: {"fe.scoring.turn5"}, 2: {"fe.scoring.turn8"}, 3: {"fe.scoring.turn10"}}
    # the majority takes all; after 8 and 10 the turn's own rule says so (leftovers included)
    assert awarded == {1: {"fe.scoring.majority"}, 2: {"fe.scoring.turn8"},
                       3: {"fe.scoring.turn10"}}
    # a tie: the manual's own rule after 5, the tutor reading after 8 and 10; a region without
    # astronauts keeps its tokens (after 8) or loses them (after 10): the turn's own rule
    assert stayed[1] == {"fe.scoring.turn5", "fe.scoring.leftovers"}
    assert stayed[2] == {"fe.tutor.ties", "fe.scoring.turn8"}
    assert stayed[3] == {"fe.tutor.ties", "fe.scoring.turn10"}


def test_ice_bonus_nine_points_shared_rounded_down(fe_games: list[Game]) -> None:
    for g in fe_games:
        ev = next(e for e in g.log if e.type == "ice_monopoly_scored")
        assert ev.rule == "fe.scoring.ice_bonus"
        ice = {c: g.state.seats[c].tokens["ice"] for c in g.state.order}
        holders = tuple(c for c in g.state.order if ice[c] == max(ice.values()))
        assert ev.colours == holders and ev.points == 9 // len(holders)


def test_named_bonus_cards(fe_spec: GameSpec, fe_games: list[Game]) -> None:
    s = fe_games[0].state.clone()
    for z in fe_spec.zones:
        s.zones[z] = {}
    s.zones["outer_1"] = {"red": 2}
    s.zones["outer_2"] = {"red": 1, "blue": 3}
    s.zones["central_north"] = {"red": 1}
    s.zones["central_south"] = {"blue": 1}
    s.memorial = {"red": 4}
    for c in s.order:
        s.seats[c].tokens = {"ice": 0, "sylvanite": 0, "celerium": 0}
    s.seats["red"].tokens["celerium"] = 2
    s.seats["blue"].tokens["celerium"] = 2

    def pts(card: str, colour: str = "red") -> int:
        return mission_points(fe_spec, s, colour, card)[1]

    assert pts("ultra_secret_mission") == 10  # alone in outer_1 and central_north
    assert pts("colonization", "blue") == 8 and pts("colonization") == 8  # 4 each: tied
    assert pts("celerium") == 8 and pts("celerium", "blue") == 8  # tied for the most
    assert pts("sylvanite") == 0  # nobody has any
    assert pts("strategic_zones") == 6 and pts("strategic_zones", "blue") == 6
    assert pts("major_coverage") == 3
    assert pts("monument_to_the_dead") == 4
    assert pts("secret_mission") == 0  # not in every red region
    assert pts("bonus_placeholder_1") == 0
    assert all(fe_spec.missions[m].rule.startswith("fe.") for m in fe_spec.missions)


def test_named_discoveries_scored_at_the_end(fe_spec: GameSpec, fe_games: list[Game]) -> None:
    s = fe_games[0].state.clone()
    s.zones["outer_4"] = {"red": 3, "blue": 1}
    assert discovery_points(fe_spec, s, "outer_4", "lichen") == {"red": 6, "blue": 6}
    assert discovery_points(fe_spec, s, "outer_4", "meteorite_field") == {"red": 3, "blue": 1}
    assert discovery_points(fe_spec, s, "outer_4", "nice_stone") == {}
    assert fe_spec.discoveries["infinite_vein"].effect.amount == 2  # 3 + 2 = 5
    assert fe_spec.discoveries["empty_mine"].effect.amount == -1  # 3 - 1 = 2


def test_the_box_holds_100_tokens_of_any_kind(fe_spec: GameSpec, fe_games: list[Game]) -> None:
    # seed 003 §2: 100 scoring tokens, no split by kind (fe.tutor.token_supply)
    from mrp_tutor.games.mission_red_planet.engine.basics import tokens_left
    from mrp_tutor.games.mission_red_planet.engine.checks import state_problems

    g = fe_spec.content.game
    assert g.point_tokens_total == 100 and set(g.point_tokens.values()) == {100}
    assert g.provenance["point_tokens_total"].verified
    assert not g.provenance["point_tokens"].verified  # the reading, not a printed fact
    s = fe_games[0].state.clone()
    out = sum(sum(x.tokens.values()) for x in s.seats.values()) + sum(
        sum(w.values()) for w in s.waiting.values())
    assert out <= 79 and tokens_left(fe_spec, s, "celerium") == 100 - out
    c = s.order[0]
    s.seats[c].tokens["ice"] += 100 - out - 1  # one token left in the box, of any kind
    s.token_supply["ice"] -= 100 - out - 1
    assert [tokens_left(fe_spec, s, r) for r in ("ice", "sylvanite", "celerium")] == [1, 1, 1]
    assert state_problems(fe_spec, s) == []
    s.seats[c].tokens["celerium"] += 2
    s.token_supply["celerium"] -= 2
    assert tokens_left(fe_spec, s, "sylvanite") == 0
    assert any("101 point tokens out of the box; it holds 100 in all (rule "
               "fe.components.scoring_tokens)" in x for x in state_problems(fe_spec, s))


def test_the_ice_bonus_is_the_seeds_own_rule(fe_spec: GameSpec) -> None:
    g = fe_spec.content.game
    assert g.ice_monopoly.points == 9 and g.ice_monopoly.rule == "fe.scoring.ice_bonus"
    assert g.provenance["ice_monopoly"].verified  # seed 003 §6 states it
    assert "seed 003 §6" in g.provenance["ice_monopoly"].source
