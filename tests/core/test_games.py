"""The game registry: the shared scenario loader, runner, command line and game picker reach
every game through it, so a new game is one registration (here: a toy counting game)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from mrp_tutor.cli.main import main
from mrp_tutor.core import games as G
from mrp_tutor.core.errors import ContentError
from mrp_tutor.core.scenario import ScenarioBase
from mrp_tutor.games.mission_red_planet.scenarios import (
    load_scenario,
    run_scenario,
    scenario_from_dict,
)

PKG = Path(__file__).resolve().parents[2] / "mrp_tutor"


@dataclass
class ToyDoc:
    id: str
    title: str
    lesson: str
    target: int
    rules: list[str]
    quiz: None = None
    game: str = "toy_count"


@dataclass(slots=True)
class ToyScenario(ScenarioBase[ToyDoc]):
    doc: ToyDoc
    steps: tuple[()] = ()


def _toy_load(data: Any, source: str, path: Path | None) -> ToyScenario:
    if not isinstance(data.get("target"), int):
        raise ContentError(source, ["target: a whole number (toy.rule)"])
    return ToyScenario(ToyDoc(data["id"], data["title"], data["lesson"], data["target"], []))


def _toy_play(sc: ToyScenario) -> G.PlayResult:
    count = sum(range(sc.doc.target + 1))
    ok = count % 2 == 0
    return G.PlayResult(ok, [] if ok else [f"{sc.id}: odd total {count}"], [], count)


@pytest.fixture
def toy() -> Any:
    game = G.register(G.Game(name="toy_count", title="Toy count", load=_toy_load,
                             play=_toy_play))
    yield game
    G._GAMES.pop("toy_count")  # a test toy: gone after the test


def test_shipped_games_in_picker_order() -> None:
    assert [g.name for g in G.games()][:2] == ["mission_red_planet", "first_martians"]
    assert [g.title for g in G.games()][:2] == ["Mission: Red Planet", "First Martians"]


def test_a_registered_game_loads_plays_and_is_checked_by_the_cli(toy: Any, tmp_path: Path,
                                                                 capsys: Any) -> None:
    doc = {"game": "toy_count", "id": "toy", "title": "Toy", "lesson": "Count.", "target": 3}
    sc = scenario_from_dict(doc)
    assert isinstance(sc, ToyScenario) and sc.title == "Toy"
    result = run_scenario(sc)
    assert result.ok and result.game == 6
    bad = tmp_path / "toy-odd.yaml"
    bad.write_text(yaml.safe_dump({**doc, "target": 2}))
    assert not run_scenario(load_scenario(bad)).ok
    assert main(["scenario", "check", str(bad)]) == 1
    assert "odd total 3" in capsys.readouterr().err


def test_an_unknown_game_is_a_located_sentence() -> None:
    with pytest.raises(ContentError) as err:
        scenario_from_dict({"game": "chess", "id": "x"})
    assert err.value.problems[0].startswith("game: unknown game 'chess'")
    assert "first_martians" in err.value.problems[0]


def test_each_game_explains_its_own_events() -> None:
    from mrp_tutor.games.first_martians import events as FE

    fm = G.get("first_martians")
    assert fm.explain_event is not None
    ev = FE.MoraleMoved(rule="morale.track_limits", delta=1, value=4, wanted=1)
    assert "morale" in fm.explain_event(ev).text.lower()


def test_the_picker_offers_every_registered_game(toy: Any) -> None:
    import ipywidgets as W

    from mrp_tutor.app.picker import game_picker

    pick, _box = game_picker(W.Label("first")).children
    assert list(pick.options) == [g.title for g in G.games()]


def _strings_and_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.append(node.value)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
        elif isinstance(node, ast.Import):
            out.extend(a.name for a in node.names)
    return out


def _shared(folder: str) -> list[Path]:
    """The shared modules of a folder: not a game's registration, nor a game's own panel
    (``app/fm_*.py`` is First Martians' panel, named by its registration)."""
    return [p for p in sorted((PKG / folder).rglob("*.py"))
            if p.name != "registration.py" and not p.name.startswith("fm_")]


@pytest.mark.parametrize("folder", ["scenarios", "app"])
def test_shared_scenario_and_app_code_names_no_other_game(folder: str) -> None:
    hits = [f"{p.relative_to(PKG)}: {s[:60]!r}" for p in _shared(folder)
            for s in _strings_and_imports(p) if "first_martians" in s or "First Martians" in s]
    assert not hits, hits


def test_loading_one_games_file_imports_no_other_game() -> None:
    import subprocess
    import sys

    code = ("import sys; from mrp_tutor.games.mission_red_planet.scenarios import "
            "load_scenario, run_scenario; "
            "from mrp_tutor.core.games import titles; "
            "assert run_scenario(load_scenario('scenarios/production-empty-zone.yaml')).ok; "
            "print([t for _, t in titles()], 'mrp_tutor.games.first_martians' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=PKG.parent, timeout=120).stdout.strip()
    assert out == "['Mission: Red Planet', 'First Martians'] False"
