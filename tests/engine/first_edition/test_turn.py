"""Seed 003 §4 (Gameplay Flow: the five phases of a turn) under the first_edition ruleset."""

from __future__ import annotations

import itertools

from testkit.engine_codes import engine_codes

from mrp_tutor.games.mission_red_planet.engine import Game, GameSpec
from mrp_tutor.games.mission_red_planet.engine import content as C
from mrp_tutor.games.mission_red_planet.engine.effects import EFFECTS
from mrp_tutor.games.mission_red_planet.engine.rulesets import Rules, find_ruleset
from mrp_tutor.games.mission_red_planet.explain import explain_event


def test_characters_are_called_from_1_up_ties_clockwise_from_the_first_player(
    fe_spec: GameSpec, fe_games: list[Game]
) -> None:
    for g in fe_games:
        first, rounds = "", 0
        for i, ev in enumerate(g.log):
            if ev.type == "first_player_set":
                first = ev.colour
            elif ev.type == "resolution_order_set":
                rounds += 1
                assert ev.rule == "fe.phase3.order"
                order = list(ev.order)
                numbers = [fe_spec.characters[g_chosen(g, i, c)].number for c in order]
                assert numbers == sorted(numbers)
                seating = g.state.order
                start = seating.index(first)
                clockwise = seating[start:] + seating[:start]
                for a, b in itertools.pairwise(order):
                    if g_chosen(g, i, a) == g_chosen(g, i, b):  # ties: clockwise
                        assert clockwise.index(a) < clockwise.index(b)
        assert rounds == 10


def g_chosen(g: Game, i: int, colour: str) -> str:
    """The character ``colour`` resolves in the round ordered by event ``g.log[i]``."""
    return next(e.character for e in g.log[i:]
                if e.type == "resolution_started" and e.colour == colour)


def test_played_characters_stay_out_until_the_recruiter(fe_games: list[Game]) -> None:
    for g in fe_games:
        out: dict[str, set[str]] = {c: set() for c in g.state.order}
        for ev in g.log:
            if ev.type == "resolution_started":
                assert ev.character not in out[ev.colour] or ev.character == "recruiter"
                out[ev.colour].add(ev.character)
            elif ev.type == "cards_recalled":
                assert ev.rule == "fe.characters.recruiter"
                out[ev.colour] = set()


def test_landing_explores_and_the_last_to_act_becomes_first_player(
    fe_games: list[Game]
) -> None:
    landed = explored = 0
    for g in fe_games:
        last = None
        for i, ev in enumerate(g.log):
            if ev.type == "resolution_ended":
                last = ev.colour
            elif ev.type == "ship_landed":
                landed += 1
                assert ev.rule in {"fe.phase4.land", "fe.phase4.diverted"}
            elif ev.type == "resource_flipped" and g.log[i - 1].type == "ship_landed":
                explored += 1
                assert ev.rule == "fe.phase4.explore"
            elif ev.type == "first_player_set" and ev.rule == "fe.phase5.first_player":
                assert ev.colour == last
    assert landed > 100 and explored > 10


def test_no_new_shuttles_in_turn_1_then_refilled_each_turn(fe_games: list[Game]) -> None:
    for g in fe_games:
        rounds_seen = 0
        for ev in g.log:
            if ev.type == "track_advanced" and ev.kind == "round":
                rounds_seen = ev.number
            elif ev.type == "ship_docked" and rounds_seen:
                assert ev.rule == "fe.phase1.draw" and rounds_seen >= 1
        refills = [e for e in g.log if e.type == "ship_docked" and e.rule == "fe.phase1.draw"]
        assert refills


def test_scoring_after_turns_5_8_and_10_adds_1_2_3_tokens(
    fe_spec: GameSpec, fe_games: list[Game]
) -> None:
    for g in fe_games:
        amounts: list[set[int]] = []
        for ev in g.log:
            if ev.type == "track_advanced" and ev.kind == "production":
                amounts.append(set())
            elif ev.type == "tokens_produced" and ev.rule.startswith("fe.scoring.turn"):
                amounts[-1].add(ev.wanted)
        assert len(amounts) == 3
        assert amounts[0] == {1} and amounts[1] <= {2}
        assert amounts[2] <= {2, 3, 5}  # Empty Mine 2, Infinite Vein 5


def test_every_event_reads_as_a_sentence_citing_seed_003(fe_games: list[Game]) -> None:
    g = fe_games[1]
    sections = set()
    for ev in g.log:
        ex = explain_event(g.spec, ev)
        assert ex.citation is not None, ev
        sections.add(ex.citation.section.split(" ›")[0])
    assert sections <= {"Tutor readings", "1. Lore & Objective", "2. Components", "3. Setup",
                        "4. Gameplay Flow", "5. Core Mechanics", "6. Scoring & End Game",
                        "7. FAQ or Edge Cases"}


def test_every_refusal_the_engine_can_give_cites_a_first_edition_rule(
    fe: Rules, fe_spec: GameSpec
) -> None:
    codes = engine_codes()  # every (code -> rule ids) the engine source can raise
    ua_rules = find_ruleset("unique_abilities").spec(use_env_overrides=False).rules
    for code, rules in codes.items():
        for rule in rules:  # fe.* ids too: each must be in the first edition's own file
            if rule in (None, "?") or rule.startswith("two_player."):
                continue
            assert fe.cite(rule) in (ua_rules if rule.startswith("ua.") else fe_spec.rules), (
                code, rule)


def test_every_rule_id_a_character_step_can_cite_is_a_first_edition_rule(
    fe: Rules, fe_spec: GameSpec
) -> None:
    # the ids the step data names, and those an effect builds from them (a refused Stop, a
    # skip): names built at run time are invisible to the source scan above
    for ch, entry in fe_spec.characters.items():
        for st in entry.steps:
            effect = EFFECTS[type(st)]
            cited = {st.rule, *st.rules.values()}
            refusable = (st.min_moves > 0 if isinstance(st, C.MoveStep)
                         else st.min > 0 if isinstance(st, C.DropStep) else True)
            if refusable:  # a Stop can be refused before the minimum: the refusal cites this
                cited.add(effect.stop_refusal_rule(st))
            cited.add(effect.skip_rule(st, effect.nothing, fe))
            for rule in cited:
                assert fe.cite(rule) in fe_spec.rules, (ch, st.effect, rule)


def test_a_refusal_in_play_cites_the_first_edition(fe_spec: GameSpec) -> None:
    g = Game.new(fe_spec, ["red", "blue", "green"], 2, ruleset="first_edition")
    while g.state.stage == "missions":
        g.play(g.legal_intents()[0])
    c = g.decision().colours[0]
    ch = g.legal_intents(c)[0]
    g.play(ch)
    err = g.check(ch)  # the same character again: not in hand any more
    assert err is not None and err.rule is not None and err.rule.startswith("fe.")
    assert err.rule in fe_spec.rules


def test_rule_texts_say_what_the_engine_does(fe_spec: GameSpec, fe_games: list[Game]) -> None:
    rules = fe_spec.rules
    # phase 1: destroyed shuttles' places are refilled too, a labelled reading
    assert "destroyed" in rules["fe.phase1.draw"].summary
    assert "fe.tutor.refill_destroyed" in rules["fe.phase1.draw"].summary
    assert "fe.tutor.refill_destroyed" in rules
    # phase 4: a shuttle without a Pilot's token lands where its card says
    assert "region on the shuttle card" in rules["fe.phase4.land"].summary
    for g in fe_games[:4]:
        for ev in g.log:
            if ev.type == "ship_landed" and not ev.tokens and ev.zone is not None:
                assert ev.zone == fe_spec.ships[ev.ship].destination
    # the Explorer moves one's own astronauts, the same one or different ones
    assert "your astronauts" in rules["fe.characters.explorer"].summary
    assert "same or different" not in rules["fe.characters.explorer"].summary
