"""A visitor's kernel imports only what the first screen needs (memory per visitor).

pandas (~100 MB with pyarrow) is imported when a table tab is opened, not before; networkx
(~11 MB) only for a board that is not a simple ring.
"""

from __future__ import annotations

import subprocess
import sys

FIRST_SCREEN = """
import sys
from unittest import mock
import mrp_tutor.app
from mrp_tutor.app import build_app
with mock.patch("IPython.display.display"):
    mrp_tutor.app.show_app(seed=3)  # the notebook's call, game picker included
assert "mrp_tutor.games.first_martians" not in sys.modules
app = build_app(seed=3)
app.stepper.next_btn.click()
print(",".join(m for m in ("pandas", "pyarrow", "networkx") if m in sys.modules))
app.open_tab("Scores")  # Scores: a pandas table
print("pandas" in sys.modules, "error" in app.status.value)
"""


def test_the_first_screen_does_not_import_pandas() -> None:
    out = subprocess.run([sys.executable, "-c", FIRST_SCREEN], capture_output=True, text=True,
                         timeout=120, check=True).stdout.splitlines()
    assert out == ["", "True False"]


def test_the_ring_walk_is_networkx_find_cycle() -> None:
    from mrp_tutor.games.mission_red_planet.engine import load_spec
    from mrp_tutor.games.mission_red_planet.ui.board import _ring_order_nx, ring_order

    spec = load_spec(use_env_overrides=False)
    assert len(ring_order(spec)) == len(spec.outer) >= 3
    assert ring_order(spec) == _ring_order_nx(spec, list(spec.outer))


def test_the_map_edges_are_the_zone_graphs() -> None:
    from mrp_tutor.games.mission_red_planet.engine import load_spec
    from mrp_tutor.games.mission_red_planet.ui.board import map_edges

    spec = load_spec(use_env_overrides=False)
    graph = [{"a": a, "b": b, "verified": bool(d.get("verified", False))}
             for a, b, d in spec.graph.edges(data=True)]
    assert map_edges(spec) == graph and len(graph) > 10
