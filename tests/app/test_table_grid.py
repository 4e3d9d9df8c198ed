"""The zones grid of the Table tab (issue 36: a table in under 30 actions): a tap per
astronaut and a chip per resource change the draft, pending until "Use this table"; what
the browser sends is checked; names, never ids; no draft (so no secret) in Tutor mode."""

from __future__ import annotations

from typing import Any

import pytest

from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp


@pytest.fixture
def app(make_app: Any) -> TutorApp:
    a: TutorApp = make_app(7)
    a.mode.value = "Referee"
    a.open_tab("Table")
    return a


def tap(app: TutorApp, content: Any) -> None:
    """Deliver a message exactly as table_grid.js's model.send does."""
    w = app.panel("Table").grid.widget  # type: ignore[attr-defined]
    w._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                   "buffers": []})


def row(app: TutorApp, zone: str) -> dict[str, Any]:
    grid = app.panel("Table").grid.widget.grid  # type: ignore[attr-defined]
    return next(z for z in grid["zones"] if z["id"] == zone)


def test_taps_enter_astronauts_and_a_resource_pending_until_use(app: TutorApp) -> None:
    tab: Any = app.panel("Table")
    before = dict(app.session.state.zones["hellas"])
    for _ in range(3):
        tap(app, {"kind": "step", "part": "zone", "row": "hellas", "key": "red", "delta": 1})
    tap(app, {"kind": "step", "part": "zone", "row": "hellas", "key": "blue", "delta": 1})
    tap(app, {"kind": "resource", "zone": "hellas", "value": "ice"})
    assert row(app, "hellas")["counts"] == {"red": 3, "blue": 1, "green": 0}
    assert row(app, "hellas")["resource"] == "ice"
    assert tab.editor.pos["zones"]["hellas"]["astronauts"] == {"red": 3, "blue": 1}
    assert "Hellas: resource ice." in app.status_text()
    assert app.session.state.zones["hellas"] == before  # pending: the game is unchanged
    tab.editor.check.click()  # Use this table
    assert app.session.state.zones["hellas"]["red"] == 3
    assert app.session.state.zones["hellas"]["blue"] == 1
    tap(app, {"kind": "step", "part": "zone", "row": "hellas", "key": "blue", "delta": -1})
    assert "blue" not in tab.editor.pos["zones"]["hellas"]["astronauts"]
    tap(app, {"kind": "resource", "zone": "hellas", "value": ""})
    assert "resource" not in tab.editor.pos["zones"]["hellas"]  # not known: nothing drawn


def test_the_grid_speaks_names_and_shows_the_editor_zone(app: TutorApp) -> None:
    tab: Any = app.panel("Table")
    tab.editor.zone.value = "phobos"
    tap(app, {"kind": "step", "part": "zone", "row": "phobos", "key": "green", "delta": 1})
    assert tab.editor.astronauts.value == "green 1"  # the open zone form follows the tap
    assert app.status_text().startswith("Phobos: Green 1.")
    grid = tab.grid.widget.grid
    for sh in grid["ships"]:  # "Ship 5 (room for 4, to Valles Marineris)", as printed
        dest = app.session.spec.dest.get(sh["id"], "")
        assert sh["name"].startswith("Ship ") and sh["id"] not in sh["name"]
        if dest and dest != "unknown":
            assert f"to {app.session.spec.card_name(dest)})" in sh["name"]


def test_crews_and_point_tokens_by_tap(app: TutorApp) -> None:
    tab: Any = app.panel("Table")
    cap = app.session.spec.cap
    ship = next(sp for sp in tab.editor.pos["ships"]  # room for one more, still not full
                if cap[sp["id"]] - sum(sp.get("crew", {}).values()) >= 2)
    had = dict(ship.get("crew", {}))
    tap(app, {"kind": "step", "part": "ship", "row": ship["id"], "key": "blue", "delta": 1})
    assert ship["crew"] == {**had, "blue": had.get("blue", 0) + 1}
    for _ in range(2):
        tap(app, {"kind": "step", "part": "seat", "row": "green", "key": "celerium", "delta": 1})
    assert app.status_text().startswith("Green: celerium tokens 2.")
    assert tab.editor.pos["seats"]["green"]["tokens"]["celerium"] == 2
    assert next(s for s in tab.grid.widget.grid["seats"]
                if s["id"] == "green")["counts"]["celerium"] == 2
    tab.editor.check.click()  # Use this table
    assert app.session.state.seats["green"].tokens["celerium"] == 2, app.status_text()
    names = {z["name"] for z in tab.grid.widget.grid["zones"]}
    assert "Syrtis Major" in names and "syrtis_major" not in names


@pytest.mark.parametrize("content", [
    {"kind": "step", "part": "zone", "row": "hellas", "key": "red", "delta": 2},
    {"kind": "step", "part": "zone", "row": "hellas", "key": "red", "delta": "1"},
    {"kind": "step", "part": "zone", "row": "atlantis", "key": "red", "delta": 1},
    {"kind": "step", "part": "zone", "row": "hellas", "key": "purple", "delta": 1},
    {"kind": "step", "part": "zone", "row": "hellas", "key": "red", "delta": -1},  # below 0
    {"kind": "step", "part": "ship", "row": "s99", "key": "red", "delta": 1},
    {"kind": "step", "part": "seat", "row": "purple", "key": "ice", "delta": 1},
    {"kind": "step", "part": "seat", "row": "red", "key": "gold", "delta": 1},
    {"kind": "step", "part": "table", "row": "red", "key": "ice", "delta": 1},
    {"kind": "resource", "zone": "hellas", "value": "gold"},
    {"kind": "resource", "zone": "hellas", "value": "ice", "extra": 1},
    {"kind": "round", "field": "stage", "value": "lunch"},
    {"kind": "round", "field": "round", "value": "11"},
    {"kind": "round", "field": "round", "value": 6},  # a number, not the chip's id
    {"kind": "round", "field": "first", "value": "yellow"},  # not at this table
    {"kind": "round", "field": "player", "value": "orange"},
    {"kind": "round", "field": "character", "value": "femme_fatale"},  # not the resolve stage
    {"kind": "round", "field": "step", "value": "0"},  # nobody is resolving
    {"kind": "round", "field": "seed", "value": "1"},
    {"kind": "round", "field": "stage", "value": "resolve", "also": "x"},
    {"kind": "card", "seat": "red", "hand": "played", "card": "wizard"},
    {"kind": "card", "seat": "red", "hand": "missions", "card": "pilot"},  # a character
    {"kind": "card", "seat": "purple", "hand": "played", "card": "pilot"},
    {"kind": "card", "seat": "red", "hand": "hand", "card": "pilot"},  # the hand is derived
    {"kind": "card", "seat": "red", "hand": "played", "card": "x" * 41},
    {"kind": "card", "seat": "red", "hand": "chosen", "card": "ice"},
    [1, 2], "step", None,
])
def test_what_the_page_should_not_send_changes_nothing(app: TutorApp, content: Any) -> None:
    tab: Any = app.panel("Table")
    tab.editor.pos.setdefault("zones", {})["hellas"] = {}  # no astronauts there
    before = repr(tab.editor.pos)
    tap(app, content)
    assert repr(tab.editor.pos) == before
    said = app.status_text()  # the grid's sentence, or the page guard's (not a dict at all)
    assert "nothing changed" in said or "cannot use; it was ignored" in said


def round_chip(app: TutorApp, field: str, value: str) -> None:
    tap(app, {"kind": "round", "field": field, "value": value})


def test_the_round_by_tap_and_a_new_colour_at_once_in_first_player(app: TutorApp) -> None:
    tab: Any = app.panel("Table")
    grid = tab.grid.widget.grid
    assert [c["id"] for c in grid["round"]["first"]["chips"]] == ["red", "blue", "green"]
    round_chip(app, "player", "yellow")
    assert app.status_text().startswith("Yellow joined the table, after Green.")
    grid = tab.grid.widget.grid
    assert [c["id"] for c in grid["round"]["first"]["chips"]][-1] == "yellow"
    assert [s["id"] for s in grid["seats"]][-1] == "yellow"
    assert tab.editor.first.options[-1] == ("Yellow", "yellow")  # the form follows too
    for field, value in (("stage", "resolve"), ("round", "6"), ("first", "yellow"),
                         ("colour", "red"), ("character", "femme_fatale"), ("step", "1")):
        round_chip(app, field, value)
    pos = tab.editor.pos
    assert (pos["stage"], pos["round"], pos["first"]) == ("resolve", 6, "yellow")
    assert pos["resolving"] == {"colour": "red", "character": "femme_fatale", "step": 1}
    assert app.status_text().startswith("Resolving: effect 2: replace an astronaut.")
    row = tab.grid.widget.grid["round"]
    assert row["step"]["on"] == ["1"] and row["character"]["on"] == ["femme_fatale"]
    assert tab.editor.stage.value == "resolve" and tab.editor.round.value == 6
    round_chip(app, "stage", "production")  # the round and the resolving go, said
    assert "round" not in tab.editor.pos and "resolving" not in tab.editor.pos
    assert tab.editor.pos["production"] == 1
    assert "Nobody is resolving a character outside the Resolving stage." in app.status_text()
    round_chip(app, "player", "yellow")  # leaves: first player falls back to a colour seated
    assert tab.editor.players == ["red", "blue", "green"]
    assert tab.editor.pos["first"] == "red" and "yellow" not in tab.editor.pos["seats"]


def test_a_seats_cards_by_tap_from_the_games_lists(app: TutorApp) -> None:
    tab: Any = app.panel("Table")
    spec = app.session.spec
    cards = tab.grid.widget.grid["cards"]
    assert [c["id"] for c in cards["played"]] == list(spec.countdown)
    assert [c["id"] for c in cards["chosen"]] == list(spec.countdown)
    assert [c["id"] for c in cards["missions"]] == list(spec.missions)
    assert [c["id"] for c in cards["actions"]] == list(spec.actions)
    mission = next(iter(spec.missions))
    tap(app, {"kind": "card", "seat": "blue", "hand": "played", "card": "pilot"})
    tap(app, {"kind": "card", "seat": "blue", "hand": "missions", "card": mission})
    assert app.status_text().startswith(f"Blue: {spec.card_name(mission)} in missions.")
    seat = next(s for s in tab.grid.widget.grid["seats"] if s["id"] == "blue")
    assert seat["cards"]["played"] == ["pilot"] and seat["cards"]["missions"] == [mission]
    assert tab.editor.pos["seats"]["blue"]["played"] == ["pilot"]
    tap(app, {"kind": "card", "seat": "blue", "hand": "played", "card": "pilot"})  # out again
    assert tab.editor.pos["seats"]["blue"]["played"] == []
    assert app.status_text().startswith("Blue: Pilot out of played characters.")
    tab.editor.seat.value = "blue"  # the player form below shows Blue
    for card in ("soldier", "scientist"):  # one chosen card: the second tap replaces it
        tap(app, {"kind": "card", "seat": "blue", "hand": "chosen", "card": card})
    assert tab.editor.pos["seats"]["blue"]["chosen"] == "scientist"
    assert app.status_text().startswith("Blue: Scientist chosen (face down).")
    assert tab.editor.chosen.value == "scientist"  # the form below follows
    tap(app, {"kind": "card", "seat": "blue", "hand": "chosen", "card": "scientist"})
    assert tab.editor.pos["seats"]["blue"]["chosen"] is None
    assert app.status_text().startswith("Blue: no character chosen.")


def test_no_grid_in_tutor_mode(app: TutorApp) -> None:
    assert app.panel("Table").grid.widget.grid["zones"]  # type: ignore[attr-defined]
    app.mode.value = "Tutor"
    assert app.panel("Table").grid.widget.grid == {}  # type: ignore[attr-defined]
