"""Advice a learner can trust (issue 35): the same position as a seat sees it gets the same
hints and the same hard-bot move, whatever the hidden cards, the game's secret seed, the
machine or its load; the hints are ordered by the chance they show, with its 95 % range, and
the review never flags a move that was the hint's first or about equal to it.

Positions differing only in what the seat cannot see: ``testkit.hidden.swap_hidden`` (others'
missions exchanged, the event deck reversed, face-down resources rotated) and a new secret
seed.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

import pytest
from testkit.hidden import resolve_choice, swap_hidden

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.engine.bots import hard_bot
from mrp_tutor.games.mission_red_planet.engine.search import OptionStat, SearchResult
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain import review as R
from mrp_tutor.games.mission_red_planet.explain.coach import HINT_ITERATIONS, hints

SEEDS = [3, 7, 12]


def _twins(seed: int) -> tuple[Game, Game, str]:
    """A position and its twin: the same for the deciding seat, other hidden cards and
    another secret seed."""
    spec = load_spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green", "yellow"], seed)
    me = resolve_choice(g, random.Random(seed))
    twin = swap_hidden(g, me)
    twin.state.seed = seed + 1000
    twin.invalidate()
    assert view_for(spec, g.state, me) == view_for(spec, twin.state, me)
    assert g.state.seed != twin.state.seed
    return g, twin, me


def test_the_hint_budget_is_a_number_of_games_not_a_time() -> None:
    import inspect

    params = inspect.signature(hints).parameters
    assert "seconds" not in params and "seed" not in params
    assert params["iterations"].default == HINT_ITERATIONS


@pytest.mark.parametrize("seed", SEEDS)
def test_the_same_position_gets_identical_hints(seed: int) -> None:
    g, twin, me = _twins(seed)
    spec = g.spec
    options = [x for x in g.legal_intents() if x.colour == me]
    a, ra = hints(spec, view_for(spec, g.state, me), options, iterations=150)
    b, _ = hints(spec, view_for(spec, g.state, me), options, iterations=150)
    c, rc = hints(spec, view_for(spec, twin.state, me), options, iterations=150)
    assert a == b == c
    assert ra.options == rc.options and ra.iterations == 150


@pytest.mark.parametrize("seed", SEEDS)
def test_the_hard_bot_moves_alike_in_positions_alike_whatever_its_generator(seed: int) -> None:
    """Its generator is seeded from the view: the game's seed or the bot's own generator
    change nothing (the old hard bot drew from the generator it was given)."""
    g, twin, _ = _twins(seed)
    logs: list[list[SearchResult]] = [[], []]
    picks = []
    for game, log, rng in ((g, logs[0], random.Random(1)), (twin, logs[1], random.Random(2))):
        bot = hard_bot(rng, log=log)
        picks.append(bot(game, game.legal_intents()))
    assert picks[0] == picks[1]
    assert logs[0][0].options == logs[1][0].options


def test_hints_are_ordered_by_the_chance_they_show_with_a_range() -> None:
    g, _, me = _twins(7)
    options = [x for x in g.legal_intents() if x.colour == me]
    found, _ = hints(g.spec, view_for(g.spec, g.state, me), options, iterations=200)
    chances = [h.chance for h in found]
    assert all(c is not None for c in chances)
    assert chances == sorted(chances, reverse=True)  # type: ignore[type-var]
    for h in found:
        assert h.low is not None and h.high is not None
        assert h.low <= (h.chance or 0) <= h.high
    assert found[0].about_equal


@pytest.mark.parametrize("seed", SEEDS)
def test_following_the_first_hint_or_one_about_equal_is_never_flagged(seed: int) -> None:
    g, twin, me = _twins(seed)
    spec = g.spec
    options = [x for x in g.legal_intents() if x.colour == me]
    found, _ = hints(spec, view_for(spec, g.state, me), options, iterations=150)
    for h in found:
        if h is found[0] or h.about_equal:
            d = R.decision(spec, g.state, me, options, h.intent, 5)
            assert R.judge(spec, d, iterations=150, duel=150) is None
    for chosen in options:  # the verdicts do not depend on the secret seed
        a = R.judge(spec, R.decision(spec, g.state, me, options, chosen, 5),
                    iterations=150, duel=150)
        b = R.judge(spec, R.decision(spec, twin.state, me, options, chosen, 5),
                    iterations=150, duel=150)
        assert a == b
        if a is not None:  # flagged only beyond the noise, with the ranges shown
            assert a.did_range[1] < a.better_range[1] and a.cost >= R.MIN_COST


def test_a_character_hint_says_what_the_card_did_in_the_games_won_after_it() -> None:
    """Not a rank by a rule of thumb ("it could do the 6th most"): what the card's own turn
    did in the played-out games the seat won after choosing it, the same each time."""
    from mrp_tutor.games.mission_red_planet.explain.rulebook import cite

    spec = load_spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green", "yellow"], 7)
    rng = random.Random(1)
    while g.state.stage != "choose" or not g.legal_intents():
        legal = g.legal_intents()
        _ = g.play(rng.choice(legal), trusted=True) if legal else g.advance()
    me = g.legal_intents()[0].colour
    options = [x for x in g.legal_intents() if x.colour == me]
    view = view_for(spec, g.state, me)
    a, _ = hints(spec, view, options, iterations=120)
    b, _ = hints(spec, view, options, iterations=120)
    assert a == b
    for h in a:
        assert "games played out at random after choosing the" in h.reason
        assert "most" not in h.reason
        c = cite(spec, h.reason_rule)
        assert c is not None and h.reason_rule.startswith("characters.")  # type: ignore[union-attr]


def test_halving_tries_the_options_still_in_equally_and_ends_with_two() -> None:
    """Sequential halving at the root (the coach's search): with two options each gets half
    the budget; with more, the last two share the last round equally and the options dropped
    earlier had fewer games; the choice is the better of the last two."""
    from mrp_tutor.games.mission_red_planet.engine.search import search, view_rng

    g, _, me = _twins(7)
    spec = g.spec
    options = [x for x in g.legal_intents() if x.colour == me]
    view = view_for(spec, g.state, me)
    assert len(options) >= 3
    res = search(spec, view, options, view_rng(view, options, "t"), iterations=400,
                 seconds=None, halving=True)
    visits = sorted((o.visits for o in res.options), reverse=True)
    assert visits[0] == visits[1] > visits[2] and sum(visits) == res.iterations <= 400
    last = [o for o in res.options if o.visits == visits[0]]
    assert res.choice == max(last, key=lambda o: o.value).intent
    pair = options[:2]
    duel = search(spec, view, pair, view_rng(view, pair, "t"), iterations=300, seconds=None,
                  halving=True)
    assert [o.visits for o in duel.options] == [150, 150]


def test_the_hint_compares_its_first_two_after_equal_effort() -> None:
    """UCB's lock-in made the most tried option win more because it was tried more (its
    subtree deeper): the hint's last two options now had the same number of games."""
    g, _, me = _twins(3)
    options = [x for x in g.legal_intents() if x.colour == me]
    _, res = hints(g.spec, view_for(g.spec, g.state, me), options, iterations=300)
    top = sorted((o.visits for o in res.options), reverse=True)
    assert top[0] == top[1]


def test_the_review_shows_a_second_duel_seeded_apart_and_skips_no_duel(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The costs shown are a confirming duel's (salt ``confirm``), not the screening duel's
    that chose them (the largest of many noisy costs is noisy upwards); a choice not shown
    about equal to the first always gets its duel, even when the hint's own figures (few
    games for an option dropped early) cannot tell the two apart."""
    g, twin, me = _twins(12)
    spec = g.spec
    options = [x for x in g.legal_intents() if x.colour == me]
    shown, _ = hints(spec, view_for(spec, g.state, me), options, iterations=150)
    names = {h.intent for h in shown}
    ds = [R.decision(spec, g.state, me, options, x, i) for i, x in enumerate(options)
          if x not in names]
    assert ds
    salts: list[str] = []
    real, steps = R.duel_cost, R.duel_steps

    def spy(*a: object, **k: object) -> object:
        salts.append(str(a[4]))
        return steps(*a, **k)  # type: ignore[arg-type]

    monkeypatch.setattr(R, "duel_steps", spy)
    found = R.review(spec, ds, iterations=150, duel=300, confirm=600, top=len(ds))
    assert salts.count("duel") == len(ds)  # every choice not shown about equal: a duel
    for c in found:
        d = next(x for x in ds if x.step == c.step)
        assert c == real(spec, d, c.better_intent, 600, "confirm",  # type: ignore[arg-type]
                         runs=R.CONFIRM_RUNS)
        assert c.games == 600 * R.CONFIRM_RUNS
    twins = [R.decision(spec, twin.state, me, options, d.chosen, d.step) for d in ds]
    assert R.review(spec, twins, iterations=150, duel=300, confirm=600, top=len(ds)) == found


def test_about_equal_compares_two_options_after_the_same_number_of_games() -> None:
    """An option dropped in an early halving round had fewer games than the first (and the
    search plays better after the options it tries more): it is about equal to the first or
    not by the two's figures at the end of the last round both were in, each round's options
    having had the same number of games (the noise of the first of all the options searched:
    tests/engine/test_coach_best_of.py)."""
    from mrp_tutor.games.mission_red_planet.explain.coach import equal_effort, within_noise

    g, _, me = _twins(7)
    options = [x for x in g.legal_intents() if x.colour == me]
    found, res = hints(g.spec, view_for(g.spec, g.state, me), options, iterations=400, top=4)
    assert len(res.rounds) >= 2
    for row in res.rounds:
        assert len({o.visits for o in row}) == 1  # equal effort within a round
    final = {o.intent: o for o in res.options}
    dropped = [h for h in found if final[h.intent].visits < max(o.visits for o in res.options)]
    assert dropped
    for h in found[1:]:
        a, b = equal_effort(res, found[0].intent, h.intent)
        assert a.visits == b.visits
        assert h.about_equal == within_noise(a, b, len(res.options) - 1)


def _scripted_confirm(monkeypatch: pytest.MonkeyPatch,
                      runs: list[tuple[float, float]]) -> list[R.Costly]:
    """The review of one decision whose screening duel found it costly and whose confirming
    searches give, in turn, the win shares ``runs`` (the hint's first, the choice; 600 games
    each): what the review shows."""
    g, _, me = _twins(12)
    options = [x for x in g.legal_intents() if x.colour == me]
    d = R.decision(g.spec, g.state, me, options, options[1], 5)
    screened = R.Costly(5, 1, "did", "better", 0.3, 0.7, "why", None, 1200,
                        better_intent=options[0])

    def judge(*a: object, **k: object) -> Generator[int, None, R.Costly]:
        return screened
        yield 0

    script = iter(runs)

    def search(spec: object, view: object, pair: list[Any], rng: object,
               **k: object) -> Generator[int, None, SearchResult]:
        a, b = next(script)
        return SearchResult(pair[0], [OptionStat(pair[0], 600, a, a),
                                      OptionStat(pair[1], 600, b, b)], 1200)
        yield 0

    monkeypatch.setattr(R, "CONFIRM_RUNS", len(runs), raising=False)
    monkeypatch.setattr(R, "judge_steps", judge)
    monkeypatch.setattr(R, "search_steps", search)
    return R.review(g.spec, [d])


def test_a_cost_shown_holds_how_far_separate_confirming_runs_disagree(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One search's games share its tree, so how well it plays on after each move is itself a
    draw: separate runs of the same duel differ by more than their games' noise.  A cost is
    shown only when it stands out of the spread of separate runs, and the ranges shown hold
    every run's share; runs that agree are pooled, with all their games."""
    runs = [(0.70, 0.30), (0.45, 0.40), (0.50, 0.42)]  # the first run alone: a clear gap
    shown = _scripted_confirm(monkeypatch, runs)
    for c in shown:  # (none, here: the runs disagree more than the gap)
        assert all(c.better_range[0] <= a <= c.better_range[1]
                   and c.did_range[0] <= b <= c.did_range[1] for a, b in runs)
    assert shown == []
    agree = [(0.70, 0.30), (0.68, 0.31), (0.71, 0.29)]
    [c] = _scripted_confirm(monkeypatch, agree)
    assert c.games == 1200 * len(agree) and abs(c.cost - 0.3967) < 1e-3
    assert all(c.better_range[0] <= a <= c.better_range[1]
               and c.did_range[0] <= b <= c.did_range[1] for a, b in agree)
