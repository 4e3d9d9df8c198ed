"""Audit, rulebook "Setup › 4. Prepare Ships", "The Game Round › 2. Resolve Character Effects"
(capacity, launching) and "› 4. Draw New Docked Ships".

Rulebook facts checked (paraphrased): a ship is full when its astronauts equal its capacity
and then launches, but only once the effect that filled it is fully resolved; an astronaut
never boards a full ship; replacing an unknown-destination ship and adding a Phobos token
are setup steps only, so a refill in play docks whatever is drawn and adds no token; only
an astronaut arriving turns a face-down resource token up, so an empty ship that lands
leaves it face down.
"""

from __future__ import annotations

from mrp_tutor.games.mission_red_planet.engine import Board, DrawEvent, Launch

from .conftest import end_round, fresh


def test_a_ship_filled_by_the_first_of_two_placements_takes_no_more_and_waits(table):
    """The Scientist's first astronaut fills s07 (capacity 2): the second may not board it,
    and s07 launches only after the rest of the card (draw or look) is resolved."""
    t = fresh(table)
    red, blue = t.colours[:2]
    t.dock([("s07", {blue: 1}), "s01", "s04", "s02"])
    deck = t.state.event_deck
    mission = next(c for c in deck if c in t.spec.missions)
    deck.remove(mission)
    deck.insert(0, mission)  # the draw is a mission: kept, nothing to assign
    t.choose({red: "scientist"})
    evs = t.play(Board(red, "s07"))
    assert "ship_launched" not in [e.type for e in evs]
    assert t.state.ships["s07"].aboard() == 2 and "s07" in t.state.docks
    assert {x.ship for x in t.legal(red)} == {"s01", "s04", "s02"}
    t.play(Board(red, "s01"))
    assert "s07" in t.state.docks  # still docked during the draw-or-look step
    evs = t.play(DrawEvent(red))
    kinds = [e.type for e in evs]
    assert kinds.index("resolution_ended") < kinds.index("ship_launched")
    assert next(e for e in evs if e.type == "ship_launched").ship == "s07"


def test_a_refill_docks_an_unknown_destination_ship_and_adds_no_phobos_token(table):
    """Setup replaces '?' ships and puts a Phobos token on the right-most ship when no ship is
    bound for Phobos; a refill during play does neither."""
    t = fresh(table)
    red = t.colours[0]
    deck = t.state.ship_deck
    for sid in ("s31", "s21"):  # '?' ship, then a Sinus Sabaeus ship, on top of the deck
        deck.remove(sid)
    deck[:0] = ["s31", "s21"]
    t.touch()
    t.choose({red: "secret_agent"})
    t.play(Board(red, "s01"))
    t.play(Board(red, "s04"))
    t.play(Launch(red, "s05"))  # an empty ship: s05's dock (the right-most) opens
    evs = end_round(t)
    landed = [e for e in evs if e.type == "ship_landed"]
    refills = [e for e in evs if e.type == "ship_docked"]
    assert [e.ship for e in refills][:2] == ["s31", "s21"]  # the '?' ship stays docked
    assert all(e.rule == "round.refill" for e in refills)
    assert not any(t.spec.ships[x].destination == "phobos" for x in t.state.docked())
    after = evs[evs.index(landed[-1]):]
    assert not [e for e in after if e.type == "destination_token_placed"]
    assert t.state.ships["s31"].tokens == []


def test_an_empty_ship_that_lands_leaves_the_resource_token_face_down(table):
    """A resource token is turned up when an astronaut is placed in the zone; an empty ship
    forced to launch (Secret Agent) places nobody, so the token stays face down."""
    t = fresh(table)
    red = t.colours[0]
    t.dock(["s01", "s04", "s02", "s10"])  # s10: Hellas
    assert not t.state.face_up["hellas"]
    t.choose({red: "secret_agent"})
    t.play(Board(red, "s01"))
    t.play(Board(red, "s04"))
    t.play(Launch(red, "s10"))
    evs = end_round(t)
    landed = next(e for e in evs if e.type == "ship_landed" and e.ship == "s10")
    assert landed.zone == "hellas" and landed.crew == ()
    assert not [e for e in evs if e.type == "resource_flipped" and e.zone == "hellas"]
    assert not t.state.face_up["hellas"]
