"""Outside audit, rulebook (seed 004) Phase III. Production, steps III-A to III-D.

Each case checks one bookkeeping fact of that phase as the rulebook states it (paraphrased
in each docstring), on a HUB the table might really hold.
"""

from __future__ import annotations

from typing import Any

from testkit.first_martians import play, table

CREW2 = [{"id": "red", "name": "Red"}, {"id": "yellow", "name": "Yellow"}]
CREW4 = [*CREW2, {"id": "blue", "name": "Blue"}, {"id": "purple", "name": "Purple"}]
START: dict[str, Any] = {"first_player": "red", "astronauts": CREW2, "phase": "production",
                         "supply": {"oxygen": 2, "energy": 2, "food": 4}}


def _kinds(events: list[Any], kind: str) -> list[Any]:
    return [e for e in events if e.type == kind]


def test_a_facility_with_an_oxygen_shutdown_tile_still_needs_energy() -> None:
    """III-A notes: an oxygen Shutdown tile does not stop a Facility needing energy (and the
    other way round).  The basic HUB needs 10 energy; the Lab already holds an oxygen tile,
    so 10 energy produced is exactly enough: no energy tile, no energy surplus; 8 oxygen
    produced against 7 oxygen users leaves a surplus of 1, half rounded up = 1."""
    t = table(START, facilities={"lab": {"shutdown_oxygen": "oxygen_1"}})
    before = dict(t.state.supply)
    play(t, type="produce", draws={"shutdown_target": []})
    assert t.state.facility("lab").shutdown_energy is None
    assert t.state.supply["energy"] == before["energy"]
    assert t.state.supply["oxygen"] == before["oxygen"] + 1


def test_a_red_energy_connector_is_still_supplied_in_production() -> None:
    """III-A notes: a red Energy Connectors status is not a Shutdown; the Facility must still
    be supplied, so it still counts among the 10 energy users."""
    t = table(START, facilities={"lab": {"red": ["energy"]}})
    before = dict(t.state.supply)
    play(t, type="produce")
    assert t.state.supply["energy"] == before["energy"]  # 10 made, 10 used: no surplus
    assert not any(f.shut for f in t.state.facilities)


def test_wilting_lowers_seeds_discards_from_one_and_drops_a_plant_to_six() -> None:
    """III-B: a red oxygen or energy status wilts the Farm: each seed moves down one space,
    one on space 1 is discarded, and one plant goes back to space 6 of the Growth track."""
    t = table(START, facilities={"farm_01": {"farm": {"greenhouses": 4, "seeds": [1, 4],
                                                      "plants": 2}, "red": ["energy"]}})
    play(t, type="produce")
    farm = t.state.facility("farm_01").farm
    assert farm is not None
    assert sorted(farm.seeds) == [3, 6] and farm.plants == 1


def test_only_the_plants_left_after_wilting_feed_the_crew() -> None:
    """III-B comes before III-C: a wilted plant is back on the Growth track, so it no longer
    produces food.  2 plants, wilt -> 1 plant: 1 food made, 2 eaten, 1 from the supply."""
    t = table(START, facilities={"farm_01": {"farm": {"greenhouses": 4, "plants": 2},
                                             "red": ["oxygen"]}})
    play(t, type="produce")
    assert t.state.supply["food"] == 4 - 1


def test_food_surplus_half_rounded_up() -> None:
    """III-C: more food produced than eaten saves half the surplus, rounded up: 5 plants, 2
    astronauts, 3 surplus -> +2 food."""
    t = table(START, facilities={"farm_01": {"farm": {"greenhouses": 6, "plants": 5}}})
    play(t, type="produce")
    assert t.state.supply["food"] == 4 + 2


def test_the_rulebook_food_example_four_astronauts_two_plants_one_food() -> None:
    """III-C example: 4 astronauts, 2 plants, 1 food in the supply: the supply's food is
    eaten and one astronaut takes a wound for the missing food."""
    t = table(START, astronauts=CREW4, supply={"oxygen": 2, "energy": 2, "food": 1},
              facilities={"farm_01": {"farm": {"greenhouses": 4, "plants": 2}}})
    play(t, type="produce", food_wounds=["blue"])
    assert t.state.supply["food"] == 0
    assert sum(a.wounds for a in t.state.astronauts) == 1
    assert t.state.astronaut("blue").wounds == 1


def test_stress_counts_the_shutdown_tiles_placed_this_phase() -> None:
    """III-D: +1 Stress per astronaut and +2 per Shutdown tile on a Facility.  One oxygen
    missing (an Oxygenator down to 3) puts a tile in III-A: 2 astronauts + 2 = +4."""
    t = table(START, stress=3, facilities={"oxygenator_01": {"production": 3}})
    play(t, type="produce", shutdowns={"oxygen": ["lab"]})
    assert t.state.facility("lab").shutdown_oxygen is not None
    assert t.state.stress == 3 + 2 + 2


def test_a_fight_when_stress_would_pass_18_resets_to_zero() -> None:
    """III-D: when Stress reaches or would pass #18 a fight breaks out: each astronaut takes
    a wound, the Morale track drops by 1 and Stress goes back to #00 (not to the excess)."""
    t = table(START, astronauts=CREW4, stress=16, morale=1)
    events = play(t, type="produce")
    assert _kinds(events, "fight")
    assert t.state.stress == 0 and t.state.morale == 0
    assert [a.wounds for a in t.state.astronauts] == [1, 1, 1, 1]
