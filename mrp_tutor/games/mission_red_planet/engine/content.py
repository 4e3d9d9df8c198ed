"""Game content: pydantic models of the data files and the loader.

Card data is validated here, at the boundary, once.  Every problem in every file is
collected before one :class:`~mrp_tutor.games.mission_red_planet.engine.errors.ContentError` is
raised, so a
referee correcting an entry sees everything that is wrong at once.

A referee's own corrections live in an *override file* (YAML, same layout as the data
files, entries matched by ``id``; only the fields given are replaced).  See
:func:`load_spec`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from mrp_tutor.core.loading import read_yaml as read_yaml  # re-exported
from mrp_tutor.core.rules import RuleEntry as RuleEntry  # re-exported
from mrp_tutor.core.rules import RulesFile
from mrp_tutor.core.rules import SectionEntry as SectionEntry  # re-exported

Resource = Literal["ice", "sylvanite", "celerium"]
RESOURCES: tuple[Resource, ...] = ("ice", "sylvanite", "celerium")
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
OVERRIDE_ENV = "MRP_TUTOR_OVERRIDES"


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class Sourced(_Model):
    """Provenance carried by every card entry."""

    source: str = ""
    verified: bool = False
    notes: str = ""


# --------------------------------------------------------------------------- zones


class ZonePosition(Sourced):
    """Where a zone is drawn on the board map: its centre in percent of the map area."""

    x: float = Field(ge=0, le=100)
    y: float = Field(ge=0, le=100)


class ZoneEntry(Sourced):
    id: str
    name: str
    kind: Literal["central", "outer", "moon"]
    position: ZonePosition | None = None


class EdgeEntry(Sourced):
    between: tuple[str, str] = Field(strict=False)  # a YAML list of two zone ids


class ZonesFile(_Model):
    zones: list[ZoneEntry]
    adjacency: list[EdgeEntry]


# --------------------------------------------------------------------------- character steps


class _Step(_Model):
    # the rule id this step applies (a rules-file entry); empty: the character's own rule
    rule: str = ""
    # named sub-rules (e.g. ``flip``, ``peek``, ``all_or_nothing``); missing: ``<rule>.<name>``
    rules: dict[str, str] = {}
    source: str = ""
    verified: bool = False
    notes: str = ""


class BoardStep(_Step):
    effect: Literal["board"]
    count: int = Field(ge=1)
    ships: Literal["any", "same", "distinct"] = "any"
    all_or_nothing: bool = False
    # the player may stop once this many are placed (None: all ``count``, as far as possible)
    min: int | None = Field(default=None, ge=1)


class RecallStep(_Step):
    effect: Literal["recall_cards"]


class MoveStep(_Step):
    effect: Literal["move_adjacent"]
    max_moves: int = Field(ge=1)
    min_moves: int = Field(default=1, ge=0)  # rule characters.explorer.at_least_one


class DrawOrPeekStep(_Step):
    effect: Literal["draw_or_peek"]


class ForceLaunchStep(_Step):
    effect: Literal["force_launch"]
    allow_empty: bool = True


class DestroyStep(_Step):
    effect: Literal["destroy_docked"]


class ReplaceStep(_Step):
    effect: Literal["replace"]
    targets: list[Literal["docked", "launched", "zone"]]
    requires_presence: bool = True


class KillStep(_Step):
    effect: Literal["kill"]
    count: int = Field(default=1, ge=1)
    exclude_zones: list[str] = []
    allow_own: bool = True


class DropStep(_Step):
    effect: Literal["drop_from"]
    from_zone: str
    max: int = Field(ge=1)
    min: int = Field(default=1, ge=0)


class TokenStep(_Step):
    effect: Literal["place_destination_token"]
    targets: list[Literal["docked", "launched"]]


CharacterStep = Annotated[
    BoardStep | RecallStep | MoveStep | DrawOrPeekStep | ForceLaunchStep | DestroyStep
    | ReplaceStep | KillStep | DropStep | TokenStep,
    Field(discriminator="effect"),
]


class CharacterEntry(Sourced):
    id: str
    number: int = Field(ge=1, le=9)
    name: str
    rule: str
    text: str
    steps: list[CharacterStep] = Field(min_length=1)  # the engine resolves at least one step

    @model_validator(mode="before")
    @classmethod
    def _steps_cite_the_card(cls, data: Any) -> Any:
        # a step without its own rule id cites its character's card, never another card's
        if isinstance(data, dict) and isinstance(data.get("steps"), list):
            data = {**data, "steps": [
                {**st, "rule": data.get("rule", "")} if isinstance(st, dict) and not st.get("rule")
                else st for st in data["steps"]]}
        return data


class CharactersFile(_Model):
    characters: list[CharacterEntry]


# --------------------------------------------------------------------------- ships


class ShipEntry(Sourced):
    id: str
    destination: str
    capacity: int = Field(ge=1)


class ShipsFile(_Model):
    ships: list[ShipEntry]


# --------------------------------------------------------------------------- event cards


class _Fx(_Model):
    pass


class RemoveEachPlayer(_Fx):
    effect: Literal["remove_each_player"]
    count: int = Field(default=1, ge=1)


class PullDocked(_Fx):
    effect: Literal["pull_docked_astronauts"]


class ScatterToAdjacent(_Fx):
    effect: Literal["scatter_to_adjacent"]


class CountAllTied(_Fx):
    effect: Literal["count_all_tied"]


class FewestWins(_Fx):
    effect: Literal["fewest_wins"]


class NoProduction(_Fx):
    effect: Literal["no_production"]
    # the tokens already waiting in the zone are removed too (first edition's Mining Accident)
    remove_waiting: bool = False


class ReplaceResource(_Fx):
    """When revealed, the zone's resource token is replaced by one drawn at random from those
    not on the board, and the point tokens waiting there change to the new type."""

    effect: Literal["replace_resource"]


class RemoveMajority(_Fx):
    """Before the zone is scored, the astronauts of the colour(s) with the most are removed."""

    effect: Literal["remove_majority"]
    #: where the removed astronauts go, and the rule (a reading) that says so ("": the card's)
    to: Literal["supply", "memorial"] = "supply"
    rule: str = ""


class ExtraProductionAdjacent(_Fx):
    effect: Literal["extra_production_adjacent"]
    amount: int = Field(default=1, ge=1)


class SecondMostTakes(_Fx):
    effect: Literal["second_most_takes"]


class ExtraProduction(_Fx):
    effect: Literal["extra_production"]
    # negative: fewer tokens than the production's amount (never below none)
    amount: int = Field(ge=-5)


class ProduceResourceInstead(_Fx):
    effect: Literal["produce_resource_instead"]
    resource: Resource


class PresencePoints(_Fx):
    effect: Literal["presence_points"]
    points: int


class MajorityPoints(_Fx):
    effect: Literal["majority_points"]
    points: int


class PerAstronautPoints(_Fx):
    effect: Literal["per_astronaut_points"]
    per: int = Field(ge=1)


class NoEffect(_Fx):
    effect: Literal["no_effect"]


class PresenceTokens(_Fx):
    """At the final scoring, every colour present in the zone gains point tokens."""

    effect: Literal["presence_tokens"]
    resource: Resource
    count: int = Field(ge=1)


DiscoveryEffect = Annotated[
    RemoveEachPlayer | PullDocked | ScatterToAdjacent | CountAllTied | FewestWins | NoProduction
    | ExtraProductionAdjacent | SecondMostTakes | ExtraProduction | ProduceResourceInstead
    | PresencePoints | MajorityPoints | PerAstronautPoints | NoEffect | PresenceTokens
    | RemoveMajority | ReplaceResource,
    Field(discriminator="effect"),
]

DISCOVERY_PHASE_OF: dict[str, str] = {
    "remove_each_player": "reveal",
    "pull_docked_astronauts": "reveal",
    "scatter_to_adjacent": "reveal",
    "count_all_tied": "third_production",
    "fewest_wins": "third_production",
    "no_production": "third_production",
    "extra_production_adjacent": "third_production",
    "second_most_takes": "third_production",
    "extra_production": "third_production",
    "produce_resource_instead": "third_production",
    "presence_points": "final_scoring",
    "majority_points": "final_scoring",
    "per_astronaut_points": "final_scoring",
    "no_effect": "final_scoring",
    "presence_tokens": "final_scoring",
    "remove_majority": "third_production",
    "replace_resource": "reveal",
}


class DiscoveryEntry(Sourced):
    id: str
    name: str
    #: the rule its effect cites (empty: the game's generic discovery rule)
    rule: str = ""
    phase: Literal["reveal", "third_production", "final_scoring"]
    effect: DiscoveryEffect
    text: str


class PresenceTable(_Fx):
    effect: Literal["presence_table"]
    zones: list[str]
    table: list[int]


class MostAstronautsInZones(_Fx):
    effect: Literal["most_astronauts_in_zones"]
    zones: list[str]
    points: int


class MostAstronautsInZone(_Fx):
    effect: Literal["most_astronauts_in_zone"]
    zone: str
    points: int


class MostTokens(_Fx):
    effect: Literal["most_tokens"]
    resource: Resource
    points: int


class AtLeastTokens(_Fx):
    effect: Literal["at_least_tokens"]
    resource: Resource
    count: int = Field(ge=1)
    points: int


class PerAstronautCapped(_Fx):
    effect: Literal["per_astronaut_capped"]
    place: str
    per: int
    cap: int


class PerZonePresence(_Fx):
    effect: Literal["per_zone_presence"]
    per: int


class AstronautsOnMarsAtLeast(_Fx):
    effect: Literal["astronauts_on_mars_at_least"]
    count: int = Field(ge=1)
    points: int


class OneOfEachToken(_Fx):
    effect: Literal["one_of_each_token"]
    points: int


class GainTokensAtEnd(_Fx):
    """At the final scoring, before the ice bonus, the holder gains point tokens."""

    effect: Literal["gain_tokens_at_end"]
    resource: Resource
    count: int = Field(ge=1)


class PerZoneAlone(_Fx):
    effect: Literal["per_zone_alone"]
    per: int = Field(ge=1)


MissionEffect = Annotated[
    PresenceTable | MostAstronautsInZones | MostAstronautsInZone | MostTokens | AtLeastTokens
    | PerAstronautCapped | PerZonePresence | AstronautsOnMarsAtLeast | OneOfEachToken
    | PerZoneAlone | NoEffect | GainTokensAtEnd,
    Field(discriminator="effect"),
]


class MissionEntry(Sourced):
    id: str
    name: str
    #: the rule its scoring cites (empty: the game's generic mission rules)
    rule: str = ""
    effect: MissionEffect
    text: str


class GainTokens(_Fx):
    effect: Literal["gain_tokens"]
    resource: Resource
    count: int = Field(ge=1)


class RescueFromMemorial(_Fx):
    effect: Literal["rescue_from_memorial"]
    max: int = Field(ge=1)


class KillWherePresent(_Fx):
    effect: Literal["kill_where_present"]
    count: int = Field(default=1, ge=1)


ActionEffect = Annotated[
    GainTokens | RescueFromMemorial | KillWherePresent, Field(discriminator="effect")
]


class ActionEntry(Sourced):
    id: str
    name: str
    timing: Literal["before_third_production", "after_third_production"]
    effect: ActionEffect
    text: str


class EventsFile(_Model):
    discoveries: list[DiscoveryEntry]
    missions: list[MissionEntry]
    actions: list[ActionEntry]


# --------------------------------------------------------------------------- game


class TrackEntry(_Model):
    kind: Literal["round", "production", "reveal_discoveries", "final_scoring"]
    number: int = 0
    amount: int = 0


class PlayersRange(_Model):
    min: int
    max: int


class IceMonopoly(_Model):
    points: int
    rule: str


class Provenance(_Model):
    source: str = ""
    verified: bool = False
    notes: str = ""


class GameFile(_Model):
    colours: list[str]
    astronauts_per_colour: int = Field(ge=1)
    players: PlayersRange
    resource_tokens: dict[Resource, int]
    point_tokens: dict[Resource, int]
    #: the box's count when the kinds are counted together (no split known): the piles of
    #: ``point_tokens`` may then each be the whole box, and only this total limits them
    point_tokens_total: int | None = Field(default=None, ge=0)
    point_values: dict[Resource, int]
    destination_tokens_per_zone: int = Field(ge=0)
    ice_monopoly: IceMonopoly
    rounds: int
    track: list[TrackEntry]
    #: what this edition calls shared things in its own rulebook (e.g. mission: bonus card)
    terms: dict[str, str] = {}
    provenance: dict[str, Provenance] = {}
    sources: dict[str, Any] = {}


class Content(_Model):
    """Every data file of one ruleset, validated."""

    rules: RulesFile
    zones: ZonesFile
    characters: CharactersFile
    ships: ShipsFile
    events: EventsFile
    game: GameFile


FILES: dict[str, type[BaseModel]] = {
    "rules": RulesFile,
    "zones": ZonesFile,
    "characters": CharactersFile,
    "ships": ShipsFile,
    "events": EventsFile,
    "game": GameFile,
}
