"""The post-game review of a seated learner: the three most costly decisions, each judged by
the search from the learner's own view at that decision (what they did, what was better, the
chances, why, the rule), shown under the game's summary once the game ends."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from testkit.app_widgets import shown_text
from testkit.hidden import resolve_choice, swap_hidden

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain import review as R
from mrp_tutor.games.mission_red_planet.ui import seat as S
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

from .test_seat import act_once


def _decision_point(seed: int) -> tuple[Game, str]:
    """A position where a colour chooses among several ships or zones."""
    spec = load_spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green", "yellow"], seed)
    return g, resolve_choice(g, random.Random(seed), more_than=3)


def test_a_decision_is_judged_from_the_learners_view_only() -> None:
    spec = load_spec(use_env_overrides=False)
    judged = []
    # seeded positions in turn until one holds a choice worse than the search's favourite
    # beyond the noise (with the review's noise-aware verdicts most small positions hold none)
    for seed in range(1, 41):
        g = Game.new(spec, ["red", "blue", "green", "yellow"], seed)
        me = resolve_choice(g, random.Random(seed), more_than=3)
        s = swap_hidden(g, me).state
        assert view_for(g.spec, g.state, me) == view_for(g.spec, s, me)
        options = [x for x in g.legal_intents() if x.colour == me]
        for chosen in options:  # some choice differs from the search's favourite beyond noise
            a = R.judge(g.spec, R.decision(g.spec, g.state, me, options, chosen, 5),
                        iterations=150, duel=300)
            b = R.judge(g.spec, R.decision(g.spec, s, me, options, chosen, 5),
                        iterations=150, duel=300)
            assert a == b  # the verdict never depends on what the learner cannot see
            judged += [a] if a is not None else []
            if judged:
                break
        if judged:
            break
    assert judged
    c = judged[0]
    assert c.did != c.better and c.reason and c.rule and c.games > 0
    assert 0 <= c.did_chance < c.better_chance <= 1
    assert c.did_range[0] <= c.did_chance <= c.did_range[1]


def test_the_most_costly_come_first_and_at_most_three() -> None:
    g, me = _decision_point(3)
    options = [x for x in g.legal_intents() if x.colour == me]
    ds = [R.decision(g.spec, g.state, me, options, x, i) for i, x in enumerate(options)]
    found = R.review(g.spec, ds, iterations=30, duel=30)
    assert len(found) <= 3
    assert all(c.cost >= R.MIN_COST for c in found)
    assert [c.cost for c in found] == sorted((c.cost for c in found), reverse=True)


@pytest.fixture
def played(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> TutorApp:
    """A whole seated game against the tutor bots, the learner always taking the last choice
    or the first highlighted place."""
    monkeypatch.setattr(R, "REVIEW_ITERATIONS", 24)
    monkeypatch.setattr(R, "DUEL_ITERATIONS", 24)
    monkeypatch.setattr(R, "CONFIRM_ITERATIONS", 48)
    app = make_app(11)
    app.players.value = 3
    app.seat.colour.value = "red"
    app.seed.value = "11"
    app.seat.take_btn.click()
    for _ in range(600):
        if app.session.game.over:
            break
        if not app.seat.choices.labels:
            act_once(app)
        else:
            app.seat.choices.click(len(app.seat.choices.labels) - 1)
    assert app.session.game.over
    return app


def test_the_review_appears_when_the_game_ends(played: TutorApp) -> None:
    box = played.seat.review
    assert len(box.decisions) >= 10
    assert all(d.view["viewer"] == "red" for d in box.decisions)
    assert box.found is not None and box.job is None
    html = box.out.value
    assert "Review of your game" in html or "most costly" in html
    # a choice is flagged only beyond the noise: at this small test budget maybe none is
    assert len(box.found) <= 3
    assert html.count('class="mrp-review-item"') == len(box.found)
    costly = R.Costly(9, 3, "Board ship 2", "Board ship 5", 0.1, 0.3, "It fills the ship.",
                      "characters.placement", 1200, (0.07, 0.14), (0.26, 0.34))
    html = box.html([costly, *box.found])
    for c in [costly, *box.found]:
        assert "you chose <i>" in html and "Better: <b>" in html
        assert c.better_chance > c.did_chance
    assert "likely 7%–14%" in html and "likely 26%–34%" in html  # the ranges shown
    assert "<cite" in html
    assert not any(f"[{c.rule}]" in html for c in [costly, *box.found])  # sections, no id
    assert "review" in shown_text(played)


def test_a_new_game_forgets_the_review(played: TutorApp) -> None:
    played.seat.take_btn.click()
    assert played.seat.review.decisions == [] and played.seat.review.out.value == ""
    assert S.my_options(played.session, "red")
    assert json.dumps(played.seat.review.status.value) == '""'


def test_without_threads_the_review_runs_in_slices_with_the_same_verdicts(
        played: TutorApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's Python has no threads (issue 39): on the event loop the review runs in
    slices that give the loop back, with progress, and finds what it finds at once; a Stop
    between slices ends it with the decisions judged so far."""
    import asyncio
    import threading

    from mrp_tutor.app import background

    box = played.seat.review
    at_once = box.found
    monkeypatch.setattr(background, "threads_work", lambda: False)
    monkeypatch.setattr(background, "SLICE", 0.0)
    monkeypatch.setattr(threading.Thread, "start", lambda self: pytest.fail("a thread"))
    seen: list[str] = []

    async def again(stop_after: float | None) -> None:
        box.found = None
        box.start()
        assert box.job is not None and box.found is None  # not done at once
        if stop_after is not None:
            await asyncio.sleep(stop_after)
            box.stop_btn.click()
        for _ in range(200_000):
            if box.job is None:
                return
            seen.append(box.status.value)
            await asyncio.sleep(0.001)

    asyncio.run(again(None))
    assert box.found == at_once
    assert any("of" in s and "reviewing" in s for s in seen)
    asyncio.run(again(0.05))
    assert "stopped early" in box.out.value and box.stop_btn.layout.display == "none"
