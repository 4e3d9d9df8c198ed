"""Referee at a real table without a browser: the table document and its share code, the
editor (fields start at the current value, located sentences, no secrets outside Referee
mode), rulings as summaries, and card corrections that stay in one session."""

from __future__ import annotations

import base64
import datetime as dt
import zlib
from pathlib import Path
from typing import Any

import pytest
import yaml

from mrp_tutor.app import build_app
from mrp_tutor.games.mission_red_planet.engine import load_spec
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError
from mrp_tutor.games.mission_red_planet.referee import final_ruling, production_ruling
from mrp_tutor.games.mission_red_planet.scenarios import load_scenario
from mrp_tutor.games.mission_red_planet.scenarios.table_file import (
    CODE_PREFIX,
    decode_table,
    encode_table,
    load_table,
    located_sentence,
    parse_table_text,
    table_document,
    table_position,
)
from mrp_tutor.games.mission_red_planet.ui.panels.corrections import check_bounds
from mrp_tutor.games.mission_red_planet.ui.tutor_app import TutorApp

TABLE = Path(__file__).resolve().parents[1] / "browser" / "data" / "midgame-table.yaml"


@pytest.fixture(scope="module")
def spec() -> Any:
    return load_spec(use_env_overrides=False)


@pytest.fixture
def app(spec: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> TutorApp:
    monkeypatch.delenv("MRP_TUTOR_OVERRIDES", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # nothing may be read or written there
    a = build_app(spec=spec, seed=7)
    a.open_tab("Table")
    return a


def referee(app: TutorApp) -> Any:
    app.mode.value = "Referee"
    return app.panel("Table")


# ----------------------------------------------------------------- the document and the code
def test_a_table_survives_the_code_and_rules_the_same(spec: Any) -> None:
    game = load_scenario(TABLE).build()
    doc = table_document(list(game.state.order), table_position(spec, game.state))
    code = encode_table(doc)
    assert code.startswith(CODE_PREFIX) and len(code) < 2_000
    again = load_table(decode_table(code)).build()
    assert (production_ruling(spec, again.state).text()
            == production_ruling(spec, game.state).text())
    assert final_ruling(spec, again.state).text() == final_ruling(spec, game.state).text()


@pytest.mark.parametrize("code", [
    "", "hello", CODE_PREFIX + "!!!!", CODE_PREFIX + "eJzLSM3JyQcABiwCFQ",  # cut short
    CODE_PREFIX + base64.urlsafe_b64encode(zlib.compress(b"0" * 5_000_000)).decode(),  # bomb
    CODE_PREFIX + "A" * 30_000,
])
def test_a_bad_code_is_a_sentence(code: str) -> None:
    with pytest.raises(ContentError) as err:
        decode_table(code)
    assert err.value.problems and "code" in err.value.problems[0]


def test_a_decoded_illegal_table_names_the_field_and_the_rule(spec: Any) -> None:
    game = load_scenario(TABLE).build()
    pos = table_position(spec, game.state)
    pos["zones"]["hellas"]["astronauts"] = {"red": 30}
    pos["ships"][0]["crew"] = {"blue": 9}
    with pytest.raises(ContentError) as err:
        load_table(decode_table(encode_table(table_document(["red", "blue", "green"], pos))))
    words = [located_sentence(spec, p, pos) for p in err.value.problems]
    assert any(w.startswith("Ship 3, crew:") and "ships.capacity" in w for w in words), words
    assert any("components.astronauts" in w for w in words), words


def test_an_uploaded_file_is_bounded(spec: Any) -> None:
    with pytest.raises(ContentError, match="at most"):
        parse_table_text("x" * 300_000)
    with pytest.raises(ContentError, match="UTF-8"):
        parse_table_text(b"\xff\xfe\x00")
    with pytest.raises(ContentError, match=r"YAML syntax \(line 2"):
        parse_table_text("a: 1\n b: [\n")
    laughs = "a: &a [1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a]\nc: [*b,*b,*b,*b]\n"
    with pytest.raises(ContentError, match="aliases"):
        parse_table_text(laughs)
    assert parse_table_text(TABLE.read_bytes())["id"] == "midgame-table"


# ----------------------------------------------------------------- the editor
def test_fields_start_at_the_current_value_and_set_checks_the_whole_table(app: TutorApp) -> None:
    for _ in range(2):
        app.stepper.round_btn.click()
    tab = referee(app)
    ed = tab.editor
    state = app.session.state
    busy = next(z for z in app.spec.zones if state.zones[z])
    ed.zone.value = busy
    original = ", ".join(f"{c} {n}" for c, n in state.zones[busy].items() if n)
    assert ed.astronauts.value == original
    assert ed.players_txt.value == ", ".join(state.order)
    ed.astronauts.value = "red 30"
    ed.set_zone.click()
    assert "not legal yet" in app.status_text() and "components.astronauts" in app.status_text()
    ed.astronauts.value = "pink 3"
    ed.set_zone.click()
    assert "'pink' is not one of red, blue, green" in app.status_text()
    ed.astronauts.value = original
    ed.set_zone.click()
    ed.zone.value = "hellas"
    ed.astronauts.value = "red 2, blue 1"
    ed.resource.value = "ice"
    ed.face.value = "up"
    ed.set_zone.click()
    assert "is legal" in app.status_text(), app.status_text()
    before = len(app.session.game.log)
    tab.show_ruling("production")
    ed.check.click()
    assert "The table is set" in app.status_text()
    assert app.session.state.zones["hellas"] == {"red": 2, "blue": 1}
    assert len(app.session.game.log) <= before
    tab.prod_btn.click()
    assert "Hellas" in tab.ruling.value and "production.majority" in tab.ruling.value
    assert "mrp-prod-totals" in tab.ruling.value


def test_load_a_code_and_tutor_mode_holds_no_secret(app: TutorApp, spec: Any) -> None:
    tab = referee(app)
    tab.code_in.value = encode_table(yaml.safe_load(TABLE.read_text()))
    tab.code_btn.click()
    assert "Table loaded from the code" in app.status_text()
    assert app.session.state.round == 7 and app.session.state.first == "blue"
    tab.final_btn.click()
    text = tab.ruling.value
    assert "If the game ended now" in text
    assert text.count("Heroic Sacrifice:") == 1  # each mission line once
    assert "Blue wins" in text
    assert tab.tools.sheet and tab.tools.file_text and tab.code_out.value
    tab.editor.zone.value = "sinus_sabaeus"  # a face-down discovery in the form
    assert tab.editor.discovery.value == "great_sandstorm"
    app.mode.value = "Tutor"
    assert tab.editor.discovery.value == "" and tab.editor.resource.value == ""

    def values(w: Any) -> list[str]:
        out = [str(getattr(w, t, "")) for t in ("value", "sheet", "file_text", "stored",
                                                 "options")]
        for child in getattr(w, "children", ()):
            out.extend(values(child))
        return out

    page = " ".join(values(tab.root))
    for secret in ("heroic_sacrifice", "Heroic Sacrifice", "ether_wind", "Ether Wind",
                   CODE_PREFIX):
        assert secret not in page, secret


def test_a_damaged_saved_table_is_a_sentence(app: TutorApp) -> None:
    tab = referee(app)
    tab.tools.stored = CODE_PREFIX + "garbage"
    tab.load_saved_btn.click()
    assert app.status_text().startswith("Not loaded:")


# ----------------------------------------------------------------- card corrections
@pytest.mark.parametrize(("field", "value", "says"), [
    ("name", "x" * 5_000, "at most 40"),
    ("capacity", 99999999999999999999, "a ship holds 1 to"),
    ("capacity", 0, "a ship holds 1 to"),
    ("steps", [], "at least one step"),
    ("count", 10**9, "beyond"),
])
def test_corrections_are_bounded(field: str, value: Any, says: str) -> None:
    msg = check_bounds(field, value)
    assert msg is not None and says in msg


def test_corrections_stay_in_their_session(app: TutorApp, spec: Any, tmp_path: Path) -> None:
    other = build_app(spec=spec, seed=8)
    app.open_tab("Card data")
    cd = app.panel("Card data")
    cd.kind.value = ("zones", "zones")
    cd.id.value = "ausonia"
    cd.field.value = "name"
    cd.value.value = "z" * 500
    cd.save.click()
    assert "Not kept" in app.status_text() and "at most 40" in app.status_text()
    cd.value.value = "Arabia Terra"
    cd.save.click()
    assert "Kept" in app.status_text()
    assert "Download your corrections" in cd.download.value
    app.new_btn.click()
    assert app.spec.card_name("ausonia") == "Arabia Terra"
    assert other.spec.card_name("ausonia") != "Arabia Terra"
    other.new_btn.click()
    assert other.spec.card_name("ausonia") != "Arabia Terra"
    assert load_spec(use_env_overrides=False).card_name("ausonia") != "Arabia Terra"
    assert not (tmp_path / "home").exists()  # nothing written to the user's home
    cd.mine.value = 0
    cd.remove.click()
    assert "Removed" in app.status_text() and app.corrections == {}
    app.new_btn.click()
    assert app.spec.card_name("ausonia") != "Arabia Terra"


# ----------------------------------------------------------------- check your copy
def test_check_your_copy_marks_entries_verified_or_changes_nothing(app: TutorApp) -> None:
    app.open_tab("Card data")
    form = next(w for w in app.panel("Card data").root.children
                if "mrp-check-copy" in getattr(w, "_dom_classes", ()))
    panel_ships = next(w for w in form.children if "mrp-cc-ships" in w._dom_classes)
    before = len(app.spec.unverified())
    panel_ships.value = panel_ships.value.replace("s01: 4,", "s01: 0,") + "\ns99: 2, Hellas"
    next(w for w in form.children if "mrp-cc-ships-ok" in w._dom_classes).click()
    assert app.status_text().startswith("Nothing marked: 2 lines")
    assert app.corrections == {}
    panel_ships.value = panel_ships.value.replace("s01: 0,", "s01: 3,").replace(
        "\ns99: 2, Hellas", "")
    next(w for w in form.children if "mrp-cc-ships-ok" in w._dom_classes).click()
    next(w for w in form.children if "mrp-cc-zones-ok" in w._dom_classes).click()
    assert "Marked 28 zones entries" in app.status_text()
    app.new_btn.click()
    assert app.spec.cap["s01"] == 3
    assert not [u for u in app.spec.unverified() if u[0] in ("ships", "zones")]
    assert len(app.spec.unverified()) < before
    board = app.board.board
    assert all(z["verified"] for z in board["zones"])
    assert all(s["verified"] for s in board["docks"] if s)
    ship = app.spec.content.ships.ships[0]
    assert ship.source == "my copy" and ship.verified
    cd = app.panel("Card data")
    adj = next(i for label, i in cd.mine.options if label.startswith("zones/adjacency"))
    cd.mine.value = adj
    cd.remove.click()
    assert "adjacency" not in app.corrections.get("zones", {})


def test_the_command_line_rules_on_a_table_code(capsys: pytest.CaptureFixture[str]) -> None:
    from mrp_tutor.cli.main import main

    code = encode_table(yaml.safe_load(TABLE.read_text()))
    assert main(["referee", "production", code]) == 0
    by_code = capsys.readouterr().out
    assert main(["referee", "production", str(TABLE)]) == 0
    assert capsys.readouterr().out == by_code
    assert "Totals: Green +2 celerium, +1 ice, +2 sylvanite" in by_code
    assert main(["referee", "final", code[:-12]]) == 2
    assert "damaged" in capsys.readouterr().err


def test_upload_a_scenario_file(app: TutorApp) -> None:
    tab = referee(app)

    def upload(name: str, data: bytes) -> None:
        tab.upload.value = ({"name": name, "type": "text/yaml", "size": len(data),
                             "content": memoryview(data),
                             "last_modified": dt.datetime.now(dt.UTC)},)

    upload("bad.yaml", b"players: [red]\nposition: {stage: fly}\n")
    assert app.status_text().startswith("Not loaded:") and "(rule" in app.status_text()
    upload("laughs.yaml", b"a: &a [1, 1]\nb: [*a, *a]\n")
    assert "aliases" in app.status_text()
    upload("table.yaml", TABLE.read_bytes())
    assert "Table loaded from the file" in app.status_text()
    assert app.session.state.round == 7
    assert tab.editor.stage.value == "choose" and tab.editor.round.value == 7


@pytest.mark.parametrize("seed", [2, 3, 4])
def test_a_game_table_copies_through_the_editor_document_unchanged(spec: Any,
                                                                   seed: int) -> None:
    """The editor's starting draft of real game positions (every stage a table can be in):
    valid against the published schema, and the loader rules on it exactly as on the game."""
    import json
    import random

    import jsonschema

    from mrp_tutor.games.mission_red_planet.engine.game import Game
    from mrp_tutor.resources import scenarios_dir

    schema = json.loads((scenarios_dir() / "schema.json").read_text())
    game = Game.new(spec, list(spec.colours[:seed + 1]), seed)
    rng = random.Random(seed)
    checked = 0
    while not game.over and checked < 6:
        legal = game.legal_intents()
        if not legal:
            game.advance()
            continue
        game.play(rng.choice(legal))
        if rng.random() > 0.08:
            continue
        try:
            pos = table_position(spec, game.state)
        except ContentError:  # mid-phase: not a table position
            continue
        doc = table_document(list(game.state.order), pos)
        jsonschema.validate(json.loads(json.dumps(doc)), schema)
        copy = load_table(doc).build().state
        assert (production_ruling(spec, copy).text()
                == production_ruling(spec, game.state).text()), game.state.stage
        assert final_ruling(spec, copy).text() == final_ruling(spec, game.state).text()
        checked += 1
    assert checked >= 3


def test_another_games_scenario_is_not_a_table() -> None:
    from mrp_tutor.resources import scenarios_dir

    fm = scenarios_dir() / "first_martians" / "actions-order.yaml"
    with pytest.raises(ContentError) as err:
        load_table(parse_table_text(fm.read_bytes()))
    assert err.value.problems[0].startswith("game:")
