"""The published JSON Schema of First Martians scenario files (issue 23: "Publish
scenarios/first_martians/schema.json and keep the shipped files valid under it")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from mrp_tutor.cli.main import main
from mrp_tutor.games.first_martians.schema import schema_json
from mrp_tutor.resources import scenarios_dir

FM = scenarios_dir() / "first_martians"
FILES = sorted(FM.glob("*.yaml"))
SAMPLE = (Path(__file__).resolve().parents[2] / "mrp_tutor/games/first_martians/data"
          / "sample_round.yaml")
SCHEMA = json.loads((FM / "schema.json").read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def test_published_schema_is_the_generated_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert (FM / "schema.json").read_text(encoding="utf-8") == schema_json()
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert main(["fm", "schema"]) == 0
    assert capsys.readouterr().out == schema_json()


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_shipped_file_is_valid_under_the_schema(path: Path) -> None:
    errors = [f"{list(e.path)}: {e.message}"
              for e in VALIDATOR.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8")))]
    assert not errors, errors


def test_the_sample_rounds_state_is_a_hub_state_under_the_schema() -> None:
    state = yaml.safe_load(SAMPLE.read_text(encoding="utf-8"))["state"]
    hub = {**SCHEMA, "$ref": "#/$defs/HubState"}
    for k in ("properties", "required", "additionalProperties", "title", "type"):
        hub.pop(k, None)
    assert not list(jsonschema.Draft202012Validator(hub).iter_errors(state))


def _doc(**state: Any) -> dict[str, Any]:
    return {"game": "first_martians", "id": "odd", "title": "Odd", "lesson": "Odd.",
            "state": {"first_player": "red", "astronauts": [{"id": "red", "name": "Red"}],
                      **state}}


@pytest.mark.parametrize("state", [
    {"morale": True}, {"stress": "5"}, {"supply": {"oxygen": 999999999999999999}},
    {"astronauts": [{"id": f"a{i}", "name": "A"} for i in range(5)]},
    {"facilities": {"lab": {"block": "living"}}}, {"facilities": {"lab": {"red": ["wheels"]}}},
])
def test_what_the_loader_refuses_the_schema_refuses_too(state: dict[str, Any]) -> None:
    assert list(VALIDATOR.iter_errors(_doc(**state)))
