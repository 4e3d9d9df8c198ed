"""Both games' panels build their step controls and their explanation through the one
shared step shell (:mod:`mrp_tutor.app.step_shell`): the same functions, the same classes,
the same look (issue 23, "One house")."""

from __future__ import annotations

from typing import Any

import ipywidgets as W
import pytest

from mrp_tutor.app import step_shell
from mrp_tutor.app.html import SHELL_CSS, SHELL_RULES
from mrp_tutor.games.first_martians.ui import fm_panel
from mrp_tutor.games.first_martians.ui.fm_panel import FmPanel
from mrp_tutor.games.mission_red_planet.ui.html import APP_CSS
from mrp_tutor.games.mission_red_planet.ui.panels import stepper


def _rows(w: W.Widget) -> list[W.Widget]:
    """Every widget below ``w`` (itself included) with the shared step-row class."""
    out = [w] if step_shell.STEP_ROW in getattr(w, "_dom_classes", ()) else []
    for c in getattr(w, "children", ()):
        out += _rows(c)
    return out


def _spy(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[str]:
    """Record what ``module.name`` (the shared function, as the panel imported it) returns."""
    shared = getattr(step_shell, name)
    assert getattr(module, name) is shared  # the panel uses the shared one, not its own
    made: list[str] = []

    def wrapped(*args: Any, **kw: Any) -> Any:
        made.append(out := shared(*args, **kw))
        return out

    monkeypatch.setattr(module, name, wrapped)
    return made


def test_mrp_stepper_steps_through_the_shared_shell(make_app: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    made = _spy(monkeypatch, stepper, "step_html")
    app = make_app(7)
    [row] = [r for w in app.stepper.widgets for r in _rows(w)]
    assert {"mrp-back", "mrp-next"} <= {c for b in row.children
                                        for c in getattr(b, "_dom_classes", ())}
    assert step_shell.EXPLAIN in app.stepper.explain._dom_classes
    assert f'class="{step_shell.PROMPT} ' in app.stepper.decision.value  # waiting for whom
    # the seated learner's prompt stays the page's one "mrp-prompt" (browser tests find it so)
    assert "mrp-prompt" not in app.stepper.decision.value
    app.stepper.next_btn.click()
    assert made and made[-1] in app.stepper.explain.value
    assert f'class="{step_shell.STEP_HEAD}"' in app.stepper.explain.value


def test_fm_panel_steps_through_the_same_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _spy(monkeypatch, fm_panel, "log_html")
    p = FmPanel()
    [row] = _rows(p.root)  # the one step row: Undo and Restart, as the stepper's buttons are
    assert row.children == (p.undo_btn, p.restart_btn)
    assert p.undo_btn.layout.width == "auto" and p.undo_btn.tooltip
    assert step_shell.EXPLAIN in p.log._dom_classes
    assert SHELL_CSS in p.root.children[0].value  # the shell's look for the shared classes
    assert SHELL_RULES in APP_CSS  # the same look in the other game's panel
    assert f'class="{step_shell.PROMPT} fm-now"' in p.checklist.value  # what to do now
    p.events_btn.click()
    assert made and made[-1] == p.log.value
    assert step_shell.STEP_LOG in p.log.value and f'class="{step_shell.STEP_HEAD}"' in p.log.value


def test_each_panels_step_row_has_its_own_scoped_class(make_app: Any) -> None:
    """With both games on one page the shared step-row class matches two rows; each panel's
    scoped class matches its own row only (the "Noticed and left alone" of stop 31)."""
    app = make_app(7)
    fm = FmPanel()
    page = W.VBox([*app.stepper.widgets, fm.root])  # both games on one page
    assert len(_rows(page)) == 2  # the shared class: both rows

    def scoped(scope: str) -> list[W.Widget]:
        cls = step_shell.row_class(scope)
        return [r for r in _rows(page) if cls in r._dom_classes]

    [mrp_row] = scoped("mrp")
    [fm_row] = scoped("fm")
    assert app.stepper.next_btn in mrp_row.children and fm.undo_btn in fm_row.children


def test_a_scenario_lesson_is_drawn_by_the_shared_step_shell(
        make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from mrp_tutor.games.mission_red_planet.ui import tutor_app as ui

    made = _spy(monkeypatch, ui, "step_html")
    app = make_app(7)
    app.scenario.value = "round-countdown"  # a lesson with no quiz: its text is shown
    app.on_load_scenario()
    assert made and app.stepper.explain.value == made[-1]
    assert f'<div class="{step_shell.STEP_HEAD}">' in made[-1]
    assert f'<div class="{step_shell.WHY}"><p>' in made[-1]  # the lesson's rendered Markdown
