"""Outside audit, rulebook (seed 004) Phase III › Shutdown, Malfunction Keywords (Complication)
and the Miscellaneous FAQ on forced discards.  Each docstring paraphrases its rule."""

from __future__ import annotations

from typing import Any

from testkit.first_martians import play, refused, table

CREW = [{"id": "red", "name": "Red", "morale_tokens": 1}, {"id": "yellow", "name": "Yellow"}]
START: dict[str, Any] = {"first_player": "red", "astronauts": CREW, "phase": "actions",
                         "supply": {"oxygen": 3, "energy": 3, "food": 6}}
SHUT_LAB = {"lab": {"shutdown_oxygen": "oxygen_1"}}


def test_no_token_of_any_kind_goes_on_a_shutdown_facility() -> None:
    """Shutdown: nothing can be placed on a Shutdown Facility, tokens included."""
    t = table(START, facilities=SHUT_LAB)
    events = play(t, type="place_token", facility="lab", token="wound")
    assert [e.rule for e in events] == ["shutdown.effects"]
    assert t.state.facility("lab").now == [] and t.state.facility("lab").fresh == []


def test_a_complication_on_a_shutdown_facility_has_no_effect() -> None:
    """Malfunction notes: a Malfunction card targeting a Shutdown Facility does nothing (no
    replacement card is drawn)."""
    t = table(START, phase="malfunction", facilities=SHUT_LAB)
    events = play(t, type="break_status", facility="lab", part="cpu")
    assert [getattr(e, "effect", None) for e in events] == [False]
    assert not t.state.facility("lab").red("cpu")


def test_a_complication_on_a_red_status_changes_nothing() -> None:
    """Malfunction Keywords: a Complication on a status that is already red has no effect."""
    t = table(START, phase="malfunction", facilities={"lab": {"red": ["cpu"]}})
    before = t.state.model_copy(deep=True)
    play(t, type="break_status", facility="lab", part="cpu")
    assert t.state.facilities == before.facilities


def test_more_production_does_not_lift_a_shutdown_tile() -> None:
    """Production notes: an event raising production does not remove a Shutdown tile; an
    action must remove it."""
    t = table(START, facilities={"oxygenator_01": {"production": 2,
                                                   "shutdown_energy": "energy_1"}})
    # a Shutdown Facility receives no effect at all: the change itself is refused
    err = refused(t, type="change_production", facility="oxygenator_01", delta=1)
    assert err.code == "fm.facility_shutdown"
    assert t.state.facility("oxygenator_01").shutdown_energy == "energy_1"


def test_forced_to_discard_tokens_you_lack_costs_nothing_more() -> None:
    """Miscellaneous FAQ: an effect making you discard what you do not have has no further
    penalty (losing 3 Morale tokens with 1 discards that 1, no wound)."""
    t = table(START)
    play(t, type="morale_tokens", astronaut="red", delta=-3)
    red = t.state.astronaut("red")
    assert (red.morale_tokens, red.wounds) == (0, 0)


def test_the_shutdown_farm_cannot_be_paid_for() -> None:
    """III-B: a Shutdown Farm wilts and no supply can stop it."""
    t = table(START, phase="production",
              facilities={"farm_01": {"farm": {"greenhouses": 2, "plants": 1},
                                      "shutdown_energy": "energy_2"}})
    assert refused(t, type="produce", pay_wilt=["farm_01"]).code == "fm.shutdown_farm_wilts"
