"""The ability sheets of the "Unique Abilities" variant as typed data (``sheets.yaml`` of the
ruleset's data folder), read once through the hardened loader and validated."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from mrp_tutor.core.loading import format_validation, read_yaml
from mrp_tutor.games.mission_red_planet.engine.content import DATA_DIR
from mrp_tutor.games.mission_red_planet.engine.errors import ContentError

#: where each sheet's ability is offered (the engine's decision points)
Window = Literal["before_choosing", "after_choosing", "before_resolution", "own_placement",
                 "landed"]


class Sheet(BaseModel):
    """One Abilities Reference Sheet: its crew of five characters and its ability."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z_]*$")
    name: str = Field(min_length=1)
    crew: tuple[str, ...] = Field(min_length=5, max_length=5)
    phase: int = Field(ge=2, le=4, description="the phase of a turn the ability works in")
    window: Window
    cost: int = Field(ge=1, le=2, description="point tokens of any type per use")
    second_cost: int = Field(default=0, ge=0, le=2,
                             description="the Stealthy Spy's optional second part")
    rule: str = Field(min_length=1)
    text: str = Field(min_length=1)
    source: str = ""
    verified: bool = False


class SheetsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    sheets: list[Sheet] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> SheetsFile:
        ids = [s.id for s in self.sheets]
        if len(set(ids)) != len(ids):
            raise ValueError("sheet ids must be unique")
        return self


_CACHE: dict[str, dict[str, Sheet]] = {}


def load_sheets(folder: str, data_dir: Path | None = None,
                characters: tuple[str, ...] = ()) -> dict[str, Sheet]:
    """The sheets of data folder ``folder`` by id (cached).

    Raises:
        ContentError: the file is missing or wrong, or a crew names an unknown character.
    """
    path = (data_dir or DATA_DIR) / folder / "sheets.yaml"
    key = str(path)
    if key not in _CACHE:
        raw = read_yaml(path)
        try:
            doc = SheetsFile.model_validate(raw)
        except ValidationError as err:
            raise ContentError(str(path), format_validation("sheets", err, raw)) from None
        problems = [f"sheets.{s.id}.crew: unknown character {c!r}"
                    for s in doc.sheets for c in s.crew if characters and c not in characters]
        if problems:
            raise ContentError(str(path), problems)
        _CACHE[key] = {s.id: s for s in doc.sheets}
    return _CACHE[key]
