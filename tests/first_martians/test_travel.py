"""Travel (rulebook: The Actions › Travel): the proposed path is legal and cheapest, checked
against brute force on seeded random maps."""

from __future__ import annotations

import random
from itertools import pairwise

import networkx as nx
import pytest

from mrp_tutor.core.errors import MrpError
from mrp_tutor.games.first_martians import default_board, load_state, map_graph, route

ICONS = ["wound", "morale", "adventure", "rover"]


def _random_map(rng: random.Random) -> dict[str, dict[str, object]]:
    spaces = [s.id for s in default_board().spaces if s.id != "hub"]
    tiles = {}
    for sp in rng.sample(spaces, rng.randint(1, 12)):
        icons = ["extra_pawn"] * rng.choice([1, 1, 2]) + rng.sample(ICONS, rng.randint(0, 2))
        tiles[sp] = {"name": sp, "icons": icons, "impassable_outer": rng.random() < 0.2}
    return tiles


@pytest.mark.parametrize("seed", range(25))
def test_route_is_legal_and_cheapest(seed: int) -> None:
    rng = random.Random(seed)
    board = default_board()
    s = load_state({"first_player": "red", "astronauts": [{"id": "red", "name": "Red"}],
                    "tiles": _random_map(rng)})
    g = map_graph(board, s)
    for dest in [n for n in g if n != "hub"]:
        explore = dest not in s.tiles
        try:
            rt = route(board, s, dest, explore=explore, graph=g)
        except MrpError as err:
            assert err.code in ("fm.no_path", "fm.not_explorable"), err.code
            if err.code == "fm.no_path":  # brute force agrees: no legal path
                inner = [n for n in g if n == "hub" or n in s.tiles] + [dest]
                assert not nx.has_path(g.subgraph(inner), "hub", dest)
            continue
        path = rt.path
        assert path[0] == "hub" and path[-1] == dest
        assert all(g.has_edge(a, b) for a, b in pairwise(path))
        assert all(n in s.tiles for n in path[1:-1]), "only revealed tiles in between"
        icons = [i for n in path for i in g.nodes[n]["icons"]]
        assert rt.extra_pawns == icons.count("extra_pawn")
        assert set(rt.penalties) == {i for i in icons if i in ICONS}
        inner = [n for n in g if n == "hub" or n in s.tiles] + [dest]
        best = min(sum(g.nodes[n]["icons"].count("extra_pawn") for n in p)
                   for p in nx.all_simple_paths(g.subgraph(inner), "hub", dest))
        assert rt.extra_pawns == best
