"""Events of the table's later inputs: the AOM roster, pawns placed once, the Mission Log,
action dice, production changes, planting, the Cargo Bay, skills and Facility cards.

Each is an :class:`~.event_base.Event` with the rule id that caused it (registered in
:data:`~.events.EVENT_TYPES`, which lists :data:`MORE_EVENTS`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from mrp_tutor.games.first_martians.event_base import _EV, Event
from mrp_tutor.games.first_martians.state import HubState


@dataclass(**_EV)
class ProductionChanged(Event):
    type: ClassVar[str] = "production_changed"
    facility: str
    delta: int
    value: int

    def apply(self, s: HubState) -> None:
        s.facility(self.facility).production = self.value


@dataclass(**_EV)
class SeedPlanted(Event):
    type: ClassVar[str] = "seed_planted"
    farm: str

    def apply(self, s: HubState) -> None:
        farm = s.facility(self.farm).farm
        assert farm is not None
        farm.seeds = sorted([*farm.seeds, 1])
        s.cargo.available.remove("seed")


@dataclass(**_EV)
class CargoChanged(Event):
    type: ClassVar[str] = "cargo_changed"
    item: str
    delta: int
    area: str

    def apply(self, s: HubState) -> None:
        items = getattr(s.cargo, self.area)
        for _ in range(abs(self.delta)):
            if self.delta > 0:
                items.append(self.item)
            else:
                items.remove(self.item)


@dataclass(**_EV)
class SkillUsed(Event):
    type: ClassVar[str] = "skill_used"
    astronaut: str
    skill: str
    morale_tokens: int

    def apply(self, s: HubState) -> None:
        a = s.astronaut(self.astronaut)
        a.morale_tokens -= self.morale_tokens
        if self.skill == "base":
            a.base_skill_used = True
        else:
            a.skill_cards_down.append(self.skill)


@dataclass(**_EV)
class FacilityAdded(Event):
    """A Facility card built: beside its Block, a red marker on every status."""

    type: ClassVar[str] = "facility_added"
    facility: dict[str, Any]

    def apply(self, s: HubState) -> None:
        from mrp_tutor.games.first_martians.state import Facility

        s.facilities.append(Facility.model_validate(self.facility))


@dataclass(**_EV)
class ActionDiceRolled(Event):
    """The action dice of a declared action, as the table rolled them."""

    type: ClassVar[str] = "action_dice_rolled"
    index: int
    action: str
    astronaut: str
    success: bool | None  # None: the Success die was not rolled
    wound: bool | None
    adventure: bool | None
    rerolled: bool = False

    def apply(self, s: HubState) -> None:
        s.declared[self.index].rolled = True


@dataclass(**_EV)
class AomsSet(Event):
    """The AOM cards in play (setup)."""

    type: ClassVar[str] = "aoms_set"
    aoms: list[str]
    solo: bool = False

    def apply(self, s: HubState) -> None:
        s.aoms = list(self.aoms)  # type: ignore[arg-type]
        s.solo = self.solo


@dataclass(**_EV)
class MedicNamed(Event):
    """The astronaut who is the Medic (setup.medic); the crew has one Medic."""

    type: ClassVar[str] = "medic_named"
    astronaut: str
    name: str

    def apply(self, s: HubState) -> None:
        for a in s.astronauts:
            a.medic = a.id == self.astronaut


@dataclass(**_EV)
class PawnsPlaced(Event):
    """Every pawn of this Action Phase is placed: no more placing (actions.order)."""

    type: ClassVar[str] = "pawns_placed"
    actions: int

    def apply(self, s: HubState) -> None:
        s.actions_declared = True


@dataclass(**_EV)
class LogEventRemoved(Event):
    """An event leaves the Mission Log: its Event action resolved it, or the app resolved
    its Delayed Consequences."""

    type: ClassVar[str] = "log_event_removed"
    name: str
    why: str  # resolved | delayed
    by: str | None = None  # the astronaut whose Event action resolved it

    def apply(self, s: HubState) -> None:
        from mrp_tutor.games.first_martians.state import PastEntry

        for k, e in enumerate(s.mission_log):
            if e.name == self.name:
                del s.mission_log[k]
                s.log_past.append(PastEntry(name=e.name, by=self.by, sol=s.sol,
                                            why="resolved" if self.why == "resolved"
                                            else "delayed"))
                return


@dataclass(**_EV)
class ActionResolved(Event):
    """A declared action resolved, in the action order: penalties taken, dice rolled, and
    (on a success) its outcome applied; ``enter`` names the effects the table enters next."""

    type: ClassVar[str] = "action_resolved"
    index: int
    action: str
    astronaut: str
    success: bool
    outcome: str = ""
    enter: list[str] = field(default_factory=list)
    adventure: bool = False  # an Adventure to resolve in the app (a penalty or the die)

    def apply(self, s: HubState) -> None:
        d = s.declared[self.index]
        d.resolved = True
        d.success = self.success


MORE_EVENTS: tuple[type[Event], ...] = (
    ProductionChanged, SeedPlanted, CargoChanged, SkillUsed, FacilityAdded, ActionDiceRolled,
    AomsSet, MedicNamed, PawnsPlaced, LogEventRemoved, ActionResolved)
