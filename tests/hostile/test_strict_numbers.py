"""Numbers a person writes are integers, not booleans (``true`` is 1 to Python and to pydantic's
lax mode): override files, Card data corrections, intents, scenarios, states and logs.  And a
state or an event with a key it does not have is refused at that key, not silently ignored.
An override file holding only ``[]`` is refused, not taken for no overrides."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mrp_tutor.app import build_app
from mrp_tutor.games.mission_red_planet.engine import (
    Game,
    load_spec,
    state_from_dict,
    state_to_dict,
)
from mrp_tutor.games.mission_red_planet.engine.checks import log_from_data
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError, MalformedIntent
from mrp_tutor.games.mission_red_planet.engine.events import event_to_dict
from mrp_tutor.games.mission_red_planet.engine.intents import intent_from_dict
from mrp_tutor.games.mission_red_planet.engine.loading import load_content
from mrp_tutor.games.mission_red_planet.referee import is_legal
from mrp_tutor.games.mission_red_planet.scenarios import scenario_from_dict

SPEC = load_spec(use_env_overrides=False)


@pytest.fixture(scope="module")
def game() -> Game:
    g = Game.new(SPEC, ["red", "blue", "green"], 4)
    while g.state.stage != "resolve" or g.decision() is None or g.decision().kind != "board":
        g.play(g.legal_intents()[0])
    return g


def _refused_override(folder: Path, text: str) -> ContentError:
    """The card-data loader's refusal of an override file holding ``text``, which names
    that file."""
    path = folder / "overrides.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as err:
        load_content("base", overrides=path)
    assert err.value.source == str(path)
    return err.value


@pytest.mark.parametrize("text", ["ships:\n  ships:\n    - id: s09\n      capacity: true\n",
                                  "ships:\n  ships:\n    - id: s09\n      capacity: '3'\n",
                                  "ships:\n  ships:\n    - id: s09\n      capacity: 3.0\n"])
def test_an_override_file_takes_whole_numbers_only(tmp_path: Path, text: str) -> None:
    err = _refused_override(tmp_path, text)
    assert any("capacity" in p and "valid integer" in p for p in err.problems), err


@pytest.mark.parametrize("text", ["[]\n", "'just text'\n", "- ships: {}\n"])
def test_an_override_file_that_is_not_a_mapping_is_refused(tmp_path: Path, text: str) -> None:
    err = _refused_override(tmp_path, text)
    assert err.problems[0].startswith("document: an override file maps data file names")


def test_an_empty_override_file_is_no_overrides(tmp_path: Path) -> None:
    path = tmp_path / "overrides.yaml"
    path.write_text("# nothing yet\n", encoding="utf-8")
    assert load_content("base", overrides=path).ships == load_content("base").ships


def test_a_card_data_correction_takes_whole_numbers_only(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    monkeypatch.delenv("MRP_TUTOR_OVERRIDES", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    app = build_app(spec=SPEC, seed=7)
    panel = app.panel("Card data")
    panel.kind.value = ("ships", "ships")
    panel.id.value = "s09"
    panel.field.value = "capacity"
    panel.value.value = "true"
    panel.keep()
    said = app.status_text()
    assert "Kept" not in said and "Not kept" in said and "capacity" in said, said
    assert app.corrections == {}
    panel.value.value = "4"
    panel.keep()
    assert "Kept: ships/s09.capacity = 4" in app.status_text(), app.status_text()


def test_an_intent_count_is_a_whole_number(game: Game) -> None:
    board = next(x for x in game.legal_intents() if x.type == "board")
    data: dict[str, Any] = {"type": "board", "colour": board.colour, "ship": board.ship,
                            "count": True}
    with pytest.raises(MalformedIntent) as err:
        intent_from_dict(data)
    assert "count" in err.value.message and "valid integer" in err.value.message
    verdict = is_legal(SPEC, game.state, data)
    assert not verdict.legal and "count" in verdict.reason, verdict
    for bad in ("1", 1.0):
        with pytest.raises(MalformedIntent):
            intent_from_dict({**data, "count": bad})
    assert intent_from_dict({**data, "count": 1}) == board.__class__(board.colour, board.ship, 1)


def test_a_scenario_round_is_a_whole_number() -> None:
    doc = {"id": "x", "title": "x", "lesson": "x", "players": ["red", "blue", "green"],
           "position": {"round": True}}
    with pytest.raises(ContentError) as err:
        scenario_from_dict(doc, "x.yaml")
    assert any(p.startswith("position.round:") for p in err.value.problems), err.value


def test_a_state_refuses_unknown_keys_and_booleans_for_numbers(game: Game) -> None:
    good = state_to_dict(game.state)
    state_from_dict(good, spec=SPEC)
    for change, field in ((lambda d: d.update(zz=1), "zz"),
                          (lambda d: d["seats"]["red"].update(cheat=True), "seats.red.cheat"),
                          (lambda d: d.update(round=True), "round"),
                          (lambda d: d["seats"]["red"].update(supply=True), "seats.red.supply")):
        data = state_to_dict(game.state)
        change(data)
        with pytest.raises(ContentError) as err:
            state_from_dict(data, source="s.json", spec=SPEC)
        assert err.value.source == "s.json"
        assert any(p.startswith(f"{field}:") for p in err.value.problems), (field, err.value)


def test_a_log_event_refuses_unknown_keys_and_booleans(game: Game) -> None:
    data = [event_to_dict(e) for e in game.log]
    i = next(k for k, e in enumerate(data) if e["type"] == "deck_shuffled")
    for change, words in ((lambda e: e.update(extra=1), "extra: not a field"),
                          (lambda e: e.update(rule=True), "rule: Input should be a valid string")):
        bad = [dict(e) for e in data]
        change(bad[i])
        with pytest.raises(ContentError) as err:
            log_from_data(bad, "log.json")
        assert err.value.problems[0].startswith(f"log[{i}] (deck_shuffled).{words}"), err.value
    j = next(k for k, e in enumerate(data) if e["type"] == "game_started")
    bad = [dict(e) for e in data]
    bad[j]["seed"] = True
    with pytest.raises(ContentError) as err:
        log_from_data(bad, "log.json")
    assert err.value.problems[0].startswith("log[0] (game_started).seed:"), err.value
