"""The ruleset registry (issue 27): it registers the shipped rulesets itself, each with its
priority (no ruleset module registers itself by importing the registry), and what the app's
picker shows of a ruleset lives on the ruleset (its label, the entry that offers it)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest

from mrp_tutor.games.mission_red_planet.engine.rulesets import (
    DEFAULT,
    PRIORITY,
    RULESETS,
    SHIPPED,
    Rules,
    register,
    ruleset_for_players,
)
from mrp_tutor.games.mission_red_planet.ui.panels import ruleset as picker

RULESETS_DIR = (Path(__file__).resolve().parents[2] / "mrp_tutor" / "games"
                / "mission_red_planet" / "engine" / "rulesets")


def test_the_registry_lists_the_shipped_rulesets_with_their_priorities() -> None:
    shipped = {cls.name: p for cls, p in SHIPPED}  # a new ruleset may join these
    assert SHIPPED[0][0].name == "standard"
    assert shipped.items() >= {("standard", 0), ("two_player", 0), ("first_edition", 10),
                               ("unique_abilities", 20)}
    assert all(PRIORITY[cls.name] == p and type(RULESETS[cls.name]) is cls for cls, p in SHIPPED)
    assert ruleset_for_players(3).name == DEFAULT == "standard"  # first_edition seats 3 too
    assert ruleset_for_players(2).name == "two_player"


def test_no_ruleset_module_imports_the_registry() -> None:
    for path in sorted(RULESETS_DIR.rglob("*.py")):
        if path == RULESETS_DIR / "__init__.py":
            continue
        depth = len(path.relative_to(RULESETS_DIR).parts)  # rulesets/x.py: 1; a package's: 2
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == depth:
                assert node.module is not None, f"{path.name} imports the registry package"


class Tiny(Rules):
    name: ClassVar[str] = "tiny_two"
    summary: ClassVar[str] = "a toy seating 3 players before the standard game"
    players: ClassVar[tuple[int, int]] = (3, 3)


class Solo(Rules):
    name: ClassVar[str] = "solo"
    summary: ClassVar[str] = "a toy for one player, offered within the standard game"
    label: ClassVar[str | None] = "Solo"
    offered_within: ClassVar[str | None] = "standard"
    players: ClassVar[tuple[int, int]] = (1, 1)


@pytest.fixture
def toys() -> Iterator[None]:
    register(Tiny, priority=-1)
    register(Solo)
    yield
    for name in ("tiny_two", "solo"):  # test toys: gone after the test
        RULESETS.pop(name)
        PRIORITY.pop(name)


def test_a_priority_decides_which_ruleset_seats_a_count(toys: None) -> None:
    assert ruleset_for_players(3).name == "tiny_two"
    assert ruleset_for_players(4).name == "standard"


def test_the_picker_reads_labels_and_entries_off_the_rulesets(toys: None) -> None:
    shown = dict((n, label) for label, n in picker.rulesets())
    assert shown["standard"] == RULESETS["standard"].label == "Standard (2nd edition)"
    assert shown["unique_abilities"] == "Unique Abilities (first edition)"
    assert "two_player" not in shown and "solo" not in shown  # offered within standard
    assert shown["tiny_two"].startswith("Tiny two (a toy")  # no label: name and summary
    assert [v for _, v in picker.player_options("standard")] == [3, 4, 5, 6, 2, 1]
    assert picker.played_ruleset("standard", 1) == "solo"
    assert picker.played_ruleset("standard", 2) == "two_player"
