"""Browser: a First Martians table plays a whole round of a 4-astronaut HUB by tapping only.

The table enters its own dice and draws (the Facility an oxygen Shutdown tile goes on, a
Condition token, the action dice of an action a pawn short, the Malfunction die's face) and
once, as solo practice, taps "Roll for me" (Red's Condition token: the log says it was a
seeded draw); it places an action a pawn short, travels the long way round the Geysers (the
rulebook's Purple example), resolves the actions one by one as the checklist names them,
gains a Condition in the middle of the Action Phase, enters the ROI tile an Explore drew by
what is printed on it inside the resolve step, and cleans up; the round stops there.
The HUB the page shows then equals the one ``mrp-tutor fm round`` computes from the file the
page exports, and no sentence on the page holds raw validation text or an internal id.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from testkit.fm_browser import export_matches_cli as _export_matches_cli
from testkit.fm_browser import no_raw_text as _no_raw_text

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 768), "tablet": (768, 1024), "phone": (390, 844)}


def _tap(panel: Any, css: str, text: str) -> None:
    """Tap the button (or label) of ``css`` whose text is exactly ``text``."""
    panel.locator(css).get_by_text(text, exact=True).first.click()


def _choose(panel: Any, css: str, label: str) -> None:
    panel.locator(f"{css} select").select_option(label=label)


def _effect(panel: Any, group: str, kind: str | None, fields: list[tuple[str, str]],
            quick: bool = False) -> None:
    """Enter an effect by taps.  ``quick``: Apply is tapped in the page itself and, in the
    same instant, the panel must already refuse taps (busy) until the kernel has applied the
    effect and redrawn: the next effect's fields, about to be redrawn, take no tap meanwhile
    (a tap there used to go to a replaced widget and be lost)."""
    _tap(panel, ".fm-effect-group", group)
    if kind is not None:
        _tap(panel, ".fm-effect-kind", kind)
    for key, value in fields:
        field = panel.locator(f".fm-field-{key}")
        expect(field).to_be_visible()
        if field.locator("select").count():
            field.locator("select").select_option(label=value)
        else:
            _press(field, value)
    if not quick:
        panel.locator(".fm-apply").click()
        return
    busy = panel.locator(".fm-apply").evaluate(
        "b => { b.click(); const p = b.closest('.fm-panel');"
        " return [p.classList.contains('fm-busy'),"
        " [...p.querySelectorAll('.fm-effect-fields select')].every(s => s.disabled)]; }")
    assert busy == [True, True], busy
    expect(panel).not_to_have_class(re.compile(r"\bfm-busy\b"))  # the kernel's redraw frees it


def _press(field: Any, value: str) -> None:
    """Tap a choice; it shows as chosen."""
    button = field.get_by_text(value, exact=True).first
    button.click()
    expect(button).to_have_class(re.compile("mod-active"))


def _answer(panel: Any, prompt: str, choice: str) -> None:
    ask = panel.locator(".fm-ask")
    expect(ask).to_be_visible()
    expect(ask.locator(".fm-ask-prompt")).to_contain_text(prompt)
    ask.locator(".fm-choice").get_by_text(choice, exact=True).click()


def _resolve(panel: Any, named: str, *answers: tuple[str, str]) -> None:
    """Tap the action the checklist names next; answer the table's dice and choices."""
    expect(panel.locator(".fm-resolve-now")).to_contain_text(f"Resolve action {named}")
    panel.locator(".fm-resolve-go").click()
    for prompt, choice in answers:
        _answer(panel, prompt, choice)
    expect(panel.locator(".fm-resolve-now")).not_to_contain_text(f"Resolve action {named}")


def _now(panel: Any, phase: str) -> None:
    expect(panel.locator(".fm-ph-now")).to_contain_text(phase)


def _tap_map(panel: Any, space: str) -> None:
    """Tap a space on the drawn map once it is offered (highlighted)."""
    spot = panel.locator(f".fm-map [data-space='{space}']")
    expect(spot).to_have_class(re.compile("fm-pickable"))
    spot.click()
    expect(spot).to_have_class(re.compile("fm-chosen"))


def _place(panel: Any, action: str, who: str, pawns: str, **more: str) -> None:
    _choose(panel, ".fm-pl-action", action)
    _tap(panel, ".fm-pl-who", who)
    _tap(panel, ".fm-pl-pawns", pawns)
    if "helper" in more:
        _tap(panel, ".fm-pl-helper", more["helper"])
        _tap(panel, ".fm-pl-helper-pawns", more["helper_pawns"])
    if "rover" in more:
        _tap(panel, ".fm-pl-rover", more["rover"])
    if "space" in more:  # a tap on the drawn map
        _tap_map(panel, more["space"])
    elif "where" in more:
        _choose(panel, ".fm-pl-target", more["where"])
    if "path" in more:
        option = panel.locator(".fm-route").filter(has_text=more["path"]).first
        option.click()
        expect(option).to_have_class(re.compile("fm-route-chosen"))
    before = panel.locator(".fm-pl-item").count()
    panel.locator(".fm-pl-add").click()
    placed = f"Placed: {action.split(' (')[0]}: {who}"
    expect(panel.locator(".fm-status")).to_contain_text(placed)  # else the refusal shows
    expect(panel.locator(".fm-pl-item")).to_have_count(before + 1)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_round_by_tapping_only(app: Any, size: str, tmp_path: Path) -> None:
    from mrp_tutor.games.first_martians.ui.fm_words import known_ids

    panel = app.open_fm(SIZES[size])
    _now(panel, "I. Events")
    expect(panel.locator(".fm-checklist")).to_contain_text("Sol 3 of 8")
    expect(panel.locator(".fm-upload button")).to_have_text("Import a saved game…")

    # I. Events: the app's event and two explored tiles (for the way round the Geysers)
    _effect(panel, "Tracks", "Malfunction track", [("block", "System"), ("by", "+1")])
    _effect(panel, "Map", "ROI tile explored", [("space", "Ring 1 Northeast"),
                                                  ("roi", "Plains")], quick=True)
    _effect(panel, "Map", "ROI tile explored", [("space", "Ring 2 Northeast"),
                                                  ("roi", "Plains")])
    expect(panel.locator(".fm-log")).to_contain_text("Plains is placed face up")
    # a refused tap is a sentence with its rule, and changes nothing
    _effect(panel, "Health", "Heal", [("astronaut", "Red"), ("condition", "A wound")])
    expect(panel.locator(".fm-refused")).to_be_visible()
    panel.locator(".fm-go-events").click()

    # II. Morale (Morale -2: Red discards a token and takes a wound)
    _now(panel, "II. Morale")
    panel.locator(".fm-go-morale").click()

    # III. Production: pay to stop the Farm wilting; the table places the Shutdown tile
    _now(panel, "III. Production")
    panel.locator(".fm-pay-wilt input").first.check()
    panel.locator(".fm-go-produce").click()
    expect(panel.locator(".fm-ask")).to_be_visible()
    panel.locator(".fm-ask").scroll_into_view_if_needed()
    app.screenshot(f"fm-ask-{size}", full_page=False)
    _answer(panel, "oxygen Shutdown tile", "Med Lab")
    _answer(panel, "a wound for missing food", "Red")  # the table's choice
    # Red's wound passes a Condition icon: solo practice, the assistant draws the token
    ask = panel.locator(".fm-ask")
    expect(ask.locator(".fm-ask-prompt")).to_contain_text("Condition")
    ask.locator(".fm-roll-for-me").click()
    expect(panel.locator(".fm-log")).to_contain_text(
        re.compile(r"Rolled for you \(asked; seeded draw \d+\) Red's Condition token: \w"))
    expect(panel.locator(".fm-log")).to_contain_text("Med Lab")
    expect(panel.locator(".fm-hub-view")).to_contain_text("O2 shutdown")

    _play_actions(app, panel, size)

    # V. Malfunction: the table's own die
    _now(panel, "V. Malfunction")
    panel.locator(".fm-go-malfunction").click()
    _answer(panel, "Living Block's Malfunction die", "1")
    expect(panel.locator(".fm-log")).to_contain_text("The table enters")
    # the Living track reached its top: the card drawn is asked for (issue 38)
    _answer(panel, "is it a Complication",
            "Not a Complication (enter its effect under Something happened)")

    # VI. Clean-Up; the round stops and asks before the next sol
    _now(panel, "VI. Clean-Up")
    panel.locator(".fm-go-cleanup").click()
    expect(panel.locator(".fm-next-sol")).to_contain_text("Start sol 4")
    expect(panel.locator(".fm-ph-done")).to_have_count(6)
    app.screenshot(f"fm-round-{size}")
    _no_raw_text(app, known_ids())

    _export_matches_cli(app, panel, tmp_path)
    panel.locator(".fm-next-sol").click()
    _now(panel, "I. Events")
    expect(panel.locator(".fm-checklist")).to_contain_text("Sol 4 of 8")
    assert app.log.page_errors == [], app.log.page_errors


def _play_actions(app: Any, panel: Any, size: str) -> None:
    """IV. Actions: pawns placed by taps (the long way round the Geysers, a pawn short),
    each action resolved as the checklist names it, a Condition gained mid-phase."""

    _now(panel, "IV. Actions")
    _place(panel, "Gather (Probe Bay)", "Purple", "2", helper="Blue", helper_pawns="2",
           rover="Scorpio", space="r2_e",
           path="Plains (Ring 2 Northeast) → Chasm")
    expect(panel.locator(".fm-pl-item").last).to_contain_text(
        "via HUB → Plains (Ring 1 Northeast) → Plains (Ring 2 Northeast) → Chasm")
    _choose(panel, ".fm-pl-action", "Explore (Garage Hall)")  # the map picks a destination
    _tap_map(panel, "r2_n")
    expect(panel.locator(".fm-route").first).to_contain_text("cheapest")
    panel.locator(".fm-map").scroll_into_view_if_needed()
    app.screenshot(f"fm-travel-{size}", full_page=False)
    _place(panel, "Research (Lab)", "Yellow", "1", where="In the HUB")  # a pawn short
    _place(panel, "Unwind (Crew Quarters)", "Red", "1")
    _place(panel, "Explore (Garage Hall)", "Red", "1", rover="Froggy", space="r1_w")
    _place(panel, "Manage (Control Center)", "Yellow", "1")
    panel.locator(".fm-declare").click()
    log = panel.locator(".fm-log")
    expect(log).to_contain_text("via HUB → Plains → Plains → Chasm")  # the path chosen
    # the checklist walks the table through each action in the action order, by tap
    panel.locator(".fm-resolve").scroll_into_view_if_needed()
    app.screenshot(f"fm-resolve-{size}", full_page=False)
    _resolve(panel, "1 of 5: Red's Unwind", ("Unwind", "Stress -6"))
    _resolve(panel, "2 of 5: Yellow's Manage", ("Manage lowers", "System Block"))
    # Explore: the table drew a ring-1 tile the data does not print; it taps what is on it
    expect(panel.locator(".fm-resolve-now")).to_contain_text("3 of 5: Red's Explore")
    panel.locator(".fm-resolve-go").click()
    expect(panel.locator(".fm-ask-prompt")).to_contain_text("ROI tile drawn from the ring-1")
    panel.locator(".fm-ask").scroll_into_view_if_needed()
    app.screenshot(f"fm-explore-{size}", full_page=False)
    _answer(panel, "ROI tile drawn", "Another ring-1 tile (tap what is printed on it)")
    expect(panel.locator(".fm-roll-for-me")).to_be_hidden()  # never invented for the table
    # every icon on one screen (issue 38), each answer shown before "Place this tile"
    ask = panel.locator(".fm-ask")
    expect(ask.locator(".fm-ask-prompt")).to_contain_text("What is printed on the ring-1 tile")
    ask.locator(".fm-tile-samples button", has_text="1").click()
    ask.locator(".fm-tile-terrain", has_text="Morale icon").click()
    ask.locator(".fm-tile-finds button", has_text="A POI icon").click()
    ask.scroll_into_view_if_needed()
    app.screenshot(f"fm-tile-form-{size}", full_page=False)
    ask.locator(".fm-tile-place").click()
    # the POI token the table drew: what it shows, by tap (never drawn for the table)
    expect(panel.locator(".fm-roll-for-me")).to_be_hidden()
    _answer(panel, "token drawn for the Cargo Bay", "An O2 spare part")
    expect(panel.locator(".fm-resolve-now")).not_to_contain_text("Red's Explore")
    expect(log).to_contain_text("ROI tile is placed face up on Ring 1 West with 1 sample cube")
    expect(log).to_contain_text("POI token showing an O2 spare part")
    expect(panel.locator(".fm-map [data-space='r1_w']")).to_contain_text("ROI tile")
    panel.locator(".fm-map [data-space='r1_w']").scroll_into_view_if_needed()
    app.screenshot(f"fm-explored-{size}", full_page=False)
    _resolve(panel, "4 of 5: Purple's Gather")
    _resolve(panel, "5 of 5: Yellow's Research", ("Success die", "Success"),
             ("Wound die", "Wound"), ("Adventure die", "No Adventure"))
    expect(panel.locator(".fm-resolve")).to_contain_text("Every placed action has resolved")
    expect(log).to_contain_text("One pawn short")
    expect(log).to_contain_text("A sample moves from Ring 2 East")
    # Yellow's second wound (an outcome entered by the table) passes a Condition icon
    _effect(panel, "Health", "Wound", [("astronaut", "Yellow"), ("count", "+1")])
    _answer(panel, "Condition token", "Migraine")
    expect(panel.locator(".fm-hub-view")).to_contain_text(
        "Migraine (applies from the end of this phase)")
    panel.locator(".fm-go-actions-done").click()
