"""A learner seated against hard bots asks the coach for a hint, sees options with chances and
reasons, and follows one; every websocket frame is recorded and none names another player's
missions (dealt or kept).  Screenshots at desktop, tablet and phone sizes."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from mrp_tutor.games.mission_red_planet.engine import Game, load_spec
from mrp_tutor.games.mission_red_planet.ui.seat import LEVEL_NAMES

from .test_secret_frames import Wire, forms, leaks

pytestmark = pytest.mark.browser

STEP_TIMEOUT_MS = 90_000
SEED = 11
COLOURS = ["red", "blue", "green", "yellow"]
SIZES = {"desktop": (1366, 768), "tablet": (768, 1024), "phone": (390, 844)}


def others_missions() -> set[str]:
    """The ids and names of the missions dealt to every colour but red in the seat's game."""
    spec = load_spec(use_env_overrides=False)
    game = Game.new(spec, COLOURS, SEED)
    out: set[str] = set()
    for c in COLOURS[1:]:
        for m in game.state.seats[c].dealt:
            out |= {m, *forms(spec.card_name(m))}
    return out


def open_seat_form(app: Any, wire: Any, width: int, height: int) -> Any:
    """The app at ``width`` x ``height``, its frames recorded, red in a 4-player game at
    seed SEED chosen (the seat not taken yet): the page."""
    page = app.page
    page.on("websocket", wire.on_ws)
    page.set_viewport_size({"width": width, "height": height})
    app.open()
    expect(page.locator(".mrp-status")).to_contain_text("Ready.", timeout=60_000)
    page.locator(".mrp-players select").select_option(label="4")
    page.locator(".mrp-seat-colour select").select_option(label="Red")
    page.locator(".mrp-seed input").fill(str(SEED))
    return page


def test_a_hint_against_hard_bots(app: Any) -> None:
    wire = Wire()
    page = open_seat_form(app, wire, 1366, 768)
    page.locator(".mrp-seat-level select").select_option(label=LEVEL_NAMES["hard"])
    start = len(wire.raw)
    page.locator("button.mrp-take-seat").click()
    expect(page.locator(".mrp-status")).to_contain_text("You play red", timeout=STEP_TIMEOUT_MS)
    expect(page.locator(".mrp-prompt")).to_contain_text("Your turn", timeout=STEP_TIMEOUT_MS)
    page.locator(".mrp-tabs .lm-TabBar-tab", has_text="Hint").click()
    page.locator("button.mrp-hint-ask").click()
    hint = page.locator(".mrp-hint")
    expect(hint.first).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(hint.first).to_contain_text("won")
    expect(hint.first.locator("cite")).not_to_be_empty()
    assert "[" not in hint.first.locator("cite").inner_text()  # a section, not a rule id
    assert 1 <= hint.count() <= 3
    for name, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        page.locator(".mrp-seat-panel").scroll_into_view_if_needed()
        app.screenshot(f"hint-{name}-seat", full_page=False)
        page.locator(".mrp-hint-list").scroll_into_view_if_needed()
        app.screenshot(f"hint-{name}", full_page=False)
    page.set_viewport_size({"width": 1366, "height": 768})
    words = hint.first.locator("b").inner_text().split(". ", 1)[1]
    page.locator("button.mrp-hint-play").first.click()
    expect(page.locator(".mrp-status")).to_contain_text(f"You: {words}",
                                                        timeout=STEP_TIMEOUT_MS)
    assert leaks(wire.texts(start), others_missions()) == []
    assert app.log.page_errors == [], app.log.page_errors
