"""The guided path and the quiz that asks before it tells; lessons' markdown rendered."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mrp_tutor.app.panels.path import CHAPTERS, ProgressStore, build_path, picker_options
from mrp_tutor.app.ui import TutorApp
from mrp_tutor.explain.markdown import md_html
from mrp_tutor.scenarios import library


@pytest.fixture
def app(make_app: Any) -> TutorApp:
    return make_app(7)


def test_the_path_holds_every_lesson_once_in_teaching_order() -> None:
    scenarios = list(library())
    steps = build_path(scenarios)
    assert sorted(s.scenario.id for s in steps) == sorted(sc.id for sc in scenarios)
    keys = [s.chapter.key for s in steps]
    assert keys[0] == "goal" and keys[-1] == "unique_abilities" and "two" in keys
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
    assert "step 1 of" in lesson.path_head.value and "goal of the game" in lesson.intro.value
    first = lesson.steps[0].scenario
    assert app.session.scenario is not None and app.session.scenario.id == first.id
    for n in (2, 3):
        lesson.next_btn.click()
        assert f"step {n} of" in lesson.path_head.value
    assert lesson.store.done == [s.scenario.id for s in lesson.steps[:2]]
    assert lesson.progress.value == 2
    lesson.prev_btn.click()
    assert "step 2 of" in lesson.path_head.value and "✓ done" in lesson.path_head.value


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
