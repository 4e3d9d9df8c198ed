"""A seated learner against hard bots: each bot decision is thought in a thread while the
kernel's event loop stays free (other tabs answer, a learner's click is refused, not applied
on a stale position), "Decide now" ends the thinking, Back forgets it, and the same seed gives
the same game whether the bots think in a thread or at once.

The tests run the panel inside an asyncio event loop, as the kernel does; the thinking is held
on an event the test releases, so nothing depends on how fast the machine is.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import bots as engine_bots
from mrp_tutor.games.mission_red_planet.ui import seat as S
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

WAITS = 200_000  # loop turns a test may wait for a thread (a bound, not a time)


def in_loop(fn: Callable[[], Awaitable[Any]]) -> Any:
    return asyncio.run(fn())  # type: ignore[arg-type]


async def settle(app: TutorApp) -> None:
    """Let the event loop run until no bot thinks."""
    for _ in range(WAITS):
        if not app.seat.turns.busy:
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the bots never finished thinking")


async def decide_now(turns: Any, job: Any) -> None:
    """Press "Decide now"; let the loop run until the bot's thinking ``job`` is over."""
    turns.skip_btn.click()
    for _ in range(WAITS):
        if turns.job is not job:
            return
        await asyncio.sleep(0.001)


def seat(app: TutorApp, seed: int = 11) -> None:
    app.players.value = 4
    app.seat.colour.value = "red"
    app.seat.level.value = "hard"
    app.seed.value = str(seed)
    app.seat.take_btn.click()


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Hard bots whose thinking waits for the returned event (then plays their first
    option)."""
    gate = threading.Event()

    def prepare(self: Any, game: Any, theirs: Any) -> Any:
        options = [x for x in theirs if x.colour == theirs[0].colour]
        if len(options) == 1:
            return None

        def think(stop: Callable[[], bool]) -> Any:
            while not (gate.wait(0.01) or stop()):
                pass
            return options[0], "held"

        return think

    monkeypatch.setattr(S.SearchLevel, "prepare", prepare)
    return gate


def test_a_thinking_bot_leaves_the_page_usable_and_shuts_the_learners_controls(
        make_app: Any, held: threading.Event) -> None:
    app = make_app(11)

    async def go() -> None:
        seat(app)
        turns = app.seat.turns
        assert turns.busy and turns.thread is not None and turns.thread.is_alive()
        colour = turns.job.colour  # type: ignore[union-attr]
        assert colour != "red"
        assert "the bots are deciding" in app.seat.prompt.value
        assert f"{colour.capitalize()} is thinking" in turns.status.value
        assert turns.skip_btn.layout.display == ""
        assert app.seat.board_targets() == {} and app.seat.choices.labels == []
        steps = len(app.session.game.log)
        # the kernel answers other clicks meanwhile: another tab opens, with its content
        app.open_tab("Rules")
        assert app.shown_tab() == "Rules" and app.panels["Rules"]
        # a learner's decision sent meanwhile is refused, and changes nothing
        mine = S.my_options(app.session, "red")
        if mine:
            app.seat.play(mine[0])
        app.stepper.next_btn.click()
        app.open_tab("Hint")
        app.panel("Hint").ask.click()  # no hint about a position the bots are changing
        assert app.panel("Hint").thread is None
        assert len(app.session.game.log) == steps and turns.busy
        assert "is thinking" in app.status_text()
        held.set()
        await settle(app)
        assert S.my_options(app.session, "red")  # the learner's turn, controls open
        assert "Your turn (Red)" in app.seat.prompt.value
        assert turns.status.value == "" and turns.skip_btn.layout.display == "none"
        assert any(r.why == "held" for r in app.session.reports)

    in_loop(go)


def test_back_forgets_the_thinking(make_app: Any, held: threading.Event) -> None:
    app = make_app(11)

    async def go() -> None:
        seat(app)
        assert app.seat.turns.busy
        held.set()
        await settle(app)
        app.seat.play(S.my_options(app.session, "red")[0])  # the bots think again
        held.clear()
        assert app.seat.turns.busy
        thought = app.seat.turns.job
        app.stepper.back_btn.click()
        assert app.seat.turns.job is not thought  # the old position's thinking is dropped
        held.set()
        await settle(app)
        assert S.my_options(app.session, "red")

    in_loop(go)


def test_decide_now_ends_a_long_search(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_bots, "HARD_ITERATIONS", 10**9)  # would think for ever
    app = make_app(11)

    async def go() -> None:
        seat(app)
        turns = app.seat.turns
        for _ in range(3):  # three decisions, each ended by the learner
            if not turns.busy:
                break
            await decide_now(turns, turns.job)
        last = [r for r in app.session.reports if r.why and "hard bot" in r.why]
        assert last and "Asked to decide at once" in last[-1].why
        app.seat.leave()

    in_loop(go)


def _learner_game(app: TutorApp, moves: int) -> list[Any]:
    async def go() -> list[Any]:
        seat(app, 5)
        await settle(app)
        for _ in range(moves):
            mine = S.my_options(app.session, "red")
            if not mine:
                break
            app.seat.play(mine[len(mine) // 2])
            await settle(app)
        return list(app.session.game.log)

    return in_loop(go)  # type: ignore[no-any-return]


def test_the_same_seed_gives_the_same_game_in_a_thread_or_at_once(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_bots, "HARD_ITERATIONS", 24)
    threaded = _learner_game(make_app(5), 6)
    again = _learner_game(make_app(5), 6)
    app = make_app(5)  # no event loop: every decision at once
    seat(app, 5)
    assert not app.seat.turns.busy
    for _ in range(6):
        mine = S.my_options(app.session, "red")
        if not mine:
            break
        app.seat.play(mine[len(mine) // 2])
    assert threaded == again == list(app.session.game.log)
    assert any(r.why and "hard bot" in r.why for r in app.session.reports)


def test_a_thought_about_a_changed_game_is_not_played(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    permits = threading.Semaphore(0)  # each permit lets one thought finish

    def prepare(self: Any, game: Any, theirs: Any) -> Any:
        options = [x for x in theirs if x.colour == theirs[0].colour]

        def think(stop: Callable[[], bool]) -> Any:
            while not (permits.acquire(timeout=0.01) or stop()):
                pass
            return options[0], "held"

        return None if len(options) == 1 else think

    monkeypatch.setattr(S.SearchLevel, "prepare", prepare)
    app = make_app(11)

    async def go() -> None:
        seat(app)
        turns = app.seat.turns
        first = turns.job
        permits.release()  # the first bot decides; the next one starts thinking
        for _ in range(WAITS):
            if turns.job is not None and turns.job is not first:
                break
            await asyncio.sleep(0.001)
        thought = turns.job
        assert thought is not None and thought.steps == len(app.session.game.log) > 0
        app.session.back()  # the game changes under the thinking (not through the panel)
        steps = len(app.session.game.log)
        for _ in range(50):
            permits.release()
        await settle(app)
        assert S.my_options(app.session, "red")  # the bots thought again and went on
        kept = [ev.colour for ev in app.session.game.log if ev.type == "mission_kept"]
        assert len(kept) == len(set(kept))  # no decision played twice
        assert len(app.session.game.log) > steps

    in_loop(go)


def test_without_threads_the_bots_think_in_slices_with_the_same_game(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's Python has no threads (issue 39): on the event loop each hard decision
    runs in slices that give the loop back (no thread starts), and the game is the one
    played at once."""
    from mrp_tutor.app import background

    monkeypatch.setattr(engine_bots, "HARD_ITERATIONS", 24)
    at_once = make_app(5)
    seat(at_once, 5)
    for _ in range(6):
        mine = S.my_options(at_once.session, "red")
        if not mine:
            break
        at_once.seat.play(mine[len(mine) // 2])
    monkeypatch.setattr(background, "threads_work", lambda: False)
    monkeypatch.setattr(background, "SLICE", 0.0)  # a slice per iteration
    monkeypatch.setattr(threading.Thread, "start", lambda self: pytest.fail("a thread"))
    assert _learner_game(make_app(5), 6) == list(at_once.session.game.log)


def test_without_threads_decide_now_is_read_between_slices(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from mrp_tutor.app import background

    monkeypatch.setattr(background, "threads_work", lambda: False)
    monkeypatch.setattr(engine_bots, "HARD_ITERATIONS", 10**9)  # would think for ever
    app = make_app(11)

    async def go() -> None:
        seat(app)
        turns = app.seat.turns
        assert turns.busy and turns.thread is None
        job = turns.job
        await asyncio.sleep(0.3)  # some slices
        assert turns.job is job  # still thinking: the loop was free meanwhile
        await decide_now(turns, job)  # a click from the page, between two slices
        last = [r for r in app.session.reports if r.why and "hard bot" in r.why]
        assert last and "Asked to decide at once" in last[-1].why
        app.seat.leave()

    in_loop(go)
