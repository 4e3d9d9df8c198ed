"""The coach ("Hint" tab) and the bot levels of a seat.

The coach's hints come from the learner's view only: two states alike from the learner's seat
give the same hints, and no card hidden from the learner is named on the page.  A hint can be
stopped, and followed.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from testkit.app_widgets import shown_text
from testkit.hidden import resolve_choice, swap_hidden

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.engine import bots as engine_bots
from mrp_tutor.games.mission_red_planet.engine.views import view_for
from mrp_tutor.games.mission_red_planet.explain.coach import hints
from mrp_tutor.games.mission_red_planet.ui import seat as S
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


def _hidden_names(app: TutorApp, seat: str) -> set[str]:
    """Names of cards the learner cannot see (others' missions, actions, face-down chosen
    cards, face-down discoveries) that appear nowhere in the learner's view."""
    spec, s = app.session.spec, app.session.state
    seen = json.dumps(view_for(spec, s, seat), default=str).lower()
    cards: set[str] = set()
    for seat_ in s.seats.values():
        if seat_.controller != seat:
            cards.update(seat_.missions, seat_.actions)
    cards.update(s.discoveries.values())
    names = {spec.card_name(x).lower() for x in cards}
    return {n for n in names if n not in seen and len(n) > 4}


def _position(seed: int) -> tuple[Game, str]:
    spec = load_spec(use_env_overrides=False)
    g = Game.new(spec, ["red", "blue", "green", "yellow"], seed)
    return g, resolve_choice(g, random.Random(seed))


def test_hints_depend_on_the_learners_view_only() -> None:
    g, me = _position(7)
    s = swap_hidden(g, me).state
    assert view_for(g.spec, g.state, me) == view_for(g.spec, s, me)
    a, _ = hints(g.spec, view_for(g.spec, g.state, me), g.legal_intents(), iterations=40)
    b, _ = hints(g.spec, view_for(g.spec, s, me), g.legal_intents(), iterations=40)
    assert a == b
    assert 1 <= len(a) <= 3
    assert all(h.reason and h.words and h.rule and 0 <= (h.chance or 0) <= 1 for h in a)


def test_a_stopped_hint_returns_at_once() -> None:
    g, me = _position(3)
    found, res = hints(g.spec, view_for(g.spec, g.state, me), g.legal_intents(),
                       iterations=30000, stop=lambda: True)
    assert res.iterations == 0 and found  # stopped before any game: the first option, unrated
    assert found[0].chance is None


def seat_red(make_app: Any, seed: int, players: int) -> TutorApp:
    """The app with Red seated against medium bots in a game of ``players`` at ``seed``."""
    a = make_app(seed)
    a.players.value = players
    a.seat.colour.value = "red"
    a.seat.level.value = "medium"
    a.seed.value = str(seed)
    a.seat.take_btn.click()
    return a


@pytest.fixture
def seated(make_app: Any) -> TutorApp:
    return seat_red(make_app, 11, 4)


def _ask(app: TutorApp, iterations: int) -> Any:
    app.open_tab("Hint")
    tab = app.panel("Hint")
    tab.iterations = iterations
    tab.ask.click()
    return tab


def test_the_hint_tab_shows_options_with_chances_and_reasons_and_follows_one(seated):
    app = seated
    assert S.my_options(app.session, "red")  # the learner's turn (the bots played first)
    tab = _ask(app, 200)
    assert tab.thread is not None
    tab.thread.join(30)
    assert "mrp-hint" in tab.out.value and "won" in tab.out.value
    assert "possible games" in tab.status.value
    assert len(tab.follow.children) == len(tab.shown) >= 1
    assert "<cite" in tab.out.value  # the section of the rule, without its id (a learner)
    assert not any(f"[{h.rule}]" in tab.out.value for h in tab.shown)
    for name in _hidden_names(app, "red"):
        assert name not in shown_text(app), name
    before = len(app.session.game.log)
    first = tab.shown[0].intent
    tab.follow.children[0].click()
    assert len(app.session.game.log) > before
    assert any(r.intent == first for r in app.session.reports)
    assert tab.out.value == ""  # a new position: the old hint is gone


def test_a_running_hint_can_be_stopped(seated):
    tab = _ask(seated, 200000)
    assert tab.stop_btn.layout.display == ""
    tab.stop_btn.click()
    tab.thread.join(30)
    assert not tab.thread.is_alive()
    assert "stopped early" in tab.status.value
    assert tab.stop_btn.layout.display == "none"


def test_no_hint_without_a_seat(make_app):
    app = make_app(2)
    tab = app.panel("Hint")
    tab.ask.click()
    assert tab.thread is None and tab.out.value == ""


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_the_bots_play_at_the_chosen_level(make_app, monkeypatch, level):
    monkeypatch.setattr(engine_bots, "HARD_ITERATIONS", 8)
    app = make_app(5)
    app.players.value = 3
    app.seat.colour.value = "red"
    app.seat.level.value = level
    app.seed.value = "5"
    app.seat.take_btn.click()
    whys = {r.why for r in app.session.reports if r.intent is not None}
    assert any(f"The {level} bot" in (w or "") for w in whys)


def test_without_threads_the_hint_still_answers(seated, monkeypatch):
    """The browser's Python (Pyodide) starts no thread (issue 39): the hint is worked out
    without one and answers the same way."""
    import threading

    def refuse(self: Any) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    tab = _ask(seated, 200)
    assert tab.thread is None  # no thread: done at once (no event loop in a test)
    assert "mrp-hint" in tab.out.value and "won" in tab.out.value
    assert "possible games" in tab.status.value


def test_in_the_browser_the_hint_works_in_slices_and_stops_between_them(seated, monkeypatch):
    """Pyodide has no threads (issue 39): on the kernel's event loop the hint runs in slices
    that give the loop back (the page's Stop is read between them); its hints are the ones
    worked out at once, and a Stop between slices ends it with what was found."""
    import asyncio
    import time

    from mrp_tutor.app import background

    assert 0 < background.SLICE <= 0.2  # the page answers within a fifth of a second
    monkeypatch.setattr(background, "threads_work", lambda: False)
    monkeypatch.setattr(background, "SLICE", 0.0)  # a slice per iteration
    at_once, _ = hints(seated.session.spec, view_for(seated.session.spec, seated.session.state,
                                                     "red"), S.my_options(seated.session, "red"),
                       iterations=60)
    async def ask(iterations: int, stop_after: float | None) -> Any:
        tab = _ask(seated, iterations)
        assert tab.thread is None and "Thinking" in tab.status.value  # not done at once
        if stop_after is not None:
            await asyncio.sleep(stop_after)
            tab.stop_btn.click()  # between two slices, as a click from the page
        deadline = time.monotonic() + 60
        while tab.job is not None and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        return tab

    tab = asyncio.run(ask(60, None))
    assert [(h.intent, h.visits) for h in tab.shown] == [(h.intent, h.visits) for h in at_once]
    assert "60 possible games" in tab.status.value
    tab = asyncio.run(ask(200000, 0.3))
    assert "stopped early" in tab.status.value and tab.stop_btn.layout.display == "none"


def test_in_the_browser_the_seat_picker_states_the_hard_levels_time(make_app, monkeypatch):
    """Issue 39: the static demo's seat picker says how long a hard bot takes there (measured
    by benchmarks/browser_engine.py); the server app's says what it always said."""
    import sys

    assert S.level_names(browser=False) == S.LEVEL_NAMES
    monkeypatch.setattr(sys, "platform", "emscripten")
    app = make_app(3)
    labels = dict((key, name) for name, key in app.seat.level.options)
    assert labels["hard"] == S.BROWSER_HARD and "here" in labels["hard"]
    assert " s a move" in labels["hard"]
    assert {k: v for k, v in labels.items() if k != "hard"} == {
        k: v for k, v in S.LEVEL_NAMES.items() if k != "hard"}
