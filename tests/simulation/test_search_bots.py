"""Simulations with the search bot: per seat, on the same seeded path as the other bots, and
the results say which bots played."""

from __future__ import annotations

import pytest

from mrp_tutor.cli.main import main
from mrp_tutor.games.mission_red_planet.engine import bots, load_spec
from mrp_tutor.games.mission_red_planet.simulation import simulate


@pytest.fixture
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "SEARCH_ITERATIONS", 4)  # a small budget: the path, not strength


def test_a_search_seat_among_greedy_ones_is_recorded(quick_search: None) -> None:
    spec = load_spec(use_env_overrides=False)
    kinds = ["search", "greedy", "greedy", "greedy"]
    a = simulate(spec, 4, 2, seed=3, bots=kinds, workers=0, progress=None).table()
    b = simulate(spec, 4, 2, seed=3, bots=kinds, workers=0, progress=None).table()
    assert list(a["red_bot"]) == ["search", "search"] and list(a["blue_bot"]) == ["greedy"] * 2
    assert list(a["bots"]) == ["search,greedy,greedy,greedy"] * 2
    assert a.equals(b)  # an iteration budget: seeded games replay exactly


def test_the_cli_names_the_search_budget(quick_search: None, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    assert main(["simulate", "--players", "3", "--games", "1", "--bots",
                 "search,random,random", "--workers", "0", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "bots search,random,random (search: 4 iterations a decision)" in out
