"""The search bot (information-set MCTS) and the states it samples from a seat's view."""

from __future__ import annotations

import random

import pytest
from testkit.hidden import resolve_choice, swap_hidden

from mrp_tutor.games.mission_red_planet.engine import Game, event_to_dict, find_ruleset, play_out
from mrp_tutor.games.mission_red_planet.engine import intents as I
from mrp_tutor.games.mission_red_planet.engine.bots import (
    BOTS,
    LEVELS,
    greedy_bot,
    hard_bot,
    random_bot,
)
from mrp_tutor.games.mission_red_planet.engine.determinize import determinize
from mrp_tutor.games.mission_red_planet.engine.game import legal_intents
from mrp_tutor.games.mission_red_planet.engine.search import search, search_bot
from mrp_tutor.games.mission_red_planet.engine.views import HIDDEN, view_for

COLOURS = ["red", "blue", "green", "yellow", "purple"]
TABLES = [("standard", 4), ("standard", 3), ("two_player", 4), ("first_edition", 4),
          ("unique_abilities", 5)]


def _spec(ruleset: str):  # type: ignore[no-untyped-def]
    return find_ruleset(ruleset).spec(use_env_overrides=False)


def _positions(ruleset: str, players: int, seed: int, every: int = 1):  # type: ignore[no-untyped-def]
    """Every ``every``-th position of a seeded random game, with the deciding seat."""
    spec = _spec(ruleset)
    g = Game.new(spec, COLOURS[:players], seed, ruleset=ruleset)
    rng = random.Random(seed)
    n = 0
    while not g.over:
        legal = g.legal_intents()
        if n % every == 0:
            yield g, g.state.seats[legal[0].colour].controller, legal
        g.play(rng.choice(legal), trusted=True)
        n += 1


@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_a_sample_gives_the_seat_its_own_options_and_plays_to_the_end(ruleset, players):
    spec = _spec(ruleset)
    for seed in range(2):
        for i, (g, me, legal) in enumerate(_positions(ruleset, players, seed)):
            view = view_for(spec, g.state, me)
            sample = determinize(spec, view, random.Random(i))
            mine = [x for x in legal if g.state.seats[x.colour].controller == me]
            theirs = [x for x in legal_intents(spec, sample)
                      if sample.seats[x.colour].controller == me]
            assert theirs == mine, (ruleset, seed, g.decision())
            # what the seat sees of the sample is what it sees of the game
            again = view_for(spec, sample, me)
            assert again["seats"][me] == view["seats"][me]
            assert again["zones"] == view["zones"]
            if i % 15 == 0:  # and the sample is a game the rules can finish
                play_out(Game(spec, sample, []), random_bot(random.Random(i)))


def test_a_sample_hides_nothing_it_was_not_shown():
    """Hidden cards are sampled, not copied: over many samples another seat's chosen card,
    missions and the event deck order vary."""
    spec = _spec("standard")
    g = Game.new(spec, COLOURS[:4], 4)
    rng = random.Random(0)
    while g.state.stage != "resolve":
        g.play(rng.choice(g.legal_intents()), trusted=True)
    view = view_for(spec, g.state, "red")
    assert view["seats"]["blue"]["missions"] is None
    missions, decks, resources = set(), set(), set()
    for i in range(40):
        sample = determinize(spec, view, random.Random(i))
        missions.add(tuple(sample.seats["blue"].missions))
        decks.add(tuple(sample.event_deck))
        resources.add(tuple(sorted(sample.resources.items())))
    assert len(missions) > 1 and len(decks) > 1 and len(resources) > 1


def test_two_states_alike_from_a_seat_give_the_same_choice():
    spec = _spec("standard")
    g = Game.new(spec, COLOURS[:4], 11)
    me = resolve_choice(g, random.Random(3))
    other = swap_hidden(g, me)
    assert other.state.event_deck != g.state.event_deck  # the states differ ...
    assert view_for(spec, other.state, me) == view_for(spec, g.state, me)  # ... not to me
    rival = next(c for c in g.state.order if c != me)
    assert view_for(spec, other.state, rival) != view_for(spec, g.state, rival) or (
        g.state.seats[me].missions == other.state.seats[me].missions)
    picks = []
    for game in (g, other):
        bot = search_bot(random.Random(5), iterations=60)
        picks.append(bot(game, game.legal_intents()))
    assert picks[0] == picks[1]


def test_the_search_reads_the_view_only():
    """search() takes a view: a view of a state made up entirely of other hidden cards gives
    the same statistics, option by option."""
    spec = _spec("standard")
    g = Game.new(spec, COLOURS[:4], 2)
    me = resolve_choice(g, random.Random(2))
    options = g.legal_intents()
    a = search(spec, view_for(spec, g.state, me), options, random.Random(1), iterations=40)
    b = search(spec, view_for(spec, swap_hidden(g, me).state, me), options,
               random.Random(1), iterations=40)
    assert [(o.intent, o.visits, o.value) for o in a.options] == [
        (o.intent, o.visits, o.value) for o in b.options]
    assert a.iterations == 40 and sum(o.visits for o in a.options) == 40


@pytest.mark.parametrize(("ruleset", "players"), TABLES)
def test_a_seeded_search_game_replays_exactly(ruleset, players):
    spec = _spec(ruleset)

    def game(seed: int) -> Game:
        g = Game.new(spec, COLOURS[:players], seed, ruleset=ruleset)
        me = g.state.order[0]
        bots = {c: greedy_bot(random.Random(f"{seed}{c}")) for c in g.state.order}
        mine = search_bot(random.Random(seed), iterations=6)
        return play_out(g, lambda gm, legal: (
            mine if gm.state.seats[legal[0].colour].controller == me
            else bots[legal[0].colour])(gm, legal))

    a, b = game(1), game(1)
    assert a.over and [event_to_dict(e) for e in a.log] == [event_to_dict(e) for e in b.log]


def test_the_search_uses_abilities():
    """In Unique Abilities the search bot's seat declares abilities of its own."""
    spec = _spec("unique_abilities")
    used = 0
    for seed in range(3):
        g = Game.new(spec, COLOURS[:5], seed, ruleset="unique_abilities")
        mine = search_bot(random.Random(seed), iterations=12)
        others = greedy_bot(random.Random(seed))
        play_out(g, lambda gm, legal, m=mine, o=others: (
            m if legal[0].colour == "red" else o)(gm, legal))
        used += sum(1 for e in g.log if e.type == "ability_declared" and e.colour == "red")
    assert used > 0


def test_levels_and_budgets():
    assert LEVELS == {"easy": "random", "medium": "greedy", "hard": "search"}
    assert set(LEVELS.values()) <= set(BOTS)
    spec = _spec("standard")
    g = Game.new(spec, COLOURS[:4], 1)
    legal = g.legal_intents()
    pick = hard_bot(random.Random(1), seconds=0.05)(g, legal)
    assert pick in legal and pick.colour == legal[0].colour
    with pytest.raises(ValueError):
        search(spec, view_for(spec, g.state, "red"), [], random.Random(1))
    one = [legal[0]]
    assert search(spec, view_for(spec, g.state, legal[0].colour), one, random.Random(1),
                  iterations=50).iterations == 0  # a single option: no search


def test_the_view_names_another_colours_action_card_only_once_played():
    spec = _spec("standard")
    for seed in range(60):
        for g, _me, _ in _positions("standard", 4, seed, every=1):
            s = g.state
            if s.work and s.work[0][0] == "action" and s.step == 0:
                holder = s.work[0][1]
                rival = next(c for c in s.order if c != holder)
                assert view_for(spec, s, rival)["progress"]["work"][0][2] == HIDDEN
                assert view_for(spec, s, holder)["progress"]["work"][0][2] == s.work[0][2]
                return
    pytest.skip("no action card queued in these games")


def test_the_choice_is_the_most_visited_option():
    """The answer is the most visited option, and UCB visits the options it rates highly
    most: the chosen one's value is the best or near it."""
    spec = _spec("standard")
    g = Game.new(spec, COLOURS[:4], 5)
    rng = random.Random(5)
    while not (g.state.stage == "resolve" and len(g.legal_intents()) > 3):
        g.play(rng.choice(g.legal_intents()), trusted=True)
    me = g.legal_intents()[0].colour
    res = search(spec, view_for(spec, g.state, me), g.legal_intents(), random.Random(1),
                 iterations=150)
    assert res.choice == res.options[0].intent
    assert res.options[0].value >= max(o.value for o in res.options) - 0.15
    assert all(isinstance(o.intent, I.Intent) for o in res.options)


def test_search_in_slices_is_the_same_search() -> None:
    """``search_steps`` with ``pause`` (the browser: no threads) yields between slices and
    gives the result of the search done at once (issue 39)."""
    from mrp_tutor.games.mission_red_planet.engine.search import search_steps

    spec = _spec("standard")
    g = Game.new(spec, ["red", "blue", "green"], 4)
    legal = g.legal_intents()
    me = legal[0].colour
    options = [x for x in legal if x.colour == me]
    view = view_for(spec, g.state, g.state.seats[me].controller)
    at_once = search(spec, view, options, random.Random(1), iterations=40)
    steps = search_steps(spec, view, options, random.Random(1), iterations=40, pause=0.0)
    yielded = []
    while True:
        try:
            yielded.append(next(steps))
        except StopIteration as end:
            sliced = end.value
            break
    assert yielded == list(range(1, 41))  # a slice per iteration at pause 0
    assert (sliced.choice, sliced.iterations) == (at_once.choice, at_once.iterations)
    assert [(o.intent, o.visits, o.wins) for o in sliced.options] == [
        (o.intent, o.visits, o.wins) for o in at_once.options]
