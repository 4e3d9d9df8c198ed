"""More effect intents: production changes, planting, the Cargo Bay, skills and Facility
cards, each checked against the rulebook before its event is emitted."""

from __future__ import annotations

from mrp_tutor.games.first_martians.errors import FmError
from mrp_tutor.games.first_martians.events import ConditionTaken, Tallied
from mrp_tutor.games.first_martians.events_more import (
    CargoChanged,
    FacilityAdded,
    ProductionChanged,
    SeedPlanted,
    SkillUsed,
)
from mrp_tutor.games.first_martians.intents import (
    AddFacility,
    Cargo,
    ChangeProduction,
    Intent,
    PlantSeed,
    TakeCondition,
    UseSkill,
)
from mrp_tutor.games.first_martians.lookup import astronaut as _astronaut
from mrp_tutor.games.first_martians.lookup import facility as _facility
from mrp_tutor.games.first_martians.mission_log import remove_delayed
from mrp_tutor.games.first_martians.run import Run
from mrp_tutor.games.first_martians.state import active_conditions


def change_production(r: Run, it: ChangeProduction) -> None:
    """A producer's white marker moves, never past its maximum nor below 0; a Shutdown
    Facility receives no effect (shutdown.effects)."""
    f = _facility(r, it.facility, it.rule)
    if f.produces is None:
        raise FmError("fm.not_a_producer", it.rule, f"{f.name} produces no oxygen or energy",
                      {"facility": f.id})
    if f.shut:
        raise FmError("fm.facility_shutdown", "shutdown.effects", f"{f.name} is shut down: it "
                      "receives no effect", {"facility": f.id})
    new = f.production + it.delta
    if new > f.max_production:
        raise FmError("fm.production_max", "shutdown.production",
                      f"{f.name} is at {f.production} of its maximum {f.max_production}: it "
                      f"cannot gain {it.delta}", {"facility": f.id, "production": f.production,
                                                   "max": f.max_production})
    new = max(0, new)
    if new != f.production:
        r.emit(ProductionChanged(rule=it.rule, facility=f.id, delta=new - f.production,
                                 value=new))


def plant_seed(r: Run, it: PlantSeed) -> None:
    """8. Research / Planting: a seed from the Cargo Bay on Growth space 1 of a Farm with a
    free Greenhouse and space 1 empty."""
    f = _facility(r, it.farm, it.rule)
    farm = f.farm
    if farm is None:
        raise FmError("fm.not_a_farm", it.rule, f"{f.name} is not a Farm", {"facility": f.id})
    if f.shut:
        raise FmError("fm.facility_shutdown", "shutdown.effects", f"{f.name} is shut down",
                      {"facility": f.id})
    if "seed" not in r.s.cargo.available:
        raise FmError("fm.no_seed", it.rule, "the Cargo Bay's Available area holds no seed",
                      {})
    if len(farm.seeds) + farm.plants >= farm.greenhouses:
        raise FmError("fm.farm_full", it.rule, f"{f.name} has {farm.greenhouses} Greenhouses "
                      f"and {len(farm.seeds) + farm.plants} seeds and plants: no room",
                      {"facility": f.id})
    if 1 in farm.seeds:
        raise FmError("fm.seed_space_taken", it.rule, f"Growth space 1 of {f.name} already "
                      "holds a seed", {"facility": f.id})
    r.emit(SeedPlanted(rule=it.rule, farm=f.id))


def cargo(r: Run, it: Cargo) -> None:
    """Items enter or leave an area of the Cargo Bay; a cost is taken from Available only."""
    items = getattr(r.s.cargo, it.area)
    if it.delta < 0 and it.area == "pending":
        raise FmError("fm.not_in_cargo", "faq.pending", "nothing in the Cargo Bay's Pending "
                      "area can be used before Clean-Up makes it Available",
                      {"item": it.item, "area": it.area})
    if it.delta < 0 and items.count(it.item) < -it.delta:
        raise FmError("fm.not_in_cargo", it.rule, f"the Cargo Bay's Available area holds "
                      f"{items.count(it.item)} {it.item.replace('_', ' ')}, not {-it.delta}",
                      {"item": it.item, "area": it.area})
    if it.delta:
        r.emit(CargoChanged(rule=it.rule, item=it.item, delta=it.delta, area=it.area))


def use_skill(r: Run, it: UseSkill) -> None:
    """Skills: once a round each, paid with the astronaut's own Morale tokens; Migraine
    forbids skills (from the end of the phase it was gained)."""
    a = _astronaut(r, it.astronaut, it.rule)
    if "migraine" in active_conditions(a):
        raise FmError("fm.migraine_no_skills", "health.migraine", f"{a.name} has Migraine: "
                      "no skills", {"astronaut": a.id})
    used = a.base_skill_used if it.skill == "base" else it.skill in a.skill_cards_down
    if used:
        raise FmError("fm.skill_used", it.rule, f"{a.name} already used that skill this round",
                      {"astronaut": a.id, "skill": it.skill})
    if a.morale_tokens < it.morale_tokens:
        raise FmError("fm.not_enough_morale_tokens", it.rule, f"{a.name} has "
                      f"{a.morale_tokens} Morale tokens, not {it.morale_tokens}",
                      {"astronaut": a.id})
    r.emit(SkillUsed(rule=it.rule, astronaut=a.id, skill=it.skill,
                     morale_tokens=it.morale_tokens))


def apply_more(r: Run, it: Intent, rule: str) -> bool:
    """Apply the effect intents of this module; False for any other intent."""
    if it.type == "change_production":
        change_production(r, it)
    elif it.type == "plant_seed":
        plant_seed(r, it)
    elif it.type == "cargo":
        cargo(r, it)
    elif it.type == "use_skill":
        use_skill(r, it)
    elif it.type == "add_facility":
        add_facility(r, it)
    elif it.type == "remove_log_event":
        remove_delayed(r, it.name, rule)
    elif it.type == "take_condition":
        take_condition(r, it, rule)
    else:
        return False
    return True


def take_condition(r: Run, it: TakeCondition, rule: str) -> None:
    """An effect gives a particular Condition: none if the astronaut has it (it is not in
    the stack: faq.condition_stack); Anxiety Attack costs 1 Morale at once and goes back."""
    a = _astronaut(r, it.astronaut, rule)
    if it.condition not in r.board.conditions.names:
        raise FmError("fm.unknown_condition", rule, f"there is no Condition "
                      f"{it.condition!r}", {"condition": it.condition})
    if it.condition in a.conditions:
        r.emit(Tallied(rule="faq.condition_stack", step="condition_not_taken",
                       facts={"astronaut": a.id, "condition": it.condition}))
        return
    anxiety = it.condition == "anxiety_attack"
    r.emit(ConditionTaken(rule=rule, astronaut=a.id, condition=it.condition, kept=not anxiety))
    if anxiety:
        r.morale(-1, "health.condition")


def add_facility(r: Run, it: AddFacility) -> None:
    """9. Build Facility: the card goes beside its Block with a red marker on each status;
    the Mission sheet gives a new producer's production or a new Farm's Greenhouses."""
    if any(f.id == it.id for f in r.s.facilities):
        raise FmError("fm.facility_exists", it.rule, f"there is already a Facility {it.id!r}",
                      {"facility": it.id})
    base = r.board.facility(it.like)
    farm = None
    if it.like == "farm_01":
        if it.greenhouses < 1:
            raise FmError("fm.farm_full", it.rule, "a new Farm needs the Greenhouses the "
                          "Mission sheet gives it", {"facility": it.id})
        farm = {"greenhouses": it.greenhouses, "seeds": [], "plants": 0}
    top = base.max_production if base.produces else 0
    if it.production > top:
        raise FmError("fm.production_max", it.rule, f"a {base.name} produces at most {top}",
                      {"facility": it.id})
    doc = {"id": it.id, "name": it.name, "block": base.block, "produces": base.produces,
           "production": it.production, "max_production": top, "action": base.action,
           "statuses": [{"part": s.part, "penalty": s.penalty, "red": True}
                        for s in base.statuses], "farm": farm}
    r.emit(FacilityAdded(rule=it.rule, facility=doc))
