"""The Referee door's table (issue 36): it starts where nothing is known, never from the demo
game's draws, and the grid enters by tap what only the old forms could (ship cards in play,
their place and destination tokens, a zone's waiting tokens and discovery, the memorial, a
seat's point tokens known or not); every sentence names, never ids."""

from __future__ import annotations

from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.referee import production_ruling
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp
from mrp_tutor.games.mission_red_planet.unknowns import UNKNOWN_DISCOVERY


@pytest.fixture
def app(make_app: Any) -> TutorApp:
    a: TutorApp = make_app(7)
    a.referee_door.click()
    return a


def tap(app: TutorApp, content: Any) -> str:
    """Deliver a message exactly as table_grid.js's model.send does; the status said."""
    w = app.panel("Table").grid.widget  # type: ignore[attr-defined]
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                   "buffers": []})
    return app.status_text()


def grid(app: TutorApp) -> dict[str, Any]:
    g: dict[str, Any] = app.panel("Table").grid.widget.grid  # type: ignore[attr-defined]
    return g


def test_the_door_starts_from_a_table_where_nothing_is_known(app: TutorApp) -> None:
    assert app.session.referee and app.shown_tab() == "Table"
    assert app.session.state.resources  # the demo game drew every zone's token...
    g = grid(app)
    assert all(z["resource"] == "" for z in g["zones"])  # ...the referee's table knows none
    assert all(not any(z["counts"].values()) and not z["discovery"] for z in g["zones"])
    assert g["ships"] == [] and g["docks_free"]
    assert all(not s["known"] for s in g["seats"])  # point tokens: "?" until entered
    assert "not known, never drawn" in app.status_text()


def test_an_untouched_zone_keeps_no_drawn_resource_once_in_play(app: TutorApp) -> None:
    spec = app.session.spec
    for ship in list(spec.ships)[:3]:  # every dock holds a ship when a round starts
        tap(app, {"kind": "ship", "action": "add", "ship": ship, "value": ""})
    tap(app, {"kind": "step", "part": "zone", "row": "hellas", "key": "red", "delta": 1})
    said = tap(app, {"kind": "resource", "zone": "hellas", "value": "ice"})
    assert "The table as entered is legal" in said, said
    app.panel("Table").editor.check.click()  # type: ignore[attr-defined]
    unknown = app.session.unknowns
    assert set(unknown.resources) == set(spec.zones) - {"hellas"}
    assert set(unknown.tokens) == set(app.session.state.order)
    r = production_ruling(spec, app.session.state, unknown=unknown)
    assert [z.zone for z in r.zones if z.open] == []  # only Hellas is face up: entered
    hellas = next(z for z in r.zones if z.zone == "hellas")
    assert hellas.produced == {"ice": 1}


def test_ship_cards_by_tap_at_a_dock_launched_and_with_destination_tokens(
        app: TutorApp) -> None:
    spec = app.session.spec
    s1, s2 = list(spec.ships)[:2]
    said = tap(app, {"kind": "ship", "action": "add", "ship": s1, "value": ""})
    assert said.startswith(f"Ship {int(s1[1:])} in play, at dock 1."), said
    tap(app, {"kind": "ship", "action": "add", "ship": s2, "value": ""})
    assert [sh["where"] for sh in grid(app)["ships"]] == ["dock 1", "dock 2"]
    said = tap(app, {"kind": "ship", "action": "place", "ship": s2, "value": "dock:0"})
    assert "left it (out of play)" in said and s1 not in said  # names, never ids
    tap(app, {"kind": "ship", "action": "place", "ship": s2, "value": "launched"})
    said = tap(app, {"kind": "ship", "action": "token", "ship": s2, "value": "hellas"})
    assert "a Hellas destination token on top" in said, said
    tap(app, {"kind": "ship", "action": "token", "ship": s2, "value": "phobos"})
    ship = grid(app)["ships"][0]
    assert ship["place"] == "launched" and ship["tokens"] == ["Hellas", "Phobos"]
    said = tap(app, {"kind": "ship", "action": "untoken", "ship": s2, "value": ""})
    assert "the Phobos destination token taken off" in said
    assert s1 in [c["id"] for c in grid(app)["ship_cards"]]  # back among the cards to add
    for bad in ({"kind": "ship", "action": "add", "ship": "nope", "value": ""},
                {"kind": "ship", "action": "token", "ship": s2, "value": "olympus"},
                {"kind": "ship", "action": "place", "ship": s2, "value": "dock:9"},
                {"kind": "ship", "action": "fly", "ship": s2, "value": ""}):
        before = [dict(x) for x in app.panel("Table").editor.pos["ships"]]  # type: ignore
        tap(app, bad)
        assert app.panel("Table").editor.pos["ships"] == before  # type: ignore[attr-defined]
        assert "nothing changed" in app.status_text()


def test_waiting_tokens_discovery_memorial_and_known_tokens_by_tap(app: TutorApp) -> None:
    ed: Any = app.panel("Table").editor
    said = tap(app, {"kind": "step", "part": "waiting", "row": "ausonia", "key": "ice",
                     "delta": 1})
    assert said.startswith("Ausonia: ice tokens waiting 1."), said
    said = tap(app, {"kind": "discovery", "zone": "ausonia", "value": UNKNOWN_DISCOVERY})
    assert said.startswith("Ausonia: a discovery face down, not known."), said
    zone = next(z for z in grid(app)["zones"] if z["id"] == "ausonia")
    assert zone["more"] == "1 ice waiting, discovery face down, not known"
    assert ed.pos["zones"]["ausonia"] == {"waiting": {"ice": 1}, "discovery": UNKNOWN_DISCOVERY}
    said = tap(app, {"kind": "discovery", "zone": "phobos", "value": UNKNOWN_DISCOVERY})
    assert "Phobos takes no discovery card" in said and "discovery" not in ed.pos.get(
        "zones", {}).get("phobos", {})
    said = tap(app, {"kind": "step", "part": "memorial", "row": "memorial", "key": "blue",
                     "delta": 1})
    assert said.startswith("Memorial: Blue 1."), said
    assert ed.pos["memorial"] == {"blue": 1}
    said = tap(app, {"kind": "known", "seat": "green", "known": True})
    assert said.startswith("Green: no point tokens.") and ed.pos["seats"]["green"]["tokens"] == {}
    tap(app, {"kind": "known", "seat": "green", "known": False})
    assert "tokens" not in ed.pos["seats"]["green"]


def test_a_resolving_colour_moves_the_table_to_resolving_and_shows_its_card(
        app: TutorApp) -> None:
    ed: Any = app.panel("Table").editor
    said = tap(app, {"kind": "round", "field": "colour", "value": "red"})
    assert said.startswith("Stage: Resolving characters. Resolving: Red."), said
    said = tap(app, {"kind": "round", "field": "character", "value": "femme_fatale"})
    assert "Femme Fatale is face up among Red's played." in said
    assert ed.pos["seats"]["red"]["played"] == ["femme_fatale"]
    assert ed.pos["resolving"] == {"colour": "red", "character": "femme_fatale", "step": 0}
    said = tap(app, {"kind": "round", "field": "effect", "value": "soldier:2"})  # one tap
    assert said.startswith("Resolving: Soldier, effect 3: move astronauts from Phobos to "
                           "Mars. Soldier is face up among Red's played."), said
    assert ed.pos["resolving"] == {"colour": "red", "character": "soldier", "step": 2}
    assert grid(app)["round"]["effect"]["on"] == ["soldier:2"]
    tap(app, {"kind": "round", "field": "colour", "value": ""})
    said = tap(app, {"kind": "round", "field": "effect", "value": "femme_fatale:1"})
    assert "Tap the colour resolving first; nothing changed." in said
    assert "resolving" not in ed.pos


def test_no_ruling_from_the_door_rests_on_the_demo_games_draws(app: TutorApp) -> None:
    """A referee who taps in a table and asks for a ruling before Use this table is not given
    a ruling on the demo game's drawn resources as if it were theirs (issue 36's class)."""
    table = app.panel("Table")
    tap(app, {"kind": "step", "part": "zone", "row": "hellas", "key": "red", "delta": 1})
    table.prod_btn.click()  # type: ignore[attr-defined]
    assert table.ruling.value == ""  # type: ignore[attr-defined]
    assert "not in play yet: press Use this table" in app.status_text()
    legal = table.legal.out.value  # type: ignore[attr-defined]
    assert "Not your table" in legal and "not in play yet" in legal
    table.editor.dirty = False  # type: ignore[attr-defined]  # the entry dropped: the demo game
    table.final_btn.click()  # type: ignore[attr-defined]
    assert table.ruling.value.startswith(  # type: ignore[attr-defined]
        "<p class='mrp-tt-not-yours'><b>Not your table:</b>")
    spec = app.session.spec
    for ship in list(spec.ships)[:3]:
        tap(app, {"kind": "ship", "action": "add", "ship": ship, "value": ""})
    tap(app, {"kind": "resource", "zone": "hellas", "value": "ice"})
    table.editor.check.click()  # type: ignore[attr-defined]  # Use this table
    table.prod_btn.click()  # type: ignore[attr-defined]
    ruling = table.ruling.value  # type: ignore[attr-defined]
    assert ruling and "Not your table" not in ruling
    assert "Not your table" not in table.legal.out.value  # type: ignore[attr-defined]


def test_the_line_above_the_board_says_it_is_not_the_referees_table_until_used(
        app: TutorApp) -> None:
    """The board above the grid draws the game in play: before "Use this table" that is the
    app's own seeded game, whose drawn resources nobody entered; the line over it says so."""
    shown = app.seed_shown.value
    assert "not your table" in shown and "Use this table" in shown, shown
    spec = app.session.spec
    for ship in list(spec.ships)[:3]:
        tap(app, {"kind": "ship", "action": "add", "ship": ship, "value": ""})
    tap(app, {"kind": "step", "part": "zone", "row": "hellas", "key": "red", "delta": 1})
    tap(app, {"kind": "resource", "zone": "hellas", "value": "ice"})
    app.panel("Table").editor.check.click()  # type: ignore[attr-defined]
    assert app.session.scenario is not None and app.session.scenario.entered
    assert "not your table" not in app.seed_shown.value  # the board is the entered table
