"""Plain, located sentences for validation problems (mrp_tutor/core/located.py): the field
as the file writes it, its YAML line, what is wrong in words; never pydantic's text."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field

from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.located import At, field_name, validate, yaml_lines


class Seat(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    pawns: int = Field(default=1, ge=0, le=3)


class Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seats: list[Seat] = Field(max_length=2)
    colour: Literal["red", "blue"] = "red"
    supply: dict[Literal["food"], int] = {}


TEXT = """\
seats:
  - id: a
    pawns: true
  - id: b
    pawns: 9
colour: green
supply: {gold: 1}
extra: 1
"""


def test_every_problem_is_a_located_plain_sentence() -> None:
    import yaml

    lines = yaml_lines(TEXT)
    assert lines[("seats", 1, "pawns")] == 5 and lines[("extra",)] == 8
    with pytest.raises(ContentError) as info:
        validate(Doc, yaml.safe_load(TEXT), At("f.yaml", (), lines))
    assert info.value.source == "f.yaml"
    assert info.value.problems == [
        "seats[0].pawns (line 3): must be a whole number, not true",
        "seats[1].pawns (line 5): must be at most 3, not 9",
        "colour (line 6): must be one of 'red' or 'blue', not the text 'green'",
        "supply.gold (line 7): is not a known key here (one of 'food', not the text 'gold')",
        "extra (line 8): is not a field here (a misspelt or unknown key)",
    ]


def test_field_names_quote_what_is_not_a_plain_word() -> None:
    assert field_name(()) == "document"
    assert field_name(("a", 0, "b c", "\x1b[2J")) == "a[0]['b c']['\\x1b[2J']"
