"""The guided path and the quiz that asks before it tells; lessons' markdown rendered."""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.explain.markdown import md_html
from mrp_tutor.games.mission_red_planet.scenarios import library
from mrp_tutor.games.mission_red_planet.ui.panels.path import (
    CHAPTERS,
    ProgressStore,
    build_path,
    picker_options,
)
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


@pytest.fixture
def app(make_app: Any) -> TutorApp:
    return make_app(7)


def test_the_path_holds_every_lesson_once_in_teaching_order() -> None:
    scenarios = list(library())
    steps = build_path(scenarios)
    assert sorted(s.scenario.id for s in steps) == sorted(sc.id for sc in scenarios)
    keys = [s.chapter.key for s in steps]
    assert keys[0] == "goal" and keys[-1] == "unique_abilities" and "two_player" in keys
    assert "first_edition" in keys
    order = [ch.key for ch in CHAPTERS]
    assert [k for k in dict.fromkeys(keys)] == [k for k in order if k in keys]
    assert all(s.first == (i == 0 or keys[i - 1] != s.chapter.key) for i, s in enumerate(steps))
    assert "other" not in keys, "a lesson is not placed in any chapter"
    labels = [label for label, _ in picker_options(steps)]
    assert labels[0].startswith("1. The goal of the game")


def test_start_here_walks_steps_and_remembers_progress(app: TutorApp) -> None:
    lesson = app.lesson
    lesson.start_btn.click()
    assert app.shown_tab() == "Lesson & quiz"
    assert "Chapter 1 of" in lesson.path_head.value and "lesson 1 of" in lesson.path_head.value
    assert "goal of the game" in lesson.intro.value
    assert not re.search(r"step \d+ of \d+", lesson.path_head.value)  # chapters, not 1 of 122
    first = lesson.steps[0].scenario
    assert app.session.scenario is not None and app.session.scenario.id == first.id
    for n in (2, 3):
        lesson.next_btn.click()
        assert f"lesson {n} of" in lesson.path_head.value
    assert lesson.store.done == [s.scenario.id for s in lesson.steps[:2]]
    assert lesson.progress.value == 2
    lesson.prev_btn.click()
    assert "lesson 2 of" in lesson.path_head.value and "✓ done" in lesson.path_head.value


def test_the_quiz_asks_before_it_tells(app: TutorApp) -> None:
    lesson = app.lesson
    lesson.start_btn.click()
    sc = app.session.scenario
    assert sc is not None and sc.quiz is not None
    assert lesson.quiz_pick.value is None  # nothing preselected
    first_words = " ".join(sc.lesson.split()[:6])
    for html in (lesson.quiz_q.value, lesson.lesson_html.value, app.stepper.explain.value):
        assert first_words not in re.sub(r"<[^>]+>", "", html)  # the lesson is not shown yet
    lesson.quiz_check.click()  # with nothing chosen: a request, not a wrong answer
    assert "Choose your prediction first" in app.status_text()
    assert "Not quite" not in lesson.quiz_out.value and "Right" not in lesson.quiz_out.value
    assert "Choose your prediction first" in lesson.quiz_out.value  # beside the button
    lesson.quiz_pick.value = sc.quiz.choices[sc.quiz.answer]
    lesson.quiz_check.click()
    assert "Right" in lesson.quiz_out.value
    assert first_words in re.sub(r"<[^>]+>", "", lesson.lesson_html.value)


def test_progress_from_the_page_is_validated() -> None:
    store = ProgressStore(["a", "b"])
    store.done = ["b", "evil<script>", 3, "a", "b"]  # what a hostile page could send
    assert store.done == ["b", "a"]
    store.mark("zzz")
    assert store.done == ["b", "a"]


def test_every_lesson_renders_its_markdown() -> None:
    for sc in library():
        texts = [sc.lesson] + ([sc.quiz.explanation] if sc.quiz else [])
        for text in texts:
            html = md_html(text)
            plain = re.sub(r"<code>.*?</code>", "", html)
            assert "**" not in plain and "`" not in plain, sc.id
            assert "<script" not in html


def test_each_quiz_is_about_its_own_lesson(app: TutorApp) -> None:
    """Every step of the guided path asks its own scenario's question, or none: never the
    position question about production that a lesson on Ice Monopoly once got (issue 26)."""
    lesson = app.lesson
    lesson.start_btn.click()
    for i, step in enumerate(lesson.steps):
        if i:
            lesson.go(i)
        q = htmllib.unescape(re.sub(r"<[^>]+>", " ", lesson.quiz_q.value))
        quiz = step.scenario.quiz
        if quiz is None:
            assert "no question of its own" in q and "receive tokens from" not in q, step
            assert lesson.quiz_check.layout.display == "none"
            assert step.scenario.lesson.split()[0] in htmllib.unescape(lesson.lesson_html.value)
        else:
            assert quiz.question in q, step
            assert [o for o, _ in lesson.quiz_pick.options] == list(quiz.choices)


def test_taking_a_seat_pauses_the_path_and_the_hint_follows_the_seat(app: TutorApp) -> None:
    """Issue 36: after taking a seat the lesson panel no longer says "lesson 3 of 8" and the
    Hint tab no longer says "take a seat"."""
    lesson = app.lesson
    lesson.start_btn.click()
    lesson.next_btn.click()
    assert "lesson 2 of" in lesson.path_head.value
    app.seat.colour.value = "red"
    app.seat.take_btn.click()
    app.open_tab("Lesson & quiz")
    assert "paused" in lesson.path_head.value and "lesson 2 of" in lesson.path_head.value
    assert lesson.nav.layout.display == "none" and lesson.intro.value == ""
    app.open_tab("Hint")
    status = app.panel("Hint").status.value
    assert "You play Red" in status and "Take a seat" not in status


def test_every_step_of_every_lesson_says_what_it_did_beside_its_next(app: TutorApp) -> None:
    """Issue 36 on a phone: the lesson's own Next answers beside it.  A step that only
    explains (no event) and a move the rules forbid said nothing there: their words went to
    the status line and the stepper, a screen above."""
    lesson = app.lesson
    app.open_tab(lesson.title)
    for i, step in enumerate(lesson.steps):
        lesson.go(i)
        for n in range(len(step.scenario.steps)):
            lesson.on_step()
            said = re.sub(r"<[^>]+>", "", lesson.step_out.value).strip()  # words, not tags
            assert said, (step.scenario.id, n)
    despot = next(i for i, s in enumerate(lesson.steps)
                  if s.scenario.id == "unique_abilities-devious-despot")
    lesson.go(despot)
    for _ in range(4):  # its fourth step pays a token nobody owes: refused, and said
        lesson.on_step()
    assert "illegal move on purpose" in lesson.step_out.value
