"""Every region of the map is reachable and offered (seed 004: The Actions › Travel; 6. Explore).

Why Ring 3 Northeast and Ring 3 East were never offered: the board data marks them
``explorable: false`` (Explore: "You can't Explore the East and Northeast ring-3 spaces"), the
only way the assistant put a tile on a space was an Explore, and nothing listed the spaces an
effect may put a tile on (the panel's picker filtered on ``explorable``).  So no tile could
reach them, and an unrevealed space is never a destination nor on a path.  The graph itself
is sound (checked below: every side is shared both ways, every space connects to the HUB).
The rulebook forbids only Exploring them (tutor reading ``tutor.mission_tiles``)."""

from __future__ import annotations

import networkx as nx
from testkit.first_martians import play as _play
from testkit.first_martians import table

from mrp_tutor.games.first_martians import default_board, legal, map_graph, paths

START = {"first_player": "red", "astronauts": [{"id": "red", "name": "Red"},
                                               {"id": "yellow", "name": "Yellow"}]}
SPACES = [s for s in default_board().spaces if s.id != "hub"]


def test_the_map_data_is_a_connected_graph_of_shared_sides() -> None:
    board = default_board()
    nb = {s.id: set(s.neighbours) for s in board.spaces}
    assert all(a in nb[b] for a, ns in nb.items() for b in ns)  # a side is shared both ways
    t = table(START, tiles={s.id: {"name": s.name} for s in SPACES})
    g = map_graph(board, t.state)
    assert nx.is_connected(g) and len(g) == 25
    assert {s.id for s in SPACES if not s.explorable} == {"r3_ne", "r3_e"}  # Explore's rule


def test_every_unrevealed_space_is_offered_for_a_tile_and_the_ring3_east_ones_cite_why() -> None:
    t = table(START)
    lg = legal(t.state, t.board)
    assert set(lg.tile_spaces) == {s.id for s in SPACES}
    assert "r3_ne" not in lg.destinations["explore"]  # never explored (explore.forbidden)
    events = _play(t, type="reveal_tile", space="r3_ne", name="Mission Crater")
    assert events[0].rule == "tutor.mission_tiles"
    assert "r3_ne" not in legal(t.state, t.board).tile_spaces


def test_every_region_once_revealed_is_a_destination_and_on_a_path() -> None:
    t = table(START, tiles={s.id: {"name": s.name, "samples": 1} for s in SPACES})
    lg = legal(t.state, t.board)
    every = {s.id for s in SPACES}
    for action in ("gather", "research", "build", "mission"):
        assert set(lg.destinations[action]) == every, action
    on_a_path = {n for s in SPACES for o in paths(t.board, t.state, s.id, limit=12)
                 for n in o.path}
    assert on_a_path == every | {"hub"}


def test_ring3_east_is_reached_through_ring3_northeast_when_ring2_east_is_empty() -> None:
    tiles = {x: {"name": x} for x in ("r1_ne", "r2_ne", "r3_ne", "r3_e")}
    t = table(START, tiles=tiles)
    best = paths(t.board, t.state, "r3_e")[0]
    assert best.path == ("hub", "r1_ne", "r2_ne", "r3_ne", "r3_e")
    assert "r3_e" in legal(t.state, t.board).destinations["research"]
