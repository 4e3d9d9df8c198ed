"""The app's widgets as the page gets them, and a game stepped to the character choice:
shared by the app tests that check what reaches a visitor (secrets, abilities' words) and
the controller tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ipywidgets.widgets import widget as ipw

from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


def tracked(build: Callable[[], TutorApp],
            leave_out: Callable[[TutorApp], list[Any]] = lambda app: []) -> TutorApp:
    """The app ``build()`` makes, with ``app._test_widgets()``: every widget it created
    (shown or not, but those ``leave_out(app)`` names)."""
    before = set(ipw._instances)
    app = build()
    skip = leave_out(app)
    app._test_widgets = lambda: [  # type: ignore[attr-defined]
        w for k, w in ipw._instances.items()
        if k not in before and not any(w is s for s in skip)]
    return app


def page_state(app: Any) -> str:
    """Every synced trait of every widget :func:`tracked` recorded: what the page gets."""
    return json.dumps([w.get_state() for w in app._test_widgets()], default=str)


def to_choose(app: TutorApp) -> None:
    """Click Next until every colour must choose a character (after missions)."""
    for _ in range(20):
        d = app.session.game.decision()
        if d is not None and d.kind == "choose_character" and len(d.colours) == 3:
            return
        app.stepper.next_btn.click()
    raise AssertionError("never reached the character choice")


def walk(w: Any) -> list[Any]:
    """Every widget of a tree (what the page displays)."""
    out = [w]
    for child in getattr(w, "children", ()):
        out.extend(walk(child))
    return out


def shown_text(app: TutorApp) -> str:
    """Every synced trait of every widget the page displays, as one lower-case string (but
    the scenario picker's, whose fixed titles name characters and cards)."""
    return json.dumps([w.get_state() for w in walk(app.root) if w is not app.scenario],
                      default=str).lower()


def base_app(monkeypatch: Any, tmp_path: Any, seed: int = 7) -> TutorApp:
    """The app on the base card data as a public demo serves it: no operator's override file,
    nothing read from or written to the real home; its first game seeded."""
    from mrp_tutor.app import build_app
    from mrp_tutor.games.mission_red_planet.engine import load_spec

    monkeypatch.delenv("MRP_TUTOR_OVERRIDES", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return build_app(spec=load_spec(use_env_overrides=False), seed=seed)
