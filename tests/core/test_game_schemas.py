"""Each game registers the JSON Schema of its scenario files (``Game.schema``, published as
``scenarios/<Game.schema_file>``); ``mrp-tutor scenario schema --game NAME`` reaches it
through the registry, so a new game's schema needs no line in the shared command line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from mrp_tutor.cli.main import main
from mrp_tutor.core import games as G
from mrp_tutor.resources import scenarios_dir


@pytest.mark.parametrize("name", [g.name for g in G.SHIPPED])
def test_every_shipped_game_publishes_its_schema(name: str) -> None:
    game = G.get(name)
    assert game.schema is not None and game.schema_file is not None, name
    published = scenarios_dir() / game.schema_file
    assert published.read_text(encoding="utf-8") == game.schema(), (
        f"{published} is stale: mrp-tutor scenario schema --game {name} > {published}")
    assert json.loads(game.schema())["$schema"].startswith("https://json-schema.org/")


@pytest.mark.parametrize("name", [g.name for g in G.SHIPPED])
def test_the_schema_command_prints_each_games_schema(name: str, capsys: Any) -> None:
    assert main(["scenario", "schema", "--game", name]) == 0
    assert capsys.readouterr().out == G.schema_of(name)


def test_without_a_game_the_schema_is_mission_red_planets(capsys: Any) -> None:
    assert main(["scenario", "schema"]) == 0
    assert capsys.readouterr().out == G.schema_of(G.DEFAULT)
    assert "Mission: Red Planet" in G.schema_of(G.DEFAULT)


@pytest.fixture
def toy() -> Iterator[G.Game]:
    game = G.register(G.Game(name="toy_schema", title="Toy schema", load=lambda *a: None,
                             play=lambda sc: G.PlayResult(True, [], [], None),
                             schema=lambda: '{"title": "toy"}\n'))
    yield game
    G._GAMES.pop("toy_schema")  # a test toy: gone after the test


def test_a_registered_game_schema_is_reached_through_the_registry(toy: G.Game,
                                                                   capsys: Any) -> None:
    assert main(["scenario", "schema", "--game", "toy_schema"]) == 0
    assert capsys.readouterr().out == '{"title": "toy"}\n'


def test_an_unknown_game_or_a_game_without_schema_is_a_sentence(capsys: Any) -> None:
    assert main(["scenario", "schema", "--game", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unknown game 'chess' (games: mission_red_planet, "
                          "first_martians") and "Traceback" not in err
    G.register(G.Game(name="toy_plain", title="Toy", load=lambda *a: None,
                      play=lambda sc: G.PlayResult(True, [], [], None)))
    try:
        assert main(["scenario", "schema", "--game", "toy_plain"]) == 2
        assert "publishes no scenario schema" in capsys.readouterr().err
    finally:
        G._GAMES.pop("toy_plain")
