"""The countdown strip (Resolve Character Effects: the characters are called from 9 down to 1;
the first edition from 1 up to 9): one cell per character in calling order, the character
resolving now highlighted, a dot for each player who revealed it, and the players still to
resolve; sent as rows, so a Next sends only the cells that changed."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.ui.html import COUNTDOWN_SHELL, countdown_cells
from mrp_tutor.games.mission_red_planet.ui.live import AppBoard, LiveRows
from mrp_tutor.games.mission_red_planet.ui.session import Session


def resolving_session(ruleset: str = "standard") -> Session:
    """A seeded 4-player game stepped until a character is being resolved."""
    spec = load_spec(use_env_overrides=False)
    sess = Session.new(spec, ("red", "blue", "green", "yellow"), 7)
    if ruleset != "standard":
        sess.new_game(("red", "blue", "green", "yellow"), 7, ruleset=ruleset)
    for _ in range(60):
        v = sess.view()
        if v["stage"] == "resolve" and v["character"] and v["queue"]:
            return sess
        sess.next()
    raise AssertionError("no character was resolving within 60 steps")


@pytest.mark.parametrize("ruleset", ["standard", "first_edition"])
def test_cells_follow_the_calling_order_and_mark_who_revealed_what(ruleset: str) -> None:
    sess = resolving_session(ruleset)
    view, spec = sess.view(), sess.spec
    cells, queue = countdown_cells(spec, view)
    numbers = [int(re.search(r"<b>(\d+)</b>", c).group(1)) for c in cells]  # type: ignore[union-attr]
    assert len(cells) == 9
    assert numbers == (list(range(1, 10)) if ruleset == "first_edition" else list(range(9, 0, -1)))
    names = {spec.characters[ch].number: spec.characters[ch].name for ch in spec.characters}
    current = [c for c in cells if "mrp-current" in c]
    assert len(current) == 1 and 'aria-current="step"' in current[0]
    assert spec.characters[view["character"]].name in current[0]
    for cell, n in zip(cells, numbers, strict=True):
        dots = re.findall(r'class="mrp-cd-dot"[^>]*title="(\w+)"', cell)
        revealed = [c for c in view["order"] if view["seats"][c]["played"]
                    and view["seats"][c]["chosen"] is None
                    and spec.characters[view["seats"][c]["played"][-1]].number == n]
        assert dots == revealed, names[n]
    assert queue.startswith('<div class="mrp-cd-queue">Still to resolve: ')
    assert all(c in queue for c in view["queue"])


def test_the_strip_outside_the_resolve_stage_has_no_dots_and_no_queue() -> None:
    sess = Session.new(load_spec(use_env_overrides=False), ("red", "blue", "green"), 7)
    view = sess.view()
    assert view["stage"] != "resolve"
    cells, queue = countdown_cells(sess.spec, view)
    assert queue == "" and not any("mrp-cd-dot" in c or "mrp-current" in c for c in cells)


def test_rows_go_inside_the_marked_element_and_a_shell_without_one_is_refused() -> None:
    hub = AppBoard()
    strip = LiveRows(hub, "countdown")
    strip.show_rows(COUNTDOWN_SHELL, [(1, "<li>b</li>"), (0, "<li>a</li>")], foot="<p>q</p>",
                    order="asc")
    assert strip.value == ('<ol class="mrp-countdown-strip" data-mrp-rows><li>a</li><li>b</li>'
                           "</ol><p>q</p>")
    with pytest.raises(ValueError, match="data-mrp-rows"):
        strip.show_rows("<ol></ol>", [(0, "<li>a</li>")])
    with pytest.raises(ValueError, match="data-mrp-rows"):
        strip.show_rows("<ol data-mrp-rows><ul data-mrp-rows></ul></ol>", [])


def test_a_next_sends_only_the_countdown_cells_that_changed() -> None:
    sess = resolving_session()
    hub = AppBoard()
    strip = LiveRows(hub, "countdown")
    sent: list[dict[str, Any]] = []
    hub._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]

    def show() -> None:
        cells, queue = countdown_cells(sess.spec, sess.view())
        with hub.hold_sync():
            strip.show_rows(COUNTDOWN_SHELL, list(enumerate(cells)), foot=queue, order="asc")

    show()
    sent.clear()
    for _ in range(12):
        sess.next()
        show()
    forms = [m["state"]["countdown"] for m in sent if "countdown" in m.get("state", {})]
    assert forms and all("patch" in f for f in forms)
    assert any("rows" in f["patch"]["p"] for f in forms)  # the highlight moved
    for f in forms:  # never the whole strip again: a few cells at most
        rows = f["patch"]["p"].get("rows", {"$": "d", "p": {}})
        assert rows["$"] == "d" and len(rows["p"]) <= 4


def test_a_colour_whose_card_is_still_face_down_gets_no_dot_for_last_turns_card() -> None:
    """In a later round, a colour still to resolve has last round's card on top of its played
    pile: the strip marks only cards turned up this round (a dot there said a colour revealed
    a card it had not)."""
    spec = load_spec(use_env_overrides=False)
    sess = Session.new(spec, ("red", "blue", "green", "yellow"), 7)
    for _ in range(400):
        v = sess.view()
        waiting = [c for c in v["order"] if v["seats"][c]["chosen"] is not None
                   and v["seats"][c]["played"]]
        if v["stage"] == "resolve" and v["round"] >= 2 and waiting:
            break
        sess.next()
    else:
        raise AssertionError("no later-round resolve with a face-down card within 400 steps")
    cells, _queue = countdown_cells(spec, v)
    dotted = {c for cell in cells for c in re.findall(r'class="mrp-cd-dot"[^>]*title="(\w+)"',
                                                      cell)}
    assert dotted.isdisjoint(waiting), (dotted, waiting)
