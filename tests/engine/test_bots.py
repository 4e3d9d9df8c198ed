"""The random and greedy bots: legal, pure, seeded."""

from __future__ import annotations

import random

from mrp_tutor.engine import Game, event_to_dict, state_to_dict
from mrp_tutor.engine.bots import bot_game, greedy_bot, random_bot, score_intent


def test_bots_pick_a_legal_intent_and_change_nothing(spec):
    g = Game.new(spec, ["red", "blue", "green"], seed=5)
    for make in (random_bot, greedy_bot):
        bot = make(random.Random(1))
        for _ in range(40):
            legal = g.legal_intents()
            before = state_to_dict(g.state)
            it = bot(g, legal)
            assert it in legal
            assert state_to_dict(g.state) == before
            g.play(it)


def test_same_seed_same_game(spec):
    for bot in ("random", "greedy"):
        a = bot_game(spec, ["red", "blue", "green", "yellow"], 9, bot=bot)
        b = bot_game(spec, ["red", "blue", "green", "yellow"], 9, bot=bot)
        assert [event_to_dict(e) for e in a.log] == [event_to_dict(e) for e in b.log]


def test_greedy_beats_random_players_more_often_than_chance(spec):
    wins = 0
    games = 40
    for seed in range(games):
        g = Game.new(spec, ["red", "blue", "green", "yellow"], seed=seed)
        bots = {"red": greedy_bot(random.Random(seed))}
        other = random_bot(random.Random(seed + 1000))
        while not g.over:
            legal = g.legal_intents()
            g.play(bots.get(legal[0].colour, other)(g, legal), trusted=True)
        wins += "red" in g.state.result.winners
    assert wins > games * 0.4  # chance alone: about a quarter


def test_greedy_prefers_taking_a_majority(table):
    from mrp_tutor.engine import Board

    table.clear_board()
    red, blue = table.colours[:2]
    table.dock(["s10", "s01", "s04", "s02"])  # s10 lands in Hellas, s01 in Syrtis Major
    table.flip("hellas", "celerium")
    table.flip("syrtis_major", "ice")
    table.put("hellas", red, 1)
    table.put("hellas", blue, 1)  # red breaks the tie in Hellas by boarding s10
    hellas = score_intent(table.spec, table.state, Board(red, "s10"))
    syrtis = score_intent(table.spec, table.state, Board(red, "s01"))
    assert hellas > syrtis
