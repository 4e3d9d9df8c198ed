"""Pydantic models of a scenario file (the JSON Schema in ``scenarios/schema.json`` is theirs).

A scenario is a table position (or a seeded setup plus changes), the steps played from it
with what each must produce, a lesson and an optional quiz.  Structure is checked here;
game facts (ids, counts, capacities, reachable phases) are checked when the position is
built (:mod:`.position`), and every problem is reported at once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, model_validator

from mrp_tutor.core.scenario import ErrorExpectation, Quiz
from mrp_tutor.games.mission_red_planet.engine.rulesets import DEFAULT, RULESETS

Count = NonNegativeInt
Stage = Literal["missions", "choose", "resolve", "production", "reveal_discoveries",
                "final_scoring"]


# ErrorExpectation and Quiz: every game's (mrp_tutor.core.scenario)
__all__ = ["ErrorExpectation", "Quiz", "ScenarioDoc", "ruleset_of", "schema_json"]


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ShipPosition(_M):
    """A ship in play: docked at ``dock`` (0 = left-most) or launched (not yet landed)."""

    id: str
    dock: Count | None = None
    launched: bool = False
    crew: dict[str, Count] = {}
    tokens: list[str] = Field(default=[], description="destination tokens, bottom to top")


class ZonePosition(_M):
    """One zone of Mars (or Phobos)."""

    astronauts: dict[str, Count] = {}
    resource: Literal["ice", "sylvanite", "celerium"] | None = Field(
        default=None, description="resource token; omitted: not known (a referee's table: rulings "
        "rule on each possibility; a lesson: drawn at random, seeded)")
    face_up: bool | None = Field(
        default=None, description="omitted: face up exactly when astronauts are present")
    waiting: dict[str, Count] = Field(default={}, description="point tokens waiting here")
    discovery: str | None = Field(
        default=None, description="the discovery card assigned here; `unknown`: a face-down "
        "card nobody identified (rulings rule on each possibility)")


class SeatPosition(_M):
    """Everything one colour holds.  ``hand`` omitted: the cards not played nor chosen."""

    hand: list[str] | None = None
    played: list[str] = []
    chosen: str | None = None
    missions: list[str] = []
    actions: list[str] = []
    tokens: dict[str, Count] = Field(default={}, description="point tokens held; omitted "
                                     "in a referee's table: not known")
    dealt: list[str] = Field(default=[], description="setup: the two missions to choose from")
    peeked: dict[str, str] = {}
    deck: list[str] | None = Field(default=None, description="2-player neutral deck, top first")
    boxed: list[str] = []
    sheet: str | None = Field(default=None, description="unique_abilities: the ability sheet "
                              "(its crew is the hand's default)")


class Resolving(_M):
    """Mid-resolution: ``colour`` is resolving ``character`` at effect ``step`` (0 = first)."""

    colour: str
    character: str
    step: Count = 0
    left: Count | None = Field(default=None, description="what is left of the step; "
                               "omitted: the whole step")
    done: Count = 0
    used: list[str] = Field(default=[], description="ships already used by this step")
    held: str | None = Field(default=None, description="a drawn discovery to assign")
    turned_up: list[str] = Field(
        default=[], description="unique_abilities: colours whose card was turned up at the "
        "call the Guileful Genius cut into (its card in `played`), resolving next in this "
        "order; omitted: the cards of the number being resolved turn up with it")


class Position(_M):
    """A table position."""

    stage: Stage = "choose"
    round: int | None = Field(default=None, ge=1, le=10,
                              description="omitted: 1, or the round before the phase")
    production: int | None = Field(default=None, ge=1, le=3)
    first: str | None = None
    last: str | None = Field(default=None, description="who resolved last this round")
    ships: list[ShipPosition] = []
    zones: dict[str, ZonePosition] = {}
    memorial: dict[str, Count] = {}
    seats: dict[str, SeatPosition] = {}
    resolving: Resolving | None = None
    discoveries_revealed: bool = False
    ship_deck: list[str] | None = Field(default=None, description="top of the ship deck")
    ship_discard: list[str] = []
    rest_of_ships: Literal["deck", "discard"] = "deck"
    event_deck: list[str] | None = Field(default=None, description="top of the event deck")
    discovery_discard: list[str] = []
    spare_resource: Literal["ice", "sylvanite", "celerium"] | None = None
    seed: int = 0
    rng_count: Count = 0
    holds: dict[str, str | None] = Field(
        default={}, description="unique_abilities: a Guileful Genius that paid to hold its "
        "face-down card past its number (ua.tutor.genius_between): colour -> the character "
        "last called before it held (null: before the first call); it waits after every other "
        "card")
    readings: list[str] = Field(
        default=[], description="where the rulebook admits two readings, the other readings "
        "this table plays (their rule ids, e.g. characters.femme_fatale.zones_only); omitted: "
        "the tutor's own readings")


class Setup(_M):
    """A seeded setup (``Game.new``)."""

    seed: int
    variant: Literal["standard", "two_player"] = Field(
        default="standard", description="the older spelling of the document's ruleset (still "
        "read, never written)")
    sheets: dict[str, str] = Field(default={}, description="unique_abilities: colour -> ability "
                                   "sheet (the others are drawn at random)")


class DecisionExpectation(_M):
    kind: str
    colours: list[str] | None = None


class StateExpectation(_M):
    """Facts the position must show after a step (only what is given is checked)."""

    stage: str | None = None
    round: int | None = None
    first: str | None = None
    zones: dict[str, dict[str, Count]] | None = Field(
        default=None, description="astronauts per colour in a zone (colours given: exact)")
    zone_total: dict[str, Count] | None = None
    crew: dict[str, dict[str, Count] | None] | None = Field(
        default=None, description="ship crew; null: the ship is no longer in play")
    launched: list[str] | None = None
    docked: list[str] | None = None
    docks: list[str | None] | None = None
    tokens: dict[str, dict[str, Count]] | None = None
    waiting: dict[str, dict[str, Count]] | None = None
    memorial: dict[str, Count] | None = None
    supply: dict[str, Count] | None = None
    hand: dict[str, list[str]] | None = None
    played: dict[str, list[str]] | None = None
    missions: dict[str, list[str]] | None = None
    actions: dict[str, list[str]] | None = None
    face_up: dict[str, bool] | None = None
    dest_supply: dict[str, Count] | None = None
    ship_tokens: dict[str, list[str]] | None = None
    discoveries: dict[str, str | None] | None = None
    discovery_discard: list[str] | None = None
    scores: dict[str, int] | None = None
    breakdown: dict[str, dict[str, int]] | None = None
    winners: list[str] | None = None
    decision: DecisionExpectation | None = None
    legal: list[dict[str, Any]] | None = Field(default=None,
                                               description="intents that must be legal")
    not_legal: list[dict[str, Any]] | None = None


class Expect(_M):
    events: list[dict[str, Any]] = Field(
        default=[], description="in order (others may come between): type, rule, any fields")
    no_events: list[str] = Field(default=[], description="event types that must not occur")
    error: ErrorExpectation | None = None
    state: StateExpectation | None = None


class Step(_M):
    """One decision (``intent``), the automatic part of the game (``advance: true``), or
    neither: a check of the position as it is (its events: the setup's, if any)."""

    intent: dict[str, Any] | None = None
    advance: bool = False
    note: str = ""
    expect: Expect = Expect()

    @model_validator(mode="after")
    def _one_kind(self) -> Step:
        if self.intent is not None and self.advance:
            raise ValueError("a step has an intent or advance: true, not both")
        if self.intent is None and self.expect.error is not None:
            raise ValueError("only an intent can expect an error")
        return self


class ScenarioDoc(_M):
    """A scenario file."""

    game: Literal["mission_red_planet"] = Field(
        default="mission_red_planet", description="another game's files have their own "
        "layout (its registration in mrp_tutor.core.games)")
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]*$")
    title: str = Field(min_length=1)
    lesson: str = Field(min_length=1, description="markdown: what happens and which rule")
    rules: list[str] = Field(default=[], description="rule ids the scenario shows")
    ruleset: str = Field(default="base", description="a registered ruleset (`mrp-tutor "
                         "rulesets`: standard, two_player, first_edition, unique_abilities); "
                         "files older than that name: a data folder (base)")
    variant: Literal["standard", "two_player"] = Field(
        default="standard", description="the older spelling of ruleset (files and share codes "
        "made before it): `ruleset: base` with `variant: two_player` is `ruleset: two_player`; "
        "still read, never written")
    players: list[str] = Field(min_length=2, max_length=6, description="colours, clockwise")
    position: Position | None = None
    setup: Setup | None = None
    changes: list[dict[str, Any]] = Field(
        default=[], description="with setup: partial positions merged over it, in order")
    overrides: dict[str, Any] | None = Field(default=None,
                                             description="card overrides (same as the "
                                             "referee's override file)")
    steps: list[Step] = []
    quiz: Quiz | None = None

    @model_validator(mode="after")
    def _position_or_setup(self) -> ScenarioDoc:
        if (self.position is None) == (self.setup is None):
            raise ValueError("give either a position or a setup (exactly one)")
        if self.changes and self.setup is None:
            raise ValueError("changes apply to a setup only")
        return self


def schema_json() -> str:
    """The JSON Schema of scenario files, as published in ``scenarios/schema.json``."""
    schema = ScenarioDoc.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Mission: Red Planet tutor scenario"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def ruleset_of(doc: Mapping[str, Any]) -> str:
    """The registered ruleset a scenario or table document is played under: its ``ruleset``,
    or in files written before that name said all (``ruleset: base``, a data folder), the
    rules its older ``variant`` field chose."""
    name = doc.get("ruleset", "base")  # (the default of the scenario format)
    if isinstance(name, str) and name in RULESETS:
        return name
    older = doc.get("variant", DEFAULT)
    return older if isinstance(older, str) and older in RULESETS else DEFAULT
