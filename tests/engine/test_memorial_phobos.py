"""Rulebook "Lost in Space Memorial" and "Phobos"."""

from __future__ import annotations

import pytest

from mrp_tutor.games.mission_red_planet.engine import Board, IllegalIntent, Kill, Move, Replace


@pytest.fixture
def t(four_docks):
    return four_docks


def test_killed_astronauts_go_to_the_memorial_which_is_not_a_zone(t):
    red, blue = t.colours[:2]
    t.put("hellas", blue)
    t.choose({red: "soldier"})
    t.play(Board(red, "s01"))
    t.play(Kill(red, "hellas", blue))
    assert t.state.memorial == {blue: 1}
    assert "memorial" not in t.state.zones and "memorial" not in t.spec.zones
    assert sum(t.state.astronaut_places(blue).values()) == 22


def test_memorial_astronauts_cannot_be_targeted(t):
    red, blue = t.colours[:2]
    t.kill(blue, 2)
    t.put("hellas", red)
    t.choose({red: "femme_fatale"})
    t.play(Board(red, "s01"))
    assert not any(x.place == "memorial" for x in t.legal(red) if isinstance(x, Replace))


def test_phobos_is_adjacent_to_no_zone(spec):
    assert spec.adjacent[spec.moon] == ()
    assert all(spec.moon not in spec.adjacent[z] for z in spec.zones)


def test_explorer_cannot_move_to_or_from_phobos(t):
    red = t.colours[0]
    t.put("phobos", red)
    t.put("hellas", red)
    t.choose({red: "explorer"})
    t.play(Board(red, "s01"))
    moves = [x for x in t.legal(red) if isinstance(x, Move)]
    assert moves and all("phobos" not in (m.from_zone, m.to_zone) for m in moves)
    with pytest.raises(IllegalIntent) as err:
        t.play(Move(red, "hellas", "phobos"))
    assert err.value.code == "not_adjacent" and err.value.rule == "phobos.no_adjacency"


def test_phobos_behaves_like_a_zone_for_production(t):
    from mrp_tutor.games.mission_red_planet.engine import advance

    red = t.colours[0]
    t.flip("phobos", "celerium")
    t.put("phobos", red)
    s = t.state
    s.track_index, s.stage = 5, "production"
    out: list = []
    advance(t.spec, s, out)
    assert s.seats[red].tokens["celerium"] == 1


def test_phobos_takes_no_discovery(spec):
    assert spec.moon not in spec.outer
