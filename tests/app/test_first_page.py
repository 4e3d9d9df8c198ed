"""The first page a visitor gets: how many widget models (each a comm-open message the kernel
sends, the server relays and the page builds) and what they carry.

Every widget is a model of its own, and so are its layout and style: a ``W.HTML`` holding only
a ``<style>`` cost three models, an empty box standing for a tab not built yet two.
"""

from __future__ import annotations

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget import _instances

from mrp_tutor.app import build_app
from mrp_tutor.app.picker import game_picker
from mrp_tutor.games.mission_red_planet.ui.bot_turns import THINK_CSS
from mrp_tutor.games.mission_red_planet.ui.panels.seat import SEAT_CSS
from mrp_tutor.games.mission_red_planet.ui.review_box import REVIEW_CSS
from mrp_tutor.games.mission_red_planet.ui.summary import GAME_OVER_CSS
from mrp_tutor.games.mission_red_planet.ui.tabs import TABS

# 175 models before the first page was trimmed (2026-11-27); 141 after; 149 with the three
# doors of issue 36 (learn, play a seat, referee a table: two buttons and their row)
MOST_MODELS = 149


@pytest.fixture
def first_page() -> tuple[object, set[str]]:
    before = set(_instances)
    app = build_app(seed=7)
    root = game_picker(app.root)
    return app, set(_instances) - before | {root.model_id}


def test_the_first_page_has_at_most_so_many_models(first_page: tuple[object, set[str]]) -> None:
    _app, models = first_page
    assert len(models) <= MOST_MODELS, (
        f"the first page has {len(models)} widget models: each is a message per visitor; "
        "build it when its tab or game is first opened, or raise MOST_MODELS knowingly")


def test_the_panels_styles_come_in_the_title(first_page: tuple[object, set[str]]) -> None:
    app, models = first_page
    title = app.title.value  # type: ignore[attr-defined]
    for css in (SEAT_CSS, THINK_CSS, REVIEW_CSS, GAME_OVER_CSS):
        assert css in title
    style_only = [m for m in models if isinstance(_instances.get(m), W.HTML)
                  and _instances[m].value.strip().startswith("<style>")
                  and _instances[m].value.rstrip().endswith("</style>")]
    assert style_only == []  # no widget holds only a style


def test_tabs_not_built_yet_share_one_empty_box(first_page: tuple[object, set[str]]) -> None:
    app, _models = first_page
    tabs = app.tabs  # type: ignore[attr-defined]
    built = app.panels  # type: ignore[attr-defined]
    unbuilt = [c for t, c in zip(TABS, tabs.children, strict=True) if t.title not in built]
    assert len(unbuilt) == len(TABS) - 1 and len({c.model_id for c in unbuilt}) == 1
    app.open_tab("Hint")  # type: ignore[attr-defined]
    hint = tabs.children[[t.title for t in TABS].index("Hint")]
    assert hint is app.panels["Hint"].root  # type: ignore[attr-defined]
    assert sum(c is unbuilt[0] for c in tabs.children) == len(TABS) - 2


def _synced_text(models: set[str]) -> str:
    """Every synced trait of the first page's widgets, as one text (what the page receives)."""
    import json

    parts = []
    for m in models:
        w = _instances.get(m)
        if w is None:
            continue
        state = w.get_state()
        parts.append(json.dumps(state, default=str))
    return "\n".join(parts)


def test_the_first_page_shows_no_seats_secret_mission(first_page: tuple[object, set[str]]) -> None:
    """Issue 36: a visitor landed on Red's two secret missions.  No mission card id or mission
    name of any seat (kept or still to choose from) is in any trait the first page syncs."""
    app, models = first_page
    state = app.session.state  # type: ignore[attr-defined]
    spec = app.session.spec  # type: ignore[attr-defined]
    secret = {m for seat in state.seats.values() for m in (*seat.missions, *seat.dealt)}
    assert secret, "the first game deals each seat its missions"
    text = _synced_text(models)
    for mid in sorted(secret):
        assert mid not in text, f"mission id {mid} reaches the first page"
        name = spec.card_name(mid)
        assert name not in text, f"mission {name} reaches the first page"
