"""Intents: what the table tells the assistant, validated at the boundary (pydantic).

Effects of the companion app, Adventures and resolved actions are entered as effect
intents in any phase; each phase's bookkeeping is one intent (``end_events``,
``resolve_morale``, ``produce``, ``declare_actions``, ``roll_malfunction``, ``clean_up``).
The table's dice, draws and choices are entered in ``draws`` (by kind); a die or draw not
entered comes from the seeded generator only when asked (``roll_for_me``, ``roll_for``).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.loading import format_validation
from mrp_tutor.games.first_martians.content import Block
from mrp_tutor.games.first_martians.mission_log import Asks
from mrp_tutor.games.first_martians.state import Resource


class _I(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    draws: dict[str, list[Any]] = Field(default={}, description="table-entered draws by kind")
    roll_for_me: bool = Field(default=False, description="the person asked the assistant to "
                              "roll the dice and draw the tiles and tokens the table did not "
                              "enter (seeded, logged); the table's choices are still asked")
    roll_for: list[str] = Field(default=[], max_length=40, description="kinds of dice or "
                                "draws the person asked the assistant to roll or draw once "
                                "each (seeded, logged); a later draw of the kind is asked "
                                "again; a choice kind is refused")


class AdvanceMalfunction(_I):
    """Raise (or, for Manage, lower: negative ``by``) a Malfunction track."""

    type: Literal["advance_malfunction"] = "advance_malfunction"
    block: Block
    by: int = Field(default=1, ge=-5, le=5)
    rule: str = "events.malfunction_track"


class ChangeSupply(_I):
    type: Literal["change_supply"] = "change_supply"
    resource: Resource
    delta: int = Field(ge=-30, le=30)
    rule: str = "events.mission_event"


class ChangeMorale(_I):
    type: Literal["change_morale"] = "change_morale"
    delta: int = Field(ge=-5, le=5)
    rule: str = "events.mission_event"


class ChangeStress(_I):
    type: Literal["change_stress"] = "change_stress"
    delta: int = Field(ge=-18, le=18)
    rule: str = "events.mission_event"


class Wound(_I):
    type: Literal["wound"] = "wound"
    astronaut: str
    count: int = Field(default=1, ge=1, le=6)
    rule: str = "health.wound"


class AddLogEvent(_I):
    """A Mission Event enters the Mission Log: named by the sol it arrived unless the table
    names it, with what its Event action asks (tap list) and the event it follows up."""

    type: Literal["add_log_event"] = "add_log_event"
    name: str | None = Field(default=None, min_length=1, max_length=80,
                             description="the name the table knows it by (none: 'Sol N "
                             "event')")
    pawns: int = Field(default=1, ge=1, le=2)
    asks: Asks | None = Field(default=None, description="what its Event action asks")
    follows: str | None = Field(default=None, min_length=1, max_length=80,
                                description="the earlier event this Follow-Up continues")
    sol: int | None = Field(default=None, ge=1, le=99, description="the sol it arrived "
                            "(none: this sol)")
    rule: str = "events.mission_event"


class BreakStatus(_I):
    """A Complication Malfunction card (or an event) puts a red marker on a status."""

    type: Literal["break_status"] = "break_status"
    facility: str
    part: Literal["oxygen", "energy", "hardware", "cpu"]
    rule: str = "malfunction.complication"


class ClearShutdown(_I):
    """A Remove Shutdown action succeeded: the tile leaves the Facility."""

    type: Literal["clear_shutdown"] = "clear_shutdown"
    facility: str
    kind: Literal["oxygen", "energy"]
    rule: str = "shutdown.remove"


class RepairStatus(_I):
    type: Literal["repair_status"] = "repair_status"
    facility: str
    part: Literal["oxygen", "energy", "hardware", "cpu"]
    rule: str = "build.repair"


class PlaceToken(_I):
    """A Modifier token on a Facility's ! or >> space, or on a rover's X space (``rover``)."""

    type: Literal["place_token"] = "place_token"
    facility: str | None = None
    rover: Literal["froggy", "scorpio"] | None = None
    token: Literal["extra_pawn", "adventure", "reroll", "wound", "rover", "blocked"]
    space: Literal["now", "next"] = Field(default="now", description="now: the ! space; "
                                          "next: the >> space")
    rule: str = "events.mission_event"


class RemoveLogEvent(_I):
    """The app resolved an event's Delayed Consequences: it leaves the Mission Log."""

    type: Literal["remove_log_event"] = "remove_log_event"
    name: str = Field(min_length=1, max_length=80)
    rule: str = "events.delayed"


class TakeCondition(_I):
    """An effect gives an astronaut a particular Condition (none left in the stack: no
    effect)."""

    type: Literal["take_condition"] = "take_condition"
    astronaut: str
    condition: str = Field(min_length=1, max_length=40)
    rule: str = "health.condition"


class RevealTile(_I):
    """An Explore succeeded: the drawn ROI tile goes on its space."""

    type: Literal["reveal_tile"] = "reveal_tile"
    space: str
    name: str = Field(min_length=1, max_length=40)
    icons: list[Literal["extra_pawn", "wound", "morale", "adventure", "rover", "sample", "poi",
                        "objective"]] = ["extra_pawn"]
    impassable_outer: bool = False
    rule: str = "explore.resolve"


class GatherSample(_I):
    type: Literal["gather_sample"] = "gather_sample"
    space: str
    rule: str = "gather.resolve"


class Heal(_I):
    """A Heal action succeeded: one wound or one Condition (named) is healed."""

    type: Literal["heal"] = "heal"
    astronaut: str
    condition: str | None = None
    rule: str = "heal.resolve"


class MoraleTokensChange(_I):
    """Rest, skills, events: an astronaut gains or discards Morale tokens."""

    type: Literal["morale_tokens"] = "morale_tokens"
    astronaut: str
    delta: int = Field(ge=-6, le=6)
    rule: str = "rest.resolve"


class RepairRover(_I):
    type: Literal["repair_rover"] = "repair_rover"
    rover: Literal["froggy", "scorpio"]
    rule: str = "build.rover"


class ChangeProduction(_I):
    """A Shutdown tile's lower section or an event raises (or lowers) a producer's
    production."""

    type: Literal["change_production"] = "change_production"
    facility: str
    delta: int = Field(ge=-10, le=10)
    rule: str = "shutdown.production"


class PlantSeed(_I):
    """A Planting (Research) action succeeded: a seed from the Cargo Bay on Growth space 1."""

    type: Literal["plant_seed"] = "plant_seed"
    farm: str = "farm_01"
    rule: str = "research.plant"


class Cargo(_I):
    """Something enters or leaves the Cargo Bay (a spare part placed with pawns at declaring,
    returned after a failure, a POI found or used, a seed)."""

    type: Literal["cargo"] = "cargo"
    item: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_:@-]+$")
    delta: int = Field(ge=-9, le=9)
    area: Literal["available", "pending"] = "available"
    rule: str = "costs.cargo"


class UseSkill(_I):
    """An astronaut uses its base skill or a skill card (once a round), paying Morale
    tokens; the skill's effect is entered as effects."""

    type: Literal["use_skill"] = "use_skill"
    astronaut: str
    skill: str = Field(default="base", min_length=1, max_length=40)
    morale_tokens: int = Field(default=0, ge=0, le=6)
    rule: str = "skills.use"


class AddFacility(_I):
    """A Build of a Facility card resolved: a backup Farm, Oxygenator or Solar Panel beside
    its Block, every status red (build.facility)."""

    type: Literal["add_facility"] = "add_facility"
    like: Literal["farm_01", "oxygenator_01", "solar_panel_01"]
    id: str = Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1, max_length=40)
    greenhouses: int = Field(default=0, ge=0, le=8)
    production: int = Field(default=0, ge=0, le=10)
    rule: str = "build.facility"


class ResolveAction(_I):
    """The next declared action resolves (action order): its dice and penalties, then its
    outcome, with the table's faces and choices under ``draws``."""

    type: Literal["resolve_action"] = "resolve_action"
    action: int | None = Field(default=None, ge=0, le=40, description="index of the action "
                               "in the declared actions (none: the next in action order)")


class RollActionDice(_I):
    """Old files: resolves declared action ``action`` (as ``resolve_action``), its action
    dice entered under ``draws`` (``success_die``, ``wound_die``, ``adventure_die``)."""

    type: Literal["roll_action_dice"] = "roll_action_dice"
    action: int = Field(ge=0, le=40, description="index of the action in the declared "
                        "actions, in action order")


class EndEvents(_I):
    type: Literal["end_events"] = "end_events"


class ResolveMorale(_I):
    type: Literal["resolve_morale"] = "resolve_morale"


class Produce(_I):
    type: Literal["produce"] = "produce"
    shutdowns: dict[Literal["oxygen", "energy"], list[str]] = Field(
        default={}, description="the Facilities the table puts Shutdown tiles on")
    pay_wilt: list[str] = Field(default=[], description="Farms whose wilting the crew pays "
                                "to stop")
    food_wounds: list[str] = Field(default=[], description="who takes wounds for missing food")
    sample_from: str | None = Field(default=None, description="map space losing a sample")


class Placement(BaseModel):
    """Pawns on one action: the top pawn's astronaut first, then helpers."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    action: Literal["event", "rest", "unwind", "heal", "manage", "explore", "gather",
                    "research", "build", "remove_shutdown", "mission"]
    astronaut: str
    pawns: int = Field(default=1, ge=0, le=3, description="the top astronaut's own pawns "
                       "(0: the astronaut operates an AOM pawn alone)")
    helpers: dict[str, int] = Field(default={}, description="assisting astronauts' pawns")
    aom: list[Literal["green", "gray", "blue", "brown"]] = []
    rover: Literal["froggy", "scorpio"] | None = None
    target: str = Field(default="hub", description="map space (outside the HUB), Facility, "
                        "or for an Event action the Mission Log event's name")
    path: list[str] | None = Field(default=None, max_length=40,
                                   description="the travel path the player chose, HUB first "
                                   "(none: the cheapest, tutor.cheapest_path)")


class DeclareActions(_I):
    type: Literal["declare_actions"] = "declare_actions"
    actions: list[Placement] = Field(max_length=20)


class EndActions(_I):
    """Every action is resolved and its outcome entered: the Action Phase ends."""

    type: Literal["end_actions"] = "end_actions"


class StartSol(_I):
    """The table starts the next sol (the round stopped at the end of Clean-Up)."""

    type: Literal["start_sol"] = "start_sol"


class SetAoms(_I):
    """The AOM cards the crew chose at setup (setup.aoms)."""

    type: Literal["set_aoms"] = "set_aoms"
    aoms: list[Literal["green", "gray", "blue", "brown"]] = Field(default=[], max_length=4)
    solo: bool = False


class SetMedic(_I):
    """Which astronaut is the Medic (setup.medic): the crew role Heal asks about."""

    type: Literal["set_medic"] = "set_medic"
    astronaut: str = Field(min_length=1, max_length=40)


class RollMalfunction(_I):
    type: Literal["roll_malfunction"] = "roll_malfunction"
    dice: dict[Block, int] = Field(default={}, description="table-rolled dice by Block")
    also_roll: list[Block] = Field(default=[], description="dice the Mission sheet orders")


class CleanUp(_I):
    type: Literal["clean_up"] = "clean_up"
    goals_done: bool = False
    threshold_ok: bool = True


Intent = Annotated[
    AdvanceMalfunction | ChangeSupply | ChangeMorale | ChangeStress | Wound | AddLogEvent
    | BreakStatus | ClearShutdown | RepairStatus | PlaceToken | RevealTile | GatherSample
    | Heal | MoraleTokensChange | RepairRover | RemoveLogEvent | TakeCondition
    | ChangeProduction | PlantSeed | Cargo | UseSkill | AddFacility
    | EndEvents | ResolveMorale | Produce | DeclareActions | RollActionDice | ResolveAction
    | EndActions
    | RollMalfunction
    | CleanUp | StartSol | SetAoms | SetMedic,
    Field(discriminator="type")]
_ADAPTER: TypeAdapter[Intent] = TypeAdapter(Intent)
EFFECTS = ("advance_malfunction", "change_supply", "change_morale", "change_stress", "wound",
           "add_log_event", "break_status", "clear_shutdown", "repair_status", "place_token",
           "reveal_tile", "gather_sample", "heal", "morale_tokens", "repair_rover",
           "remove_log_event", "take_condition", "change_production", "plant_seed", "cargo",
           "use_skill", "add_facility")


def intent_from_dict(data: Any, source: str = "intent") -> Intent:
    """Validate one intent document.

    Raises:
        ContentError: located problems (unknown type, missing or wrong field).
    """
    try:
        return _ADAPTER.validate_python(data)
    except ValidationError as err:
        raise ContentError(source, format_validation(source, err, data)) from None


def with_input(it: Intent, kind: str, value: Any) -> Intent:
    """``it`` with ``value`` entered as the table's next draw or choice of ``kind``."""
    draws = {k: list(v) for k, v in it.draws.items()}
    draws.setdefault(kind, []).append(value)
    return it.model_copy(update={"draws": draws})


def with_roll_for_me(it: Intent) -> Intent:
    """``it`` with the assistant asked to roll the dice and draw the tiles the table did not
    enter (never to make the table's choices)."""
    return it.model_copy(update={"roll_for_me": True})


def intent_to_dict(i: Intent) -> dict[str, Any]:
    return i.model_dump(mode="json", exclude_defaults=True) | {"type": i.type}
