"""The JSON Schema of First Martians scenario files, generated from the models that read them.

Published as ``scenarios/first_martians/schema.json`` (``mrp-tutor fm schema`` prints it);
a test keeps it equal to :func:`schema_json` and every shipped file valid under it.  The
HUB state is :class:`~.state.HubState` as a file writes it: ``facilities`` may be left out
(the Board Setup HUB), listed whole, or given as changes by Facility id (``red:`` naming
the statuses with a red marker); each step's ``intent`` is one of the table's intents
(:data:`~.intents.Intent`).  What the schema cannot say (the board's Facilities all there,
a known Condition, a map space) the loader checks (:mod:`.files`).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import TypeAdapter

from mrp_tutor.games.first_martians.content import default_board
from mrp_tutor.games.first_martians.files import BOARD_FACTS
from mrp_tutor.games.first_martians.intents import Intent
from mrp_tutor.games.first_martians.scenario_file import FmScenarioDoc
from mrp_tutor.games.first_martians.state import HubState

__all__ = ["scenario_schema", "schema_json", "state_schema"]

_REF = "#/$defs/"


def _merge(defs: dict[str, Any], more: dict[str, Any]) -> None:
    for name, d in more.items():
        if name in defs and defs[name] != d:
            raise ValueError(f"two schema definitions named {name}")  # a defect, not input
        defs[name] = d


def state_schema(defs: dict[str, Any]) -> dict[str, Any]:
    """The HUB state as a file writes it (its definitions added to ``defs``)."""
    schema = HubState.model_json_schema(ref_template=_REF + "{model}")
    _merge(defs, schema.pop("$defs", {}))
    props = schema["properties"]
    facility = defs["Facility"]
    change = {k: v for k, v in facility["properties"].items()
              if k not in ("id", "name", "statuses", *BOARD_FACTS)}
    parts = defs["Status"]["properties"]["part"]
    change["red"] = {"description": "the statuses with a red marker",
                     "anyOf": [parts, {"type": "array", "items": parts}]}
    defs["FacilityChange"] = {"type": "object", "additionalProperties": False,
                              "title": "FacilityChange", "properties": change,
                              "description": "changes to a Board Setup Facility"}
    props["facilities"] = {
        "title": "Facilities",
        "description": "left out: the Board Setup HUB; a list: every Facility of the board "
                       "once; a mapping: changes by Facility id",
        "anyOf": [props["facilities"],
                  {"type": "object", "additionalProperties": {"$ref": _REF + "FacilityChange"}}]}
    schema["required"] = [r for r in schema["required"] if r != "facilities"]
    props["supply"]["additionalProperties"] = {
        "type": "integer", "minimum": 0, "maximum": default_board().supply_max.value}
    schema["title"] = "HubState"
    return schema


def scenario_schema() -> dict[str, Any]:
    """The whole schema of a First Martians scenario file."""
    schema = FmScenarioDoc.model_json_schema(ref_template=_REF + "{model}")
    defs: dict[str, Any] = schema.pop("$defs", {})
    defs["HubState"] = state_schema(defs)
    intent = TypeAdapter(Intent).json_schema(ref_template=_REF + "{model}")
    _merge(defs, intent.pop("$defs", {}))
    defs["Intent"] = intent
    schema["properties"]["state"] = {"$ref": _REF + "HubState"}
    defs["FmStep"]["properties"]["intent"] = {"$ref": _REF + "Intent"}
    schema["$defs"] = dict(sorted(defs.items()))
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "First Martians tutor scenario"
    return schema


def schema_json() -> str:
    """The schema as published in ``scenarios/first_martians/schema.json``."""
    return json.dumps(scenario_schema(), indent=2, sort_keys=True) + "\n"
